//! What wc counts, and the streaming counter for words, characters and the
//! maximum line width (GNU 9.1 rules; see GNU-SPEC.md section 6).
//!
//! A word is a run of printable non-space characters. Spaces separate words;
//! everything else (controls, NUL, DEL, invalid UTF-8, and in C bytes >= 0x80) is
//! transparent: it neither starts nor ends a word. Words are counted where they
//! start, which gives GNU's total (GNU counts where they end).
//!
//! Whole 64-byte blocks are classified by `crate::scan` into bit masks and
//! counted with bit arithmetic; blocks with non-ASCII bytes in UTF-8 mode, and the
//! last bytes of a buffer, go through the scalar step functions below.

use crate::classes::{Classes, PRINT, SEP};
use crate::decode::{decode, Decoded};
use crate::{Blocks, Kernel, Masks};

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

/// The streaming counter of the "complicated" path (words, chars in UTF-8, -L).
/// A saved state of a [`Counter`].
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    counts: [u64; 5],
    in_word: bool,
}

pub struct Counter<'c> {
    pub lines: u64,
    pub words: u64,
    pub chars: u64,
    pub max_len: u64,
    pub(crate) linepos: u64,
    pub(crate) in_word: bool,
    utf8: bool,
    want_len: bool,
    want_words: bool,
    pub(crate) classes: &'c mut Classes,
}

/// Bits `from..64` of a word (0 when from == 64).
#[inline(always)]
fn from_bit(from: u32) -> u64 {
    if from >= 64 {
        0
    } else {
        !0u64 << from
    }
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

    /// `scalar` for `buf[from..to]` in the counter's locale, with -L when `len`:
    /// one copy of each byte loop, out of line, for the bytes after the last whole
    /// block (once per buffer) and for blocks that are not well-formed UTF-8.
    #[inline(never)]
    pub(crate) fn scalar_any(&mut self, buf: &[u8], from: usize, to: usize, len: bool) -> usize {
        match (self.utf8, len) {
            (false, false) => self.scalar::<false, false>(buf, from, to),
            (false, true) => self.scalar::<false, true>(buf, from, to),
            (true, false) => self.scalar::<true, false>(buf, from, to),
            (true, true) => self.scalar::<true, true>(buf, from, to),
        }
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

    #[inline(always)]
    fn line_break(&mut self) {
        if self.linepos > self.max_len {
            self.max_len = self.linepos;
        }
        self.linepos = 0;
    }

    /// One ASCII byte (any byte in C; bytes >= 0x80 are transparent there).
    #[inline(always)]
    fn byte<const LEN: bool>(&mut self, b: u8) {
        match b {
            b'\n' => {
                self.lines += 1;
                if LEN {
                    self.line_break();
                }
                self.in_word = false;
            }
            b'\r' | 0x0c => {
                if LEN {
                    self.line_break();
                }
                self.in_word = false;
            }
            b'\t' => {
                if LEN {
                    self.linepos += 8 - self.linepos % 8;
                }
                self.in_word = false;
            }
            b' ' => {
                if LEN {
                    self.linepos += 1;
                }
                self.in_word = false;
            }
            0x0b => self.in_word = false,
            0x21..=0x7e => {
                if LEN {
                    self.linepos += 1;
                }
                self.words += !self.in_word as u64;
                self.in_word = true;
            }
            _ => {}
        }
    }

    /// A decoded non-ASCII character.
    #[inline(always)]
    pub(crate) fn wide<const LEN: bool>(&mut self, cp: u32) {
        self.chars += 1;
        let k = self.classes.get(cp);
        if k & PRINT != 0 {
            if LEN {
                self.linepos += Classes::width(k);
            }
            if k & SEP != 0 {
                self.in_word = false;
            } else {
                self.words += !self.in_word as u64;
                self.in_word = true;
            }
        }
    }

    /// Steps through the characters that start in `buf[from..until]`; returns the
    /// position after the last one handled (a UTF-8 character may end past
    /// `until`), or the start of a character cut off by the end of `buf`.
    #[inline(always)]
    pub(crate) fn scalar<const UTF8: bool, const LEN: bool>(
        &mut self,
        buf: &[u8],
        mut p: usize,
        until: usize,
    ) -> usize {
        while p < until {
            let b = buf[p];
            if !UTF8 || b < 0x80 {
                self.byte::<LEN>(b);
                if UTF8 {
                    self.chars += 1;
                }
                p += 1;
                continue;
            }
            match decode(&buf[p..]) {
                Decoded::Char(cp, n) => {
                    self.wide::<LEN>(cp);
                    p += n;
                }
                Decoded::Invalid => p += 1,
                Decoded::Incomplete => return p,
            }
        }
        p
    }

    /// A block of ASCII bytes (any block in C), from its masks.
    #[inline(always)]
    fn ascii_block<K: Kernel, const WORDS: bool>(&mut self, m: &Masks, len: bool) {
        self.masked_block::<K, WORDS>(m, m.graph, m.space, m.graph | m.blank, 0, len);
    }

    /// Counts a block from masks: `word` bytes start or continue a word, `space`
    /// bytes end one, all others are transparent; for -L, `one` bytes are one
    /// column wide and `two` bytes two columns (the tabs and line ends come from
    /// `m`), when `len`. Without WORDS only lines are counted (and `len` is false).
    #[inline(always)]
    pub(crate) fn masked_block<K: Kernel, const WORDS: bool>(
        &mut self,
        m: &Masks,
        word: u64,
        space: u64,
        one: u64,
        two: u64,
        len: bool,
    ) {
        self.lines += K::ones(m.newline) as u64;
        if !WORDS {
            return;
        }
        // F: "the last non-transparent byte at or before this one is a space (or
        // there is none and we are not in a word)". Runs of transparent bytes take
        // the value from the byte before the run: adding a run's start bit clears
        // the run, so T & !(T + start) is the runs that follow a space.
        let carry = !self.in_word as u64;
        let transparent = !(word | space);
        let start = ((space << 1) | carry) & transparent;
        let fill = space | (transparent & !transparent.wrapping_add(start));
        let starts = word & ((fill << 1) | carry);
        self.words += K::ones(starts) as u64;
        self.in_word = fill >> 63 == 0;
        if len {
            let cols = |r: u64| K::ones(one & r) as u64 + 2 * K::ones(two & r) as u64;
            let mut special = m.tab | m.line_end;
            if special == 0 {
                self.linepos += cols(!0);
                return;
            }
            let mut from = 0u32;
            while special != 0 {
                let p = special.trailing_zeros();
                self.linepos += cols(from_bit(from) & !from_bit(p));
                if m.tab >> p & 1 != 0 {
                    self.linepos += 8 - self.linepos % 8;
                } else {
                    self.line_break();
                }
                from = p + 1;
                special &= special - 1;
            }
            self.linepos += cols(from_bit(from));
        }
    }
}

/// The block consumer handed to `crate::scan`.
/// WORDS: words or -L are counted (else lines and characters only). -L is LEN, or
/// with RUNTIME the counter's `want_len`, read once per block (then LEN is unused).
struct Vector<'a, 'c, const UTF8: bool, const LEN: bool, const WORDS: bool, const RUNTIME: bool> {
    c: &'a mut Counter<'c>,
}

impl<const UTF8: bool, const LEN: bool, const WORDS: bool, const RUNTIME: bool> Blocks
    for Vector<'_, '_, UTF8, LEN, WORDS, RUNTIME>
{
    #[inline(always)]
    fn block<K: Kernel>(&mut self, buf: &[u8], at: usize, m: &Masks) -> usize {
        let len = WORDS && if RUNTIME { self.c.want_len } else { LEN };
        if !UTF8 || m.high == 0 {
            self.c.ascii_block::<K, WORDS>(m, len);
            if UTF8 {
                self.c.chars += 64;
            }
            at + 64
        } else {
            self.c.utf8_block::<K, WORDS>(buf, at, m, len)
        }
    }
}

#[cfg(test)]
mod tests;
