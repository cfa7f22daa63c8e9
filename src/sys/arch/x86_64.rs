//! x86_64: the raw syscalls (`syscall`: the number in rax, the arguments in rdi,
//! rsi, rdx, r10, r8, r9, the result in rax; rcx and r11 clobbered) and the signal
//! return trampoline. musl's crt1.o owns `_start`.

use super::Arg;

/// exit_group and the like: `syscall` with one argument (rdi), never returning.
///
/// # Safety
/// `nr` must be a call that does not return.
#[inline(always)]
pub unsafe fn syscall1_noreturn(nr: u32, a0: Arg) -> ! {
    // SAFETY: x86_64's convention (above); the call does not return (the caller's
    // promise).
    unsafe {
        core::arch::asm!("syscall", in("rax") nr as usize, in("rdi") a0.0, options(noreturn, nostack))
    }
}

/// `syscall` with two arguments (rdi, rsi): the kernel's value, -errno on failure.
///
/// # Safety
/// The caller answers for what the kernel reads and writes through the arguments.
#[inline(always)]
pub unsafe fn syscall2(nr: u32, a0: Arg, a1: Arg) -> isize {
    let ret: isize;
    // SAFETY: x86_64's convention; memory is the caller's concern.
    unsafe {
        core::arch::asm!(
            "syscall",
            inlateout("rax") nr as isize => ret,
            in("rdi") a0.0, in("rsi") a1.0,
            lateout("rcx") _, lateout("r11") _,
            options(nostack),
        );
    }
    ret
}

/// `syscall` with four arguments (rdi, rsi, rdx and r10, not rcx).
///
/// # Safety
/// As for [`syscall2`].
#[inline(always)]
pub unsafe fn syscall4(nr: u32, a0: Arg, a1: Arg, a2: Arg, a3: Arg) -> isize {
    let ret: isize;
    // SAFETY: as in syscall2.
    unsafe {
        core::arch::asm!(
            "syscall",
            inlateout("rax") nr as isize => ret,
            in("rdi") a0.0, in("rsi") a1.0, in("rdx") a2.0, in("r10") a3.0,
            lateout("rcx") _, lateout("r11") _,
            options(nostack),
        );
    }
    ret
}

/// `syscall` with five arguments (rdi, rsi, rdx, r10, r8).
///
/// # Safety
/// As for [`syscall2`].
#[inline(always)]
pub unsafe fn syscall5(nr: u32, a0: Arg, a1: Arg, a2: Arg, a3: Arg, a4: Arg) -> isize {
    let ret: isize;
    // SAFETY: as in syscall2.
    unsafe {
        core::arch::asm!(
            "syscall",
            inlateout("rax") nr as isize => ret,
            in("rdi") a0.0, in("rsi") a1.0, in("rdx") a2.0, in("r10") a3.0, in("r8") a4.0,
            lateout("rcx") _, lateout("r11") _,
            options(nostack),
        );
    }
    ret
}

/// Where a signal handler returns to (`sa_restorer`; x86_64 has no trampoline of the
/// kernel's): rt_sigreturn(2), with the stack pointer still at the signal frame, so
/// naked (no prologue may move it).
#[unsafe(naked)]
pub extern "C" fn restore_rt() -> ! {
    core::arch::naked_asm!(
        "mov eax, {nr}",
        "syscall",
        "ud2",
        nr = const linux_raw_sys::general::__NR_rt_sigreturn,
    )
}

/// clone(2) for a thread: `flags` (CLONE_VM and the rest: the caller's), the child
/// on the stack whose top is `stack_top` (16-byte aligned), where it calls
/// `entry(arg)`, which must not return; `tid` is both the parent's and the child's
/// tid pointer (CLONE_PARENT_SETTID, CLONE_CHILD_CLEARTID). Returns the child's id
/// to the caller, or -errno. `entry` and `arg` are stored on the child's stack
/// before the call (the child gets the caller's registers but rax, rcx, r11 and
/// rsp); tls is 0.
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
        "sub rsi, 16",
        "mov [rsi], rdx",
        "mov [rsi + 8], rcx",
        "mov rdx, r8",
        "mov r10, r8",
        "xor r8d, r8d",
        "mov eax, {nr}",
        "syscall",
        "test rax, rax",
        "jnz 2f",
        // The child: rsp is stack_top - 16.
        "pop rax",
        "pop rdi",
        "xor ebp, ebp",
        "call rax",
        "ud2",
        "2:",
        "ret",
        nr = const linux_raw_sys::general::__NR_clone,
    )
}
