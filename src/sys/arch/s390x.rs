//! s390x: no musl here, so this file owns `_start`. The kernel enters it with r15
//! (the stack pointer) at argc. It passes that address as the first argument (r2),
//! aligns r15 to 8 and opens the 160-byte register save area the ABI wants below
//! every call, with a zero back chain (the end of backtraces), then calls
//! `start_from_stack(sp)`, which never returns.

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

/// Ends the process at once with `status`: exit_group(2), `svc 0` with the number in
/// r1.
pub fn exit(status: i32) -> ! {
    // SAFETY: exit_group takes one integer argument and does not return.
    unsafe {
        core::arch::asm!(
            "svc 0",
            in("r1") super::NR_EXIT_GROUP,
            in("r2") status as isize,
            options(noreturn, nostack)
        )
    }
}
