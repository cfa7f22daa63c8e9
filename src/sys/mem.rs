//! The memory below the arena: address space reserved up front and committed by
//! the kernel page by page as it is touched, the short copy, `Stack` (a stack off
//! the call stack), the first buffer of a path being walked, and `Exhausted`, what
//! running out of any of them (or of the arena) is. Uses nothing else of `sys`'s
//! buffers: `arena` builds on it.

use super::Errno;

/// Memory ran out: no reservation the kernel grants holds what was asked, or the
/// arena's is full (GNU: "memory exhausted").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exhausted;

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

/// Reserves room for `n` values of T (as `reserve`), not initialised.
pub fn reserve_uninit<T>(n: usize) -> Result<&'static mut [core::mem::MaybeUninit<T>], Errno> {
    let size = core::mem::size_of::<T>().max(1);
    let bytes = reserve(n.checked_mul(size).ok_or(Errno::NOMEM)?)?;
    // SAFETY: the mapping is page-aligned (so aligned for T), holds n * size
    // bytes, is never unmapped and is referenced by nothing else; MaybeUninit
    // needs no initialisation.
    Ok(unsafe {
        core::slice::from_raw_parts_mut(bytes.as_mut_ptr() as *mut core::mem::MaybeUninit<T>, n)
    })
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
/// pass equal lengths). (Not inlined: at its five uses inlined it was 1 KB; ls
/// -l makes 1 % more instructions with the call.)
pub fn copy_bytes(dst: &mut [u8], src: &[u8]) {
    let n = src.len().min(dst.len());
    // SAFETY: both slices hold at least n bytes, and a &mut cannot alias a &.
    unsafe { copy_short(src.as_ptr(), dst.as_mut_ptr(), n) }
}

/// The reservations a [`Stack`] moves to, tried in turn, in bytes (a small
/// `ulimit -v` refuses the large ones).
const STACK_SPACE: [usize; 4] = [1 << 30, 256 << 20, 64 << 20, 1 << 20];

/// A stack of `T` kept off the call stack: it starts in the slice it is given
/// (static memory or the arena) and moves, the first time that is full, to a
/// reservation (see [`reserve`]) of up to a GiB, so its depth is bounded by the
/// address space the kernel grants, not by `ulimit -s`.
pub struct Stack<T: Copy + 'static> {
    slots: &'static mut [core::mem::MaybeUninit<T>],
    len: usize,
}

impl<T: Copy + 'static> Stack<T> {
    /// An empty stack whose first elements go into `start`.
    pub fn new(start: &'static mut [core::mem::MaybeUninit<T>]) -> Stack<T> {
        Stack {
            slots: start,
            len: 0,
        }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the stack holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many elements it holds before it moves.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Makes room for `more` elements: moves to the first reservation that holds
    /// them and is larger than the slots in use.
    fn room(&mut self, more: usize) -> Result<(), Exhausted> {
        let need = self.len.checked_add(more).ok_or(Exhausted)?;
        if need <= self.slots.len() {
            return Ok(());
        }
        let size = core::mem::size_of::<T>().max(1);
        let slots = STACK_SPACE
            .iter()
            .filter(|&&n| n / size >= need && n / size > self.slots.len())
            .find_map(|&n| reserve_uninit::<T>(n / size).ok())
            .ok_or(Exhausted)?;
        slots[..self.len].copy_from_slice(&self.slots[..self.len]);
        self.slots = slots;
        Ok(())
    }

    /// Pushes `v`.
    pub fn push(&mut self, v: T) -> Result<(), Exhausted> {
        self.room(1)?;
        self.slots[self.len].write(v);
        self.len += 1;
        Ok(())
    }

    /// Pushes every element of `data`, in order.
    pub fn extend(&mut self, data: &[T]) -> Result<(), Exhausted> {
        self.room(data.len())?;
        for (slot, v) in self.slots[self.len..].iter_mut().zip(data) {
            slot.write(*v);
        }
        self.len += data.len();
        Ok(())
    }

    /// Removes and returns the top element.
    pub fn pop(&mut self) -> Option<T> {
        let v = *self.as_slice().last()?;
        self.len -= 1;
        Some(v)
    }

    /// Drops the elements above the first `n`.
    pub fn truncate(&mut self, n: usize) {
        self.len = self.len.min(n);
    }

    /// The elements, bottom first.
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: the first len slots were written by push or extend (and copied
        // when the stack moved).
        unsafe { core::slice::from_raw_parts(self.slots.as_ptr() as *const T, self.len) }
    }

    /// The elements, bottom first, to change in place.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in as_slice; the &mut self borrow makes this the only access.
        unsafe { core::slice::from_raw_parts_mut(self.slots.as_mut_ptr() as *mut T, self.len) }
    }
}

const PATH_START: usize = 16 << 10;

#[repr(C, align(64))]
struct PathStart(core::cell::UnsafeCell<[u8; PATH_START]>);
// SAFETY: handed out at most once (see path_start), so no two references to the
// buffer ever exist, on any thread.
unsafe impl Sync for PathStart {}
#[link_section = ".bss.big.path"]
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
mod tests;
