//! The code of bareutils built for speed, a package of its own (bareutils-hot): the
//! release profile compiles it at opt-level 3 and the rest of the binary for size
//! ("z"; Cargo.toml, docs/ARCHITECTURE.md). Its entry points are not generic
//! (`count_newlines`, `count::Counter::feed`, `keysort::sort_keys`), so the loops
//! are instantiated here, with this package's optimisation, and not in the applet
//! that calls them. It imports nothing from the binary.
//!
//! The map:
//! - `block`: what a kernel hands wc's counter: the masks of a 64-byte block and the
//!   traits `Blocks` (the counter's side) and `Kernel` (the kernel's UTF-8 half);
//! - `simd`: the byte-classifying kernels, one module per family (x86 SSE2/AVX2,
//!   aarch64 NEON, SWAR, and the scalar references), the only modules of the
//!   package where `unsafe` is allowed (the package denies it elsewhere). Their files
//!   are in src/simd/, beside src/sys/: the two folders of the crate that hold
//!   `unsafe` (`#[path]` below);
//! - `dispatch`: the one choice of kernels (per build, and on x86 per CPU, detected
//!   once) and the safe functions re-exported below;
//! - `count`: wc's counter (`Counter`, `Counts`), which `scan`s blocks and counts
//!   them with bit arithmetic; `classes`: the per-character cache it reads;
//! - `decode`: glibc's UTF-8 decoder (`fmt::unicode` re-exports it for the binary);
//! - `keysort`: ls's sort of 12-byte name keys.
#![cfg_attr(not(test), no_std)]
#![deny(unsafe_code)]
#![forbid(unsafe_op_in_unsafe_fn)]

pub mod block;
pub mod classes;
pub mod count;
pub mod decode;
pub mod dispatch;
pub mod keysort;
#[path = "../simd/mod.rs"]
pub mod simd;

pub use block::{Blocks, Kernel, Masks, Utf8Masks};
#[cfg(test)]
pub use dispatch::FORCED;
pub use dispatch::{
    count_newlines, has_avx2, lead_bits, scan, scan_base, scan_wide, utf8_and_lead_bits,
    utf8_masks, wide,
};
#[cfg(any(test, feature = "fuzzing"))]
pub use dispatch::{force_sse2, force_swar};
pub use simd::scalar::{
    count_newlines as count_newlines_scalar, lead_bits as lead_bits_scalar, masks as masks_scalar,
    scan as scan_scalar, utf8_masks as utf8_masks_scalar,
};
