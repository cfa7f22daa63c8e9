//! What wc needs to know about a non-ASCII character, cached: printable, word
//! separator (iswspace, or a no-break space unless POSIXLY_CORRECT), display width.
//!
//! The facts come from the caller's function (the binary's `fmt::unicode` table
//! searches, through `wc::classes`), asked once per character. Characters of the Basic
//! Multilingual Plane and the next plane (emoji) are cached in one flat table,
//! filled a 64-character run at a time the first time a character of the run is
//! met; other characters are looked up directly.

/// Marks a table entry not filled yet: the table starts zeroed (untouched pages
/// of .bss), and every class holds `KNOWN`.
const UNFILLED: u8 = 0;
/// Set in every class, so that none is `UNFILLED`.
pub const KNOWN: u8 = 0x10;
/// Entries of the flat table: U+0000..U+1FFFF.
pub const TABLE: usize = 0x2_0000;

/// Printable (iswprint).
pub const PRINT: u8 = 1;
/// Separates words.
pub const SEP: u8 = 2;
pub const WIDTH_SHIFT: u8 = 2;

/// The class bits of a character: printable, its display width (glibc's wcwidth:
/// -1, 0, 1 or 2), whether it separates words.
pub fn class(print: bool, width: i32, sep: bool) -> u8 {
    let mut k = KNOWN;
    if print {
        k |= PRINT;
        if width > 0 {
            k |= (width as u8) << WIDTH_SHIFT;
        }
    }
    if sep {
        k |= SEP;
    }
    k
}

/// The cache: 1.2 KiB here, and its flat table of 128 KiB elsewhere (wc's comes
/// from .bss, `sys::iobuf`), so keep one per process.
pub struct Classes {
    /// The class of a code point (see [`class`]), asked once per character.
    compute: fn(u32) -> u8,
    /// Classes of U+0000..U+1FFFF; UNFILLED marks a run not looked at yet.
    table: &'static mut [u8; TABLE],
    /// Per run of 64 code points below U+10000 (index cp >> 6): 0 not looked at
    /// yet, ORDINARY | class when all 64 share one printable non-separator class,
    /// MIXED otherwise.
    runs: [u8; 1024],
    /// Per UTF-8 lead byte 0xc0..=0xff: LEAD_WORD | LEAD_ONE | LEAD_TWO when every
    /// character it can start is a printable non-separator of that width, else
    /// LEAD_SLOW (look each character up). Read by the vector lead lookup.
    pub leads: [u8; 64],
    /// How often each lead was looked up the slow way (its summary is made after
    /// LEAD_PATIENCE times, so small inputs never pay for it).
    lead_hits: [u16; 64],
    /// In an 8-bit locale, its CLASS table (byte `b`'s classes in `[2 * b + 257]`:
    /// print is bit 6, space bit 5) and the byte that is a no-break space (256:
    /// none); the counter then takes every byte through it (`Counter::byte`).
    pub bytes: Option<(&'static [u8; 768], u16)>,
}

/// Whether byte `b` is in class `k` (<ctype.h>'s bit number: upper 0, lower 1,
/// alpha 2, digit 3, xdigit 4, space 5, print 6, graph 7, blank 8, cntrl 9, punct
/// 10, alnum 11) by an 8-bit locale's CLASS table (384 entries of two bytes for
/// -128..255; classes 0 to 7 in an entry's second byte, 8 to 11 in its first, on
/// either byte order, as localedef stores them).
#[inline]
pub fn in_class(table: &[u8; 768], b: u8, k: u8) -> bool {
    let at = (usize::from(b) + 128) * 2 + usize::from(k < 8);
    table[at] >> (k % 8) & 1 != 0
}

/// Lead-table bits (see `Classes::leads`).
pub const LEAD_WORD: u8 = 1;
pub const LEAD_ONE: u8 = 2;
pub const LEAD_TWO: u8 = 4;
pub const LEAD_SLOW: u8 = 8;
pub const LEAD_PATIENCE: u16 = 256;

/// A run of 64 code points that all have the class in the low bits.
pub const ORDINARY: u8 = 0x80;
/// A run of 64 code points whose classes differ (or that separate words).
pub const MIXED: u8 = 0x40;

impl Classes {
    /// The cache over `table`, which must be all UNFILLED (zero): zeroed memory
    /// whose pages are committed only as the pages of characters met are filled.
    pub fn new(compute: fn(u32) -> u8, table: &'static mut [u8; TABLE]) -> Classes {
        Classes {
            compute,
            table,
            runs: [0; 1024],
            leads: [LEAD_SLOW; 64],
            lead_hits: [0; 64],
            bytes: None,
        }
    }

    fn compute(&self, cp: u32) -> u8 {
        (self.compute)(cp)
    }

    /// The class bits of `cp`.
    #[inline(always)]
    pub fn get(&mut self, cp: u32) -> u8 {
        match self.table.get(cp as usize) {
            Some(&UNFILLED) => self.fill(cp),
            Some(&k) => k,
            None => self.compute(cp),
        }
    }

    #[inline(never)]
    fn fill(&mut self, cp: u32) -> u8 {
        // A run, not more: text meets few characters of most blocks (emoji, Greek).
        let run = (cp & !0x3f) as usize;
        for i in 0..64 {
            self.table[run + i] = self.compute((run + i) as u32);
        }
        self.table[cp as usize]
    }

    /// The summary of the 64 code points `run << 6 ..= run << 6 | 63` (run < 1024).
    #[inline(always)]
    pub fn run(&mut self, run: usize) -> u8 {
        let r = self.runs[run];
        if r != 0 {
            return r;
        }
        self.fill_run(run)
    }

    #[inline(never)]
    fn fill_run(&mut self, run: usize) -> u8 {
        let first = self.get((run << 6) as u32);
        let same = (1..64).all(|i| self.get((run << 6 | i) as u32) == first);
        let r = if same && first & PRINT != 0 && first & SEP == 0 {
            ORDINARY | first
        } else {
            MIXED
        };
        self.runs[run] = r;
        r
    }

    /// Notes a slow lookup of a character starting with `lead`; makes the lead's
    /// summary once it has been seen often enough.
    #[inline(always)]
    pub fn note_slow_lead(&mut self, lead: u8) {
        let i = (lead & 0x3f) as usize;
        if self.lead_hits[i] < LEAD_PATIENCE {
            self.lead_hits[i] += 1;
            if self.lead_hits[i] == LEAD_PATIENCE {
                self.summarize_lead(lead);
            }
        }
    }

    #[inline(never)]
    fn summarize_lead(&mut self, lead: u8) {
        // The runs of 64 code points this lead starts (second bytes allowed).
        let (first, last) = match lead {
            0xc2..=0xdf => ((lead & 0x1f) as usize, (lead & 0x1f) as usize),
            0xe0 => (0x20, 0x3f),
            0xed => (0x340, 0x35f),
            0xe1..=0xef => (
                ((lead & 0x0f) as usize) << 6,
                (((lead & 0x0f) as usize) << 6) | 0x3f,
            ),
            _ => return,
        };
        // From the last run down: a lead's blocks tend to start at its first runs
        // and end mixed (E4's ideographs after its hexagrams, ED's jamo after its
        // syllables), and its characters are often in its last runs.
        let k = self.run(last);
        if k & ORDINARY == 0 || (first..last).rev().any(|r| self.run(r) != k) {
            return;
        }
        let k = k & !ORDINARY;
        let mut e = LEAD_WORD;
        match Classes::width(k) {
            1 => e |= LEAD_ONE,
            2 => e |= LEAD_TWO,
            _ => {}
        }
        self.leads[(lead & 0x3f) as usize] = e;
    }

    /// The display width encoded in class bits (0 for non-printable).
    #[inline(always)]
    pub fn width(k: u8) -> u64 {
        ((k >> WIDTH_SHIFT) & 3) as u64
    }
}
