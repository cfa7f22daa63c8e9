//! wc's counter lives in `hot::count` (beside the kernels, compiled for speed while
//! the rest of the binary is compiled for size: docs/ARCHITECTURE.md); this module
//! names it for the applet and checks it on GNU 9.1's examples with the real
//! character classes.

pub use crate::hot::count::{Counter, Counts, Progress};

#[cfg(test)]
mod tests;
