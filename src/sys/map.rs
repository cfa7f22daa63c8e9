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

/// A read-only window of an open file mapped into memory, unmapped when dropped:
/// wc's newline count reads a large regular file through these instead of copying
/// it out of the page cache with read(2).
///
/// A file that shrinks while it is mapped would kill the process with SIGBUS when
/// the pages past its new end are touched. So the window is guarded: a SIGBUS
/// handler (installed with the first window) covers a faulting page of the live
/// window with zeroes and records the fault, and [`Window::truncated`] tells the
/// reader to throw the window's result away and go on with read(2). A SIGBUS
/// anywhere else restores the default action, so it still ends the process.
pub struct Window {
    ptr: *mut core::ffi::c_void,
    len: usize,
}

impl Window {
    /// Maps `len` bytes of `fd` from `offset` (a multiple of the page size) and asks
    /// for sequential read-ahead over them. ENOSYS where the SIGBUS guard cannot be
    /// installed (architectures without [`super::arch::RAW_SYSCALLS`]).
    pub fn map(fd: BorrowedFd<'_>, offset: u64, len: usize) -> Result<Window, Errno> {
        use rustix::mm::{madvise, Advice, MapFlags, ProtFlags};
        guard::install()?;
        // SAFETY: a fresh private read-only mapping; the slice handed out borrows
        // the Window, which unmaps it only when dropped.
        let ptr = unsafe {
            rustix::mm::mmap(
                core::ptr::null_mut(),
                len,
                ProtFlags::READ,
                MapFlags::PRIVATE,
                fd,
                offset,
            )?
        };
        // SAFETY: advice over the mapping just made.
        let _ = unsafe { madvise(ptr, len, Advice::Sequential) };
        guard::arm(ptr as usize, len);
        Ok(Window { ptr, len })
    }

    /// The mapped bytes.
    pub fn bytes(&self) -> &[u8] {
        // SAFETY: `ptr` maps `len` readable bytes for as long as `self` lives (pages
        // past a shrunken file's end are replaced by zeroes, never left unmapped).
        unsafe { core::slice::from_raw_parts(self.ptr as *const u8, self.len) }
    }

    /// Whether the file shrank under this window while it was read: its bytes
    /// from the fault on are zeroes, not the file's.
    pub fn truncated(&self) -> bool {
        guard::faulted()
    }
}

impl Drop for Window {
    #[inline(never)]
    fn drop(&mut self) {
        guard::disarm();
        // SAFETY: unmaps exactly the mapping made in `map`; no borrow outlives self.
        unsafe {
            let _ = rustix::mm::munmap(self.ptr, self.len);
        }
    }
}

/// The SIGBUS handler that keeps a shrinking file from killing the process.
mod guard {
    use super::Errno;
    use crate::sys::arch::sigaction;
    use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
    use linux_raw_sys::general::{SA_SIGINFO, SIGBUS};

    /// The live window, [LO, HI); both 0 when none.
    static LO: AtomicUsize = AtomicUsize::new(0);
    static HI: AtomicUsize = AtomicUsize::new(0);
    static FAULTED: AtomicBool = AtomicBool::new(false);
    static INSTALLED: AtomicBool = AtomicBool::new(false);

    pub fn install() -> Result<(), Errno> {
        // Known without a call (and then the windows' code is left out of the binary).
        if !crate::sys::arch::RAW_SYSCALLS {
            return Err(Errno::NOSYS);
        }
        if !INSTALLED.load(SeqCst) {
            sigaction(SIGBUS, on_sigbus as *const () as usize, SA_SIGINFO)?;
            INSTALLED.store(true, SeqCst);
        }
        Ok(())
    }

    pub fn arm(lo: usize, len: usize) {
        FAULTED.store(false, SeqCst);
        LO.store(lo, SeqCst);
        HI.store(lo + len, SeqCst);
    }

    pub fn disarm() {
        HI.store(0, SeqCst);
        LO.store(0, SeqCst);
    }

    pub fn faulted() -> bool {
        FAULTED.load(SeqCst)
    }

    /// The handler: only async-signal-safe work (atomics and two syscalls).
    extern "C" fn on_sigbus(_sig: i32, info: *const u8, _ctx: *const u8) {
        // SAFETY: the kernel passes a valid siginfo_t; si_addr is the pointer after
        // three ints and padding (offset 16 on 64-bit targets).
        let addr = unsafe { *(info.add(16) as *const usize) };
        let (lo, hi) = (LO.load(SeqCst), HI.load(SeqCst));
        if lo <= addr && addr < hi {
            let page = crate::sys::file::page_size();
            let from = addr & !(page - 1);
            use rustix::mm::{MapFlags, ProtFlags};
            // SAFETY: replaces the rest of our own live window (nothing else lives
            // there) by zero pages, so the faulting load can complete.
            let ok = unsafe {
                rustix::mm::mmap_anonymous(
                    from as *mut _,
                    hi - from,
                    ProtFlags::READ,
                    MapFlags::PRIVATE | MapFlags::FIXED,
                )
            };
            if ok.is_ok() {
                FAULTED.store(true, SeqCst);
                return;
            }
        }
        // Not ours (or no way to recover): the default action, taken when the
        // faulting instruction runs again.
        let _ = sigaction(SIGBUS, 0, 0);
    }
}
