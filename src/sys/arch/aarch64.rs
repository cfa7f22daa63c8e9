//! aarch64: the raw syscalls (`svc 0`: the number in x8, the arguments in x0-x5,
//! the result in x0) and the signal return trampoline. musl's crt1.o owns `_start`.

use super::Arg;

/// exit_group and the like: `svc 0` with one argument (x0), never returning.
///
/// # Safety
/// `nr` must be a call that does not return.
#[inline(always)]
pub unsafe fn syscall1_noreturn(nr: u32, a0: Arg) -> ! {
    // SAFETY: aarch64's convention (above); the call does not return (the caller's
    // promise).
    unsafe {
        core::arch::asm!("svc 0", in("x8") nr as usize, in("x0") a0.0, options(noreturn, nostack))
    }
}

/// `svc 0` with two arguments (x0, x1): the kernel's value, -errno on failure.
///
/// # Safety
/// The caller answers for what the kernel reads and writes through the arguments.
#[inline(always)]
pub unsafe fn syscall2(nr: u32, a0: Arg, a1: Arg) -> isize {
    let ret: isize;
    // SAFETY: aarch64's convention; memory is the caller's concern.
    unsafe {
        core::arch::asm!(
            "svc 0",
            in("x8") nr as usize,
            inlateout("x0") a0.0 as isize => ret,
            in("x1") a1.0,
            options(nostack),
        );
    }
    ret
}

/// `svc 0` with four arguments (x0-x3).
///
/// # Safety
/// As for [`syscall2`].
#[inline(always)]
pub unsafe fn syscall4(nr: u32, a0: Arg, a1: Arg, a2: Arg, a3: Arg) -> isize {
    let ret: isize;
    // SAFETY: as in syscall2.
    unsafe {
        core::arch::asm!(
            "svc 0",
            in("x8") nr as usize,
            inlateout("x0") a0.0 as isize => ret,
            in("x1") a1.0, in("x2") a2.0, in("x3") a3.0,
            options(nostack),
        );
    }
    ret
}

/// `svc 0` with five arguments (x0-x4).
///
/// # Safety
/// As for [`syscall2`].
#[inline(always)]
pub unsafe fn syscall5(nr: u32, a0: Arg, a1: Arg, a2: Arg, a3: Arg, a4: Arg) -> isize {
    let ret: isize;
    // SAFETY: as in syscall2.
    unsafe {
        core::arch::asm!(
            "svc 0",
            in("x8") nr as usize,
            inlateout("x0") a0.0 as isize => ret,
            in("x1") a1.0, in("x2") a2.0, in("x3") a3.0, in("x4") a4.0,
            options(nostack),
        );
    }
    ret
}

/// Where a signal handler returns to (`sa_restorer`): rt_sigreturn(2), with the
/// stack pointer still at the signal frame, so naked (no prologue may move it).
#[unsafe(naked)]
pub extern "C" fn restore_rt() -> ! {
    core::arch::naked_asm!(
        "mov x8, #{nr}",
        "svc 0",
        "brk #0",
        nr = const linux_raw_sys::general::__NR_rt_sigreturn,
    )
}

/// clone(2) for a thread: `flags` (CLONE_VM and the rest: the caller's), the child
/// on the stack whose top is `stack_top` (16-byte aligned), where it calls
/// `entry(arg)`, which must not return; `tid` is both the parent's and the child's
/// tid pointer (CLONE_PARENT_SETTID, CLONE_CHILD_CLEARTID). Returns the child's id
/// to the caller, or -errno. `entry` and `arg` are stored on the child's stack
/// before the call; tls is 0.
///
/// # Safety
/// `stack_top` must be the top of writable memory that nothing else uses for as
/// long as the thread runs, `tid` a word that lives as long, and `entry` must be
/// safe to call there with `arg`.
#[unsafe(naked)]
pub unsafe extern "C" fn clone_thread(
    flags: usize,
    stack_top: usize,
    entry: usize,
    arg: usize,
    tid: usize,
) -> isize {
    core::arch::naked_asm!(
        "stp x2, x3, [x1, #-16]!",
        "mov x2, x4",
        "mov x3, xzr",
        "mov x8, #{nr}",
        "svc 0",
        "cbnz x0, 2f",
        // The child: sp is stack_top - 16.
        "ldp x2, x0, [sp], #16",
        "mov x29, xzr",
        "mov x30, xzr",
        "blr x2",
        "brk #0",
        "2:",
        "ret",
        nr = const linux_raw_sys::general::__NR_clone,
    )
}
