//! Blocks with non-ASCII bytes in UTF-8 mode, from bit masks.
//!
//! The block is checked for well-formed UTF-8 with masks (leads, continuations,
//! the second-byte limits of E0, ED, F0, F4); a character that runs past the
//! block ends it early, and the next block starts at that character. Then every
//! character is one bit at its lead byte: characters are counted by popcount,
//! and each non-ASCII character's lead is marked as a word byte, a space, or
//! transparent (continuation bytes are transparent), with its width for -L. A
//! character's class usually comes from a summary of its 64-code-point run; runs
//! that mix classes, and 4-byte characters, are looked up one by one. Blocks that
//! are not well-formed UTF-8 (or use glibc's 5- and 6-byte forms) go through the
//! scalar decoder.

use super::Counter;
use crate::classes::{PRINT, SEP, WIDTH_SHIFT};
use crate::{Kernel, Masks};

impl Counter<'_> {
    /// Counts the block at `buf[at..at + 64]`; returns where the next one starts.
    #[inline(always)]
    pub(super) fn utf8_block<K: Kernel, const WORDS: bool>(
        &mut self,
        buf: &[u8],
        at: usize,
        m: &Masks,
        len: bool,
    ) -> usize {
        // The window holds every byte of the characters that start in range.
        let Some(w) = buf[at..].first_chunk::<64>() else {
            return self.scalar_any(buf, at, buf.len(), len);
        };
        let (u, lb) = if WORDS {
            K::utf8_and_lead_bits(w, &self.classes.leads)
        } else {
            (K::utf8_masks(w), [0; 4])
        };
        let leads = u.lead2 | u.lead3 | u.lead4;
        // Leads whose sequence would run past the block.
        let tail = (u.lead2 & 1 << 63) | (u.lead3 & 3 << 62) | (u.lead4 & 7 << 61);
        let (range, end) = if tail == 0 {
            (!0u64, 64)
        } else {
            let c = tail.trailing_zeros();
            ((1u64 << c) - 1, c as usize)
        };
        let (l2, l3, l4) = (u.lead2 & range, u.lead3 & range, u.lead4 & range);
        let expect = (l2 << 1) | (l3 << 1) | (l3 << 2) | (l4 << 1) | (l4 << 2) | (l4 << 3);
        let bad = m.high & !(u.cont | leads) & range;
        let well_formed = bad == 0
            && (u.cont & range) == expect
            && ((u.e0 & range) << 1) & !u.a0_bf == 0
            && ((u.ed & range) << 1) & u.a0_bf == 0
            && ((u.f0 & range) << 1) & !u.x90_bf == 0
            && ((u.f4 & range) << 1) & u.x90_bf == 0;
        if !well_formed {
            return self.scalar_any(buf, at, at + 64, len);
        }
        self.chars += K::ones(!u.cont & range) as u64;
        if !WORDS {
            self.lines += K::ones(m.newline & range) as u64;
            return at + end;
        }
        let in_range = leads & range;
        let rest = lb[3] & in_range;
        // The leads the summaries did not settle, one by one (a loop of its own for
        // -L: a flag tested in it cost wc -w 4 % more instructions).
        let (word, space, one, two) = if len {
            self.slow_leads::<true>(w, rest)
        } else {
            self.slow_leads::<false>(w, rest)
        };
        let (word, one, two) = (
            word | lb[0] & in_range,
            one | lb[1] & in_range,
            two | lb[2] & in_range,
        );
        // Bytes from the cut on belong to the next block.
        let m = Masks {
            newline: m.newline & range,
            space: m.space & range,
            graph: m.graph & range,
            blank: m.blank & range,
            tab: m.tab & range,
            line_end: m.line_end & range,
            high: m.high & range,
        };
        self.masked_block::<K, WORDS>(
            &m,
            m.graph | word,
            m.space | space,
            m.graph | m.blank | one,
            two,
            len,
        );
        at + end
    }

    /// The word, space, one- and two-column bits of the leads in `rest` (bits of
    /// the well-formed window `w`), from their classes. (Out of line: one copy
    /// for every loop that calls it.)
    #[inline(never)]
    fn slow_leads<const LEN: bool>(&mut self, w: &[u8; 64], mut rest: u64) -> (u64, u64, u64, u64) {
        // The class bits of each lead, a mask per bit: printable, separator, and the
        // two bits of the width (1 or 2; 3 does not occur).
        let (mut print, mut sep, mut w1, mut w2) = (0u64, 0u64, 0u64, 0u64);
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let b0 = w[p] as u32;
            let b1 = w[(p + 1) & 63] as u32 & 0x3f;
            let b2 = w[(p + 2) & 63] as u32 & 0x3f;
            // Bit 4 of a three-byte lead is 0: its code point is `x`, a two-byte
            // one's is `x >> 6` (b2 is then the next byte, shifted out). A four-byte
            // lead (F0-F4, well-formed: U+10000..U+10FFFF) has its bits 0-2 in x's
            // bits 12-14.
            let x = ((b0 & 0x1f) << 12) | (b1 << 6) | b2;
            let k = if b0 < 0xf0 {
                self.classes
                    .get(core::hint::select_unpredictable(b0 < 0xe0, x >> 6, x))
            } else {
                self.astral(((x & 0x7fff) << 6) | (w[(p + 3) & 63] as u32 & 0x3f))
            };
            self.classes.note_slow_lead(b0 as u8);
            let k = k as u64;
            print |= bit * (k & PRINT as u64);
            sep |= bit * ((k & SEP as u64) >> 1);
            if LEN {
                w1 |= bit * (k >> WIDTH_SHIFT & 1);
                w2 |= bit * (k >> (WIDTH_SHIFT + 1) & 1);
            }
        }
        (print & !sep, print & sep, w1 & !w2, w2 & !w1)
    }

    /// The class of a character above U+FFFF (out of line: emoji are few).
    #[inline(never)]
    fn astral(&mut self, cp: u32) -> u8 {
        self.classes.get(cp)
    }
}
