//! The syscalls rustix does not wrap, each written once over the architecture's
//! primitives (ENOSYS where they are not wired: see [`super::RAW_SYSCALLS`]).

use super::{raw, result};
use crate::sys::{BorrowedFd, Errno};
use core::ffi::CStr;
use linux_raw_sys::general::{__NR_getcwd, __NR_listxattrat, __NR_rt_sigaction};

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
