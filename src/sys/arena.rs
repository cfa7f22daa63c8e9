//! Memory without an allocator: one large `mmap(MAP_NORESERVE)` reservation used as
//! a stack of bump regions.
//!
//! `Arena::root()` gives the outermost region. `region.sub()` opens a nested region
//! that borrows its parent mutably, so the parent cannot allocate while the child
//! lives, and everything the child allocated is released when it is dropped. Slices
//! handed out by a region live as long as that region's lifetime parameter, so the
//! borrow checker proves that no released memory is still referenced. Pages are
//! committed by the kernel only when touched.

use super::Errno;
use core::cell::Cell;
use core::marker::PhantomData;
use core::sync::atomic::{AtomicBool, Ordering};

/// The reservations tried in turn (a small `ulimit -v` refuses the large ones; a
/// 32-bit address space has no room for the first two).
#[cfg(target_pointer_width = "64")]
const RESERVE: &[usize] = &[64 << 30, 8 << 30, 1 << 30, 128 << 20, 16 << 20];
#[cfg(not(target_pointer_width = "64"))]
const RESERVE: &[usize] = &[1 << 30, 128 << 20, 16 << 20];

struct Space {
    base: Cell<usize>,
    top: Cell<usize>,
    end: Cell<usize>,
}
// SAFETY: single-threaded process; the cells are only touched through Arena.
unsafe impl Sync for Space {}

static SPACE: Space = Space { base: Cell::new(0), top: Cell::new(0), end: Cell::new(0) };
static TAKEN: AtomicBool = AtomicBool::new(false);

/// The arena ran out of address space (GNU: "memory exhausted").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exhausted;

fn reserve() -> Result<(), Errno> {
    use rustix::mm::{MapFlags, ProtFlags};
    let mut last = Errno::NOMEM;
    for &len in RESERVE.iter() {
        // SAFETY: an anonymous private mapping at an address the kernel picks; it
        // aliases nothing.
        let r = unsafe {
            rustix::mm::mmap_anonymous(
                core::ptr::null_mut(),
                len,
                ProtFlags::READ | ProtFlags::WRITE,
                MapFlags::PRIVATE | MapFlags::NORESERVE,
            )
        };
        match r {
            Ok(p) => {
                SPACE.base.set(p as usize);
                SPACE.top.set(p as usize);
                SPACE.end.set(p as usize + len);
                return Ok(());
            }
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// A region of the arena; see the module documentation.
pub struct Arena<'a> {
    start: usize,
    _life: PhantomData<&'a mut ()>,
}

impl Arena<'static> {
    /// The outermost region, made (with the reservation) on the first call. Its
    /// slices live for the whole process, so every later call returns None.
    pub fn root() -> Option<Arena<'static>> {
        if TAKEN.swap(true, Ordering::Relaxed) {
            return None;
        }
        if SPACE.base.get() == 0 && reserve().is_err() {
            return None;
        }
        Some(Arena { start: SPACE.top.get(), _life: PhantomData })
    }
}

impl<'a> Arena<'a> {
    /// Opens a nested region; its allocations are released when it is dropped.
    pub fn sub(&mut self) -> Arena<'_> {
        Arena { start: SPACE.top.get(), _life: PhantomData }
    }

    fn bump(&self, size: usize, align: usize) -> Result<usize, Exhausted> {
        let top = SPACE.top.get();
        let at = top.checked_add(align - 1).ok_or(Exhausted)? & !(align - 1);
        let new_top = at.checked_add(size).ok_or(Exhausted)?;
        if new_top > SPACE.end.get() {
            return Err(Exhausted);
        }
        SPACE.top.set(new_top);
        Ok(at)
    }

    /// `n` copies of `v`.
    pub fn alloc_slice<T: Copy>(&self, n: usize, v: T) -> Result<&'a mut [T], Exhausted> {
        let size = n.checked_mul(core::mem::size_of::<T>()).ok_or(Exhausted)?;
        let at = self.bump(size, core::mem::align_of::<T>())? as *mut T;
        // SAFETY: [at, at+size) lies inside the reservation above every live
        // allocation (bump only moves up; released space is only reused once every
        // borrow of it has ended, which the region lifetimes guarantee), is aligned
        // for T, and is initialised here before the slice is formed.
        unsafe {
            for i in 0..n {
                at.add(i).write(v);
            }
            Ok(core::slice::from_raw_parts_mut(at, n))
        }
    }

    /// A copy of `data`.
    pub fn copy<T: Copy>(&self, data: &[T]) -> Result<&'a mut [T], Exhausted> {
        let size = core::mem::size_of_val(data);
        let at = self.bump(size, core::mem::align_of::<T>())? as *mut T;
        // SAFETY: as in alloc_slice; the source cannot overlap fresh space.
        unsafe {
            core::ptr::copy_nonoverlapping(data.as_ptr(), at, data.len());
            Ok(core::slice::from_raw_parts_mut(at, data.len()))
        }
    }

    /// Starts a vector that grows at the top of this region. While it lives the
    /// region cannot allocate anything else; `finish` turns it into a slice.
    pub fn vec<T: Copy>(&mut self) -> Grow<'_, 'a, T> {
        let align = core::mem::align_of::<T>();
        let top = SPACE.top.get();
        let at = (top + align - 1) & !(align - 1);
        Grow { at, len: 0, _region: PhantomData }
    }

    /// Bytes in use by every region (for reporting peak use).
    pub fn used() -> usize {
        SPACE.top.get() - SPACE.base.get()
    }
}

impl Drop for Arena<'_> {
    fn drop(&mut self) {
        SPACE.top.set(self.start);
    }
}

/// A vector growing at the top of a region (see `Arena::vec`).
pub struct Grow<'r, 'a, T: Copy> {
    at: usize,
    len: usize,
    _region: PhantomData<(&'r mut Arena<'a>, T)>,
}

impl<'r, 'a, T: Copy> Grow<'r, 'a, T> {
    /// Appends `v`.
    pub fn push(&mut self, v: T) -> Result<(), Exhausted> {
        let size = core::mem::size_of::<T>();
        let p = self.at + self.len * size;
        if p + size > SPACE.end.get() {
            return Err(Exhausted);
        }
        // SAFETY: p is inside the reservation, above every live allocation (the
        // region is mutably borrowed, so nothing else is allocated), and aligned.
        unsafe { (p as *mut T).write(v) };
        self.len += 1;
        SPACE.top.set(p + size);
        Ok(())
    }

    /// Appends every element of `data`.
    pub fn extend(&mut self, data: &[T]) -> Result<(), Exhausted> {
        let size = core::mem::size_of::<T>();
        let p = self.at + self.len * size;
        let bytes = data.len() * size;
        if p + bytes > SPACE.end.get() {
            return Err(Exhausted);
        }
        // SAFETY: as in push. Bytes go through copy_short (short names are the
        // common case, and musl's memcpy is slow to start).
        unsafe {
            if size == 1 {
                super::mem::copy_short(data.as_ptr() as *const u8, p as *mut u8, data.len());
            } else {
                core::ptr::copy_nonoverlapping(data.as_ptr(), p as *mut T, data.len());
            }
        }
        self.len += data.len();
        SPACE.top.set(p + bytes);
        Ok(())
    }

    /// The elements so far.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: [at, at+len) was initialised by push/extend and is owned by self.
        unsafe { core::slice::from_raw_parts_mut(self.at as *mut T, self.len) }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when nothing was pushed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Ends the vector; its elements stay allocated in the region.
    pub fn finish(self) -> &'a mut [T] {
        // SAFETY: as in as_mut_slice; the space stays below SPACE.top, so it lives
        // as long as the region ('a).
        unsafe { core::slice::from_raw_parts_mut(self.at as *mut T, self.len) }
    }
}
