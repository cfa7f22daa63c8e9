//! The counter's whole blocks, from the masks a kernel computed: lines by popcount,
//! words by the bit arithmetic of `masked_block`, -L's columns between the tabs and
//! line ends. `Vector` is the consumer `crate::scan` hands the blocks to; it sends
//! blocks with non-ASCII bytes in UTF-8 to `utf8_block` (count/utf8.rs).

use super::Counter;
use crate::{Blocks, Kernel, Masks};

/// Bits `from..64` of a word (0 when from == 64).
#[inline(always)]
fn from_bit(from: u32) -> u64 {
    if from >= 64 {
        0
    } else {
        !0u64 << from
    }
}

impl Counter<'_> {
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
    pub(super) fn masked_block<K: Kernel, const WORDS: bool>(
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
pub(super) struct Vector<
    'a,
    'c,
    const UTF8: bool,
    const LEN: bool,
    const WORDS: bool,
    const RUNTIME: bool,
> {
    pub(super) c: &'a mut Counter<'c>,
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
