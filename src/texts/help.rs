//! The applets' `--help` texts, packed: the plain texts are src/texts/help/*.txt
//! (`{prog}` where the program name goes), and tools/gen_help.py writes them into
//! src/texts/help/packed.rs as a string of symbols, each a byte or a pair of symbols
//! (Re-Pair: 44 % of the bytes of the plain text); `texts::expand` unpacks them.

use crate::fmt::Sink;

mod packed;

pub use packed::{LS, WC};

/// The byte that stands for the program name.
const PROG: u8 = 0x01;

/// Writes packed text `text` to `sink`, `prog` for each PROG.
pub fn expand(text: &[u8], prog: &[u8], sink: &mut dyn Sink) {
    super::expand(text, &packed::DICT, &mut |b| {
        sink.put(if b == [PROG] { prog } else { b });
    });
}

#[cfg(test)]
mod tests;
