//! What wc needs to know about a non-ASCII character, cached: printable, word
//! separator (iswspace, or a no-break space unless POSIXLY_CORRECT), display width.
//!
//! The facts come from `fmt::unicode` (table searches). Characters of the Basic
//! Multilingual Plane are cached a 256-character page at a time, filled the first
//! time a character of the page is met; other characters are looked up directly.

use crate::fmt::unicode::{is_nbsp, is_print, is_space, width};

/// Printable (iswprint).
pub const PRINT: u8 = 1;
/// Separates words.
pub const SEP: u8 = 2;
const WIDTH_SHIFT: u8 = 2;

/// The cache; about 64 KiB, so keep one per process.
pub struct Classes {
    /// POSIXLY_CORRECT: the no-break spaces do not separate words.
    posix: bool,
    filled: [bool; 256],
    bmp: [[u8; 256]; 256],
}

impl Classes {
    pub fn new(posix: bool) -> Classes {
        Classes { posix, filled: [false; 256], bmp: [[0; 256]; 256] }
    }

    fn compute(&self, cp: u32) -> u8 {
        let mut k = 0;
        if is_print(cp) {
            k |= PRINT;
            let w = width(cp);
            if w > 0 {
                k |= (w as u8) << WIDTH_SHIFT;
            }
        }
        if is_space(cp) || (!self.posix && is_nbsp(cp)) {
            k |= SEP;
        }
        k
    }

    /// The class bits of `cp`.
    #[inline(always)]
    pub fn get(&mut self, cp: u32) -> u8 {
        if cp >= 0x1_0000 {
            return self.compute(cp);
        }
        let page = (cp >> 8) as usize;
        if !self.filled[page] {
            self.fill(page);
        }
        self.bmp[page][(cp & 0xff) as usize]
    }

    #[inline(never)]
    fn fill(&mut self, page: usize) {
        for i in 0..256 {
            let k = self.compute((page << 8 | i) as u32);
            self.bmp[page][i] = k;
        }
        self.filled[page] = true;
    }

    /// The display width encoded in class bits (0 for non-printable).
    #[inline(always)]
    pub fn width(k: u8) -> u64 {
        ((k >> WIDTH_SHIFT) & 3) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        let mut c = Classes::new(false);
        assert_eq!(c.get(0xe9), PRINT | 1 << WIDTH_SHIFT);
        assert_eq!(c.get(0x65e5), PRINT | 2 << WIDTH_SHIFT);
        assert_eq!(c.get(0x301), PRINT);
        assert_eq!(c.get(0x85), 0);
        assert_eq!(c.get(0xa0) & SEP, SEP);
        assert_eq!(c.get(0x3000) & (SEP | PRINT), SEP | PRINT);
        assert_eq!(c.get(0x1f600), PRINT | 2 << WIDTH_SHIFT);
        let mut p = Classes::new(true);
        assert_eq!(p.get(0xa0) & SEP, 0);
        assert_eq!(p.get(0x2003) & SEP, SEP);
    }
}
