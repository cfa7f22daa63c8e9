//! Shell patterns for `ls -I PATTERN` and `--hide=PATTERN`: glibc 2.36's
//! `fnmatch(pattern, name, FNM_PERIOD)`, quirks included.
//!
//! - `*` any run, `?` one character, `[...]` one character from a set (`[!...]`, and
//!   `[^...]` unless POSIXLY_CORRECT is set, negate it), with ranges `a-z`, classes
//!   `[:alpha:]`, equivalence classes `[=a=]` and collating symbols `[.a.]` of one
//!   character. A backslash quotes the next character, inside sets too; a trailing
//!   one matches nothing.
//! - A name starting with `.` only matches a pattern starting with a literal `.`.
//!   glibc also refuses a `.` at the first position a `*?...[` tries (`*?[.]x` does
//!   not match `a.x`), and so do we.
//! - A `[` without its `]` is an ordinary character. Malformed sets (an unknown class,
//!   a range or escape cut off by the end) match nothing.
//! - Classes follow the C locale for ASCII; for other characters (UTF-8 only) they
//!   are glibc's C.UTF-8 tables (fmt::unicode: print, space, alpha, upper, lower; the
//!   other classes follow from those).
//! - In a UTF-8 locale a name matches if the pattern matches it character by
//!   character (when both decode) *or* byte by byte, as glibc falls back to bytes
//!   whenever the wide match fails.
//!
//! Matching is iterative: only the last `*` is backtracked, so time is O(len²) at worst.

use crate::fmt::unicode;

/// How patterns are read.
#[derive(Clone, Copy, Default, Debug)]
pub struct Options {
    /// LC_CTYPE is UTF-8: `?` and sets also match whole characters.
    pub utf8: bool,
    /// POSIXLY_CORRECT is set: `[^...]` is not a negation.
    pub posix: bool,
    /// An installed 8-bit LC_CTYPE's class table (glibc's CLASS: 384 entries of
    /// two bytes for the bytes -128..255; the second byte holds the classes 0 to 7
    /// of <ctype.h>, the first 8 to 11): the classes of bytes.
    pub classes: Option<&'static [u8; 768]>,
    /// An installed LC_COLLATE's collation sequences (COLLSEQMB: one byte per
    /// byte; COLLSEQWC: glibc's three-level table of u32 per character): ranges
    /// `a-z` hold what lies between their ends in that sequence, not in code order.
    pub collseq: Option<(&'static [u8], &'static [u8])>,
}

/// fnmatch(pattern, name, FNM_PERIOD) in the C locale.
#[cfg(test)] // used by the tests only
pub fn matches(pattern: &[u8], name: &[u8]) -> bool {
    matches_with(pattern, name, Options::default())
}

/// fnmatch(pattern, name, FNM_PERIOD) under `opts`.
pub fn matches_with(pattern: &[u8], name: &[u8], opts: Options) -> bool {
    let try_units = |chars| run(Text { s: pattern, chars }, Text { s: name, chars }, &opts);
    (opts.utf8 && decodes(pattern) && decodes(name) && try_units(true)) || try_units(false)
}

/// Whether all of `s` decodes as UTF-8 (glibc's mbsrtowcs succeeds).
fn decodes(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() {
        match unicode::decode(&s[i..]) {
            unicode::Decoded::Char(_, n) => i += n,
            _ => return false,
        }
    }
    true
}

/// A pattern or a name, read in units: bytes, or (`chars`) the characters of
/// valid UTF-8.
#[derive(Clone, Copy)]
struct Text<'a> {
    s: &'a [u8],
    chars: bool,
}

/// The unit read past the end (no character has this value).
const END: u32 = u32::MAX;

impl Text<'_> {
    /// The unit at `i` and the position after it; past the end, END and `i`.
    fn at(self, i: usize) -> (u32, usize) {
        let Some(&b) = self.s.get(i) else {
            return (END, i);
        };
        if self.chars && b >= 0x80 {
            if let unicode::Decoded::Char(c, n) = unicode::decode(&self.s[i..]) {
                return (c, i + n);
            }
        }
        (b as u32, i + 1)
    }

    fn peek(self, i: usize) -> u32 {
        self.at(i).0
    }

    /// Whether `mark` and `]` are at `i`.
    fn closes(self, i: usize, mark: u8) -> bool {
        self.s.get(i) == Some(&mark) && self.s.get(i + 1) == Some(&b']')
    }
}

const STAR: u32 = b'*' as u32;
const QUESTION: u32 = b'?' as u32;
const OPEN: u32 = b'[' as u32;
const CLOSE: u32 = b']' as u32;
const BACKSLASH: u32 = b'\\' as u32;
const DOT: u32 = b'.' as u32;
const DASH: u32 = b'-' as u32;

/// The iterative matcher. `guard_dot` is glibc's "a `.` here must be matched
/// literally": true at the start of the name, and for the first try after a `*`
/// that starts the name.
fn run(pat: Text, name: Text, opts: &Options) -> bool {
    let (mut p, mut n) = (0, 0);
    let mut guard_dot = true;
    // The last star: where the pattern resumes (0: none yet), and the next name
    // position to try.
    let (mut resume, mut from) = (0, 0);
    loop {
        let (c, after) = pat.at(p);
        let (ch, next_n) = name.at(n);
        let advance = match c {
            END if ch == END => return true,
            STAR => {
                if guard_dot && ch == DOT {
                    return false;
                }
                // A run of stars and question marks: each `?` takes one unit now.
                let (mut q, mut m) = (after, n);
                loop {
                    match pat.at(q) {
                        (STAR, next) => q = next,
                        (QUESTION, next) => {
                            let (u, nm) = name.at(m);
                            if u == END {
                                return false;
                            }
                            m = nm;
                            q = next;
                        }
                        _ => break,
                    }
                }
                if q == pat.s.len() {
                    return true;
                }
                (resume, from) = (q, m);
                (p, n) = (q, m);
                // glibc keeps the start-of-name guard for the first try.
                continue;
            }
            _ if ch == END || (guard_dot && ch == DOT && (c == QUESTION || c == OPEN)) => None,
            QUESTION => Some(after),
            OPEN => set(pat, after, ch, opts),
            BACKSLASH => {
                let (lit, end) = pat.at(after);
                (lit == ch).then_some(end)
            }
            _ => (c == ch).then_some(after),
        };
        if let Some(np) = advance {
            (p, n) = (np, next_n);
        } else {
            // Let the last star take one more unit and try again.
            let (_, next) = name.at(from);
            if resume == 0 || next >= name.s.len() {
                return false;
            }
            from = next;
            (p, n) = (resume, next);
        }
        guard_dot = false;
    }
}

/// Longest class name glibc reads.
const CLASS_NAME_MAX: usize = 256;

/// The letters a-y from `i` (at most CLASS_NAME_MAX of them), and whether `:]`
/// follows them: what glibc reads as a class name.
fn class_letters(pat: Text, i: usize) -> (usize, bool) {
    let n = pat
        .s
        .get(i..)
        .unwrap_or_default()
        .iter()
        .take(CLASS_NAME_MAX)
        .take_while(|b| (b'a'..=b'y').contains(b))
        .count();
    (n, pat.closes(i + n, b':'))
}

/// A collating symbol starting at `p` (on the `.` after `[`): its one character and
/// the position after `.]`; None when unterminated or longer than one character.
fn symbol(pat: Text, p: usize) -> Option<(u32, usize)> {
    let (x, q) = pat.at(pat.at(p).1);
    pat.closes(q, b'.').then_some((x, q + 2))
}

/// Evaluates the set whose text starts at `start` (after the `[`) against `ch`:
/// where the pattern resumes when `ch` matches it. A set without its `]` is an
/// ordinary `[`; a malformed one (an unknown class, a range or an escape cut off)
/// matches nothing. glibc's reading, quirks included.
#[inline(never)]
fn set(pat: Text, start: usize, ch: u32, opts: &Options) -> Option<usize> {
    let unterminated = (ch == OPEN).then_some(start);
    let (mut c, mut p) = pat.at(start);
    let negate = c == b'!' as u32 || (!opts.posix && c == b'^' as u32);
    if negate {
        (c, p) = pat.at(p);
    }
    // `c` is the current element's first unit, `p` the position after it. A member
    // that matches breaks out with the position after it.
    let p = 'elements: loop {
        if c == END {
            return unterminated;
        }
        'element: {
            let mut low = c;
            // What ends a range's `-` besides the end: `]`, except after a
            // collating symbol.
            let mut stop = CLOSE;
            if c == BACKSLASH {
                (low, p) = pat.at(p);
                if low == END {
                    return None;
                }
            } else if c == OPEN {
                let (kind, after_kind) = pat.at(p);
                // `[:name:]` or `[=x=]` (exactly one character x) as a whole: whether
                // `ch` is in it, and where it ends. Not so shaped, the `[` is ordinary.
                let mut whole = None;
                if kind == b':' as u32 {
                    let (len, named) = class_letters(pat, p + 1);
                    if len == CLASS_NAME_MAX {
                        return None;
                    }
                    if named {
                        let class = Class::named(&pat.s[p + 1..p + 1 + len])?;
                        let hit = match opts.classes {
                            Some(t) if !pat.chars => class.of_byte(ch, t),
                            _ => class.contains(ch, pat.chars),
                        };
                        whole = Some((hit, p + len + 3));
                    }
                } else if kind == b'=' as u32 {
                    let (x, q) = pat.at(after_kind);
                    if pat.closes(q, b'=') {
                        whole = Some((x == ch, q + 2));
                    }
                } else if kind == DOT {
                    // `[.x.]`: a collating symbol of one character; it may start a
                    // range (glibc does not check for a `]` after its `-`).
                    (low, p) = symbol(pat, p)?;
                    stop = END;
                }
                if let Some((hit, q)) = whole {
                    if hit {
                        break 'elements q;
                    }
                    (c, p) = pat.at(q);
                    break 'element;
                }
            }
            // An ordinary member `low` (its text ends before `p`), perhaps a range's
            // start.
            let (next, q) = pat.at(p);
            let end = pat.peek(q);
            let is_range = next == DASH && end != END && end != stop;
            if !is_range && low == ch {
                break 'elements p;
            }
            (c, p) = (next, q);
            if c == DASH && end != CLOSE {
                let (mut high, q) = pat.at(p);
                p = q;
                if high == BACKSLASH {
                    (high, p) = pat.at(p);
                } else if high == OPEN && pat.peek(p) == DOT {
                    (high, p) = symbol(pat, p)?;
                }
                if high == END {
                    return None;
                }
                if in_range(low, ch, high, pat.chars, opts.collseq) {
                    break 'elements p;
                }
                (c, p) = pat.at(p);
            }
        }
        if c == CLOSE {
            return negate.then_some(p);
        }
    };
    skip_rest(pat, p, negate, unterminated)
}

/// A member matched: skips the rest of the set from `p`, glibc's way (which checks
/// less than the first pass: `[a[:bogus:]]` matches `a`); gives what `set` gives.
fn skip_rest(pat: Text, mut p: usize, negate: bool, unterminated: Option<usize>) -> Option<usize> {
    let s = pat.s;
    loop {
        let (c, q) = pat.at(p);
        if c == END {
            return unterminated;
        }
        p = q;
        if c == CLOSE {
            return (!negate).then_some(p);
        }
        let next = s.get(p).copied().unwrap_or(0);
        if c == BACKSLASH {
            let (e, q) = pat.at(p);
            if e == END {
                return None;
            }
            p = q;
        } else if c == OPEN && next == b':' {
            // Letters a-y up to `:]`; anything else makes the `[` an ordinary
            // character again.
            let (len, named) = class_letters(pat, p + 1);
            if len >= CLASS_NAME_MAX - 1 {
                return None;
            }
            if named {
                p += len + 3;
            }
        } else if c == OPEN && next == b'=' {
            let q = pat.at(p + 1).1;
            if !pat.closes(q, b'=') {
                return None;
            }
            p = q + 2;
        } else if c == OPEN && next == b'.' {
            let mut q = p;
            p = loop {
                q = pat.at(q).1;
                if q >= s.len() {
                    return None;
                }
                if pat.closes(q, b'.') {
                    break q + 2;
                }
            };
        }
    }
}
/// Whether `ch` lies in the range `low-high`: in code order, or, with an installed
/// LC_COLLATE, in its collation sequence as glibc's fnmatch takes it (a character
/// the sequence does not know is in no range; an upper end it does not know
/// holds the lower end alone).
fn in_range(low: u32, ch: u32, high: u32, chars: bool, seq: Option<(&[u8], &[u8])>) -> bool {
    let Some((mb, wc)) = seq else {
        return low <= ch && ch <= high;
    };
    let of = |c: u32| {
        if chars {
            collseq_wc(wc, c)
        } else {
            mb.get(c as usize).map_or(NO_SEQ, |&s| u32::from(s))
        }
    };
    let (f, l) = (of(ch), of(low));
    f != NO_SEQ
        && l <= f
        && match of(high) {
            NO_SEQ => l == f,
            h => f <= h,
        }
}

/// A character without a collation sequence.
const NO_SEQ: u32 = u32::MAX;

/// glibc's three-level table of u32 (header: shift1, bound, shift2, mask2, mask3,
/// then `bound` offsets of level-2 blocks; those hold offsets of level-3 blocks),
/// native byte order, offsets from the table's start; NO_SEQ where it has none.
fn collseq_wc(t: &[u8], c: u32) -> u32 {
    let word = |i: usize| -> Option<u32> {
        let b = t.get(i..i.checked_add(4)?)?;
        Some(u32::from_ne_bytes([b[0], b[1], b[2], b[3]]))
    };
    let look = || -> Option<u32> {
        let i1 = c.checked_shr(word(0)?)?;
        if i1 >= word(4)? {
            return None;
        }
        let l1 = word(20 + 4 * i1 as usize)? as usize;
        let i2 = (c.checked_shr(word(8)?)? & word(12)?) as usize;
        let l2 = word(l1.checked_add(4 * i2)?).filter(|_| l1 != 0)? as usize;
        let i3 = (c & word(16)?) as usize;
        word(l2.checked_add(4 * i3)?).filter(|_| l2 != 0)
    };
    look().unwrap_or(NO_SEQ)
}

/// A character class of `[:name:]`: its index in CLASS_NAMES.
#[derive(Clone, Copy)]
struct Class(u8);

/// The class names, each padded to six bytes with NULs, in the order of their
/// bits in <ctype.h> (and in an 8-bit locale's class table).
const CLASS_NAMES: [[u8; 6]; 12] = [
    *b"upper\0",
    *b"lower\0",
    *b"alpha\0",
    *b"digit\0",
    *b"xdigit",
    *b"space\0",
    *b"print\0",
    *b"graph\0",
    *b"blank\0",
    *b"cntrl\0",
    *b"punct\0",
    *b"alnum\0",
];

impl Class {
    fn named(name: &[u8]) -> Option<Class> {
        let i = CLASS_NAMES
            .iter()
            .position(|n| n.strip_suffix(&[0]).unwrap_or(n) == name)?;
        Some(Class(i as u8))
    }

    /// Membership of byte `b` in an 8-bit locale, by its class table.
    fn of_byte(self, b: u32, table: &[u8; 768]) -> bool {
        u8::try_from(b).is_ok_and(|b| crate::hot::classes::in_class(table, b, self.0))
    }

    /// Membership of `c`: ASCII as in the C locale; other characters only in
    /// character mode, as glibc's C.UTF-8 tables (tools/gen_unicode.py checks these
    /// definitions on every code point; on ASCII they are the C locale's).
    #[inline(never)]
    fn contains(self, c: u32, chars: bool) -> bool {
        if c >= 0x80 && !chars {
            return false;
        }
        let digit = (b'0' as u32..=b'9' as u32).contains(&c);
        let graph = || unicode::is_print(c) && !unicode::is_space(c);
        match self.0 {
            0 => unicode::is_upper(c),
            1 => unicode::is_lower(c),
            2 | 11 => unicode::is_alpha(c) || (digit && self.0 == 11),
            3 => digit,
            4 => c < 0x80 && (c as u8).is_ascii_hexdigit(),
            5 => unicode::is_space(c),
            6 => unicode::is_print(c),
            7 => graph(),
            8 => unicode::is_space(c) && !matches!(c, 0x0a..=0x0d | 0x2028 | 0x2029),
            9 => unicode::is_cntrl(c),
            _ => graph() && !unicode::is_alpha(c) && !digit,
        }
    }
}

#[cfg(test)]
mod tests;
