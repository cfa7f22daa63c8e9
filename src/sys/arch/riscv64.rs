//! riscv64: no musl here, so this file owns `_start`. The kernel enters it with sp at
//! argc; it aligns sp to 16 (the psABI's call alignment) and calls
//! `start_from_stack(sp)`, which never returns. `gp` is left alone: rust-lld does not
//! relax accesses to gp-relative ones unless asked (`--relax-gp`).

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

/// Ends the process at once with `status`: exit_group(2).
pub fn exit(status: i32) -> ! {
    // SAFETY: exit_group takes one integer argument and does not return.
    unsafe {
        core::arch::asm!(
            "ecall",
            in("a7") super::NR_EXIT_GROUP,
            in("a0") status as isize,
            options(noreturn, nostack)
        )
    }
}
