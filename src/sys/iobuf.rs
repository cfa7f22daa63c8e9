//! Static blocks of memory (in .bss, so they cost no syscall and their pages are
//! only committed when touched), each handed out once: the read buffer, and the
//! table of wc's character class cache (zeroed, as the cache needs it).

use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicBool, Ordering};

/// Bytes per read(2).
pub const READ_SIZE: usize = 256 * 1024;

/// Room before the read area for bytes carried over from the previous read (a
/// character split across two reads).
pub const CARRY: usize = 64;

/// Bytes of the class cache's table (`hot::classes::TABLE`).
pub const CLASS_TABLE: usize = 0x2_0000;

/// A block handed out at most once.
struct Block<const N: usize> {
    taken: AtomicBool,
    bytes: UnsafeCell<[u8; N]>,
}

// SAFETY: the bytes are handed out at most once (`taken`), so no two references to
// them exist, on any thread.
unsafe impl<const N: usize> Sync for Block<N> {}

impl<const N: usize> Block<N> {
    const fn new() -> Block<N> {
        Block {
            taken: AtomicBool::new(false),
            bytes: UnsafeCell::new([0; N]),
        }
    }

    /// The block, zeroed as it has never been handed out; None after the first call.
    #[allow(clippy::mut_from_ref)] // unique: `taken` lets one call through
    fn take(&'static self) -> Option<&'static mut [u8; N]> {
        if self.taken.swap(true, Ordering::Relaxed) {
            return None;
        }
        // SAFETY: the first and only call gets the unique reference to the bytes.
        Some(unsafe { &mut *self.bytes.get() })
    }
}

static BUF: Block<{ CARRY + READ_SIZE }> = Block::new();
#[cfg(not(test))]
static CLASSES: Block<CLASS_TABLE> = Block::new();

/// The read buffer (`CARRY + READ_SIZE` bytes); None after the first call.
pub fn take() -> Option<&'static mut [u8]> {
    BUF.take().map(|b| &mut b[..])
}

/// The class cache's table, all zero; None after the first call.
#[cfg(not(test))]
pub fn class_table() -> Option<&'static mut [u8; CLASS_TABLE]> {
    CLASSES.take()
}

/// Unit tests make a cache per test, on many threads: a table of its own each.
#[cfg(test)]
pub fn class_table() -> Option<&'static mut [u8; CLASS_TABLE]> {
    let v = std::vec![0u8; CLASS_TABLE].into_boxed_slice();
    v.try_into().ok().map(std::boxed::Box::leak)
}
