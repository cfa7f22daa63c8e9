//! The x86 kernels (x86_64, and i686, whose baseline has SSE2): `sse2`, the
//! baseline's, and `avx2`, with POPCNT, BMI1 and BMI2; the CPU detection that tells
//! them apart (cpuid and xgetbv, asked once: `crate::dispatch` keeps the answer);
//! and the choice between them that `crate::dispatch` calls, by the level it
//! detected.

pub mod avx2;
pub mod sse2;

pub use avx2::{count_newlines_avx2, lead_bits_avx2, scan_avx2, utf8_masks_avx2};
pub use sse2::{count_newlines_sse2, scan_sse2, utf8_masks_sse2};

use super::{level, AVX2, BASE, UNKNOWN};
use crate::simd::scalar;
use crate::{Blocks, Utf8Masks};
use core::sync::atomic::{AtomicU8, Ordering};

/// The best level this CPU and OS support: `AVX2` (with POPCNT, BMI1 and BMI2) or
/// `BASE` (SSE2).
#[allow(unused_unsafe)]
pub fn detect() -> u8 {
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

/// The CPU has POPCNT (x86; asked once).
pub(crate) fn has_popcnt() -> bool {
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

// The choice, by the level `crate::dispatch` detected (the interface every kernel
// family of `crate::simd` offers it).

pub fn count_newlines(buf: &[u8]) -> u64 {
    if level() == AVX2 {
        // SAFETY: the CPU and OS support AVX2 (checked by detect()).
        return unsafe { count_newlines_avx2(buf) };
    }
    count_newlines_sse2(buf)
}

#[inline(always)]
pub fn scan<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    if level() == AVX2 {
        // SAFETY: the CPU and OS support AVX2, POPCNT, BMI1 and BMI2.
        return unsafe { scan_avx2(buf, from, sink) };
    }
    scan_sse2(buf, from, sink)
}

/// There are wider kernels than the baseline: AVX2, when the CPU has it.
pub const WIDE: Option<fn() -> bool> = Some(|| level() == AVX2);

/// `scan` with AVX2; nothing (`from`) without it.
#[inline(always)]
pub fn scan_wide<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    if level() == AVX2 {
        // SAFETY: the CPU and OS support AVX2, POPCNT, BMI1 and BMI2.
        return unsafe { scan_avx2(buf, from, sink) };
    }
    from
}

/// `scan` with SSE2.
#[inline(always)]
pub fn scan_base<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    scan_sse2(buf, from, sink)
}

#[inline(always)]
pub fn utf8_masks(block: &[u8; 64]) -> Utf8Masks {
    if level() == AVX2 {
        // SAFETY: AVX2 is available (detect()).
        return unsafe { utf8_masks_avx2(block) };
    }
    utf8_masks_sse2(block)
}

#[inline(always)]
pub fn lead_bits(block: &[u8; 64], table: &[u8; 64]) -> [u64; 4] {
    if level() == AVX2 {
        // SAFETY: AVX2 is available (detect()).
        return unsafe { lead_bits_avx2(block, table) };
    }
    scalar::lead_bits(block, table)
}

#[inline(always)]
pub fn utf8_and_lead_bits(block: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]) {
    if level() == AVX2 {
        // SAFETY: AVX2 is available (detect()).
        return unsafe { (utf8_masks_avx2(block), lead_bits_avx2(block, table)) };
    }
    (utf8_masks(block), scalar::lead_bits(block, table))
}
