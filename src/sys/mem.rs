//! Address space reserved up front and committed by the kernel page by page as it
//! is touched (for buffers that grow as a stack, such as a path being walked).

use super::Errno;

/// Reserves `len` bytes of zeroed memory (mmap MAP_NORESERVE); only the pages
/// that are written count toward the process's memory.
pub fn reserve(len: usize) -> Result<&'static mut [u8], Errno> {
    use rustix::mm::{MapFlags, ProtFlags};
    // SAFETY: a fresh anonymous private mapping that aliases nothing; it is never
    // unmapped, so the slice lives for the whole process.
    unsafe {
        let p = rustix::mm::mmap_anonymous(
            core::ptr::null_mut(),
            len,
            ProtFlags::READ | ProtFlags::WRITE,
            MapFlags::PRIVATE | MapFlags::NORESERVE,
        )?;
        Ok(core::slice::from_raw_parts_mut(p as *mut u8, len))
    }
}
