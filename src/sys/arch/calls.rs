//! The syscalls rustix does not wrap, each written once over the architecture's
//! primitives (ENOSYS where they are not wired: see [`super::RAW_SYSCALLS`]).

use super::{raw, result};
use crate::sys::{BorrowedFd, Errno};
use core::ffi::CStr;
use core::sync::atomic::AtomicU32;
use linux_raw_sys::general::{
    __NR_futex, __NR_getcwd, __NR_listxattrat, __NR_rt_sigaction, __NR_rt_sigprocmask,
    __NR_sched_getaffinity,
};

/// getcwd(2) into `buf`; returns the length of the path with its NUL.
pub fn getcwd(buf: &mut [u8]) -> Result<usize, Errno> {
    // SAFETY: getcwd writes at most `buf.len()` bytes into `buf`, borrowed for the call.
    let r = unsafe { raw::syscall2(__NR_getcwd, buf.as_mut_ptr().into(), buf.len().into()) };
    result(r)
}

/// listxattrat(2) (Linux 6.13): the NUL-separated names of the extended attributes
/// of `name` in `dir` into `buf`, with `flags` (AT_*); returns their length.
pub fn listxattrat(
    dir: BorrowedFd<'_>,
    name: &CStr,
    flags: u32,
    buf: &mut [u8],
) -> Result<usize, Errno> {
    // SAFETY: listxattrat reads the C string `name` and writes at most `buf.len()`
    // bytes into `buf`, both borrowed for the call.
    let r = unsafe {
        raw::syscall5(
            __NR_listxattrat,
            dir.into(),
            name.into(),
            flags.into(),
            buf.as_mut_ptr().into(),
            buf.len().into(),
        )
    };
    result(r)
}

/// The kernel's `struct sigaction` where `sigaction` is wired (x86_64, aarch64).
#[repr(C)]
struct KernelSigaction {
    handler: usize,
    flags: u64,
    restorer: usize,
    mask: u64,
}

/// The signal return trampoline and the flag that tells the kernel of it.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
fn restorer() -> (usize, u32) {
    (
        super::imp::restore_rt as *const () as usize,
        linux_raw_sys::general::SA_RESTORER,
    )
}

/// None where `sigaction` is not wired (riscv64 has no SA_RESTORER at all).
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn restorer() -> (usize, u32) {
    (0, 0)
}

/// rt_sigaction(2): `handler` (an address, or 0 for the default action) with
/// `flags` (SA_*) for signal `sig`, an empty mask and our return trampoline; the old
/// action is not asked for.
pub fn sigaction(sig: u32, handler: usize, flags: u32) -> Result<(), Errno> {
    let (restorer, restorer_flag) = restorer();
    let act = KernelSigaction {
        handler,
        flags: u64::from(flags | restorer_flag),
        restorer,
        mask: 0,
    };
    let act: *const KernelSigaction = &act;
    // SAFETY: rt_sigaction reads one `struct sigaction` (borrowed for the call) and
    // writes nothing (no old-action pointer); sigsetsize is the mask's size.
    let r = unsafe {
        raw::syscall4(
            __NR_rt_sigaction,
            sig.into(),
            act.into(),
            0usize.into(),
            core::mem::size_of::<u64>().into(),
        )
    };
    result(r).map(drop)
}

/// futex(2) with `op` on `word` and `val` (the expected value of a wait, how
/// many a wake wakes), no timeout.
fn futex(word: &AtomicU32, op: u32, val: u32) {
    // SAFETY: the kernel reads the 32-bit word `word` points at (or only looks
    // its address up), borrowed for the call; no timeout (a null pointer).
    unsafe {
        raw::syscall4(
            __NR_futex,
            word.as_ptr().into(),
            op.into(),
            val.into(),
            0usize.into(),
        );
    }
}

/// futex(2) FUTEX_WAIT_PRIVATE on `word`: sleeps while it holds `expected` (until a
/// wake, a signal, or at once when it holds something else).
pub fn futex_wait(word: &AtomicU32, expected: u32) {
    use linux_raw_sys::general::{FUTEX_PRIVATE_FLAG, FUTEX_WAIT};
    futex(word, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, expected);
}

/// futex(2) FUTEX_WAIT (not private: the kernel's wake when a thread whose tid
/// word it is exits is not) on `word` while it holds `expected`.
pub fn futex_wait_shared(word: &AtomicU32, expected: u32) {
    futex(word, linux_raw_sys::general::FUTEX_WAIT, expected);
}

/// futex(2) FUTEX_WAKE_PRIVATE: wakes at most `n` threads waiting on `word`.
pub fn futex_wake(word: &AtomicU32, n: u32) {
    use linux_raw_sys::general::{FUTEX_PRIVATE_FLAG, FUTEX_WAKE};
    futex(word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, n);
}

/// sched_getaffinity(2) of this thread: how many CPUs it may run on (1 when the
/// call fails or is not wired).
pub fn cpus() -> usize {
    let mut mask = [0u64; 16];
    // SAFETY: the kernel writes at most `size_of_val(&mask)` bytes into `mask`,
    // borrowed for the call.
    let r = unsafe {
        raw::syscall4(
            __NR_sched_getaffinity,
            0i32.into(),
            core::mem::size_of_val(&mask).into(),
            mask.as_mut_ptr().into(),
            0usize.into(),
        )
    };
    match result(r) {
        Ok(n) => mask[..n / 8]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum::<usize>()
            .max(1),
        Err(_) => 1,
    }
}

/// rt_sigprocmask(2): blocks every signal in the calling thread (the kernel
/// leaves SIGKILL and SIGSTOP alone), so that signals sent to the process are
/// taken by the thread that has them unblocked.
pub fn block_signals() {
    let all = !0u64;
    let all: *const u64 = &all;
    // SAFETY: the kernel reads one 8-byte mask (borrowed for the call) and writes
    // no old mask (a null pointer).
    unsafe {
        raw::syscall4(
            __NR_rt_sigprocmask,
            (linux_raw_sys::general::SIG_BLOCK).into(),
            all.into(),
            0usize.into(),
            core::mem::size_of::<u64>().into(),
        );
    }
}

/// clone(2) of a thread sharing everything (CLONE_VM, FS, FILES, SIGHAND, THREAD,
/// SYSVSEM) that runs `entry(arg)` on the stack below `stack_top`; `tid` holds its
/// id until it exits, then 0 (the kernel wakes a FUTEX_WAIT on it: see
/// `futex_wait_shared`). Returns its id. ENOSYS where threads are not wired.
///
/// # Safety
/// `stack_top` must be the 16-byte aligned top of writable memory that nothing
/// else uses while the thread runs, and `entry(arg)` must be sound to run beside
/// the caller's thread.
pub unsafe fn spawn(
    stack_top: usize,
    entry: extern "C" fn(usize) -> !,
    arg: usize,
    tid: &'static AtomicU32,
) -> Result<usize, Errno> {
    use linux_raw_sys::general::{
        CLONE_CHILD_CLEARTID, CLONE_FILES, CLONE_FS, CLONE_PARENT_SETTID, CLONE_SIGHAND,
        CLONE_SYSVSEM, CLONE_THREAD, CLONE_VM,
    };
    let flags = CLONE_VM
        | CLONE_FS
        | CLONE_FILES
        | CLONE_SIGHAND
        | CLONE_THREAD
        | CLONE_SYSVSEM
        | CLONE_PARENT_SETTID
        | CLONE_CHILD_CLEARTID;
    let tid = tid.as_ptr() as usize;
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    // SAFETY: the caller's promises are clone_thread's; `tid` is a static word.
    let r =
        unsafe { super::imp::clone_thread(flags as usize, stack_top, entry as usize, arg, tid) };
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    let r = {
        let _ = (flags, stack_top, entry, arg, tid);
        -(linux_raw_sys::errno::ENOSYS as isize)
    };
    result(r)
}

/// exit(2): ends the calling thread (the others go on).
pub fn exit_thread() -> ! {
    // SAFETY: exit takes one integer and does not return.
    unsafe { super::imp::syscall1_noreturn(linux_raw_sys::general::__NR_exit, 0usize.into()) }
}
