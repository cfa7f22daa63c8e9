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
    use linux_raw_sys::general::AT_SYMLINK_NOFOLLOW;
    let flags = if follow { 0 } else { AT_SYMLINK_NOFOLLOW };
    super::arch::listxattrat(dir, name, flags, buf)
}
