//! The one choice of kernels: which family of `crate::simd` this build counts with
//! (`imp`, chosen at compile time: SSE2/AVX2 on x86, NEON on aarch64, SWAR
//! elsewhere; the features `kernel-swar` and `kernel-scalar` force the SWAR kernels
//! or the scalar reference everywhere, for measurement: bench/ and BENCHMARKS.md),
//! and within it the level the CPU supports (`level`: AVX2 or the baseline on x86,
//! detected once and kept). The package's kernel functions (`count_newlines`,
//! `scan`, ...) are the safe entry points here; tests may force a level.

use crate::simd::{self, level, scalar, swar, AVX2};
#[cfg(any(test, feature = "fuzzing"))]
use crate::simd::{BASE, LEVEL, SWAR};
use crate::{Blocks, Utf8Masks};
#[cfg(any(test, feature = "fuzzing"))]
use core::sync::atomic::Ordering;

/// Tests: use the baseline kernels from now on (SSE2 on x86 rather than AVX2;
/// elsewhere they are the only ones) (`false`: detect again). Results never depend
/// on the level, so tests running meanwhile are not disturbed.
#[cfg(any(test, feature = "fuzzing"))]
pub fn force_sse2(on: bool) {
    LEVEL.store(if on { BASE } else { simd::detect() }, Ordering::Relaxed);
}

/// Tests: use the SWAR kernels from now on, whatever the architecture (`false`:
/// detect again).
#[cfg(any(test, feature = "fuzzing"))]
pub fn force_swar(on: bool) {
    LEVEL.store(if on { SWAR } else { simd::detect() }, Ordering::Relaxed);
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

// The kernel family this build counts with (each offers the same interface).
#[cfg(all(
    any(
        target_arch = "x86_64",
        all(target_arch = "x86", target_feature = "sse2")
    ),
    not(any(feature = "kernel-swar", feature = "kernel-scalar"))
))]
use simd::x86 as imp;

#[cfg(all(
    target_arch = "aarch64",
    not(any(feature = "kernel-swar", feature = "kernel-scalar"))
))]
use simd::aarch64 as imp;

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
use simd::swar as imp;

#[cfg(all(feature = "kernel-scalar", not(feature = "kernel-swar")))]
use simd::scalar as imp;

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
        None => scalar::utf8_masks(block),
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
        None => scalar::lead_bits(block, table),
    }
}

/// `utf8_masks` and `lead_bits` of one block in one pass.
#[inline(always)]
pub fn utf8_and_lead_bits(block: &[u8], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
    match block64(block) {
        Some(b) if forced_swar() => (swar::utf8_masks(b), swar::lead_bits(b, table)),
        Some(b) => imp::utf8_and_lead_bits(b, table),
        None => (scalar::utf8_masks(block), scalar::lead_bits(block, table)),
    }
}
