//! powerpc64 (little-endian, ELFv2): `_start` (no musl here) and the one raw
//! syscall used, exit's (`sc` with the number in r0, arguments in r3-r8).
//!
//! The kernel enters `_start` with r1 (the stack pointer) at argc and r12 at
//! `_start` itself (ELFv2's global entry convention), from which the TOC pointer r2
//! is derived as every global entry does. Then: argc's address as the first
//! argument (r3), r1 aligned to 16, an empty minimal frame (back chain 0, 32 bytes)
//! as the ABI wants below every call, and `start_from_stack(sp)`, which never
//! returns.

use super::Arg;

core::arch::global_asm!(
    ".globl _start",
    ".type _start, @function",
    "_start:",
    "addis 2, 12, .TOC.-_start@ha",
    "addi 2, 2, .TOC.-_start@l",
    "mr 3, 1",
    "clrrdi 1, 1, 4",
    "li 0, 0",
    "stdu 0, -32(1)",
    "mtlr 0",
    "bl {start}",
    "nop",
    "trap",
    ".size _start, . - _start",
    start = sym super::start_from_stack,
);

/// exit_group and the like: `sc` with one argument (r3), never returning.
///
/// # Safety
/// `nr` must be a call that does not return.
#[inline(always)]
pub unsafe fn syscall1_noreturn(nr: u32, a0: Arg) -> ! {
    // SAFETY: powerpc64's convention (above); the call does not return (the caller's promise).
    unsafe {
        core::arch::asm!("sc", in("r0") nr as usize, in("r3") a0.0, options(noreturn, nostack))
    }
}
