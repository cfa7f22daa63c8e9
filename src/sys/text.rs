//! The decoder of texts packed by tools/gen_help.py (the errno texts of `err`, and
//! the `--help` texts of crate::help): each byte of a packed text is a symbol of
//! its file's `Dict`, a plain byte or a rule of two symbols. Pure: no syscall.

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
