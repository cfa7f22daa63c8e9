//! The SSE2 kernels, safe: this module is only compiled where SSE2 is enabled for
//! the whole build (x86_64's baseline, and the i686 target's; see `crate::simd`).
//! 16 bytes per vector, four to a 64-byte block; the UTF-8 lead bits are looked up
//! byte by byte (`scalar::lead_bits`), and popcount is one out-of-line copy that
//! uses the instruction when the CPU has it (`ones_sse2`).

use super::has_popcnt;
use crate::simd::scalar;
use crate::{Blocks, Kernel, Masks, Utf8Masks};
#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// Masks of 16 bytes at `p` (SSE2).
#[inline(always)]
fn masks16(v: __m128i) -> [u32; 7] {
    // SAFETY: SSE2 is enabled for the build (module documentation); these are
    // register operations.
    unsafe {
        let nl = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8));
        let sp = _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8));
        let tab = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\t' as i8));
        let cr = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\r' as i8));
        let ff = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0c));
        // 9..=13: (v - 9) as unsigned <= 4.
        let d = _mm_sub_epi8(v, _mm_set1_epi8(9));
        let ctl_space = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(4)), d);
        let space = _mm_or_si128(ctl_space, sp);
        // 0x21..=0x7e, signed: bytes >= 0x80 are negative.
        let graph = _mm_and_si128(
            _mm_cmpgt_epi8(v, _mm_set1_epi8(0x20)),
            _mm_cmplt_epi8(v, _mm_set1_epi8(0x7f)),
        );
        let line_end = _mm_or_si128(nl, _mm_or_si128(cr, ff));
        [
            _mm_movemask_epi8(nl) as u32 & 0xffff,
            _mm_movemask_epi8(space) as u32 & 0xffff,
            _mm_movemask_epi8(graph) as u32 & 0xffff,
            _mm_movemask_epi8(sp) as u32 & 0xffff,
            _mm_movemask_epi8(tab) as u32 & 0xffff,
            _mm_movemask_epi8(line_end) as u32 & 0xffff,
            _mm_movemask_epi8(v) as u32 & 0xffff,
        ]
    }
}

#[inline(always)]
fn block_sse2(b: &[u8; 64]) -> Masks {
    let mut r = [0u64; 7];
    for q in 0..4 {
        // SAFETY: b has 64 bytes, so b[16q..16q+16] is in bounds; the load is
        // unaligned.
        let v = unsafe { _mm_loadu_si128(b.as_ptr().add(16 * q) as *const __m128i) };
        let m = masks16(v);
        for k in 0..7 {
            r[k] |= (m[k] as u64) << (16 * q);
        }
    }
    Masks::from_array(r)
}

/// Signed range test: lo < v < hi (as i8).
#[inline(always)]
fn between(v: __m128i, lo: i8, hi: i8) -> i32 {
    // SAFETY: SSE2 is enabled for the build; register operations.
    unsafe {
        _mm_movemask_epi8(_mm_and_si128(
            _mm_cmpgt_epi8(v, _mm_set1_epi8(lo)),
            _mm_cmplt_epi8(v, _mm_set1_epi8(hi)),
        ))
    }
}

/// Signed v < hi.
#[inline(always)]
fn below(v: __m128i, hi: i8) -> i32 {
    // SAFETY: as above.
    unsafe { _mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(hi))) }
}

#[inline(always)]
fn equal(v: __m128i, b: u8) -> i32 {
    // SAFETY: as above.
    unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8))) }
}

/// `crate::utf8_masks` with SSE2.
pub fn utf8_masks_sse2(b: &[u8]) -> Utf8Masks {
    assert!(b.len() >= 64);
    let mut r = [0u64; 10];
    for q in 0..4 {
        // SAFETY: b has at least 64 bytes; unaligned load of b[16q..16q+16].
        let v = unsafe { _mm_loadu_si128(b.as_ptr().add(16 * q) as *const __m128i) };
        // Bytes >= 0x80 are negative as i8: 0x80 = -128, 0xbf = -65, 0xc2 = -62,
        // 0xdf = -33, 0xe0 = -32, 0xef = -17, 0xf0 = -16, 0xf4 = -12.
        let m = [
            below(v, -64),
            between(v, -63, -32),
            between(v, -33, -16),
            between(v, -17, -11),
            equal(v, 0xe0),
            equal(v, 0xed),
            equal(v, 0xf0),
            equal(v, 0xf4),
            between(v, -97, -64),
            between(v, -113, -64),
        ];
        for k in 0..10 {
            r[k] |= ((m[k] as u32 & 0xffff) as u64) << (16 * q);
        }
    }
    Utf8Masks::from_array(r)
}

/// The SSE2 kernel's UTF-8 half (the lead bits are looked up byte by byte).
struct Sse2;
impl Kernel for Sse2 {
    #[inline(always)]
    fn utf8_masks(b: &[u8; 64]) -> Utf8Masks {
        utf8_masks_sse2(b)
    }
    #[inline(always)]
    fn utf8_and_lead_bits(b: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
        (utf8_masks_sse2(b), scalar::lead_bits(b, table))
    }
    #[inline(always)]
    fn ones(x: u64) -> u32 {
        ones_sse2(x)
    }
}

/// Popcount for the SSE2 loops. x86-64's baseline has no POPCNT, so inlined it is
/// a dozen instructions at every use (1.5 KB in all); this one copy uses the
/// instruction when the CPU has it.
#[inline(never)]
fn ones_sse2(x: u64) -> u32 {
    if has_popcnt() {
        // SAFETY: the CPU has POPCNT (cpuid, has_popcnt).
        unsafe { ones_popcnt(x) }
    } else {
        x.count_ones()
    }
}

#[target_feature(enable = "popcnt")]
fn ones_popcnt(x: u64) -> u32 {
    x.count_ones()
}

/// `crate::scan` with SSE2.
pub fn scan_sse2<S: Blocks>(buf: &[u8], mut at: usize, sink: &mut S) -> usize {
    // `len - at`, not `at + 64`: a position from the sink cannot wrap (`arch::scan_with`).
    while buf.len().saturating_sub(at) >= 64 {
        let Some(block) = buf[at..].first_chunk::<64>() else {
            break;
        };
        let m = block_sse2(block);
        let next = sink.block::<Sse2>(buf, at, &m);
        if next <= at {
            return at;
        }
        at = next;
    }
    at
}

/// Newlines with SSE2: byte counters summed every 255 blocks.
pub fn count_newlines_sse2(buf: &[u8]) -> u64 {
    let mut total = 0u64;
    let chunks = buf.len() / 16;
    let mut i = 0;
    // SAFETY: every load reads 16 bytes at 16*i with i < chunks; SSE2 is enabled
    // for the build.
    unsafe {
        let nl = _mm_set1_epi8(b'\n' as i8);
        while i < chunks {
            let end = (i + 255).min(chunks);
            let mut acc = _mm_setzero_si128();
            while i < end {
                let v = _mm_loadu_si128(buf.as_ptr().add(16 * i) as *const __m128i);
                acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(v, nl));
                i += 1;
            }
            let s = _mm_sad_epu8(acc, _mm_setzero_si128());
            // Two sums of at most 255 * 8 each, in 64-bit lanes.
            total += (_mm_cvtsi128_si32(s) + _mm_extract_epi16(s, 4)) as u64;
        }
    }
    total + scalar::count_newlines(&buf[chunks * 16..])
}
