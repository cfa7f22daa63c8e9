//! The SIMD kernels (and their SWAR and scalar twins) that classify bytes for wc,
//! one module per family, in the manner of memchr's `arch` (module `hot::simd`):
//! - `x86` (x86_64 and i686): `sse2` (the baseline of both) and `avx2` (with
//!   POPCNT, BMI1 and BMI2), told apart once at run time with cpuid and xgetbv;
//! - `aarch64`: `neon`, part of the base architecture;
//! - `swar`: eight bytes per 64-bit word, for every other architecture (compiled and
//!   tested everywhere);
//! - `scalar`: the byte-by-byte references the tests compare every kernel with.
//!
//! Each family offers `crate::dispatch` the same interface (`WIDE`,
//! `count_newlines`, `scan`, `scan_wide`, `scan_base`, `utf8_masks`, `lead_bits`,
//! `utf8_and_lead_bits`), and dispatch names one of them for the build. A kernel
//! makes no syscall, so it is not part of `sys`; but the intrinsics of `core::arch`
//! are `unsafe` to call, so `x86` and `aarch64` are, with `sys`, the only places
//! where `unsafe` is allowed (lib.rs denies it everywhere else). Every `unsafe`
//! block in them is a load inside the caller's slice or an instruction the CPU is
//! known to have.
//!
//! Here: the scan loop that the kernels without a loop of their own share
//! (`scan_with`, over a block classifier, `Classify`).

use crate::{Blocks, Kernel, Masks};
use core::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "aarch64")]
#[allow(unsafe_code)]
pub mod aarch64;
pub mod scalar;
pub mod swar;
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "x86", target_feature = "sse2")
))]
#[allow(unsafe_code)]
pub mod x86;

/// The best kernels this CPU has, as a `crate::dispatch` level: cpuid's answer on
/// x86, the architecture's own kernels (`BASE`) elsewhere.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "x86", target_feature = "sse2")
))]
pub use x86::detect;

#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "x86", target_feature = "sse2")
)))]
pub fn detect() -> u8 {
    BASE
}

/// The kernel levels (`level`), and the one in use: detected on first use and kept
/// (tests may force one: `crate::dispatch`).
pub(crate) const UNKNOWN: u8 = 0;
/// The architecture's own kernels without run-time detection: SSE2 on x86, NEON on
/// aarch64, SWAR elsewhere.
pub(crate) const BASE: u8 = 1;
pub(crate) const AVX2: u8 = 2;
/// Tests only: the SWAR kernels, on any architecture.
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) const SWAR: u8 = 3;

pub(crate) static LEVEL: AtomicU8 = AtomicU8::new(UNKNOWN);

/// The level of the kernels in use (detected on first use).
#[inline(always)]
pub(crate) fn level() -> u8 {
    let l = LEVEL.load(Ordering::Relaxed);
    if l != UNKNOWN {
        return l;
    }
    let l = detect();
    LEVEL.store(l, Ordering::Relaxed);
    l
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

#[cfg(test)]
#[allow(unsafe_code)] // The AVX2 kernels are called (on a CPU that has AVX2).
mod tests;
