//! arm (armv6, armv7; EABI hard-float): `_start` (no musl here) and the one raw
//! syscall used, exit's (`svc 0` with the number in r7, arguments in r0-r6).
//!
//! The kernel enters `_start` with sp at argc; it clears the frame and link
//! registers (the end of backtraces), aligns sp to 16 as the AAPCS wants at a call,
//! and calls `start_from_stack(sp)`, which never returns.

use super::Arg;

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

/// exit_group and the like: `svc 0` with one argument (r0), never returning.
///
/// # Safety
/// `nr` must be a call that does not return.
#[inline(always)]
pub unsafe fn syscall1_noreturn(nr: u32, a0: Arg) -> ! {
    // SAFETY: arm's EABI convention (above); the call does not return (the caller's promise).
    unsafe {
        core::arch::asm!("svc 0", in("r7") nr as usize, in("r0") a0.0, options(noreturn, nostack))
    }
}
