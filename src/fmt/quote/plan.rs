//! What a decided way of writing one name is: each style's plan (its family,
//! escapes, quotes), the always-quoting twin of a "maybe" plan, and what a dry run
//! of the writer learns. Data only: `decide` chooses, `write` writes.

use super::{Quotes, Style};

/// A decided way of writing one name.
#[derive(Clone, Copy)]
pub(super) struct Plan {
    /// The single-quote family: `'…'` with `'\''` for a quote, and (with
    /// `escapes`) `$'…'` segments.
    pub(super) single: bool,
    /// The backslash family: backslash escapes inside optional quotes (c, escape,
    /// locale). Neither family: literal.
    pub(super) backslash: bool,
    /// Backslash escapes for control and nonprintable characters.
    pub(super) escapes: bool,
    /// Write nothing but the name itself, or give up (`Forced`) when a byte needs
    /// quoting: the "maybe" styles.
    pub(super) bare: bool,
    /// Its quotes (empty for none).
    pub(super) open: &'static [u8],
    pub(super) close: &'static [u8],
    /// LC_CTYPE is UTF-8.
    pub(super) utf8: bool,
    /// The printable high bytes of an 8-bit locale (`Quoting::high`).
    pub(super) high: Option<&'static [u8; 768]>,
    pub(super) extra: &'static [u8],
}

const SINGLE: &[u8] = b"'";
const DOUBLE: &[u8] = b"\"";
const LEFT_CURLY: &[u8] = "\u{2018}".as_bytes();
const RIGHT_CURLY: &[u8] = "\u{2019}".as_bytes();

/// Each style's plan, in `Style` order: the family (0 literal, 1 single, 2
/// backslash), ESCAPES, BARE, and its quotes (an index into QUOTES, shifted by 4;
/// LOCALE_QUOTES: the curly ones in UTF-8, otherwise those of the index below).
const PLANS: [u8; 10] = [
    0,
    1 | BARE | 1 << 4,
    1 | 1 << 4,
    1 | ESCAPES | BARE | 1 << 4,
    1 | ESCAPES | 1 << 4,
    2 | ESCAPES | 2 << 4,
    2 | ESCAPES | BARE | 2 << 4,
    2 | ESCAPES,
    2 | ESCAPES | LOCALE_QUOTES | 1 << 4,
    2 | ESCAPES | LOCALE_QUOTES | 2 << 4,
];
const ESCAPES: u8 = 4;
const BARE: u8 = 8;
const LOCALE_QUOTES: u8 = 0x80;
/// (open, close)
const QUOTES: [(&[u8], &[u8]); 4] = [
    (b"", b""),
    (SINGLE, SINGLE),
    (DOUBLE, DOUBLE),
    (LEFT_CURLY, RIGHT_CURLY),
];

impl Plan {
    pub(super) fn of(
        style: Style,
        utf8: bool,
        high: Option<&'static [u8; 768]>,
        extra: &'static [u8],
        locale: Quotes,
    ) -> Plan {
        let bits = PLANS[style as usize];
        let quotes = if utf8 && bits & LOCALE_QUOTES != 0 {
            3
        } else {
            bits >> 4 & 3
        };
        let (mut open, mut close) = QUOTES[usize::from(quotes)];
        if bits & LOCALE_QUOTES != 0 {
            open = locale[0].unwrap_or(open);
            close = locale[1].unwrap_or(close);
        }
        Plan {
            single: bits & 3 == 1,
            backslash: bits & 3 == 2,
            escapes: bits & ESCAPES != 0,
            bare: bits & BARE != 0,
            open,
            close,
            utf8,
            high,
            extra,
        }
    }

    /// The always-quoting plan a "maybe" plan turns into (without the extra set).
    #[inline(never)]
    pub(super) fn forced(self) -> Plan {
        Plan {
            bare: false,
            extra: b"",
            ..self
        }
    }
}

/// A "maybe" plan met a byte that needs quoting.
pub(super) struct Forced;

/// What a dry run of the single-quote family learned.
#[derive(Default)]
pub(super) struct Findings {
    pub(super) apostrophe: bool,
    /// Every character could also be written unchanged inside `"…"`.
    pub(super) double_quote_safe: bool,
    /// A `$'…'` segment was open at the end. GNU scans a name with an apostrophe
    /// once before writing it and does not reset this state, so the written text
    /// starts as if the segment were open: `'''it'\''s'$'\001'` for `it's\1`.
    pub(super) dollar_open: bool,
}
