//! riscv64: `_start` (no musl here) and the one raw syscall used, exit's (`ecall`
//! with the number in a7, arguments in a0-a5).
//!
//! The kernel enters `_start` with sp at argc; it aligns sp to 16 (the psABI's call
//! alignment) and calls `start_from_stack(sp)`, which never returns. `gp` is left
//! alone: rust-lld does not relax accesses to gp-relative ones unless asked
//! (`--relax-gp`).

use super::Arg;

core::arch::global_asm!(
    ".globl _start",
    ".type _start, @function",
    "_start:",
    "mv a0, sp",
    "andi sp, sp, -16",
    "call {start}",
    "unimp",
    ".size _start, . - _start",
    start = sym super::start_from_stack,
);

/// exit_group and the like: `ecall` with one argument (a0), never returning.
///
/// # Safety
/// `nr` must be a call that does not return.
#[inline(always)]
pub unsafe fn syscall1_noreturn(nr: u32, a0: Arg) -> ! {
    // SAFETY: riscv64's convention (above); the call does not return (the caller's promise).
    unsafe {
        core::arch::asm!("ecall", in("a7") nr as usize, in("a0") a0.0, options(noreturn, nostack))
    }
}
