//! The read buffer: one static block of memory (in .bss, so it costs no syscall
//! and its pages are only committed when touched), handed out once.

use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicBool, Ordering};

/// Bytes per read(2).
pub const READ_SIZE: usize = 256 * 1024;

/// Room before the read area for bytes carried over from the previous read (a
/// character split across two reads).
pub const CARRY: usize = 64;

struct Buf(UnsafeCell<[u8; CARRY + READ_SIZE]>);
// SAFETY: handed out at most once (TAKEN), so no two references to it exist.
unsafe impl Sync for Buf {}

static BUF: Buf = Buf(UnsafeCell::new([0; CARRY + READ_SIZE]));
static TAKEN: AtomicBool = AtomicBool::new(false);

/// The read buffer (`CARRY + READ_SIZE` bytes); None after the first call.
pub fn take() -> Option<&'static mut [u8]> {
    if TAKEN.swap(true, Ordering::Relaxed) {
        return None;
    }
    // SAFETY: the first and only call gets the unique reference to BUF.
    Some(unsafe { &mut *BUF.0.get() })
}
