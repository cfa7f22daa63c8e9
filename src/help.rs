//! The applets' `--help` texts, packed: the plain texts are src/help/*.txt
//! (`{prog}` where the program name goes), and tools/gen_help.py writes them into
//! src/help/packed.rs as bytes where each byte from 0x80 stands for a recurring word
//! (half the bytes of the plain text).

use crate::fmt::Sink;

mod packed;

pub use packed::{LS, WC};

/// The byte that stands for the program name.
const PROG: u8 = 0x01;

/// Writes packed text `text` to `sink`, `prog` for each PROG.
pub fn expand(text: &[u8], prog: &[u8], sink: &mut dyn Sink) {
    for &b in text {
        match b {
            PROG => sink.put(prog),
            0..=0x7f => sink.put_byte(b),
            _ => word(b - 0x80, sink),
        }
    }
}

/// Writes word `i` of `WORDS` (each ends with a byte with its top bit set).
fn word(mut i: u8, sink: &mut dyn Sink) {
    for &c in packed::WORDS.iter() {
        if i == 0 {
            sink.put_byte(c & 0x7f);
        }
        if c >= 0x80 {
            if i == 0 {
                return;
            }
            i -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// packed.rs expands to the plain texts (tools/gen_help.py was run after the
    /// last edit of a text).
    #[test]
    fn packed_texts_are_the_plain_texts() {
        for (packed, plain) in [
            (&LS[..], include_str!("help/ls.txt")),
            (&WC[..], include_str!("help/wc.txt")),
        ] {
            let mut v = heapless::Vec::<u8, 16384>::new();
            expand(packed, b"PROG", &mut v);
            assert_eq!(
                String::from_utf8(v.to_vec()).unwrap(),
                plain.replace("{prog}", "PROG"),
                "run tools/gen_help.py"
            );
        }
    }
}
