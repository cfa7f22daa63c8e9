//! What wc counts, and the streaming counter for words, characters and the
//! maximum line width (GNU 9.1 rules; see GNU-SPEC.md section 6).
//!
//! A word is a run of printable non-space characters. Spaces separate words;
//! everything else (controls, NUL, DEL, invalid UTF-8, and in C bytes >= 0x80) is
//! transparent: it neither starts nor ends a word. Words are counted where they
//! start, which gives GNU's total (GNU counts where they end).
//!
//! Whole 64-byte blocks are classified by `crate::scan` into bit masks and
//! counted with bit arithmetic; the last bytes of a buffer, and blocks that are not
//! well-formed UTF-8, go through a byte-at-a-time step.
//!
//! Here: `Counts`, and `Counter`'s state and entry points (`feed` chooses one loop
//! per option set). Its other parts, each in a file of `count/`: `masked`, whole
//! blocks from their masks (`Vector`, the consumer the scan hands them to); `utf8`,
//! the blocks with non-ASCII bytes in UTF-8; `scalar`, the byte-at-a-time step.

use crate::classes::Classes;
use masked::Vector;

mod masked;
mod scalar;
mod utf8;

/// The numbers of one input (or the total).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Counts {
    pub lines: u64,
    pub words: u64,
    pub chars: u64,
    pub bytes: u64,
    /// Display width of the widest line.
    pub max_len: u64,
}

impl Counts {
    /// Adds `o` to a total (the widths take the maximum). Wraps silently, as 9.1.
    pub fn add(&mut self, o: &Counts) {
        self.lines = self.lines.wrapping_add(o.lines);
        self.words = self.words.wrapping_add(o.words);
        self.chars = self.chars.wrapping_add(o.chars);
        self.bytes = self.bytes.wrapping_add(o.bytes);
        self.max_len = self.max_len.max(o.max_len);
    }
}

/// A saved state of a [`Counter`].
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    counts: [u64; 5],
    in_word: bool,
}

/// The streaming counter of the "complicated" path (words, chars in UTF-8, -L).
pub struct Counter<'c> {
    pub lines: u64,
    pub words: u64,
    pub chars: u64,
    pub max_len: u64,
    linepos: u64,
    in_word: bool,
    utf8: bool,
    want_len: bool,
    want_words: bool,
    classes: &'c mut Classes,
}

impl<'c> Counter<'c> {
    /// A counter for UTF-8 (else the C locale), computing -L only if `want_len`.
    #[cfg(any(test, feature = "fuzzing"))]
    pub fn new(utf8: bool, want_len: bool, classes: &'c mut Classes) -> Counter<'c> {
        Counter::with_words(utf8, want_len, true, classes)
    }

    /// As `new`; without `want_words` the word count may be left out (faster).
    pub fn with_words(
        utf8: bool,
        want_len: bool,
        want_words: bool,
        classes: &'c mut Classes,
    ) -> Counter<'c> {
        Counter {
            lines: 0,
            words: 0,
            chars: 0,
            max_len: 0,
            linepos: 0,
            in_word: false,
            utf8,
            want_len,
            want_words,
            classes,
        }
    }

    /// The counts and the position in the current line and word, to go back to.
    pub fn progress(&self) -> Progress {
        Progress {
            counts: [
                self.lines,
                self.words,
                self.chars,
                self.max_len,
                self.linepos,
            ],
            in_word: self.in_word,
        }
    }

    /// Goes back to what [`Counter::progress`] returned.
    pub fn rewind(&mut self, p: Progress) {
        [
            self.lines,
            self.words,
            self.chars,
            self.max_len,
            self.linepos,
        ] = p.counts;
        self.in_word = p.in_word;
    }

    /// Counts `buf`; returns how many bytes were used. All of them, except in
    /// UTF-8 a character cut off at the end, which the caller passes again in
    /// front of the next read (or drops at end of input, as GNU does).
    pub fn feed(&mut self, buf: &[u8]) -> usize {
        if self.classes.bytes.is_some() {
            // An 8-bit locale: every byte through the byte loop with -L, which
            // reads the locale's table.
            return self.scalar_any(buf, 0, buf.len(), true);
        }
        if !crate::wide() {
            // The baseline kernels (SSE2 on a CPU without AVX2) get four loops, not
            // five: in UTF-8 with words, -L is a flag the block code tests.
            return match (self.utf8, self.want_len, self.want_len || self.want_words) {
                (false, false, _) => self.feed_base::<false, false, true, false>(buf),
                (false, true, _) => self.feed_base::<false, true, true, false>(buf),
                (true, _, false) => self.feed_base::<true, false, false, false>(buf),
                (true, _, true) => self.feed_base::<true, false, true, true>(buf),
            };
        }
        match (self.utf8, self.want_len, self.want_words) {
            (false, false, _) => self.feed_wide::<false, false, true>(buf),
            (false, true, _) => self.feed_wide::<false, true, true>(buf),
            (true, false, false) => self.feed_wide::<true, false, false>(buf),
            (true, false, true) => self.feed_wide::<true, false, true>(buf),
            (true, true, _) => self.feed_wide::<true, true, true>(buf),
        }
    }

    fn feed_wide<const UTF8: bool, const LEN: bool, const WORDS: bool>(
        &mut self,
        buf: &[u8],
    ) -> usize {
        let mut sink = Vector::<UTF8, LEN, WORDS, false> { c: self };
        let at = crate::scan_wide(buf, 0, &mut sink);
        self.scalar_any(buf, at, buf.len(), LEN)
    }

    fn feed_base<const UTF8: bool, const LEN: bool, const WORDS: bool, const RUNTIME: bool>(
        &mut self,
        buf: &[u8],
    ) -> usize {
        let mut sink = Vector::<UTF8, LEN, WORDS, RUNTIME> { c: self };
        let at = crate::scan_base(buf, 0, &mut sink);
        let len = LEN || RUNTIME && self.want_len;
        self.scalar_any(buf, at, buf.len(), len)
    }

    /// Counts `buf` one byte or character at a time, with no vector help: the
    /// reference the block path is tested against.
    #[cfg(any(test, feature = "fuzzing"))]
    pub fn feed_scalar(&mut self, buf: &[u8]) -> usize {
        match (self.utf8, self.want_len) {
            (false, false) => self.scalar::<false, false>(buf, 0, buf.len()),
            (false, true) => self.scalar::<false, true>(buf, 0, buf.len()),
            (true, false) => self.scalar::<true, false>(buf, 0, buf.len()),
            (true, true) => self.scalar::<true, true>(buf, 0, buf.len()),
        }
    }

    /// The final numbers (bytes are the reader's business).
    pub fn finish(&mut self) -> Counts {
        self.max_len = self.max_len.max(self.linepos);
        Counts {
            lines: self.lines,
            words: self.words,
            chars: self.chars,
            bytes: 0,
            max_len: self.max_len,
        }
    }
}

#[cfg(test)]
mod tests;
