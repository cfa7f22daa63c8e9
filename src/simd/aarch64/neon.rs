//! The aarch64 kernels. NEON (Advanced SIMD) is part of the aarch64 base
//! architecture, so every function here is safe to call on any aarch64 CPU.
//!
//! A 64-byte block is loaded with `vld4q_u8`, which deinterleaves it: vector k holds
//! bytes 4j + k. Per-byte results (all ones or zero, only the top bit is read) are
//! gathered into a 64-bit mask with three shift-right-and-insert steps and one
//! narrowing shift ([`movemask`]), and the deinterleaving is what puts byte i at
//! bit i.

use crate::simd::{scalar, scan_with, Classify};
use crate::{Blocks, Kernel, Masks, Utf8Masks};
use core::arch::aarch64::*;

/// The top bit of every byte of a deinterleaved block, as bit i = byte i.
#[inline(always)]
fn movemask(c: [uint8x16_t; 4]) -> u64 {
    // SAFETY: register operations; NEON is always present on aarch64.
    unsafe {
        // Byte j of t0: bit 7 from c1, bit 6 from c0; of t1: c3, c2.
        let t0 = vsriq_n_u8::<1>(c[1], c[0]);
        let t1 = vsriq_n_u8::<1>(c[3], c[2]);
        // Bits 7..4: c3 c2 c1 c0, repeated in bits 3..0.
        let t2 = vsriq_n_u8::<2>(t1, t0);
        let t3 = vsriq_n_u8::<4>(t2, t2);
        // The high nibble of byte 2j and the low nibble of byte 2j + 1: bytes
        // 8j..8j+7 of the block, in order.
        let n = vshrn_n_u16::<4>(vreinterpretq_u16_u8(t3));
        vget_lane_u64::<0>(vreinterpret_u64_u8(n))
    }
}

/// The four deinterleaved vectors of `b[..64]`.
#[inline(always)]
fn load(b: &[u8; 64]) -> [uint8x16_t; 4] {
    // SAFETY: b has 64 bytes, the size of one vld4q load.
    let v = unsafe { vld4q_u8(b.as_ptr()) };
    [v.0, v.1, v.2, v.3]
}

/// `f` applied to each of the four vectors.
#[inline(always)]
fn map(v: &[uint8x16_t; 4], f: impl Fn(uint8x16_t) -> uint8x16_t) -> [uint8x16_t; 4] {
    [f(v[0]), f(v[1]), f(v[2]), f(v[3])]
}

/// A 16-entry table with 0xff at the given bytes (a lookup of any byte >= 16 is 0).
#[inline(always)]
fn table(set: &[u8]) -> uint8x16_t {
    let mut t = [0u8; 16];
    for &b in set {
        t[b as usize] = 0xff;
    }
    // SAFETY: t has 16 bytes.
    unsafe { vld1q_u8(t.as_ptr()) }
}

/// The masks of one 64-byte block.
#[inline(always)]
pub fn masks(b: &[u8; 64]) -> Masks {
    let v = load(b);
    // SAFETY: register operations (NEON is baseline on aarch64).
    unsafe {
        let line_end_t = table(b"\n\r\x0c");
        let ctl_space_t = table(b"\t\n\x0b\x0c\r");
        let blank = map(&v, |x| vceqq_u8(x, vdupq_n_u8(b' ')));
        let space = [0, 1, 2, 3].map(|k| vorrq_u8(vqtbl1q_u8(ctl_space_t, v[k]), blank[k]));
        Masks {
            newline: movemask(map(&v, |x| vceqq_u8(x, vdupq_n_u8(b'\n')))),
            space: movemask(space),
            // 0x21..=0x7e: x - 0x21 < 0x5e.
            graph: movemask(map(&v, |x| {
                vcltq_u8(vsubq_u8(x, vdupq_n_u8(0x21)), vdupq_n_u8(0x5e))
            })),
            blank: movemask(blank),
            tab: movemask(map(&v, |x| vceqq_u8(x, vdupq_n_u8(b'\t')))),
            line_end: movemask(map(&v, |x| vqtbl1q_u8(line_end_t, x))),
            // The top bit is the byte's own.
            high: movemask(v),
        }
    }
}

/// `crate::scan` with NEON.
pub fn scan<S: Blocks>(buf: &[u8], at: usize, sink: &mut S) -> usize {
    scan_with::<Neon, S>(buf, at, sink)
}

struct Neon;
impl Classify for Neon {
    #[inline(always)]
    fn masks(b: &[u8; 64]) -> Masks {
        masks(b)
    }
}
impl Kernel for Neon {
    #[inline(always)]
    fn utf8_masks(b: &[u8; 64]) -> Utf8Masks {
        utf8_masks(b)
    }
    #[inline(always)]
    fn utf8_and_lead_bits(b: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
        utf8_and_lead_bits(b, table)
    }
}

/// Bytes in `lo..lo + n` (unsigned, wrapping).
#[inline(always)]
fn range(v: &[uint8x16_t; 4], lo: u8, n: u8) -> u64 {
    // SAFETY: register operations.
    movemask(map(v, |x| unsafe {
        vcltq_u8(vsubq_u8(x, vdupq_n_u8(lo)), vdupq_n_u8(n))
    }))
}

/// `crate::utf8_masks` of a loaded block.
#[inline(always)]
fn utf8_of(v: &[uint8x16_t; 4]) -> Utf8Masks {
    Utf8Masks {
        cont: range(v, 0x80, 0x40),
        lead2: range(v, 0xc2, 0x1e),
        lead3: range(v, 0xe0, 0x10),
        lead4: range(v, 0xf0, 0x05),
        e0: range(v, 0xe0, 1),
        ed: range(v, 0xed, 1),
        f0: range(v, 0xf0, 1),
        f4: range(v, 0xf4, 1),
        a0_bf: range(v, 0xa0, 0x20),
        x90_bf: range(v, 0x90, 0x30),
    }
}

/// `crate::utf8_masks` with NEON.
#[inline(always)]
pub fn utf8_masks(b: &[u8; 64]) -> Utf8Masks {
    utf8_of(&load(b))
}

/// `crate::lead_bits` of a loaded block: one 64-entry table lookup (`tbl` with four
/// registers) per vector, indexed by byte - 0xc0; bytes below 0xc0 index past the
/// table and give 0.
#[inline(always)]
fn lead_bits_of(v: &[uint8x16_t; 4], table: &[u8; 64]) -> [u64; 4] {
    // SAFETY: table has 64 bytes, four 16-byte vectors; the rest are register
    // operations.
    unsafe {
        let t = vld1q_u8_x4(table.as_ptr());
        let e = map(v, |x| vqtbl4q_u8(t, vsubq_u8(x, vdupq_n_u8(0xc0))));
        [
            movemask(map(&e, |x| vshlq_n_u8::<7>(x))),
            movemask(map(&e, |x| vshlq_n_u8::<6>(x))),
            movemask(map(&e, |x| vshlq_n_u8::<5>(x))),
            movemask(map(&e, |x| vshlq_n_u8::<4>(x))),
        ]
    }
}

/// `crate::lead_bits` with NEON (bytes below 0xc0 give 0).
#[inline(always)]
pub fn lead_bits(b: &[u8; 64], table: &[u8; 64]) -> [u64; 4] {
    lead_bits_of(&load(b), table)
}

/// Both of one block, loaded once.
#[inline(always)]
pub fn utf8_and_lead_bits(b: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
    let v = load(b);
    (utf8_of(&v), lead_bits_of(&v, table))
}

/// The number of `\n` bytes in `buf`: four byte-counter vectors, 64 bytes a step,
/// summed every 255 steps.
pub fn count_newlines(buf: &[u8]) -> u64 {
    let steps = buf.len() / 64;
    let mut total = 0u64;
    let mut i = 0;
    // SAFETY: every load reads 16 bytes inside buf[..steps * 64].
    unsafe {
        let nl = vdupq_n_u8(b'\n');
        while i < steps {
            let end = (i + 255).min(steps);
            let mut a = [vdupq_n_u8(0); 4];
            while i < end {
                let p = buf.as_ptr().add(64 * i);
                for (k, acc) in a.iter_mut().enumerate() {
                    *acc = vsubq_u8(*acc, vceqq_u8(vld1q_u8(p.add(16 * k)), nl));
                }
                i += 1;
            }
            total += a.iter().map(|&x| vaddlvq_u8(x) as u64).sum::<u64>();
        }
    }
    total + scalar::count_newlines(&buf[steps * 64..])
}
