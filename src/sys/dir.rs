//! Directory reading: getdents64 into a caller's buffer.

use super::BorrowedFd;
use core::mem::MaybeUninit;

pub use rustix::fs::{RawDir, RawDirEntry};

/// Starts reading the directory `fd` through `buf` (each refill is one getdents64).
pub fn entries<'b, 'f>(
    fd: BorrowedFd<'f>,
    buf: &'b mut [MaybeUninit<u8>],
) -> RawDir<'b, BorrowedFd<'f>> {
    RawDir::new(fd, buf)
}
