//! Extended attributes by path (the kernel has no *at form): the list of names, and
//! one attribute's value.

use super::BorrowedFd;
use super::Errno;
use core::ffi::CStr;

/// The NUL-separated names of `path`'s attributes into `buf` (llistxattr, or
/// listxattr when `follow`); returns their length.
pub fn names(path: &CStr, follow: bool, buf: &mut [u8]) -> Result<usize, Errno> {
    if follow {
        rustix::fs::listxattr(path, buf)
    } else {
        rustix::fs::llistxattr(path, buf)
    }
}

/// The value of attribute `name` of `path` into `buf` (lgetxattr, or getxattr when
/// `follow`); returns its length.
pub fn value(path: &CStr, name: &CStr, follow: bool, buf: &mut [u8]) -> Result<usize, Errno> {
    if follow {
        rustix::fs::getxattr(path, name, buf)
    } else {
        rustix::fs::lgetxattr(path, name, buf)
    }
}

/// listxattrat(2) (Linux 6.13): the names of the attributes of `name` in the
/// directory `dir` (of what it points to when `follow`), without a path walk from
/// the working directory. ENOSYS on older kernels and other architectures.
pub fn names_at(
    dir: BorrowedFd<'_>,
    name: &CStr,
    follow: bool,
    buf: &mut [u8],
) -> Result<usize, Errno> {
    use rustix::fd::AsRawFd;
    let flags: usize = if follow { 0 } else { 0x100 }; // AT_SYMLINK_NOFOLLOW
    let r = raw5(
        linux_raw_sys::general::__NR_listxattrat as usize,
        dir.as_raw_fd() as isize as usize,
        name.as_ptr() as usize,
        flags,
        buf.as_mut_ptr() as usize,
        buf.len(),
    );
    if (-4095..0).contains(&r) {
        Err(Errno::from_raw_os_error(-r as i32))
    } else {
        Ok(r as usize)
    }
}

#[cfg(target_arch = "x86_64")]
fn raw5(n: usize, a1: usize, a2: usize, a3: usize, a4: usize, a5: usize) -> isize {
    let ret: isize;
    // SAFETY: the syscall instruction with the kernel's x86_64 convention; the only
    // memory the kernel touches is what the caller's arguments describe (a C string
    // and a writable buffer of the given length, both borrowed for the call).
    unsafe {
        core::arch::asm!(
            "syscall",
            inlateout("rax") n as isize => ret,
            in("rdi") a1, in("rsi") a2, in("rdx") a3, in("r10") a4, in("r8") a5,
            lateout("rcx") _, lateout("r11") _,
            options(nostack),
        );
    }
    ret
}

#[cfg(target_arch = "aarch64")]
fn raw5(n: usize, a1: usize, a2: usize, a3: usize, a4: usize, a5: usize) -> isize {
    let ret: isize;
    // SAFETY: as for x86_64, with the aarch64 convention (svc 0, number in x8).
    unsafe {
        core::arch::asm!(
            "svc 0",
            in("x8") n,
            inlateout("x0") a1 as isize => ret,
            in("x1") a2, in("x2") a3, in("x3") a4, in("x4") a5,
            options(nostack),
        );
    }
    ret
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn raw5(_: usize, _: usize, _: usize, _: usize, _: usize, _: usize) -> isize {
    -38 // ENOSYS
}
