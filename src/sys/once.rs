//! A value set once and read many times: the settled locale's mapped data, kept in a
//! static without `static mut`.

use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicU8, Ordering};

const EMPTY: u8 = 0;
const WRITING: u8 = 1;
const SET: u8 = 2;

/// A cell written at most once; readers see nothing until the write is complete.
pub struct Once<T> {
    state: AtomicU8,
    value: UnsafeCell<Option<T>>,
}

// SAFETY: the value is written only by the one caller that moved `state` from EMPTY
// to WRITING, and read only after `state` is SET (Release/Acquire), when it never
// changes again; T is Send + Sync, so handing out copies (T: Copy) or shared
// borrows is sound.
unsafe impl<T: Send + Sync> Sync for Once<T> {}

impl<T> Once<T> {
    pub const fn unset() -> Once<T> {
        Once {
            state: AtomicU8::new(EMPTY),
            value: UnsafeCell::new(None),
        }
    }

    /// The value, once set.
    pub fn get(&self) -> Option<T>
    where
        T: Copy,
    {
        if self.state.load(Ordering::Acquire) != SET {
            return None;
        }
        // SAFETY: SET is stored after the write completed and nothing writes again.
        unsafe { *self.value.get() }
    }

    /// The value, once set, borrowed for as long as the cell lives.
    pub fn get_ref(&'static self) -> Option<&'static T> {
        if self.state.load(Ordering::Acquire) != SET {
            return None;
        }
        // SAFETY: SET is stored after the write completed and nothing writes again,
        // so no mutable access can overlap this shared one.
        unsafe { (*self.value.get()).as_ref() }
    }

    /// Sets the value; false (and nothing changes) when it was set before.
    pub fn set(&self, v: T) -> bool {
        if self
            .state
            .compare_exchange(EMPTY, WRITING, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return false;
        }
        // SAFETY: only this caller won the EMPTY -> WRITING exchange, and readers
        // do not look at the value before SET.
        unsafe { *self.value.get() = Some(v) };
        self.state.store(SET, Ordering::Release);
        true
    }
}
