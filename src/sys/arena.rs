//! Memory without an allocator: a static first chunk, then one large
//! `mmap(MAP_NORESERVE)` reservation made when the first chunk fills, used as a
//! stack of bump regions.
//!
//! `Arena::root()` gives the outermost region. `region.sub()` opens a nested region
//! that borrows its parent mutably, so the parent cannot allocate while the child
//! lives, and everything the child allocated is released when it is dropped. Slices
//! handed out by a region live as long as that region's lifetime parameter, so the
//! borrow checker proves that no released memory is still referenced. Pages are
//! committed by the kernel only when touched.

pub use super::mem::Exhausted;
use core::cell::Cell;
use core::marker::PhantomData;

/// The reservations tried in turn (a small `ulimit -v` refuses the large ones; a
/// 32-bit address space has no room for the first two); below the last of these,
/// every whole number of MiB from [`SMALL_MIB`] down to 1, so that a tight limit
/// still leaves the arena nearly all the room there is. Unit tests reserve 1 MiB,
/// so that they can run out of it.
#[cfg(all(target_pointer_width = "64", not(test)))]
const RESERVE: &[usize] = &[64 << 30, 8 << 30, 1 << 30, 128 << 20];
#[cfg(all(not(target_pointer_width = "64"), not(test)))]
const RESERVE: &[usize] = &[1 << 30, 128 << 20];
#[cfg(test)]
const RESERVE: &[usize] = &[1 << 20];
const SMALL_MIB: usize = 64;

/// The first chunk: static memory (.bss, no syscall; pages appear as they are
/// touched). Small listings never need more, so they make no mmap at all.
const FIRST: usize = 256 << 10;

#[repr(C, align(64))]
struct FirstChunk(core::cell::UnsafeCell<[u8; FIRST]>);

/// Where the bump regions are.
struct Space {
    /// The next free byte: in the first chunk, or in the big reservation.
    top: Cell<usize>,
    /// The big reservation, [base, end); both 0 until it is made.
    base: Cell<usize>,
    end: Cell<usize>,
    /// Tests: the start of this thread's first chunk.
    #[cfg(test)]
    first: usize,
    /// Tests: this thread took its root.
    #[cfg(test)]
    taken: Cell<bool>,
}

// The process's arena. The state is only touched by region methods and `root`,
// and only the thread that took the root region has one: `root` hands it out once
// (`taken`), and regions are neither Send nor Sync. The binary has one thread anyway.
// One static, the state before the chunk, so that both are on the chunk's first
// page (a page fault less than two statics the linker puts apart).
#[cfg(not(test))]
#[repr(C)]
struct Global {
    space: Space,
    taken: core::sync::atomic::AtomicBool,
    first: FirstChunk,
}
// SAFETY: the cells and the chunk's bytes are only used on the thread that took
// the root region (above); the chunk only through slices that regions hand out.
#[cfg(not(test))]
unsafe impl Sync for Global {}
#[cfg(not(test))]
#[link_section = ".bss.big.arena"]
static GLOBAL: Global = Global {
    space: Space {
        top: Cell::new(0),
        base: Cell::new(0),
        end: Cell::new(0),
    },
    taken: core::sync::atomic::AtomicBool::new(false),
    first: FirstChunk(core::cell::UnsafeCell::new([0; FIRST])),
};

#[cfg(not(test))]
#[inline(always)]
fn space() -> &'static Space {
    &GLOBAL.space
}

#[cfg(not(test))]
#[inline(always)]
fn first_base() -> usize {
    GLOBAL.first.0.get() as usize
}

/// Takes the root (once per process).
#[cfg(not(test))]
fn take_root() -> bool {
    !GLOBAL
        .taken
        .swap(true, core::sync::atomic::Ordering::Relaxed)
}

// Unit tests run on many threads: each has an arena of its own (a leaked first
// chunk and its own reservation), so that each may take a root.
#[cfg(test)]
std::thread_local! {
    static SPACE: &'static Space = Box::leak(Box::new(Space {
        top: Cell::new(0),
        base: Cell::new(0),
        end: Cell::new(0),
        first: Box::leak(Box::new(FirstChunk(core::cell::UnsafeCell::new([0; FIRST])))).0.get() as usize,
        taken: Cell::new(false),
    }));
}

#[cfg(test)]
fn space() -> &'static Space {
    SPACE.with(|s| *s)
}

#[cfg(test)]
fn first_base() -> usize {
    space().first
}

/// Takes the root (once per thread).
#[cfg(test)]
fn take_root() -> bool {
    !space().taken.replace(true)
}

/// True when `top` lies in the first chunk (its end included).
fn in_first(top: usize) -> bool {
    let b = first_base();
    top >= b && top <= b + FIRST
}

/// Makes the big reservation (once): the first of RESERVE the kernel grants.
fn reserve() -> Result<(), Exhausted> {
    if space().base.get() != 0 {
        return Ok(());
    }
    for len in RESERVE
        .iter()
        .copied()
        .chain((1..=SMALL_MIB).rev().map(|mib| mib << 20))
    {
        if let Ok(p) = super::mem::reserve(len) {
            let p = p.as_mut_ptr() as usize;
            space().base.set(p);
            space().end.set(p + len);
            return Ok(());
        }
    }
    Err(Exhausted)
}

/// The end of the chunk `top` is in.
fn end_of(top: usize) -> usize {
    if in_first(top) {
        first_base() + FIRST
    } else {
        space().end.get()
    }
}

fn align_up(p: usize, align: usize) -> Option<usize> {
    Some(p.checked_add(align - 1)? & !(align - 1))
}

/// Where allocation goes on once the first chunk is full: the start of the big
/// reservation. Nothing there is live: top only returns to the first chunk when a
/// region that began there is dropped, which releases all that came after it.
fn big_start(align: usize) -> Result<usize, Exhausted> {
    reserve()?;
    align_up(space().base.get(), align).ok_or(Exhausted)
}

/// A region of the arena; see the module documentation.
pub struct Arena<'a> {
    start: usize,
    /// Not Send nor Sync (the raw pointer): the arena stays on the thread that
    /// took its root.
    _life: PhantomData<(&'a mut (), *mut ())>,
}

impl Arena<'static> {
    /// The outermost region, on the first call; its slices live for the whole
    /// process, so every later call returns None. (The big reservation is made
    /// when the first chunk is full. Unit tests: once per thread.)
    pub fn root() -> Option<Arena<'static>> {
        if !take_root() {
            return None;
        }
        space().top.set(first_base());
        Some(Arena {
            start: space().top.get(),
            _life: PhantomData,
        })
    }
}

impl<'a> Arena<'a> {
    /// Opens a nested region; its allocations are released when it is dropped.
    pub fn sub(&mut self) -> Arena<'_> {
        Arena {
            start: space().top.get(),
            _life: PhantomData,
        }
    }

    fn bump(&self, size: usize, align: usize) -> Result<usize, Exhausted> {
        let top = space().top.get();
        let mut at = align_up(top, align).ok_or(Exhausted)?;
        let mut new_top = at.checked_add(size).ok_or(Exhausted)?;
        if new_top > end_of(top) {
            if !in_first(top) {
                return Err(Exhausted);
            }
            at = big_start(align)?;
            new_top = at.checked_add(size).ok_or(Exhausted)?;
            if new_top > space().end.get() {
                return Err(Exhausted);
            }
        }
        space().top.set(new_top);
        Ok(at)
    }

    /// `n` copies of `v`.
    pub fn alloc_slice<T: Copy>(&self, n: usize, v: T) -> Result<&'a mut [T], Exhausted> {
        let size = n.checked_mul(core::mem::size_of::<T>()).ok_or(Exhausted)?;
        let at = self.bump(size, core::mem::align_of::<T>())? as *mut T;
        // SAFETY: [at, at+size) lies in the first chunk or the reservation, above
        // every live allocation (bump only moves up; released space is only reused
        // once every borrow of it has ended, which the region lifetimes guarantee),
        // is aligned for T, and is initialised here before the slice is formed.
        unsafe {
            for i in 0..n {
                at.add(i).write(v);
            }
            Ok(core::slice::from_raw_parts_mut(at, n))
        }
    }

    /// Moves `v` into the region for as long as it lives (its drop never runs).
    pub fn keep<T>(&self, v: T) -> Result<&'a mut T, Exhausted> {
        let at = self.bump(core::mem::size_of::<T>(), core::mem::align_of::<T>())? as *mut T;
        // SAFETY: as in alloc_slice: fresh space of this region, aligned for T,
        // initialised here before the reference is formed.
        unsafe {
            at.write(v);
            Ok(&mut *at)
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
        let top = space().top.get();
        let first = in_first(top);
        let at = align_up(top, align).unwrap_or(usize::MAX - align);
        Grow {
            at,
            len: 0,
            end: end_of(top),
            first,
            _region: PhantomData,
        }
    }
}

impl Drop for Arena<'_> {
    fn drop(&mut self) {
        space().top.set(self.start);
    }
}

/// A vector growing at the top of a region (see `Arena::vec`).
pub struct Grow<'r, 'a, T: Copy> {
    at: usize,
    len: usize,
    /// The end of the chunk the vector is in.
    end: usize,
    /// The vector is in the first chunk (it moves to the big one when that fills).
    first: bool,
    _region: PhantomData<(&'r mut Arena<'a>, T)>,
}

impl<'r, 'a, T: Copy> Grow<'r, 'a, T> {
    /// Makes room for `bytes` more bytes: in place, or by moving the elements from
    /// the first chunk to the big reservation. Returns where the next byte goes.
    fn room(&mut self, bytes: usize) -> Result<usize, Exhausted> {
        let size = core::mem::size_of::<T>();
        let used = self.len * size;
        let p = self.at.checked_add(used).ok_or(Exhausted)?;
        if p.checked_add(bytes).ok_or(Exhausted)? <= self.end {
            return Ok(p);
        }
        if !self.first {
            return Err(Exhausted);
        }
        let to = big_start(core::mem::align_of::<T>())?;
        if to.checked_add(used + bytes).ok_or(Exhausted)? > space().end.get() {
            return Err(Exhausted);
        }
        // SAFETY: the elements [at, at+used) are initialised and owned by self; the
        // destination is the start of the big reservation, where nothing is live
        // (see big_start), and the two chunks do not overlap.
        unsafe { core::ptr::copy_nonoverlapping(self.at as *const u8, to as *mut u8, used) };
        self.at = to;
        self.end = space().end.get();
        self.first = false;
        space().top.set(to + used);
        Ok(to + used)
    }

    /// Appends `v`.
    pub fn push(&mut self, v: T) -> Result<(), Exhausted> {
        let size = core::mem::size_of::<T>();
        let p = self.room(size)?;
        // SAFETY: p is inside the vector's chunk, above every live allocation (the
        // region is mutably borrowed, so nothing else is allocated), and aligned.
        unsafe { (p as *mut T).write(v) };
        self.len += 1;
        space().top.set(p + size);
        Ok(())
    }

    /// Appends every element of `data`.
    pub fn extend(&mut self, data: &[T]) -> Result<(), Exhausted> {
        let size = core::mem::size_of::<T>();
        let bytes = data.len().checked_mul(size).ok_or(Exhausted)?;
        let p = self.room(bytes)?;
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
        space().top.set(p + bytes);
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
        // SAFETY: as in as_mut_slice; the space stays below the top, so it lives
        // as long as the region ('a).
        unsafe { core::slice::from_raw_parts_mut(self.at as *mut T, self.len) }
    }
}

#[cfg(test)]
mod tests;
