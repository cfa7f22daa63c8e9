//! The texts the binary prints whole, packed, and their decoder: the applets'
//! `--help` texts (`help`) and glibc's errno texts (`errno`). tools/gen_help.py packs
//! each set's plain texts (src/texts/help/*.txt, src/texts/errno/strerror.txt) into a
//! string of symbols, one byte each, and a `Dict` of what the symbols stand for (a
//! plain byte, or a Re-Pair rule of two symbols); `expand` writes them out. Pure: no
//! syscall, and nothing of the crate but `fmt`'s `Sink` (to which the texts are
//! written); messages append the errno texts through `msg`.

pub mod errno;
pub mod help;

/// What the symbols of a packed text stand for: symbol `i` below `bytes.len()` is
/// `bytes[i]`; symbol `bytes.len() + r` is rule `r`, the symbols
/// `rules[2 * r]` and `rules[2 * r + 1]` in turn (each a byte or an earlier rule).
pub struct Dict {
    /// The distinct bytes of the texts, sorted.
    pub bytes: &'static [u8],
    /// The rules, two symbols each.
    pub rules: &'static [u8],
}

impl Dict {
    /// Hands the bytes symbol `s` stands for to `put`, one at a time.
    fn symbol(&self, s: u8, put: &mut dyn FnMut(&[u8])) {
        let s = usize::from(s);
        match self.bytes.get(s) {
            Some(b) => put(core::slice::from_ref(b)),
            None => {
                let r = 2 * (s - self.bytes.len());
                if let Some(&[a, b]) = self.rules.get(r..r + 2) {
                    self.symbol(a, put);
                    self.symbol(b, put);
                }
            }
        }
    }
}

/// Hands the bytes of packed `text` to `put`, one at a time.
#[inline(never)]
pub fn expand(text: &[u8], dict: &Dict, put: &mut dyn FnMut(&[u8])) {
    for &s in text {
        dict.symbol(s, put);
    }
}
