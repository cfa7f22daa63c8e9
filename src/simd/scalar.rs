//! The byte-by-byte references: the unit tests compare every kernel with these, on
//! every architecture. They are never the production path, but for the
//! `kernel-scalar` measurement feature (which makes them the kernel family that
//! `crate::dispatch` calls: the interface at the end). The package re-exports them
//! with a `_scalar` suffix (`crate::masks_scalar`, ...).

use crate::simd::{scan_with, Classify};
use crate::{Blocks, Kernel, Masks, Utf8Masks};

/// `crate::lead_bits`, byte by byte (bytes below 0xc0 give 0).
pub fn lead_bits(block: &[u8], table: &[u8; 64]) -> [u64; 4] {
    let mut r = [0u64; 4];
    for (i, &b) in block.iter().enumerate().take(64) {
        if b >= 0xc0 {
            let e = table[(b - 0xc0) as usize];
            for (k, m) in r.iter_mut().enumerate() {
                *m |= ((e >> k) as u64 & 1) << i;
            }
        }
    }
    r
}

/// `crate::utf8_masks`, byte by byte.
pub fn utf8_masks(block: &[u8]) -> Utf8Masks {
    let mut m = Utf8Masks::default();
    for (i, &b) in block.iter().enumerate().take(64) {
        let bit = 1u64 << i;
        let set = |mask: &mut u64, on: bool| {
            if on {
                *mask |= bit
            }
        };
        set(&mut m.cont, (0x80..=0xbf).contains(&b));
        set(&mut m.lead2, (0xc2..=0xdf).contains(&b));
        set(&mut m.lead3, (0xe0..=0xef).contains(&b));
        set(&mut m.lead4, (0xf0..=0xf4).contains(&b));
        set(&mut m.e0, b == 0xe0);
        set(&mut m.ed, b == 0xed);
        set(&mut m.f0, b == 0xf0);
        set(&mut m.f4, b == 0xf4);
        set(&mut m.a0_bf, (0xa0..=0xbf).contains(&b));
        set(&mut m.x90_bf, (0x90..=0xbf).contains(&b));
    }
    m
}

/// The masks of one block, byte by byte: the reference for the vector versions.
pub fn masks(block: &[u8]) -> Masks {
    let mut m = Masks::default();
    for (i, &b) in block.iter().enumerate().take(64) {
        let bit = 1u64 << i;
        if b == b'\n' {
            m.newline |= bit;
        }
        if b == b' ' || (9..=13).contains(&b) {
            m.space |= bit;
        }
        if (0x21..=0x7e).contains(&b) {
            m.graph |= bit;
        }
        if b == b' ' {
            m.blank |= bit;
        }
        if b == b'\t' {
            m.tab |= bit;
        }
        if b == b'\n' || b == b'\r' || b == 0x0c {
            m.line_end |= bit;
        }
        if b >= 0x80 {
            m.high |= bit;
        }
    }
    m
}

struct Scalar;
impl Classify for Scalar {
    #[inline(always)]
    fn masks(b: &[u8; 64]) -> Masks {
        masks(b)
    }
}
impl Kernel for Scalar {
    fn utf8_masks(b: &[u8; 64]) -> Utf8Masks {
        utf8_masks(b)
    }
    fn utf8_and_lead_bits(b: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
        (utf8_masks(b), lead_bits(b, table))
    }
}

/// `crate::scan` with the scalar classifier.
pub fn scan<S: Blocks>(buf: &[u8], at: usize, sink: &mut S) -> usize {
    scan_with::<Scalar, S>(buf, at, sink)
}

/// `crate::count_newlines`, byte by byte.
pub fn count_newlines(buf: &[u8]) -> u64 {
    buf.iter().filter(|&&b| b == b'\n').count() as u64
}

// The interface `crate::dispatch` calls (with `kernel-scalar`).

/// One set of kernels: `scan` is the widest.
pub const WIDE: Option<fn() -> bool> = None;
pub fn scan_wide<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    scan(buf, from, sink)
}
pub fn scan_base<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    scan(buf, from, sink)
}
pub fn utf8_and_lead_bits(block: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
    (utf8_masks(block), lead_bits(block, table))
}
