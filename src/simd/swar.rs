//! Word-at-a-time (SWAR) kernels: eight bytes per 64-bit integer, for the
//! architectures without vector kernels here (arm, riscv64, powerpc64, s390x, ...).
//! Plain integer code, so it is compiled and tested on every architecture; only
//! those without SIMD kernels use it in production.
//!
//! Every test is exact per byte: additions are made on the low seven bits of each
//! byte (`x & 0x7f..`), so no carry crosses into the next byte, and the high bit of
//! each byte then holds the answer for that byte. Words are read little-endian
//! (`u64::from_le_bytes`) on every architecture, so byte i of the block is always
//! bits 8i..8i+7 and the packed masks have bit i = byte i on big-endian targets too.

use crate::simd::{scalar, scan_with, Classify};
use crate::{Blocks, Kernel, Masks, Utf8Masks};

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;
const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The 8 bytes of `b` at `i` as a little-endian word.
#[inline(always)]
fn word(b: &[u8; 64], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[8 * i..8 * i + 8]);
    u64::from_le_bytes(w)
}

/// The high bit of each byte where the low seven bits `x7` are >= n (1 <= n <= 128).
#[inline(always)]
fn ge7(x7: u64, n: u64) -> u64 {
    x7 + (0x80 - n) * ONES
}

/// The high bit of each byte of `m` (other bits ignored) gathered into 8 bits:
/// bit i = byte i. The multiply moves byte i's bit (at 8i, after the shift) to
/// bit 56 + i; no two partial products meet there.
#[inline(always)]
fn pack(m: u64) -> u64 {
    ((m >> 7) & ONES).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The masks of one 64-byte block.
#[inline(always)]
pub fn masks(b: &[u8; 64]) -> Masks {
    let mut r = [0u64; 7];
    for i in 0..8 {
        let w = word(b, i);
        let ascii = !w & HIGH;
        let x7 = w & LOW7;
        let (g9, g10, g11, g12, g14) = (
            ge7(x7, 9),
            ge7(x7, 10),
            ge7(x7, 11),
            ge7(x7, 12),
            ge7(x7, 14),
        );
        let (g20, g21, g7f) = (ge7(x7, 0x20), ge7(x7, 0x21), ge7(x7, 0x7f));
        let newline = g10 & !g11 & ascii;
        let blank = g20 & !g21 & ascii;
        let m = [
            newline,
            (g9 & !g14 & ascii) | blank,
            g21 & !g7f & ascii,
            blank,
            g9 & !g10 & ascii,
            newline | (g12 & !g14 & ascii),
            w,
        ];
        for k in 0..7 {
            r[k] |= pack(m[k]) << (8 * i);
        }
    }
    Masks::from_array(r)
}

/// `crate::scan` a word at a time.
pub fn scan<S: Blocks>(buf: &[u8], at: usize, sink: &mut S) -> usize {
    scan_with::<Swar, S>(buf, at, sink)
}

struct Swar;
impl Classify for Swar {
    #[inline(always)]
    fn masks(b: &[u8; 64]) -> Masks {
        masks(b)
    }
}
impl Kernel for Swar {
    #[inline(always)]
    fn utf8_masks(b: &[u8; 64]) -> Utf8Masks {
        utf8_masks(b)
    }
    #[inline(always)]
    fn utf8_and_lead_bits(b: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
        (utf8_masks(b), lead_bits(b, table))
    }
}

/// `crate::utf8_masks` a word at a time. Every class is of bytes >= 0x80, so each
/// test is on the low seven bits, masked with the high bit.
#[inline(always)]
pub fn utf8_masks(b: &[u8; 64]) -> Utf8Masks {
    let mut r = [0u64; 10];
    for i in 0..8 {
        let w = word(b, i);
        let high = w & HIGH;
        let x7 = w & LOW7;
        // In the low seven bits: 0x80 is 0x00, 0xc2 is 0x42, 0xe0 is 0x60, ...
        let range = |lo: u64, end: u64| ge7(x7, lo) & !ge7(x7, end) & high;
        let m = [
            !ge7(x7, 0x40) & high,
            range(0x42, 0x60),
            range(0x60, 0x70),
            range(0x70, 0x75),
            range(0x60, 0x61),
            range(0x6d, 0x6e),
            range(0x70, 0x71),
            range(0x74, 0x75),
            range(0x20, 0x40),
            range(0x10, 0x40),
        ];
        for k in 0..10 {
            r[k] |= pack(m[k]) << (8 * i);
        }
    }
    Utf8Masks::from_array(r)
}

/// `crate::lead_bits` for the bytes >= 0xc0 only, visiting just those (found a
/// word at a time); the other bits are 0.
#[inline(always)]
pub fn lead_bits(b: &[u8; 64], table: &[u8; 64]) -> [u64; 4] {
    let mut leads = 0u64;
    for i in 0..8 {
        let w = word(b, i);
        // >= 0xc0: the two top bits set.
        leads |= pack(w & (w << 1) & HIGH) << (8 * i);
    }
    let mut r = [0u64; 4];
    while leads != 0 {
        let p = leads.trailing_zeros() as usize;
        leads &= leads - 1;
        let e = table[(b[p] & 0x3f) as usize] as u64;
        for (k, m) in r.iter_mut().enumerate() {
            *m |= ((e >> k) & 1) << p;
        }
    }
    r
}

/// The number of `\n` bytes in `buf`: 32 bytes a step into per-byte counters in
/// one word (each grows by at most 4 a step), summed every 63 steps.
pub fn count_newlines(buf: &[u8]) -> u64 {
    const NL: u64 = 0x0a * ONES;
    const STEPS: usize = 63;
    let mut total = 0u64;
    let mut chunks = buf.chunks_exact(32);
    loop {
        let mut acc = 0u64;
        let mut n = 0;
        for c in chunks.by_ref() {
            for k in 0..4 {
                let mut w = [0u8; 8];
                w.copy_from_slice(&c[8 * k..8 * k + 8]);
                let x = u64::from_ne_bytes(w) ^ NL;
                // 0x80 in each byte that is zero (a newline), else 0.
                acc += (!(((x & LOW7) + LOW7) | x) & HIGH) >> 7;
            }
            n += 1;
            if n == STEPS {
                break;
            }
        }
        // Bytes to 16-bit lanes, then the four lanes summed in the top one.
        let pairs = (acc & 0x00ff_00ff_00ff_00ff) + ((acc >> 8) & 0x00ff_00ff_00ff_00ff);
        total += pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48;
        if n < STEPS {
            break;
        }
    }
    total + scalar::count_newlines(chunks.remainder())
}

// The interface `crate::dispatch` calls (with `kernel-swar`, and on the
// architectures without vector kernels here).

/// One set of kernels: `scan` is the widest.
pub const WIDE: Option<fn() -> bool> = None;
pub fn scan_wide<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    scan(buf, from, sink)
}
pub fn scan_base<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    scan(buf, from, sink)
}

#[inline(always)]
pub fn utf8_and_lead_bits(block: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
    (utf8_masks(block), lead_bits(block, table))
}

#[cfg(test)]
mod tests;
