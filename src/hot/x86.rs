//! The x86 kernels, for x86_64 and i686. `*_sse2` are safe: this module is only
//! compiled where SSE2 is enabled for the whole build (x86_64's baseline, and the
//! i686 target's; see lib.rs). `*_avx2` require AVX2, POPCNT, BMI1 and BMI2.

use super::{Blocks, Masks};
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

/// `super::utf8_masks` with SSE2.
pub fn utf8_masks_sse2(b: &[u8]) -> super::Utf8Masks {
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
    super::Utf8Masks::from_array(r)
}

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

/// `super::utf8_masks` with AVX2.
///
/// # Safety
/// The CPU and OS must support AVX2.
#[inline(always)]
pub unsafe fn utf8_masks_avx2(b: &[u8]) -> super::Utf8Masks {
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
    super::Utf8Masks::from_array(r)
}

/// `super::lead_bits` with AVX2: four 16-entry byte shuffles, chosen by bits
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

/// The SSE2 kernel's UTF-8 half (the lead bits are looked up byte by byte).
struct Sse2;
impl super::Kernel for Sse2 {
    #[inline(always)]
    fn utf8_masks(b: &[u8; 64]) -> super::Utf8Masks {
        utf8_masks_sse2(b)
    }
    #[inline(always)]
    fn utf8_and_lead_bits(b: &[u8; 64], table: &[u8; 64]) -> (super::Utf8Masks, [u64; 4]) {
        (utf8_masks_sse2(b), super::lead_bits_scalar(b, table))
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
    if super::has_popcnt() {
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

/// The AVX2 kernel's UTF-8 half. Private, and handed out only by `scan_avx2` (to
/// its sink), which runs only on a CPU with AVX2.
struct Avx2;
impl super::Kernel for Avx2 {
    #[inline(always)]
    fn utf8_masks(b: &[u8; 64]) -> super::Utf8Masks {
        // SAFETY: only scan_avx2 names this type, and only on a CPU with AVX2.
        unsafe { utf8_masks_avx2(b) }
    }
    #[inline(always)]
    fn utf8_and_lead_bits(b: &[u8; 64], table: &[u8; 64]) -> (super::Utf8Masks, [u64; 4]) {
        // SAFETY: as above.
        unsafe { (utf8_masks_avx2(b), lead_bits_avx2(b, table)) }
    }
}

/// `super::scan` with SSE2.
pub fn scan_sse2<S: Blocks>(buf: &[u8], mut at: usize, sink: &mut S) -> usize {
    // `len - at`, not `at + 64`: a position from the sink cannot wrap (lib.rs).
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

/// `super::scan` with AVX2.
///
/// # Safety
/// The CPU and OS must support AVX2, POPCNT, BMI1 and BMI2.
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
pub unsafe fn scan_avx2<S: Blocks>(buf: &[u8], mut at: usize, sink: &mut S) -> usize {
    // `len - at`, not `at + 64`: a position from the sink cannot wrap (lib.rs).
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
    total + super::count_newlines_scalar(&buf[chunks * 16..])
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
    total + super::x86::count_newlines_sse2(&buf[steps * 128..])
}
