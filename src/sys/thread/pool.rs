//! Buffers lent to one thread at a time (`Pool`): `N` (at most 32) buffers of
//! `SIZE` bytes in one reservation, each lent out whole (`Lease`) and back in
//! the pool when its lease is dropped, on whichever thread. What a task needs
//! only now and then (a directory too big for its slot) is bounded so: at most
//! N such buffers ever exist, and only pages written count toward the
//! process's memory.

use core::sync::atomic::{AtomicU32, AtomicUsize, Ordering::SeqCst};

/// The buffers (their reservation is made by `reserve`).
pub struct Pool<const N: u32, const SIZE: usize> {
    /// The reservation's address (0: not made or refused).
    base: AtomicUsize,
    /// Bit i set: buffer i is lent.
    lent: AtomicU32,
}

/// One buffer of a pool, this thread's until the lease is dropped.
pub struct Lease {
    lent: &'static AtomicU32,
    bit: u32,
    buf: usize,
    size: usize,
}

impl<const N: u32, const SIZE: usize> Pool<N, SIZE> {
    /// A pool with no buffer yet.
    pub const fn empty() -> Self {
        Pool {
            base: AtomicUsize::new(0),
            lent: AtomicU32::new(0),
        }
    }

    /// Reserves the buffers (only the main thread calls this, before any
    /// `lend`); without memory, none is ever lent.
    pub fn reserve(&self) {
        if self.base.load(SeqCst) == 0 {
            if let Ok(r) = super::super::mem::reserve(SIZE * N.min(32) as usize) {
                self.base.store(r.as_mut_ptr() as usize, SeqCst);
            }
        }
    }

    /// A buffer, when one is free (and the pool was reserved).
    pub fn lend(&'static self) -> Option<Lease> {
        let base = self.base.load(SeqCst);
        let mut lent = self.lent.load(SeqCst);
        loop {
            let index = (!lent).trailing_zeros();
            if base == 0 || index >= N.min(32) {
                return None;
            }
            let bit = 1 << index;
            match self.lent.compare_exchange(lent, lent | bit, SeqCst, SeqCst) {
                Ok(_) => {
                    return Some(Lease {
                        lent: &self.lent,
                        bit,
                        buf: base + index as usize * SIZE,
                        size: SIZE,
                    })
                }
                Err(now) => lent = now,
            }
        }
    }
}

impl Lease {
    /// The buffer (zeroed when first lent; later, what its last holder left).
    pub fn bytes(&mut self) -> &mut [u8] {
        // SAFETY: `buf` is the start of one buffer of `size` bytes in the pool's
        // reservation (never unmapped, zeroed by the kernel so every byte is an
        // initialised u8); it is this lease's alone from the compare-exchange
        // that set its bit until the drop that clears it, and the borrow of
        // `self` keeps the slice from outliving the lease.
        unsafe { core::slice::from_raw_parts_mut(self.buf as *mut u8, self.size) }
    }

    /// The buffer, to read.
    pub fn read(&self) -> &[u8] {
        // SAFETY: as in `bytes`; the shared borrow of `self` allows no writer.
        unsafe { core::slice::from_raw_parts(self.buf as *const u8, self.size) }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        self.lent.fetch_and(!self.bit, SeqCst);
    }
}
