//! SIMD byte classification for wc, behind safe functions.
//!
//! The intrinsics of `core::arch` are `unsafe`, so the kernels live here, in the
//! kernel-boundary module. Two levels on x86_64: SSE2 (the baseline every x86_64
//! CPU has) and AVX2 (with POPCNT/BMI1/BMI2), chosen once at run time with cpuid
//! and xgetbv. Other architectures use the portable scalar version, which is also
//! the reference the unit tests compare the vector versions with.
//!
//! `scan` classifies 64-byte blocks into bit masks and hands each block's masks to
//! a [`Blocks`] consumer. The consumer is generic, so it is compiled into the
//! vector function and its bit arithmetic gets the same target features (POPCNT).

use core::sync::atomic::{AtomicU8, Ordering};

/// One bit per byte of a 64-byte block (bit i = byte i).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Masks {
    /// `\n`.
    pub newline: u64,
    /// The six C `isspace` bytes: `\t \n \v \f \r` and space.
    pub space: u64,
    /// Printable and not a space: 0x21..=0x7e.
    pub graph: u64,
    /// The space character 0x20 itself.
    pub blank: u64,
    /// `\t`.
    pub tab: u64,
    /// The bytes that end a display line for -L: `\n`, `\r`, `\f`.
    pub line_end: u64,
    /// Bytes >= 0x80 (not ASCII).
    pub high: u64,
}

/// The UTF-8 structure of a 64-byte block (bit i = byte i).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Utf8Masks {
    /// Continuation bytes 0x80..=0xbf.
    pub cont: u64,
    /// Leads of 2-byte sequences 0xc2..=0xdf.
    pub lead2: u64,
    /// Leads of 3-byte sequences 0xe0..=0xef.
    pub lead3: u64,
    /// Leads of 4-byte sequences 0xf0..=0xf4.
    pub lead4: u64,
    /// The leads with a restricted second byte: 0xe0, 0xed, 0xf0, 0xf4.
    pub e0: u64,
    pub ed: u64,
    pub f0: u64,
    pub f4: u64,
    /// Bytes 0xa0..=0xbf and 0x90..=0xbf (second-byte checks).
    pub a0_bf: u64,
    pub x90_bf: u64,
}

/// A consumer of classified blocks.
pub trait Blocks {
    /// Called for the 64 bytes `buf[at..at + 64]` with their masks. Returns the
    /// position to continue from, past `at`: normally `at + 64`; more when the
    /// consumer has already handled bytes past the block (a character that
    /// straddles it); less when it left the end of the block to the next one (a
    /// character cut by the block's end). The scan goes on while 64 bytes remain.
    fn block(&mut self, buf: &[u8], at: usize, m: &Masks) -> usize;
}

const UNKNOWN: u8 = 0;
const SSE2: u8 = 1;
const AVX2: u8 = 2;

static LEVEL: AtomicU8 = AtomicU8::new(UNKNOWN);

#[cfg(target_arch = "x86_64")]
#[allow(unused_unsafe)]
fn detect() -> u8 {
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    // SAFETY: cpuid exists on every x86_64 CPU.
    let max = unsafe { __cpuid(0) }.eax;
    if max < 7 {
        return SSE2;
    }
    // SAFETY: as above; leaf 1 and leaf 7 are below the maximum leaf.
    let l1 = unsafe { __cpuid(1) };
    let l7 = unsafe { __cpuid_count(7, 0) };
    let osxsave = l1.ecx & (1 << 27) != 0;
    let avx = l1.ecx & (1 << 28) != 0;
    let popcnt = l1.ecx & (1 << 23) != 0;
    let avx2 = l7.ebx & (1 << 5) != 0;
    let bmi1 = l7.ebx & (1 << 3) != 0;
    let bmi2 = l7.ebx & (1 << 8) != 0;
    if !(osxsave && avx && popcnt && avx2 && bmi1 && bmi2) {
        return SSE2;
    }
    // The OS must save the YMM state (XCR0 bits 1 and 2).
    let xcr0_lo: u32;
    // SAFETY: OSXSAVE is set, so xgetbv with ecx = 0 is defined; it only reads XCR0.
    unsafe {
        core::arch::asm!("xgetbv", in("ecx") 0u32, out("eax") xcr0_lo, out("edx") _, options(nomem, nostack, preserves_flags));
    }
    if xcr0_lo & 6 == 6 {
        AVX2
    } else {
        SSE2
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> u8 {
    SSE2
}

#[inline(always)]
fn level() -> u8 {
    let l = LEVEL.load(Ordering::Relaxed);
    if l != UNKNOWN {
        return l;
    }
    let l = detect();
    LEVEL.store(l, Ordering::Relaxed);
    l
}

/// Tests: use the SSE2 kernels from now on (`false`: detect again). Results never
/// depend on the level, so tests running meanwhile are not disturbed.
#[cfg(test)]
pub fn force_sse2(on: bool) {
    LEVEL.store(if on { SSE2 } else { detect() }, Ordering::Relaxed);
}

/// True when the AVX2 kernels are used (for `wc --debug`).
pub fn has_avx2() -> bool {
    level() == AVX2
}

/// The number of `\n` bytes in `buf`.
pub fn count_newlines(buf: &[u8]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if level() == AVX2 {
            // SAFETY: the CPU and OS support AVX2 (checked by detect()).
            return unsafe { x86::count_newlines_avx2(buf) };
        }
        x86::count_newlines_sse2(buf)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        count_newlines_scalar(buf)
    }
}

/// Classifies `buf[from..]` block by block, calling `sink` for every whole 64-byte
/// block (each starting where the sink said the previous one ended); returns the
/// position where fewer than 64 bytes remain. The caller handles the rest.
pub fn scan<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if level() == AVX2 {
            // SAFETY: the CPU and OS support AVX2, POPCNT, BMI1 and BMI2.
            return unsafe { x86::scan_avx2(buf, from, sink) };
        }
        x86::scan_sse2(buf, from, sink)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        scan_scalar(buf, from, sink)
    }
}

/// The UTF-8 masks of `block[..64]` (SSE2 on x86_64).
#[inline(always)]
pub fn utf8_masks(block: &[u8]) -> Utf8Masks {
    #[cfg(target_arch = "x86_64")]
    {
        if level() == AVX2 {
            // SAFETY: AVX2 is available (detect()).
            return unsafe { x86::utf8_masks_avx2(block) };
        }
        x86::utf8_masks_sse2(block)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        utf8_masks_scalar(block)
    }
}

/// For every byte `b >= 0xc0` of `block[..64]`, the low four bits of
/// `table[b - 0xc0]`, as four masks (`[k]` has bit i set when byte i's entry has
/// bit k). Bytes below 0xc0 give arbitrary bits: callers mask with the leads.
#[inline(always)]
pub fn lead_bits(block: &[u8], table: &[u8; 64]) -> [u64; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        if level() == AVX2 {
            // SAFETY: AVX2 is available (detect()).
            return unsafe { x86::lead_bits_avx2(block, table) };
        }
    }
    lead_bits_scalar(block, table)
}

/// `utf8_masks` and `lead_bits` of one block in one pass.
#[inline(always)]
pub fn utf8_and_lead_bits(block: &[u8], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
    #[cfg(target_arch = "x86_64")]
    {
        if level() == AVX2 {
            // SAFETY: AVX2 is available (detect()).
            return unsafe { (x86::utf8_masks_avx2(block), x86::lead_bits_avx2(block, table)) };
        }
    }
    (utf8_masks(block), lead_bits_scalar(block, table))
}

/// `lead_bits`, byte by byte (bytes below 0xc0 give 0).
pub fn lead_bits_scalar(block: &[u8], table: &[u8; 64]) -> [u64; 4] {
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

/// `utf8_masks`, byte by byte.
pub fn utf8_masks_scalar(block: &[u8]) -> Utf8Masks {
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
pub fn masks_scalar(block: &[u8]) -> Masks {
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

/// `scan` with the scalar classifier.
pub fn scan_scalar<S: Blocks>(buf: &[u8], mut at: usize, sink: &mut S) -> usize {
    while at + 64 <= buf.len() {
        let m = masks_scalar(&buf[at..at + 64]);
        let next = sink.block(buf, at, &m);
        if next <= at {
            return at;
        }
        at = next;
    }
    at
}

/// `count_newlines`, byte by byte.
pub fn count_newlines_scalar(buf: &[u8]) -> u64 {
    buf.iter().filter(|&&b| b == b'\n').count() as u64
}

#[cfg(target_arch = "x86_64")]
pub mod x86 {
    //! The x86_64 kernels. `*_sse2` are safe (SSE2 is part of x86_64); `*_avx2`
    //! require AVX2, POPCNT, BMI1 and BMI2.
    use super::{Blocks, Masks};
    use core::arch::x86_64::*;

    /// Masks of 16 bytes at `p` (SSE2).
    #[inline(always)]
    fn masks16(v: __m128i) -> [u32; 7] {
        // SAFETY: SSE2 is always available on x86_64; these are register operations.
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
            let graph = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x20)), _mm_cmplt_epi8(v, _mm_set1_epi8(0x7f)));
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
    fn block_sse2(b: &[u8]) -> Masks {
        debug_assert!(b.len() >= 64);
        let mut r = [0u64; 7];
        for q in 0..4 {
            // SAFETY: b has at least 64 bytes, so b[16q..16q+16] is in bounds; the
            // load is unaligned.
            let v = unsafe { _mm_loadu_si128(b.as_ptr().add(16 * q) as *const __m128i) };
            let m = masks16(v);
            for k in 0..7 {
                r[k] |= (m[k] as u64) << (16 * q);
            }
        }
        Masks { newline: r[0], space: r[1], graph: r[2], blank: r[3], tab: r[4], line_end: r[5], high: r[6] }
    }

    /// Signed range test: lo < v < hi (as i8).
    #[inline(always)]
    fn between(v: __m128i, lo: i8, hi: i8) -> i32 {
        // SAFETY: SSE2 is baseline on x86_64; register operations.
        unsafe {
            _mm_movemask_epi8(_mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(lo)), _mm_cmplt_epi8(v, _mm_set1_epi8(hi))))
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
        super::Utf8Masks {
            cont: r[0],
            lead2: r[1],
            lead3: r[2],
            lead4: r[3],
            e0: r[4],
            ed: r[5],
            f0: r[6],
            f4: r[7],
            a0_bf: r[8],
            x90_bf: r[9],
        }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn between256(v: __m256i, lo: i8, hi: i8) -> u32 {
        _mm256_movemask_epi8(_mm256_and_si256(
            _mm256_cmpgt_epi8(v, _mm256_set1_epi8(lo)),
            _mm256_cmpgt_epi8(_mm256_set1_epi8(hi), v),
        )) as u32
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn equal256(v: __m256i, b: u8) -> u32 {
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(b as i8))) as u32
    }

    /// `super::utf8_masks` with AVX2.
    ///
    /// # Safety
    /// The CPU and OS must support AVX2.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub unsafe fn utf8_masks_avx2(b: &[u8]) -> super::Utf8Masks {
        assert!(b.len() >= 64);
        let mut r = [0u64; 10];
        for h in 0..2 {
            // SAFETY: b has at least 64 bytes; unaligned load of b[32h..32h+32].
            let v = unsafe { _mm256_loadu_si256(b.as_ptr().add(32 * h) as *const __m256i) };
            let m = [
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
            ];
            for k in 0..10 {
                r[k] |= (m[k] as u64) << (32 * h);
            }
        }
        super::Utf8Masks {
            cont: r[0],
            lead2: r[1],
            lead3: r[2],
            lead4: r[3],
            e0: r[4],
            ed: r[5],
            f0: r[6],
            f4: r[7],
            a0_bf: r[8],
            x90_bf: r[9],
        }
    }

    /// `super::lead_bits` with AVX2: four 16-entry byte shuffles, chosen by bits
    /// 4 and 5 of the byte.
    ///
    /// # Safety
    /// The CPU and OS must support AVX2.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub unsafe fn lead_bits_avx2(b: &[u8], table: &[u8; 64]) -> [u64; 4] {
        assert!(b.len() >= 64);
        // SAFETY: table has 64 bytes: four unaligned 16-byte loads.
        let t = unsafe {
            let p = table.as_ptr() as *const __m128i;
            [
                _mm256_broadcastsi128_si256(_mm_loadu_si128(p)),
                _mm256_broadcastsi128_si256(_mm_loadu_si128(p.add(1))),
                _mm256_broadcastsi128_si256(_mm_loadu_si128(p.add(2))),
                _mm256_broadcastsi128_si256(_mm_loadu_si128(p.add(3))),
            ]
        };
        let mut out = [0u64; 4];
        for h in 0..2 {
            // SAFETY: b has at least 64 bytes.
            let v = unsafe { _mm256_loadu_si256(b.as_ptr().add(32 * h) as *const __m256i) };
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

    /// `super::scan` with SSE2.
    pub fn scan_sse2<S: Blocks>(buf: &[u8], mut at: usize, sink: &mut S) -> usize {
        while at + 64 <= buf.len() {
            let m = block_sse2(&buf[at..at + 64]);
            let next = sink.block(buf, at, &m);
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
        while at + 64 <= buf.len() {
            // SAFETY: at + 64 <= len, so both 32-byte unaligned loads are in bounds;
            // AVX2 is enabled for this function.
            let (lo, hi) = unsafe {
                let p = buf.as_ptr().add(at);
                (
                    masks32(_mm256_loadu_si256(p as *const __m256i)),
                    masks32(_mm256_loadu_si256(p.add(32) as *const __m256i)),
                )
            };
            let j = |k: usize| lo[k] as u64 | (hi[k] as u64) << 32;
            let m =
                Masks { newline: j(0), space: j(1), graph: j(2), blank: j(3), tab: j(4), line_end: j(5), high: j(6) };
            let next = sink.block(buf, at, &m);
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
        // SAFETY: every load reads 16 bytes at 16*i with i < chunks; SSE2 is baseline.
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
                total += (_mm_cvtsi128_si64(s) + _mm_extract_epi16(s, 4) as i64) as u64;
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random(seed: &mut u64, n: usize, alphabet: &[u8]) -> Vec<u8> {
        (0..n)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                if alphabet.is_empty() {
                    *seed as u8
                } else {
                    alphabet[(*seed % alphabet.len() as u64) as usize]
                }
            })
            .collect()
    }

    struct Collect(Vec<(usize, Masks)>);
    impl Blocks for Collect {
        fn block(&mut self, _: &[u8], at: usize, m: &Masks) -> usize {
            self.0.push((at, *m));
            at + 64
        }
    }

    #[test]
    fn masks_match_scalar() {
        let mut seed = 0x9e3779b97f4a7c15;
        for round in 0..200 {
            let alpha: &[u8] = if round % 2 == 0 { b"" } else { b"ab \t\n\r\x0c\x0b\x00\x7f\x80\xff~!" };
            let n = (round * 37) % 700;
            let buf = random(&mut seed, n, alpha);
            for from in [0, 1, 3] {
                let mut want = Collect(vec![]);
                let end_s = scan_scalar(&buf, from, &mut want);
                #[cfg(target_arch = "x86_64")]
                {
                    let mut got = Collect(vec![]);
                    let end = x86::scan_sse2(&buf, from, &mut got);
                    assert_eq!((end, &got.0), (end_s, &want.0));
                    if level() == AVX2 {
                        let mut got = Collect(vec![]);
                        // SAFETY: AVX2 detected.
                        let end = unsafe { x86::scan_avx2(&buf, from, &mut got) };
                        assert_eq!((end, &got.0), (end_s, &want.0));
                    }
                }
                let mut got = Collect(vec![]);
                assert_eq!(scan(&buf, from, &mut got), end_s);
                assert_eq!(got.0, want.0);
            }
        }
    }

    #[test]
    fn utf8_masks_match_scalar() {
        let mut seed = 777;
        for round in 0..500 {
            let buf = random(&mut seed, 64 + round % 3, b"");
            assert_eq!(utf8_masks(&buf), utf8_masks_scalar(&buf));
            #[cfg(target_arch = "x86_64")]
            assert_eq!(x86::utf8_masks_sse2(&buf), utf8_masks_scalar(&buf));
        }
        let all: Vec<u8> = (0..=255u8).collect();
        for i in 0..4 {
            assert_eq!(utf8_masks(&all[64 * i..]), utf8_masks_scalar(&all[64 * i..]));
        }
    }

    #[test]
    fn lead_bits_match_scalar() {
        let mut seed = 4242;
        let table: Vec<u8> = random(&mut seed, 64, b"");
        let table: &[u8; 64] = table.as_slice().try_into().unwrap();
        for _ in 0..300 {
            let buf = random(&mut seed, 64, b"");
            let leads: u64 = (0..64).filter(|&i| buf[i] >= 0xc0).map(|i| 1u64 << i).sum();
            let want = lead_bits_scalar(&buf, table);
            let got = lead_bits(&buf, table);
            for k in 0..4 {
                assert_eq!(got[k] & leads, want[k]);
            }
        }
    }

    #[test]
    fn newlines_match_scalar() {
        let mut seed = 12345;
        for n in (0..2000).step_by(7).chain([40_000, 70_001, 131_072]) {
            let buf = random(
                &mut seed,
                n,
                if n % 3 == 0 {
                    b"\n"
                } else if n % 3 == 1 {
                    b"\na"
                } else {
                    b""
                },
            );
            let want = count_newlines_scalar(&buf);
            #[cfg(target_arch = "x86_64")]
            {
                assert_eq!(x86::count_newlines_sse2(&buf), want, "sse2 n={n}");
                if level() == AVX2 {
                    // SAFETY: AVX2 detected.
                    assert_eq!(unsafe { x86::count_newlines_avx2(&buf) }, want, "avx2 n={n}");
                }
            }
            assert_eq!(count_newlines(&buf), want);
        }
    }
}
