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

/// Copies `n` bytes from `src` to `dst` without a call for short lengths: musl's
/// memcpy starts `rep movsq` even for a ten-byte file name, which costs more than
/// the copy. Lengths above 64 go to memcpy.
///
/// # Safety
/// `src` must be readable and `dst` writable for `n` bytes, and they must not
/// overlap.
#[inline(always)]
pub unsafe fn copy_short(src: *const u8, dst: *mut u8, n: usize) {
    use core::ptr::{read_unaligned as rd, write_unaligned as wr};
    // SAFETY: each access lies inside [0, n) of both buffers, which
    // the caller guarantees; the overlapping pairs cover the range exactly.
    unsafe {
        if n >= 8 {
            if n <= 16 {
                let (a, b) = (rd(src as *const u64), rd(src.add(n - 8) as *const u64));
                wr(dst as *mut u64, a);
                wr(dst.add(n - 8) as *mut u64, b);
            } else if n <= 32 {
                let (a, b) = (
                    rd(src as *const [u64; 2]),
                    rd(src.add(n - 16) as *const [u64; 2]),
                );
                wr(dst as *mut [u64; 2], a);
                wr(dst.add(n - 16) as *mut [u64; 2], b);
            } else if n <= 64 {
                let (a, b) = (
                    rd(src as *const [u64; 4]),
                    rd(src.add(n - 32) as *const [u64; 4]),
                );
                wr(dst as *mut [u64; 4], a);
                wr(dst.add(n - 32) as *mut [u64; 4], b);
            } else {
                core::ptr::copy_nonoverlapping(src, dst, n);
            }
        } else if n >= 4 {
            let (a, b) = (rd(src as *const u32), rd(src.add(n - 4) as *const u32));
            wr(dst as *mut u32, a);
            wr(dst.add(n - 4) as *mut u32, b);
        } else if n >= 2 {
            let (a, b) = (rd(src as *const u16), rd(src.add(n - 2) as *const u16));
            wr(dst as *mut u16, a);
            wr(dst.add(n - 2) as *mut u16, b);
        } else if n == 1 {
            *dst = *src;
        }
    }
}

/// Copies `src` to the start of `dst` with `copy_short`: as many bytes as the
/// shorter of the two holds (`copy_from_slice` without its length check; callers
/// pass equal lengths).
#[inline(always)]
pub fn copy_bytes(dst: &mut [u8], src: &[u8]) {
    let n = src.len().min(dst.len());
    // SAFETY: both slices hold at least n bytes, and a &mut cannot alias a &.
    unsafe { copy_short(src.as_ptr(), dst.as_mut_ptr(), n) }
}

/// Raises the soft stack limit to the hard limit (getrlimit and setrlimit), so
/// that the main thread's stack may grow into the gap the kernel leaves below it
/// (deep recursion, e.g. `ls -R` of a very deep tree). Failure changes nothing.
pub fn raise_stack_limit() {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let old = getrlimit(Resource::Stack);
    if old.current != old.maximum {
        let _ = setrlimit(
            Resource::Stack,
            Rlimit {
                current: old.maximum,
                maximum: old.maximum,
            },
        );
    }
}

const PATH_START: usize = 16 << 10;

#[repr(C, align(64))]
struct PathStart(core::cell::UnsafeCell<[u8; PATH_START]>);
// SAFETY: handed out at most once (see path_start), so no two references to the
// buffer ever exist, on any thread.
unsafe impl Sync for PathStart {}
static PATH_START_BUF: PathStart = PathStart(core::cell::UnsafeCell::new([0; PATH_START]));
static PATH_START_TAKEN: core::sync::atomic::AtomicBool =
    core::sync::atomic::AtomicBool::new(false);

/// A 16 KiB static buffer (.bss: no syscall) for the first bytes of a path being
/// walked; callers move to `reserve` when a path outgrows it. The first call gets
/// it, later calls an empty slice.
pub fn path_start() -> &'static mut [u8] {
    if PATH_START_TAKEN.swap(true, core::sync::atomic::Ordering::Relaxed) {
        return &mut [];
    }
    // SAFETY: the flag above hands the buffer out once, so this is the only
    // reference to it for the rest of the process.
    unsafe { &mut *PATH_START_BUF.0.get() }
}

#[cfg(test)]
mod tests {
    #[test]
    fn short_copies() {
        let src: Vec<u8> = (0..100u8).collect();
        for n in 0..100 {
            let mut dst = [0xAAu8; 100];
            super::copy_bytes(&mut dst[..n], &src[..n]);
            assert_eq!(&dst[..n], &src[..n]);
            assert!(dst[n..].iter().all(|&b| b == 0xAA));
        }
    }

    #[test]
    fn unequal_lengths_copy_the_shorter() {
        let mut dst = [0u8; 4];
        super::copy_bytes(&mut dst, b"abcdef");
        assert_eq!(&dst, b"abcd");
        let mut dst = [b'.'; 6];
        super::copy_bytes(&mut dst, b"xy");
        assert_eq!(&dst, b"xy....");
    }
}
