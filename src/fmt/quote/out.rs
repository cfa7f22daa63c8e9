//! The end `quote` writes through: the caller's sink (none in a dry run), the
//! display columns of what is written, and `-q`'s question marks for the name's
//! nonprintable characters.

use crate::fmt::Sink;

/// Where `run` writes: a sink, and what `quote` reports of the text. ls measures
/// and screens the quoted text (`-q`), so a character of the name counts as it is
/// written, and the quoting's own bytes (printable ASCII, the curly quotes) one
/// column a character.
pub(super) struct Out<'a> {
    /// None in a dry run.
    pub(super) sink: Option<&'a mut dyn Sink>,
    /// ls -q: the name's nonprintable characters are written as `?`.
    pub(super) question_marks: bool,
    /// Display columns.
    pub(super) width: usize,
    /// Bytes written (before `-q` replaced any).
    pub(super) len: usize,
    pub(super) first: Option<u8>,
}

impl<'a> Out<'a> {
    pub(super) fn new(sink: Option<&'a mut dyn Sink>, question_marks: bool) -> Out<'a> {
        Out {
            sink,
            question_marks,
            width: 0,
            len: 0,
            first: None,
        }
    }

    /// The quoting's own bytes.
    pub(super) fn put(&mut self, bytes: &[u8]) {
        // (A quote in UTF-8, which starts with a lead byte, is counted by its
        // characters; in an 8-bit codeset, a character is a byte.)
        let chars = if bytes.first() >= Some(&0xC0) {
            bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
        } else {
            bytes.len()
        };
        self.text(bytes, chars, false);
    }

    pub(super) fn byte(&mut self, b: u8) {
        self.put(&[b]);
    }

    /// Text of the name `cols` columns wide; `hidden`: not printable (a `?` for
    /// `-q`, one column).
    pub(super) fn text(&mut self, bytes: &[u8], cols: usize, hidden: bool) {
        let Some(sink) = self.sink.as_deref_mut() else {
            return;
        };
        if self.first.is_none() {
            self.first = bytes.first().copied();
        }
        self.len += bytes.len();
        if hidden && self.question_marks {
            sink.put_byte(b'?');
            self.width += 1;
        } else {
            match bytes {
                &[b] => sink.put_byte(b),
                _ => sink.put(bytes),
            }
            self.width += cols;
        }
    }
}
