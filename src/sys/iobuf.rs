//! Static blocks of memory (in .bss, so they cost no syscall and their pages are
//! only committed when touched), each handed out once: the read buffer, and the
//! table of wc's character class cache (zeroed, as the cache needs it).

use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicU8, Ordering};

/// Bytes per read(2).
pub const READ_SIZE: usize = 256 * 1024;

/// Room before the read area for bytes carried over from the previous read (a
/// character split across two reads).
pub const CARRY: usize = 64;

/// Bytes of the class cache's table (`hot::classes::TABLE`).
pub const CLASS_TABLE: usize = 0x2_0000;

/// A block handed out at most once: bit `BIT` of `TAKEN` says it was. (The
/// flags are kept apart from the blocks, with the other small statics: a flag
/// at a block's start is read, then written, before the block is used, two
/// faults on a page the block's first write would commit anyway.)
struct Block<const N: usize, const BIT: u8> {
    bytes: UnsafeCell<[u8; N]>,
}

/// The blocks handed out.
static TAKEN: AtomicU8 = AtomicU8::new(0);

// SAFETY: the bytes are handed out at most once (`TAKEN`), so no two references to
// them exist, on any thread.
unsafe impl<const N: usize, const BIT: u8> Sync for Block<N, BIT> {}

impl<const N: usize, const BIT: u8> Block<N, BIT> {
    const fn new() -> Self {
        Block {
            bytes: UnsafeCell::new([0; N]),
        }
    }

    /// The block, zeroed as it has never been handed out; None after the first call.
    #[allow(clippy::mut_from_ref)] // unique: `TAKEN` lets one call through
    fn take(&'static self) -> Option<&'static mut [u8; N]> {
        if TAKEN.fetch_or(BIT, Ordering::Relaxed) & BIT != 0 {
            return None;
        }
        // SAFETY: the first and only call gets the unique reference to the bytes.
        Some(unsafe { &mut *self.bytes.get() })
    }
}

#[link_section = ".bss.big.read"]
static BUF: Block<{ CARRY + READ_SIZE }, 1> = Block::new();
#[cfg(not(test))]
#[link_section = ".bss.big.classes"]
static CLASSES: Block<CLASS_TABLE, 2> = Block::new();

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
