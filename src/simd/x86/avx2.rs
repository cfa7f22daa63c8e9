//! The AVX2 kernels: 32 bytes per vector, two to a 64-byte block, with the UTF-8
//! lead bits looked up by byte shuffles. Every function here requires AVX2 (and
//! `scan_avx2` POPCNT, BMI1 and BMI2 too): they are `unsafe`, and called only when
//! `super::detect` found them.

use super::sse2::count_newlines_sse2;
use crate::{Blocks, Kernel, Masks, Utf8Masks};
#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

// The AVX2 helpers below have no #[target_feature] of their own, so that they can be
// #[inline(always)] (stable Rust refuses both together): each is inlined into its
// caller, and the one path that runs them is scan_avx2, which enables AVX2 (with
// -inline-threshold=25, a #[target_feature] #[inline] helper stayed a call there:
// wc -m 12 % slower). Their callers must know that the CPU has AVX2.

/// # Safety
/// The CPU and OS must support AVX2.
#[inline(always)]
unsafe fn between256(v: __m256i, lo: i8, hi: i8) -> u32 {
    // SAFETY: AVX2 is available (the caller's contract).
    unsafe {
        _mm256_movemask_epi8(_mm256_and_si256(
            _mm256_cmpgt_epi8(v, _mm256_set1_epi8(lo)),
            _mm256_cmpgt_epi8(_mm256_set1_epi8(hi), v),
        )) as u32
    }
}

/// # Safety
/// The CPU and OS must support AVX2.
#[inline(always)]
unsafe fn equal256(v: __m256i, b: u8) -> u32 {
    // SAFETY: AVX2 is available (the caller's contract).
    unsafe { _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(b as i8))) as u32 }
}

/// `crate::utf8_masks` with AVX2.
///
/// # Safety
/// The CPU and OS must support AVX2.
#[inline(always)]
pub unsafe fn utf8_masks_avx2(b: &[u8]) -> Utf8Masks {
    assert!(b.len() >= 64);
    let mut r = [0u64; 10];
    for h in 0..2 {
        // SAFETY: b has at least 64 bytes: unaligned load of b[32h..32h+32]; AVX2 is
        // available (the caller's contract).
        let m = unsafe {
            let v = _mm256_loadu_si256(b.as_ptr().add(32 * h) as *const __m256i);
            [
                _mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(-64), v)) as u32,
                between256(v, -63, -32),
                between256(v, -33, -16),
                between256(v, -17, -11),
                equal256(v, 0xe0),
                equal256(v, 0xed),
                equal256(v, 0xf0),
                equal256(v, 0xf4),
                between256(v, -97, -64),
                between256(v, -113, -64),
            ]
        };
        for k in 0..10 {
            r[k] |= (m[k] as u64) << (32 * h);
        }
    }
    Utf8Masks::from_array(r)
}

/// `crate::lead_bits` with AVX2: four 16-entry byte shuffles, chosen by bits
/// 4 and 5 of the byte.
///
/// # Safety
/// The CPU and OS must support AVX2.
#[inline(always)]
pub unsafe fn lead_bits_avx2(b: &[u8], table: &[u8; 64]) -> [u64; 4] {
    assert!(b.len() >= 64);
    // SAFETY: AVX2 is available (the caller's contract); table has 64 bytes: four
    // unaligned 16-byte loads; b has at least 64 bytes: two 32-byte loads.
    unsafe {
        let p = table.as_ptr() as *const __m128i;
        let t = [
            _mm256_broadcastsi128_si256(_mm_loadu_si128(p)),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(p.add(1))),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(p.add(2))),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(p.add(3))),
        ];
        let mut out = [0u64; 4];
        for h in 0..2 {
            let v = _mm256_loadu_si256(b.as_ptr().add(32 * h) as *const __m256i);
            let idx = _mm256_and_si256(v, _mm256_set1_epi8(0x0f));
            let hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x03));
            let mut r = _mm256_setzero_si256();
            for (j, tj) in t.iter().enumerate() {
                let sel = _mm256_cmpeq_epi8(hi, _mm256_set1_epi8(j as i8));
                r = _mm256_or_si256(r, _mm256_and_si256(sel, _mm256_shuffle_epi8(*tj, idx)));
            }
            // Bit k of each byte to its sign bit (16-bit shifts keep bytes apart).
            let bits = [
                _mm256_movemask_epi8(_mm256_slli_epi16(r, 7)) as u32,
                _mm256_movemask_epi8(_mm256_slli_epi16(r, 6)) as u32,
                _mm256_movemask_epi8(_mm256_slli_epi16(r, 5)) as u32,
                _mm256_movemask_epi8(_mm256_slli_epi16(r, 4)) as u32,
            ];
            for k in 0..4 {
                out[k] |= (bits[k] as u64) << (32 * h);
            }
        }
        out
    }
}

/// The AVX2 kernel's UTF-8 half. Private, and handed out only by `scan_avx2` (to
/// its sink), which runs only on a CPU with AVX2.
struct Avx2;
impl Kernel for Avx2 {
    #[inline(always)]
    fn utf8_masks(b: &[u8; 64]) -> Utf8Masks {
        // SAFETY: only scan_avx2 names this type, and only on a CPU with AVX2.
        unsafe { utf8_masks_avx2(b) }
    }
    #[inline(always)]
    fn utf8_and_lead_bits(b: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
        // SAFETY: as above.
        unsafe { (utf8_masks_avx2(b), lead_bits_avx2(b, table)) }
    }
}

#[inline]
#[target_feature(enable = "avx2")]
fn masks32(v: __m256i) -> [u32; 7] {
    {
        let nl = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\n' as i8));
        let sp = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b' ' as i8));
        let tab = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\t' as i8));
        let cr = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\r' as i8));
        let ff = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x0c));
        let d = _mm256_sub_epi8(v, _mm256_set1_epi8(9));
        let ctl_space = _mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(4)), d);
        let space = _mm256_or_si256(ctl_space, sp);
        let graph = _mm256_and_si256(
            _mm256_cmpgt_epi8(v, _mm256_set1_epi8(0x20)),
            _mm256_cmpgt_epi8(_mm256_set1_epi8(0x7f), v),
        );
        let line_end = _mm256_or_si256(nl, _mm256_or_si256(cr, ff));
        [
            _mm256_movemask_epi8(nl) as u32,
            _mm256_movemask_epi8(space) as u32,
            _mm256_movemask_epi8(graph) as u32,
            _mm256_movemask_epi8(sp) as u32,
            _mm256_movemask_epi8(tab) as u32,
            _mm256_movemask_epi8(line_end) as u32,
            _mm256_movemask_epi8(v) as u32,
        ]
    }
}

/// `crate::scan` with AVX2.
///
/// # Safety
/// The CPU and OS must support AVX2, POPCNT, BMI1 and BMI2.
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
pub unsafe fn scan_avx2<S: Blocks>(buf: &[u8], mut at: usize, sink: &mut S) -> usize {
    // `len - at`, not `at + 64`: a position from the sink cannot wrap (`arch::scan_with`).
    while buf.len().saturating_sub(at) >= 64 {
        // SAFETY: at <= len and len - at >= 64, so both 32-byte unaligned loads lie
        // in `buf`; AVX2 is enabled for this function.
        let (lo, hi) = unsafe {
            let p = buf.as_ptr().add(at);
            (
                masks32(_mm256_loadu_si256(p as *const __m256i)),
                masks32(_mm256_loadu_si256(p.add(32) as *const __m256i)),
            )
        };
        let j = |k: usize| lo[k] as u64 | (hi[k] as u64) << 32;
        let m = Masks {
            newline: j(0),
            space: j(1),
            graph: j(2),
            blank: j(3),
            tab: j(4),
            line_end: j(5),
            high: j(6),
        };
        let next = sink.block::<Avx2>(buf, at, &m);
        if next <= at {
            return at;
        }
        at = next;
    }
    at
}
/// Newlines with AVX2, four vectors per step.
///
/// # Safety
/// The CPU and OS must support AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn count_newlines_avx2(buf: &[u8]) -> u64 {
    let mut total = 0u64;
    let steps = buf.len() / 128;
    let mut i = 0;
    // SAFETY: every load reads 32 bytes inside buf[..steps*128]; AVX2 enabled.
    unsafe {
        let nl = _mm256_set1_epi8(b'\n' as i8);
        let zero = _mm256_setzero_si256();
        while i < steps {
            let end = (i + 255).min(steps);
            let (mut a0, mut a1, mut a2, mut a3) = (zero, zero, zero, zero);
            while i < end {
                let p = buf.as_ptr().add(128 * i) as *const __m256i;
                a0 = _mm256_sub_epi8(a0, _mm256_cmpeq_epi8(_mm256_loadu_si256(p), nl));
                a1 = _mm256_sub_epi8(a1, _mm256_cmpeq_epi8(_mm256_loadu_si256(p.add(1)), nl));
                a2 = _mm256_sub_epi8(a2, _mm256_cmpeq_epi8(_mm256_loadu_si256(p.add(2)), nl));
                a3 = _mm256_sub_epi8(a3, _mm256_cmpeq_epi8(_mm256_loadu_si256(p.add(3)), nl));
                i += 1;
            }
            let s = _mm256_add_epi64(
                _mm256_add_epi64(_mm256_sad_epu8(a0, zero), _mm256_sad_epu8(a1, zero)),
                _mm256_add_epi64(_mm256_sad_epu8(a2, zero), _mm256_sad_epu8(a3, zero)),
            );
            let mut lanes = [0u64; 4];
            _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, s);
            total += lanes[0] + lanes[1] + lanes[2] + lanes[3];
        }
    }
    total + count_newlines_sse2(&buf[steps * 128..])
}
