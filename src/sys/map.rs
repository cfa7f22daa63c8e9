//! Whole files mapped read-only into memory (zone files, /etc/passwd, /etc/group):
//! openat, fstat, mmap, close, and no read buffer to size.

use super::{BorrowedFd, Errno};
use core::ffi::CStr;

/// Maps the regular file `path` (relative to `dir`) privately and read-only, for the
/// rest of the process. An empty file gives an empty slice (nothing is mapped).
pub fn whole_file(dir: BorrowedFd<'_>, path: &CStr) -> Result<&'static [u8], Errno> {
    use rustix::mm::{MapFlags, ProtFlags};
    let fd = super::file::open_read(dir, path)?;
    let st = super::file::fstat(rustix::fd::AsFd::as_fd(&fd))?;
    if super::stat::file_type(st.st_mode) != super::stat::FileType::RegularFile {
        return Err(Errno::INVAL);
    }
    let len = usize::try_from(st.st_size).map_err(|_| Errno::FBIG)?;
    if len == 0 {
        return Ok(&[]);
    }
    // SAFETY: a fresh private read-only mapping of `len` bytes of an open file; it
    // is never unmapped, so the slice lives for the whole process. (A file truncated
    // later would fault on access; the files mapped here are not rewritten in place.)
    unsafe {
        let p = rustix::mm::mmap(
            core::ptr::null_mut(),
            len,
            ProtFlags::READ,
            MapFlags::PRIVATE,
            &fd,
            0,
        )?;
        Ok(core::slice::from_raw_parts(p as *const u8, len))
    }
}
