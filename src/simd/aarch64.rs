//! The aarch64 kernels: `neon` (Advanced SIMD, part of the base architecture, so
//! there is nothing to detect), and the interface `crate::dispatch` calls.

pub mod neon;

use crate::Blocks;
pub use neon::{count_newlines, lead_bits, scan, utf8_and_lead_bits, utf8_masks};

/// One set of kernels: `scan` is the widest.
pub const WIDE: Option<fn() -> bool> = None;
pub fn scan_wide<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    scan(buf, from, sink)
}
pub fn scan_base<S: Blocks>(buf: &[u8], from: usize, sink: &mut S) -> usize {
    scan(buf, from, sink)
}
