//! What wc counts, and the streaming counter for words, characters and the
//! maximum line width (GNU 9.1 rules; see GNU-SPEC.md section 6).
//!
//! A word is a run of printable non-space characters. Spaces separate words;
//! everything else (controls, NUL, DEL, invalid UTF-8, and in C bytes >= 0x80) is
//! transparent: it neither starts nor ends a word. Words are counted where they
//! start, which gives GNU's total (GNU counts where they end).
//!
//! Whole 64-byte blocks are classified by `simd::scan` into bit masks and
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

/// The block consumer handed to `simd::scan`.
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
mod tests {
    use super::*;

    /// Classes for the tests, which compare the block path with the scalar one
    /// (the real ones, from fmt::unicode, are the binary's: tests/wc.rs compares
    /// with GNU): whole runs of 64 code points share a class (so that the lead
    /// summaries of `Classes` take effect), a quarter of the runs are mixed.
    fn test_class(cp: u32) -> u8 {
        let run = (cp >> 6).wrapping_mul(0x9e37_79b1) >> 24;
        let h = if run & 3 == 0 {
            cp.wrapping_mul(0x85eb_ca6b) >> 24
        } else {
            run
        };
        crate::classes::class(
            h & 1 != 0 || run & 3 != 0,
            (h >> 1 & 3) as i32 - 1,
            h & 24 == 8,
        )
    }

    fn rng(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// Text from pieces that exercise every class, multi-byte characters included.
    fn text(seed: &mut u64, n: usize) -> Vec<u8> {
        let pieces: &[&[u8]] = &[
            b"a",
            b"word",
            b" ",
            b"\t",
            b"\n",
            b"\r",
            b"\x0c",
            b"\x0b",
            b"\x00",
            b"\x01",
            b"\x7f",
            b"\xff",
            b"\x80",
            "é".as_bytes(),
            "日本".as_bytes(),
            "\u{a0}".as_bytes(),
            "\u{3000}".as_bytes(),
            "\u{2003}".as_bytes(),
            "\u{301}".as_bytes(),
            "\u{1f600}".as_bytes(),
            "\u{85}".as_bytes(),
            b"\xe6\x97",
            b"\xf0\x9f",
            b"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            b"   ",
        ];
        let mut v = Vec::new();
        while v.len() < n {
            let r = rng(seed);
            // Mostly ASCII runs, so that whole ASCII blocks occur.
            if !r.is_multiple_of(4) {
                let ascii = [0usize, 1, 2, 4, 23, 24];
                v.extend_from_slice(pieces[ascii[(r >> 8) as usize % ascii.len()]]);
            } else {
                v.extend_from_slice(pieces[(r >> 8) as usize % pieces.len()]);
            }
        }
        v
    }

    /// Well-formed UTF-8 (so that blocks take the mask path), optionally with a
    /// rare corrupted byte; characters of ordinary and mixed 64-code-point runs.
    fn valid_text(seed: &mut u64, n: usize, corrupt: bool) -> Vec<u8> {
        let chars: &[char] = &[
            'a',
            'b',
            ' ',
            '\n',
            '\t',
            '\r',
            'é',
            'ж',
            'Ω',
            '日',
            '本',
            '語',
            '한',
            '\u{3000}',
            '\u{a0}',
            '\u{2003}',
            '\u{2007}',
            '\u{2060}',
            '\u{301}',
            '\u{85}',
            '\u{378}',
            '\u{200b}',
            '\u{1f600}',
            '\u{10348}',
            '\u{feff}',
            '\u{fffd}',
            '\u{ff21}',
            '\u{e000}',
            '\u{d7ff}',
            '\u{800}',
            '\u{7ff}',
            '\u{80}',
            '\u{10ffff}',
            '\u{2028}',
            '\x01',
            '\x7f',
            '\0',
            '\x0c',
            '\x0b',
        ];
        let mut v = Vec::new();
        while v.len() < n {
            let r = rng(seed);
            let c = chars[(r >> 8) as usize % chars.len()];
            let mut b = [0u8; 4];
            v.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
            if r.is_multiple_of(7) {
                v.extend_from_slice(b"plain ascii words here ");
            }
            if corrupt && r.is_multiple_of(997) {
                let k = v.len() - 1;
                v[k] = (r >> 40) as u8;
            }
        }
        v
    }

    /// Feeds `data` in pieces of the given sizes, carrying cut-off characters.
    fn run(data: &[u8], utf8: bool, len: bool, cuts: &[usize], scalar: bool) -> Counts {
        let mut classes = Classes::new(test_class);
        let mut c = Counter::new(utf8, len, &mut classes);
        let mut pending: Vec<u8> = Vec::new();
        let mut at = 0;
        let mut k = 0;
        while at < data.len() {
            let n = cuts[k % cuts.len()].max(1).min(data.len() - at);
            k += 1;
            pending.extend_from_slice(&data[at..at + n]);
            at += n;
            let used = if scalar {
                c.feed_scalar(&pending)
            } else {
                c.feed(&pending)
            };
            pending.drain(..used);
        }
        c.finish()
    }

    #[test]
    fn blocks_match_scalar_on_random_text() {
        blocks_match_scalar(0x1234_5678_9abc_def1);
    }

    #[test]
    fn sse2_blocks_match_scalar_on_random_text() {
        let _one = crate::FORCED.lock();
        crate::force_sse2(true);
        blocks_match_scalar(0x0fed_cba9_8765_4321);
        crate::force_sse2(false);
    }

    /// The SWAR kernels (production on arm, riscv64, powerpc64, s390x) on every
    /// architecture.
    #[test]
    fn swar_blocks_match_scalar_on_random_text() {
        let _one = crate::FORCED.lock();
        crate::force_swar(true);
        blocks_match_scalar(0x5a5a_1234_0f0f_9876);
        restricted_second_bytes();
        crate::force_swar(false);
    }

    fn blocks_match_scalar(mut seed: u64) {
        for round in 0..300 {
            let n = (rng(&mut seed) % 3000) as usize;
            let data = match round % 5 {
                0 if round % 25 == 5 => valid_text(&mut seed, 200_000, false),
                0 if round % 25 == 10 => valid_text(&mut seed, 200_000, true),
                0 => (0..n).map(|_| rng(&mut seed) as u8).collect(),
                1 | 2 => valid_text(&mut seed, n, round % 5 == 2),
                _ => text(&mut seed, n),
            };
            let cuts = [
                1 + (rng(&mut seed) % 300) as usize,
                64,
                1 + (rng(&mut seed) % 7) as usize,
            ];
            for utf8 in [false, true] {
                for len in [false, true] {
                    let want = run(&data, utf8, len, &[usize::MAX], true);
                    assert_eq!(
                        run(&data, utf8, len, &cuts, false),
                        want,
                        "round {round} utf8 {utf8} len {len}"
                    );
                    assert_eq!(run(&data, utf8, len, &[usize::MAX], false), want);
                    assert_eq!(run(&data, utf8, len, &cuts, true), want);
                    if utf8 && !len {
                        let mut classes = Classes::new(test_class);
                        let mut c = Counter::with_words(true, false, false, &mut classes);
                        let used = c.feed(&data);
                        let mut got = c.finish();
                        let _ = used;
                        got.words = want.words;
                        let mut w = run(&data, utf8, len, &[usize::MAX], false);
                        w.words = want.words;
                        assert_eq!(got, w, "chars only, round {round}");
                    }
                }
            }
        }
    }

    #[test]
    fn restricted_second_bytes_in_blocks() {
        restricted_second_bytes();
    }

    fn restricted_second_bytes() {
        // Each sequence inside an otherwise valid, non-ASCII block, at every offset.
        let seqs: &[&[u8]] = &[
            b"\xe0\x80\x80",
            b"\xe0\x9f\xbf",
            b"\xe0\xa0\x80",
            b"\xed\x9f\xbf",
            b"\xed\xa0\x80",
            b"\xed\xbf\xbf",
            b"\xf0\x80\x80\x80",
            b"\xf0\x8f\xbf\xbf",
            b"\xf0\x90\x80\x80",
            b"\xf4\x8f\xbf\xbf",
            b"\xf4\x90\x80\x80",
            b"\xf5\x80\x80\x80",
            b"\xc0\xaf",
            b"\xc1\xbf",
            b"\xc2\x80",
            b"\xf8\x88\x80\x80\x80",
        ];
        for seq in seqs {
            for off in 0..70 {
                let mut data = "é".repeat(off).into_bytes();
                data.truncate(off);
                if data.last().is_some_and(|&b| b == 0xc3) {
                    data.pop();
                    data.push(b'x');
                }
                data.extend_from_slice(seq);
                data.extend_from_slice("日本語 テキスト é ".repeat(8).as_bytes());
                for len in [false, true] {
                    let want = run(&data, true, len, &[usize::MAX], true);
                    assert_eq!(
                        run(&data, true, len, &[usize::MAX], false),
                        want,
                        "{seq:x?} at {off}"
                    );
                }
            }
        }
    }
}
