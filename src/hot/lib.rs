//! wc's hot code, a package of its own (bareutils-hot): the byte-classifying
//! kernels and the counter built on them. The release profile compiles this package
//! for speed (opt-level 3) and the rest of the binary for size (Cargo.toml,
//! docs/ARCHITECTURE.md). Its entry points are not generic (`count_newlines`,
//! `count::Counter::feed`), so the loops are instantiated here, with this package's
//! optimisation, and not in the applet that calls them.
//!
//! SIMD and SWAR byte classification for wc, behind safe functions. These kernels
//! make no syscall, so they are not part of `sys`; but the intrinsics of `core::arch`
//! are `unsafe` to call, so this package is, with `sys`, one of the two places where
//! `unsafe` is allowed (only in this file and the kernels x86.rs, neon.rs, swar.rs:
//! the counter's modules deny it). Every `unsafe` block here is a load inside the
//! caller's slice or an instruction the CPU is known to have. Per architecture:
//! - x86_64 and i686 (x86.rs): SSE2 (the baseline of both) and AVX2 (with
//!   POPCNT/BMI1/BMI2), chosen once at run time with cpuid and xgetbv;
//! - aarch64 (neon.rs): NEON, part of the base architecture;
//! - everywhere else (swar.rs): eight bytes per 64-bit word (SWAR).
//!
//! The byte-by-byte functions at the end (`*_scalar`) are the reference the unit
//! tests compare every kernel with, on every architecture; they are never the
//! production path (but for the `kernel-scalar` measurement feature).
//!
//! `scan` classifies 64-byte blocks into bit masks and hands each block's masks to
//! a [`Blocks`] consumer. The consumer is generic, so it is compiled into the
//! vector function and its bit arithmetic gets the same target features (POPCNT).
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_op_in_unsafe_fn)]

#[deny(unsafe_code)]
pub mod classes;
#[deny(unsafe_code)]
pub mod count;
#[deny(unsafe_code)]
pub mod decode;
#[deny(unsafe_code)]
pub mod keysort;
#[deny(unsafe_code)]
mod utf8;

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

impl Masks {
    /// From `[newline, space, graph, blank, tab, line_end, high]`.
    #[inline(always)]
    pub fn from_array(r: [u64; 7]) -> Masks {
        Masks {
            newline: r[0],
            space: r[1],
            graph: r[2],
            blank: r[3],
            tab: r[4],
            line_end: r[5],
            high: r[6],
        }
    }
}

impl Utf8Masks {
    /// From the fields in declaration order.
    #[inline(always)]
    pub fn from_array(r: [u64; 10]) -> Utf8Masks {
        Utf8Masks {
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
}

/// The UTF-8 half of the kernel family that classified a block: the scan passes it
/// to its sink, so that the vector function the sink is inlined into computes the
/// block's UTF-8 masks with its own instructions, without asking again which CPU
/// this is (the AVX2 scan's UTF-8 code then stays inline in it).
pub trait Kernel {
    /// `utf8_masks` of a whole block.
    fn utf8_masks(b: &[u8; 64]) -> Utf8Masks;
    /// `utf8_and_lead_bits` of a whole block.
    fn utf8_and_lead_bits(b: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]);
    /// The number of bits set in `x` (the kernels' own way: SSE2 calls one
    /// out-of-line copy, see x86.rs).
    #[inline(always)]
    fn ones(x: u64) -> u32 {
        x.count_ones()
    }
}

/// A consumer of classified blocks.
pub trait Blocks {
    /// Called for the 64 bytes `buf[at..at + 64]` with their masks. Returns the
    /// position to continue from, past `at`: normally `at + 64`; more when the
    /// consumer has already handled bytes past the block (a character that
    /// straddles it); less when it left the end of the block to the next one (a
    /// character cut by the block's end). The scan goes on while 64 bytes remain.
    /// `K` computes the block's UTF-8 masks, when the consumer wants them.
    fn block<K: Kernel>(&mut self, buf: &[u8], at: usize, m: &Masks) -> usize;
}

const UNKNOWN: u8 = 0;
/// The architecture's own kernels without run-time detection: SSE2 on x86, NEON on
/// aarch64, SWAR elsewhere.
const BASE: u8 = 1;
const AVX2: u8 = 2;
/// Tests only: the SWAR kernels, on any architecture.
#[cfg(any(test, feature = "fuzzing"))]
const SWAR: u8 = 3;

static LEVEL: AtomicU8 = AtomicU8::new(UNKNOWN);

#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
#[allow(unused_unsafe)]
fn detect() -> u8 {
    #[cfg(target_arch = "x86")]
    use core::arch::x86::{__cpuid, __cpuid_count};
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    // SAFETY: cpuid exists on every x86_64 CPU and on every CPU the i686 target
    // runs on.
    let max = unsafe { __cpuid(0) }.eax;
    if max < 7 {
        return BASE;
    }
    // SAFETY: as above; leaf 1 is below the maximum leaf.
    let l1 = unsafe { __cpuid(1) };
    // SAFETY: as above; so is leaf 7 (checked above).
    let l7 = unsafe { __cpuid_count(7, 0) };
    let osxsave = l1.ecx & (1 << 27) != 0;
    let avx = l1.ecx & (1 << 28) != 0;
    let popcnt = l1.ecx & (1 << 23) != 0;
    let avx2 = l7.ebx & (1 << 5) != 0;
    let bmi1 = l7.ebx & (1 << 3) != 0;
    let bmi2 = l7.ebx & (1 << 8) != 0;
    if !(osxsave && avx && popcnt && avx2 && bmi1 && bmi2) {
        return BASE;
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
        BASE
    }
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "x86")))]
fn detect() -> u8 {
    BASE
}

/// The CPU has POPCNT (x86; asked once).
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
fn has_popcnt() -> bool {
    #[cfg(target_arch = "x86")]
    use core::arch::x86::__cpuid;
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::__cpuid;
    const NO: u8 = 1;
    const YES: u8 = 2;
    static POPCNT: AtomicU8 = AtomicU8::new(UNKNOWN);
    match POPCNT.load(Ordering::Relaxed) {
        UNKNOWN => {
            // SAFETY: cpuid exists on every CPU these targets run on; leaf 1 is
            // always defined.
            #[allow(unused_unsafe)]
            let yes = unsafe { __cpuid(1) }.ecx & (1 << 23) != 0;
            POPCNT.store(if yes { YES } else { NO }, Ordering::Relaxed);
            yes
        }
        v => v == YES,
    }
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

/// Tests: use the baseline kernels from now on (SSE2 on x86 rather than AVX2;
/// elsewhere they are the only ones) (`false`: detect again). Results never depend
/// on the level, so tests running meanwhile are not disturbed.
#[cfg(any(test, feature = "fuzzing"))]
pub fn force_sse2(on: bool) {
    LEVEL.store(if on { BASE } else { detect() }, Ordering::Relaxed);
}

/// Tests: use the SWAR kernels from now on, whatever the architecture (`false`:
/// detect again).
#[cfg(any(test, feature = "fuzzing"))]
pub fn force_swar(on: bool) {
    LEVEL.store(if on { SWAR } else { detect() }, Ordering::Relaxed);
}

/// Held by tests that force a level, so that each runs with the one it chose.
#[cfg(test)]
pub static FORCED: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Whether a test asked for the SWAR kernels (never in a build).
#[inline(always)]
fn forced_swar() -> bool {
    #[cfg(any(test, feature = "fuzzing"))]
    {
        LEVEL.load(Ordering::Relaxed) == SWAR
    }
    #[cfg(not(any(test, feature = "fuzzing")))]
    {
        false
    }
}

/// True when the AVX2 kernels are used (for `wc --debug`).
pub fn has_avx2() -> bool {
    cfg!(any(target_arch = "x86_64", target_arch = "x86")) && level() == AVX2
}

/// The kernels this build counts with: SSE2/AVX2 on x86 (x86_64, and i686, whose
/// baseline has SSE2), NEON on aarch64, SWAR elsewhere. The features
/// `kernel-swar` and `kernel-scalar` force the SWAR kernels or the scalar
/// reference everywhere (for measurement: bench/ and BENCHMARKS.md).
#[cfg(all(
    any(
        target_arch = "x86_64",
        all(target_arch = "x86", target_feature = "sse2")
    ),
    not(any(feature = "kernel-swar", feature = "kernel-scalar"))
))]
mod imp {
    use super::{level, x86, Blocks, Utf8Masks, AVX2};

    /// The name `wc --debug` would give (GNU names only avx2).
    pub const NAME: &str = "sse2/avx2";

    pub fn count_newlines(buf: &[u8]) -> u64 {
        if level() == AVX2 {
            // SAFETY: the CPU and OS support AVX2 (checked by detect()).
            return unsafe { x86::count_newlines_avx2(buf) };
        }
        x86::count_newlines_sse2(buf)
    }

    #[inline(always)]
    pub fn scan<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
        if level() == AVX2 {
            // SAFETY: the CPU and OS support AVX2, POPCNT, BMI1 and BMI2.
            return unsafe { x86::scan_avx2(buf, from, sink) };
        }
        x86::scan_sse2(buf, from, sink)
    }

    /// There are wider kernels than the baseline: AVX2, when the CPU has it.
    pub const WIDE: Option<fn() -> bool> = Some(|| level() == AVX2);

    /// `scan` with AVX2; nothing (`from`) without it.
    #[inline(always)]
    pub fn scan_wide<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
        if level() == AVX2 {
            // SAFETY: the CPU and OS support AVX2, POPCNT, BMI1 and BMI2.
            return unsafe { x86::scan_avx2(buf, from, sink) };
        }
        from
    }

    /// `scan` with SSE2.
    #[inline(always)]
    pub fn scan_base<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
        x86::scan_sse2(buf, from, sink)
    }

    #[inline(always)]
    pub fn utf8_masks(block: &[u8; 64]) -> Utf8Masks {
        if level() == AVX2 {
            // SAFETY: AVX2 is available (detect()).
            return unsafe { x86::utf8_masks_avx2(block) };
        }
        x86::utf8_masks_sse2(block)
    }

    #[inline(always)]
    pub fn lead_bits(block: &[u8; 64], table: &[u8; 64]) -> [u64; 4] {
        if level() == AVX2 {
            // SAFETY: AVX2 is available (detect()).
            return unsafe { x86::lead_bits_avx2(block, table) };
        }
        super::lead_bits_scalar(block, table)
    }

    #[inline(always)]
    pub fn utf8_and_lead_bits(block: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
        if level() == AVX2 {
            // SAFETY: AVX2 is available (detect()).
            return unsafe {
                (
                    x86::utf8_masks_avx2(block),
                    x86::lead_bits_avx2(block, table),
                )
            };
        }
        (utf8_masks(block), super::lead_bits_scalar(block, table))
    }
}

#[cfg(all(
    target_arch = "aarch64",
    not(any(feature = "kernel-swar", feature = "kernel-scalar"))
))]
mod imp {
    pub use super::neon::{count_newlines, lead_bits, scan, utf8_and_lead_bits, utf8_masks};
    pub const NAME: &str = "neon";
    /// One set of kernels: `scan` is the widest.
    pub const WIDE: Option<fn() -> bool> = None;
    pub fn scan_wide<S: super::Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
        scan(buf, from, sink)
    }
    pub fn scan_base<S: super::Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
        scan(buf, from, sink)
    }
}

#[cfg(any(
    feature = "kernel-swar",
    all(
        not(feature = "kernel-scalar"),
        not(any(
            target_arch = "x86_64",
            all(target_arch = "x86", target_feature = "sse2"),
            target_arch = "aarch64"
        ))
    )
))]
mod imp {
    pub use super::swar::{count_newlines, lead_bits, scan, utf8_masks};
    pub const NAME: &str = "swar";
    /// One set of kernels: `scan` is the widest.
    pub const WIDE: Option<fn() -> bool> = None;
    pub fn scan_wide<S: super::Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
        scan(buf, from, sink)
    }
    pub fn scan_base<S: super::Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
        scan(buf, from, sink)
    }

    #[inline(always)]
    pub fn utf8_and_lead_bits(block: &[u8; 64], table: &[u8; 64]) -> (super::Utf8Masks, [u64; 4]) {
        (utf8_masks(block), lead_bits(block, table))
    }
}

#[cfg(all(feature = "kernel-scalar", not(feature = "kernel-swar")))]
mod imp {
    use super::{Blocks, Utf8Masks};
    pub const NAME: &str = "scalar";
    /// One set of kernels: `scan` is the widest.
    pub const WIDE: Option<fn() -> bool> = None;
    pub fn scan_wide<S: super::Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
        scan(buf, from, sink)
    }
    pub fn scan_base<S: super::Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
        scan(buf, from, sink)
    }

    pub fn count_newlines(buf: &[u8]) -> u64 {
        super::count_newlines_scalar(buf)
    }
    pub fn scan<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
        super::scan_scalar(buf, from, sink)
    }
    pub fn utf8_masks(block: &[u8; 64]) -> Utf8Masks {
        super::utf8_masks_scalar(block)
    }
    pub fn lead_bits(block: &[u8; 64], table: &[u8; 64]) -> [u64; 4] {
        super::lead_bits_scalar(block, table)
    }
    pub fn utf8_and_lead_bits(block: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
        (utf8_masks(block), lead_bits(block, table))
    }
}

/// The kernels in use: "sse2/avx2", "neon", "swar" or "scalar".
pub const KERNELS: &str = imp::NAME;

/// The first 64 bytes of `block` (callers pass whole blocks).
#[inline(always)]
fn block64(block: &[u8]) -> Option<&[u8; 64]> {
    block.first_chunk::<64>()
}

/// The number of `\n` bytes in `buf`.
pub fn count_newlines(buf: &[u8]) -> u64 {
    if forced_swar() {
        return swar::count_newlines(buf);
    }
    imp::count_newlines(buf)
}

/// Classifies `buf[from..]` block by block, calling `sink` for every whole 64-byte
/// block (each starting where the sink said the previous one ended); returns the
/// position where fewer than 64 bytes remain. The caller handles the rest.
pub fn scan<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    if forced_swar() {
        return swar::scan(buf, from, sink);
    }
    imp::scan(buf, from, sink)
}

/// Whether the kernels in use are the widest this build has (AVX2 on x86; the
/// other architectures have one set): wc's counter compiles one loop per option set
/// for them, and fewer for the baseline (`scan_wide`, `scan_base`).
#[inline(always)]
pub fn wide() -> bool {
    forced_swar() || imp::WIDE.is_none_or(|w| w())
}

/// `scan` with the widest kernels, when `wide()`; without them it classifies
/// nothing (returns `from`: the caller's scalar loop counts everything).
pub fn scan_wide<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    if forced_swar() {
        return swar::scan(buf, from, sink);
    }
    match imp::WIDE {
        Some(_) => imp::scan_wide(buf, from, sink),
        None => imp::scan(buf, from, sink),
    }
}

/// `scan` with the baseline kernels (only when not `wide()`).
pub fn scan_base<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    match imp::WIDE {
        Some(_) => imp::scan_base(buf, from, sink),
        None => from,
    }
}

/// The UTF-8 masks of `block[..64]` (a shorter block: those of its bytes).
#[inline(always)]
pub fn utf8_masks(block: &[u8]) -> Utf8Masks {
    match block64(block) {
        Some(b) if forced_swar() => swar::utf8_masks(b),
        Some(b) => imp::utf8_masks(b),
        None => utf8_masks_scalar(block),
    }
}

/// For every byte `b >= 0xc0` of `block[..64]`, the low four bits of
/// `table[b - 0xc0]`, as four masks (`[k]` has bit i set when byte i's entry has
/// bit k). Bytes below 0xc0 give arbitrary bits: callers mask with the leads.
#[inline(always)]
pub fn lead_bits(block: &[u8], table: &[u8; 64]) -> [u64; 4] {
    match block64(block) {
        Some(b) if forced_swar() => swar::lead_bits(b, table),
        Some(b) => imp::lead_bits(b, table),
        None => lead_bits_scalar(block, table),
    }
}

/// `utf8_masks` and `lead_bits` of one block in one pass.
#[inline(always)]
pub fn utf8_and_lead_bits(block: &[u8], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
    match block64(block) {
        Some(b) if forced_swar() => (swar::utf8_masks(b), swar::lead_bits(b, table)),
        Some(b) => imp::utf8_and_lead_bits(b, table),
        None => (utf8_masks_scalar(block), lead_bits_scalar(block, table)),
    }
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

/// A block classifier, for [`scan_with`] (a trait, not a closure: the kernels are
/// large, and only a method marked inline(always) is sure to be inlined).
pub trait Classify {
    fn masks(b: &[u8; 64]) -> Masks;
}

/// The scan loop shared by the kernels. Bounded by what remains (`len - at`, 0 once
/// `at` is past the end), so that no position a sink returns can wrap `at + 64`
/// around to a small number.
#[inline(always)]
fn scan_with<C: Classify + Kernel, S: Blocks>(buf: &[u8], mut at: usize, sink: &mut S) -> usize {
    while buf.len().saturating_sub(at) >= 64 {
        let Ok(b) = <&[u8; 64]>::try_from(&buf[at..at + 64]) else {
            return at;
        };
        let m = C::masks(b);
        let next = sink.block::<C>(buf, at, &m);
        if next <= at {
            return at;
        }
        at = next;
    }
    at
}

struct Scalar;
impl Classify for Scalar {
    #[inline(always)]
    fn masks(b: &[u8; 64]) -> Masks {
        masks_scalar(b)
    }
}
impl Kernel for Scalar {
    fn utf8_masks(b: &[u8; 64]) -> Utf8Masks {
        utf8_masks_scalar(b)
    }
    fn utf8_and_lead_bits(b: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
        (utf8_masks_scalar(b), lead_bits_scalar(b, table))
    }
}

/// `scan` with the scalar classifier.
pub fn scan_scalar<S: Blocks>(buf: &[u8], at: usize, sink: &mut S) -> usize {
    scan_with::<Scalar, S>(buf, at, sink)
}

/// `count_newlines`, byte by byte.
pub fn count_newlines_scalar(buf: &[u8]) -> u64 {
    buf.iter().filter(|&&b| b == b'\n').count() as u64
}

#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "x86", target_feature = "sse2")
))]
pub mod x86;

#[cfg(target_arch = "aarch64")]
pub mod neon;

pub mod swar;

#[cfg(test)]
mod tests;
