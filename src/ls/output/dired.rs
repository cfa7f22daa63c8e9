//! `--dired` (with the long format): every line indented by two spaces, the byte
//! offsets of each name and of each directory header remembered, and at the end
//! `//DIRED// s e …`, `//SUBDIRED// s e …` and `//DIRED-OPTIONS//
//! --quoting-style=STYLE`, as Emacs reads them.
//!
//! The offsets outlive every directory's arena region, so they go to their own
//! reservation (committed by the kernel page by page as it fills).

use crate::fmt::num::u64_dec;
use crate::fmt::quote::Style;
use crate::sys::{mem, out};
use core::cell::RefCell;

/// Offsets that fit in the reservation (16 GiB of address space, 8 bytes each).
const RESERVE: usize = 16 << 30;

/// A list of offsets in reserved memory.
struct Offsets {
    space: Option<&'static mut [u8]>,
    len: usize,
}

impl Offsets {
    fn push(&mut self, v: u64) {
        if self.space.is_none() {
            self.space = [RESERVE, 1 << 30, 64 << 20]
                .iter()
                .find_map(|&n| mem::reserve(n).ok());
        }
        if let Some(s) = &mut self.space {
            if let Some(slot) = s.get_mut(self.len * 8..self.len * 8 + 8) {
                slot.copy_from_slice(&v.to_ne_bytes());
                self.len += 1;
            }
        }
    }

    fn dump(&self, label: &[u8]) {
        let Some(s) = &self.space else { return };
        if self.len == 0 {
            return;
        }
        out::bytes(label);
        let mut t = [0u8; 20];
        for c in s.chunks_exact(8).take(self.len) {
            let mut b = [0u8; 8];
            b.copy_from_slice(c);
            out::byte(b' ');
            out::bytes(u64_dec(u64::from_ne_bytes(b), &mut t));
        }
        out::byte(b'\n');
    }
}

/// The --dired state of one run.
pub struct Dired {
    pub on: bool,
    style: Style,
    names: RefCell<Offsets>,
    headers: RefCell<Offsets>,
}

impl Dired {
    // Not inlined: at opt-level "z" inlining it cost bytes (tools/inline-sweep.py).
    #[inline(never)]
    pub fn new(on: bool, style: Style) -> Dired {
        Dired {
            on,
            style,
            names: RefCell::new(Offsets {
                space: None,
                len: 0,
            }),
            headers: RefCell::new(Offsets {
                space: None,
                len: 0,
            }),
        }
    }

    /// The two spaces that start each line.
    pub fn indent(&self) {
        if self.on {
            out::bytes(b"  ");
        }
    }

    /// Records the current output position as a name's start or end.
    pub fn mark_name(&self) {
        if self.on {
            self.names.borrow_mut().push(out::position());
        }
    }

    /// Records the current output position as a header's start or end.
    pub fn mark_header(&self) {
        if self.on {
            self.headers.borrow_mut().push(out::position());
        }
    }

    /// The trailer, after everything else.
    pub fn finish(&self) {
        if !self.on {
            return;
        }
        self.names.borrow().dump(b"//DIRED//");
        self.headers.borrow().dump(b"//SUBDIRED//");
        out::bytes(b"//DIRED-OPTIONS// --quoting-style=");
        out::bytes(self.style.name());
        out::byte(b'\n');
    }
}
