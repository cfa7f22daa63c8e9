//! The counter's byte-at-a-time step: one byte (any byte in C, an ASCII byte in
//! UTF-8) or one decoded character at a time, with no vector help. It counts the
//! bytes after the last whole block of a buffer and the blocks that are not
//! well-formed UTF-8, and is the reference the block path is tested against
//! (`Counter::feed_scalar`).

use super::Counter;
use crate::classes::{Classes, PRINT, SEP};
use crate::decode::{decode, Decoded};

impl Counter<'_> {
    /// `scalar` for `buf[from..to]` in the counter's locale, with -L when `len`:
    /// one copy of each byte loop, out of line, for the bytes after the last whole
    /// block (once per buffer) and for blocks that are not well-formed UTF-8.
    #[inline(never)]
    pub(super) fn scalar_any(&mut self, buf: &[u8], from: usize, to: usize, len: bool) -> usize {
        match (self.utf8, len) {
            (false, false) => self.scalar::<false, false>(buf, from, to),
            (false, true) => self.scalar::<false, true>(buf, from, to),
            (true, false) => self.scalar::<true, false>(buf, from, to),
            (true, true) => self.scalar::<true, true>(buf, from, to),
        }
    }

    /// The end of a display line (for -L).
    #[inline(always)]
    pub(super) fn line_break(&mut self) {
        if self.linepos > self.max_len {
            self.max_len = self.linepos;
        }
        self.linepos = 0;
    }

    /// One ASCII byte (any byte in C; bytes >= 0x80 are transparent there), or
    /// with `high` any byte, those of an 8-bit locale's table by `eight_bit`.
    #[inline(always)]
    fn byte<const LEN: bool>(&mut self, b: u8, high: bool) {
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
            _ => {
                if let (true, Some((table, nbsp))) = (high, self.classes.bytes) {
                    self.eight_bit(b, table, nbsp);
                }
            }
        }
    }

    /// A byte of an 8-bit locale other than C's line, tab, space and graphic
    /// ASCII ones, by its classes in the locale's table (see `Classes::bytes`;
    /// printable: one column, then a word separator when a space or the no-break
    /// space, else part of a word; others transparent), as GNU's single-byte loop
    /// counts it. -L is always counted.
    #[inline(never)]
    fn eight_bit(&mut self, b: u8, table: &[u8; 768], nbsp: u16) {
        let bits = table[usize::from(b) * 2 + 257];
        let sep = bits & 0x20 != 0 || u16::from(b) == nbsp;
        self.class::<true>((bits >> 6 & PRINT) | (u8::from(sep) * SEP), 1)
    }

    /// A character of class `k`, `width` columns wide when printable.
    #[inline(always)]
    fn class<const LEN: bool>(&mut self, k: u8, width: u64) {
        if k & PRINT != 0 {
            if LEN {
                self.linepos += width;
            }
            if k & SEP != 0 {
                self.in_word = false;
            } else {
                self.words += !self.in_word as u64;
                self.in_word = true;
            }
        }
    }

    /// A decoded non-ASCII character.
    #[inline(always)]
    fn wide<const LEN: bool>(&mut self, cp: u32) {
        self.chars += 1;
        let k = self.classes.get(cp);
        self.class::<LEN>(k, Classes::width(k));
    }

    /// Steps through the characters that start in `buf[from..until]`; returns the
    /// position after the last one handled (a UTF-8 character may end past
    /// `until`), or the start of a character cut off by the end of `buf`.
    #[inline(always)]
    pub(super) fn scalar<const UTF8: bool, const LEN: bool>(
        &mut self,
        buf: &[u8],
        mut p: usize,
        until: usize,
    ) -> usize {
        while p < until {
            let b = buf[p];
            if !UTF8 || b < 0x80 {
                self.byte::<LEN>(b, !UTF8 && LEN);
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
}
