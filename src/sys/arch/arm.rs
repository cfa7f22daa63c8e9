//! arm (armv7, EABI hard-float): no musl here, so this file owns `_start`. The kernel
//! enters it with sp at argc; it clears the frame and link registers (the end of
//! backtraces), aligns sp to 16 as the AAPCS wants at a call, and calls
//! `start_from_stack(sp)`, which never returns.

core::arch::global_asm!(
    ".globl _start",
    ".type _start, %function",
    "_start:",
    "mov fp, #0",
    "mov lr, #0",
    "mov r0, sp",
    "bic sp, sp, #15",
    "bl {start}",
    "udf #0",
    ".size _start, . - _start",
    start = sym super::start_from_stack,
);

/// Ends the process at once with `status`: exit_group(2).
pub fn exit(status: i32) -> ! {
    // SAFETY: exit_group takes one integer argument and does not return.
    unsafe {
        core::arch::asm!(
            "svc 0",
            in("r7") super::NR_EXIT_GROUP,
            in("r0") status,
            options(noreturn, nostack)
        )
    }
}
