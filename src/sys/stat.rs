//! File status: newfstatat (stat/lstat relative to a directory fd), statx where its
//! extra fields or smaller masks are needed, and readlinkat.

use super::{BorrowedFd, Errno};
use core::ffi::CStr;
use rustix::fs::AtFlags;

pub use rustix::fs::{FileType, Stat, Statx, StatxFlags};

fn at_flags(follow: bool) -> AtFlags {
    if follow {
        AtFlags::empty()
    } else {
        AtFlags::SYMLINK_NOFOLLOW
    }
}

/// newfstatat(dir, name): stat when `follow`, lstat otherwise.
pub fn stat_at(dir: BorrowedFd<'_>, name: &CStr, follow: bool) -> Result<Stat, Errno> {
    super::retry(|| rustix::fs::statat(dir, name, at_flags(follow)))
}

/// statx(dir, name, mask).
pub fn statx_at(
    dir: BorrowedFd<'_>,
    name: &CStr,
    follow: bool,
    mask: StatxFlags,
) -> Result<Statx, Errno> {
    // (Not through `retry`: at opt-level "z" its closure copied the 256-byte
    // result once more.)
    loop {
        match rustix::fs::statx(dir, name, at_flags(follow), mask) {
            Err(Errno::INTR) => {}
            r => return r,
        }
    }
}

/// readlinkat(dir, name) into `buf`; returns the target's bytes (truncated to the
/// buffer: callers pass a buffer of at least st_size + 1 bytes).
pub fn readlink_at<'b>(
    dir: BorrowedFd<'_>,
    name: &CStr,
    buf: &'b mut [u8],
) -> Result<&'b [u8], Errno> {
    let n = rustix::fs::readlinkat_raw(dir, name, &mut *buf)?;
    Ok(&buf[..n])
}

/// The file type bits of a mode.
pub fn file_type(mode: u32) -> FileType {
    FileType::from_raw_mode(mode as _)
}
