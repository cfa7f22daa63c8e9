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
#[cfg(any(test, feature = "fuzzing"))]
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
pub mod x86;

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
