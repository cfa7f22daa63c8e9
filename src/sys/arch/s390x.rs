//! s390x: `_start` (no musl here) and the one raw syscall used, exit's (`svc 0`
//! with the number in r1, arguments in r2-r7).
//!
//! The kernel enters `_start` with r15 (the stack pointer) at argc. It passes that
//! address as the first argument (r2), aligns r15 to 8 and opens the 160-byte
//! register save area the ABI wants below every call, with a zero back chain (the
//! end of backtraces), then calls `start_from_stack(sp)`, which never returns.

use super::Arg;

core::arch::global_asm!(
    ".globl _start",
    ".type _start, @function",
    "_start:",
    "lgr %r2, %r15",
    "nill %r15, 0xfff8",
    "aghi %r15, -160",
    "lghi %r0, 0",
    "stg %r0, 0(%r15)",
    "brasl %r14, {start}",
    ".word 0",
    ".size _start, . - _start",
    start = sym super::start_from_stack,
);

/// exit_group and the like: `svc 0` with one argument (r2), never returning.
///
/// # Safety
/// `nr` must be a call that does not return.
#[inline(always)]
pub unsafe fn syscall1_noreturn(nr: u32, a0: Arg) -> ! {
    // SAFETY: s390x's convention (above); the call does not return (the caller's promise).
    unsafe {
        core::arch::asm!("svc 0", in("r1") nr as usize, in("r2") a0.0, options(noreturn, nostack))
    }
}
