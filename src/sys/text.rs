//! The decoder of texts packed by tools/gen_help.py (the errno texts of `err`, and
//! the `--help` texts of crate::help): a byte below 0x80 is itself, a byte from 0x80
//! is word `b - 0x80` of the text's `words`, each word ended by a byte with its top
//! bit set. Pure: no syscall.

/// Hands the bytes of packed `text` to `put`, a literal byte or a word at a time.
#[inline(never)]
pub fn expand(text: &[u8], words: &[u8], put: &mut dyn FnMut(&[u8])) {
    for &b in text {
        if b < 0x80 {
            put(&[b]);
        } else {
            let mut i = b - 0x80;
            for &c in words {
                if i == 0 {
                    put(&[c & 0x7f]);
                }
                if c >= 0x80 {
                    if i == 0 {
                        break;
                    }
                    i -= 1;
                }
            }
        }
    }
}
