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
}

/// fnmatch(pattern, name, FNM_PERIOD) in the C locale.
pub fn matches(pattern: &[u8], name: &[u8]) -> bool {
    matches_with(pattern, name, Options::default())
}

/// fnmatch(pattern, name, FNM_PERIOD) under `opts`.
pub fn matches_with(pattern: &[u8], name: &[u8], opts: Options) -> bool {
    if opts.utf8
        && decodes(pattern)
        && decodes(name)
        && run(pattern, name, Units::Chars, opts.posix)
    {
        return true;
    }
    run(pattern, name, Units::Bytes, opts.posix)
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

/// What one step of pattern or name is: a byte, or a character of valid UTF-8.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Units {
    Bytes,
    Chars,
}

impl Units {
    /// The unit at `pos` and the position after it.
    fn at(self, s: &[u8], pos: usize) -> Option<(u32, usize)> {
        let &b = s.get(pos)?;
        if self == Units::Bytes || b < 0x80 {
            return Some((b as u32, pos + 1));
        }
        match unicode::decode(&s[pos..]) {
            unicode::Decoded::Char(c, n) => Some((c, pos + n)),
            _ => Some((b as u32, pos + 1)),
        }
    }
}

const STAR: u32 = b'*' as u32;
const QUESTION: u32 = b'?' as u32;
const OPEN: u32 = b'[' as u32;
const CLOSE: u32 = b']' as u32;
const BACKSLASH: u32 = b'\\' as u32;
const DOT: u32 = b'.' as u32;

/// The iterative matcher. `guard_dot` is glibc's "a `.` here must be matched
/// literally": true at the start of the name, and for the first try after a `*`
/// that starts the name.
fn run(pat: &[u8], name: &[u8], u: Units, posix: bool) -> bool {
    let (mut p, mut n) = (0, 0);
    let mut guard_dot = true;
    // The last star: where the pattern resumes, and the next name position to try.
    let mut star: Option<(usize, usize)> = None;
    loop {
        let step = match u.at(pat, p) {
            None => {
                if n == name.len() {
                    return true;
                }
                Step::Fail
            }
            Some((STAR, after)) => {
                if guard_dot && u.at(name, n).is_some_and(|(c, _)| c == DOT) {
                    return false;
                }
                // A run of stars and question marks: each `?` takes one unit now.
                let mut q = after;
                let mut m = n;
                loop {
                    match u.at(pat, q) {
                        Some((STAR, next)) => q = next,
                        Some((QUESTION, next)) => match u.at(name, m) {
                            Some((_, nm)) => {
                                m = nm;
                                q = next;
                            }
                            None => return false,
                        },
                        _ => break,
                    }
                }
                if q == pat.len() {
                    return true;
                }
                star = Some((q, m));
                p = q;
                n = m;
                // glibc keeps the start-of-name guard for the first try.
                continue;
            }
            Some((c, after)) => match u.at(name, n) {
                None => Step::Fail,
                Some((ch, next_n)) => match c {
                    QUESTION if guard_dot && ch == DOT => Step::Fail,
                    QUESTION => Step::Advance(after, next_n),
                    OPEN if guard_dot && ch == DOT => Step::Fail,
                    OPEN => match set(pat, after, ch, u, posix) {
                        Set::Member(end) => Step::Advance(end, next_n),
                        Set::Outside | Set::Broken => Step::Fail,
                        Set::Unterminated if ch == OPEN => Step::Advance(after, next_n),
                        Set::Unterminated => Step::Fail,
                    },
                    BACKSLASH => match u.at(pat, after) {
                        Some((lit, end)) if lit == ch => Step::Advance(end, next_n),
                        _ => Step::Fail,
                    },
                    _ if c == ch => Step::Advance(after, next_n),
                    _ => Step::Fail,
                },
            },
        };
        match step {
            Step::Advance(np, nn) => {
                p = np;
                n = nn;
                guard_dot = false;
            }
            Step::Fail => {
                // Let the last star take one more unit and try again.
                let Some((resume, from)) = star else {
                    return false;
                };
                let Some((_, next)) = u.at(name, from) else {
                    return false;
                };
                if next >= name.len() {
                    return false;
                }
                star = Some((resume, next));
                p = resume;
                n = next;
                guard_dot = false;
            }
        }
    }
}

enum Step {
    Advance(usize, usize),
    Fail,
}

/// The outcome of a `[...]` set against one unit.
enum Set {
    /// The unit is in the set; the pattern resumes at this position.
    Member(usize),
    Outside,
    /// No closing `]`: the `[` is an ordinary character.
    Unterminated,
    /// A malformed set: the match fails.
    Broken,
}

/// Longest class name glibc reads.
const CLASS_NAME_MAX: usize = 256;

/// What one element of a set gave.
enum Elem {
    /// `ch` is in it; the element ends at this position.
    Hit(usize),
    /// Not in it: the next element starts with this unit, followed by this position.
    Next(u32, usize),
    /// The set ends here so.
    End(Set),
}

/// The element after position `q`.
fn next_elem(pat: &[u8], q: usize, u: Units) -> Elem {
    match u.at(pat, q) {
        Some((c, q)) => Elem::Next(c, q),
        None => Elem::End(Set::Unterminated),
    }
}

/// What `range_tail` found, as an element.
#[inline(never)]
fn range_elem(r: Range) -> Elem {
    match r {
        Range::In(q) => Elem::Hit(q),
        Range::Continue(c, q) => Elem::Next(c, q),
        Range::End => Elem::End(Set::Unterminated),
        Range::Broken => Elem::End(Set::Broken),
    }
}

/// An ordinary member `low` (its text ends before `p`), perhaps the start of a range.
fn ordinary(pat: &[u8], p: usize, low: u32, ch: u32, u: Units) -> Elem {
    let peek = |q: usize| u.at(pat, q).map(|(c, _)| c);
    let is_range = peek(p) == Some(b'-' as u32)
        && u.at(pat, p)
            .and_then(|(_, q)| peek(q))
            .is_some_and(|e| e != CLOSE);
    if !is_range && low == ch {
        return Elem::Hit(p);
    }
    let Some((next, q)) = u.at(pat, p) else {
        return Elem::End(Set::Unterminated);
    };
    range_elem(range_tail(pat, next, q, low, ch, u))
}

/// `[=x=]` from `p` (on the `=`): exactly one character; None when it is not
/// shaped so (the `[` is then an ordinary member).
#[inline(never)]
fn equivalence(pat: &[u8], p: usize, ch: u32, u: Units) -> Option<Elem> {
    let (x, q) = u.at(pat, p).and_then(|(_, q)| u.at(pat, q))?;
    let (after, _) = u.at(pat, q).and_then(|(e, q)| {
        (e == b'=' as u32)
            .then_some(q)
            .and_then(|q| u.at(pat, q))
            .filter(|&(b, _)| b == CLOSE)
            .map(|(_, after)| (after, ()))
    })?;
    Some(if x == ch {
        Elem::Hit(after)
    } else {
        next_elem(pat, after, u)
    })
}

/// `[.x.]` from `p` (on the `.`): a collating symbol of one character; it may
/// start a range (glibc does not check for a following `]` here).
fn collating(pat: &[u8], p: usize, ch: u32, u: Units) -> Elem {
    let Some((sym, after)) = symbol(pat, p, u) else {
        return Elem::End(Set::Broken);
    };
    let Some((next, q)) = u.at(pat, after) else {
        return Elem::End(Set::Unterminated);
    };
    let is_range = next == b'-' as u32 && u.at(pat, q).is_some();
    if !is_range && sym == ch {
        return Elem::Hit(after);
    }
    range_elem(range_tail(pat, next, q, sym, ch, u))
}

/// The element that starts with unit `c` (its text goes on at `p`).
fn element(pat: &[u8], c: u32, p: usize, ch: u32, u: Units) -> Elem {
    let peek = u.at(pat, p).map(|(c, _)| c);
    if c == BACKSLASH {
        return match u.at(pat, p) {
            Some((lit, q)) => ordinary(pat, q, lit, ch, u),
            None => Elem::End(Set::Broken),
        };
    }
    if c == OPEN && peek == Some(b':' as u32) {
        return match class_name(pat, p, u) {
            ClassName::Known(class, q) if class.contains(ch, u == Units::Chars) => Elem::Hit(q),
            ClassName::Known(_, q) => next_elem(pat, q, u),
            ClassName::Unknown => Elem::End(Set::Broken),
            ClassName::NotAName => ordinary(pat, p, OPEN, ch, u),
        };
    }
    if c == OPEN && peek == Some(b'=' as u32) {
        if let Some(e) = equivalence(pat, p, ch, u) {
            return e;
        }
        return ordinary(pat, p, OPEN, ch, u);
    }
    if c == OPEN && peek == Some(DOT) {
        return collating(pat, p, ch, u);
    }
    ordinary(pat, p, c, ch, u)
}

/// Evaluates the set whose text starts at `p` (after the `[`) against `ch`.
#[inline(never)]
fn set(pat: &[u8], mut p: usize, ch: u32, u: Units, posix: bool) -> Set {
    let negate =
        matches!(u.at(pat, p), Some((c, _)) if c == b'!' as u32 || (!posix && c == b'^' as u32));
    if negate {
        p = u.at(pat, p).map_or(p, |(_, q)| q);
    }
    // `c` is the current element's first unit, `p` the position after it.
    let Some((mut c, q)) = u.at(pat, p) else {
        return Set::Unterminated;
    };
    p = q;
    loop {
        match element(pat, c, p, ch, u) {
            // A member matched: the set as a whole matches unless it is negated.
            Elem::Hit(q) => {
                return match skip_rest(pat, q, u) {
                    Set::Member(_) if negate => Set::Outside,
                    other => other,
                }
            }
            Elem::Next(next, q) => {
                c = next;
                p = q;
            }
            Elem::End(end) => return end,
        }
        if c == CLOSE {
            break;
        }
    }
    if negate {
        Set::Member(p)
    } else {
        Set::Outside
    }
}

enum Range {
    /// `ch` lies in the range; the pattern continues at this position.
    In(usize),
    /// Not a range or not in it: the next element starts with this unit.
    Continue(u32, usize),
    /// The pattern ended: the set is unterminated.
    End,
    Broken,
}

/// After a member `low`, `next` (at position `q` onwards) may be `-` and a range end.
fn range_tail(pat: &[u8], next: u32, q: usize, low: u32, ch: u32, u: Units) -> Range {
    let is_dash = next == b'-' as u32;
    if !is_dash || u.at(pat, q).is_some_and(|(c, _)| c == CLOSE) {
        return Range::Continue(next, q);
    }
    let Some((mut high, mut q)) = u.at(pat, q) else {
        return Range::Broken;
    };
    if high == BACKSLASH {
        let Some((h, q2)) = u.at(pat, q) else {
            return Range::Broken;
        };
        high = h;
        q = q2;
    } else if high == OPEN && u.at(pat, q).is_some_and(|(c, _)| c == DOT) {
        let Some((h, q2)) = symbol(pat, q, u) else {
            return Range::Broken;
        };
        high = h;
        q = q2;
    }
    if low <= ch && ch <= high {
        return Range::In(q);
    }
    match u.at(pat, q) {
        Some((c, q2)) => Range::Continue(c, q2),
        None => Range::End,
    }
}

/// A collating symbol starting at `p` (on the `.` after `[`): its one character and
/// the position after `.]`; None when unterminated or longer than one character.
fn symbol(pat: &[u8], p: usize, u: Units) -> Option<(u32, usize)> {
    let (_, mut q) = u.at(pat, p)?;
    let mut first = None;
    let mut count = 0;
    loop {
        let (c, next) = u.at(pat, q)?;
        if c == DOT && u.at(pat, next).is_some_and(|(e, _)| e == CLOSE) {
            if count != 1 {
                return None;
            }
            return Some((first?, next + 1));
        }
        first = first.or(Some(c));
        count += 1;
        q = next;
    }
}

enum ClassName {
    Known(Class, usize),
    Unknown,
    /// Not shaped like a class name: the `[` is an ordinary member.
    NotAName,
}

/// Reads `[:name:]` from `p` (on the `:`).
#[inline(never)]
fn class_name(pat: &[u8], p: usize, u: Units) -> ClassName {
    let mut q = p + 1;
    let start = q;
    loop {
        if q - start == CLASS_NAME_MAX {
            return ClassName::Unknown;
        }
        match u.at(pat, q) {
            Some((c, next)) if c == b':' as u32 && pat.get(next) == Some(&b']') => {
                return match Class::named(&pat[start..q]) {
                    Some(class) => ClassName::Known(class, next + 1),
                    None => ClassName::Unknown,
                };
            }
            Some((c, next)) if (b'a' as u32..=b'y' as u32).contains(&c) => q = next,
            _ => return ClassName::NotAName,
        }
    }
}

/// Skips the rest of a set whose member matched, from `p`, glibc's way (which checks
/// less than the first pass: `[a[:bogus:]]` matches `a`).
fn skip_rest(pat: &[u8], mut p: usize, u: Units) -> Set {
    loop {
        let Some((c, q)) = u.at(pat, p) else {
            return Set::Unterminated;
        };
        p = q;
        if c == CLOSE {
            return Set::Member(p);
        }
        if c == BACKSLASH {
            let Some((_, q)) = u.at(pat, p) else {
                return Set::Broken;
            };
            p = q;
        } else if c == OPEN && pat.get(p) == Some(&b':') {
            // A class name: letters a-y up to `:]`; anything else makes the `[` an
            // ordinary character again.
            let mut q = p + 1;
            let mut len = 0;
            loop {
                len += 1;
                if len == CLASS_NAME_MAX {
                    return Set::Broken;
                }
                match pat.get(q) {
                    Some(b':') if pat.get(q + 1) == Some(&b']') => {
                        p = q + 2;
                        break;
                    }
                    Some(&b) if (b'a'..=b'y').contains(&b) => q += 1,
                    _ => break,
                }
            }
        } else if c == OPEN && pat.get(p) == Some(&b'=') {
            let Some((_, q)) = u.at(pat, p + 1) else {
                return Set::Broken;
            };
            if pat.get(q) != Some(&b'=') || pat.get(q + 1) != Some(&b']') {
                return Set::Broken;
            }
            p = q + 2;
        } else if c == OPEN && pat.get(p) == Some(&b'.') {
            let mut q = p;
            p = loop {
                let Some((_, next)) = u.at(pat, q) else {
                    return Set::Broken;
                };
                q = next;
                if q >= pat.len() {
                    return Set::Broken;
                }
                if pat[q] == b'.' && pat.get(q + 1) == Some(&b']') {
                    break q + 2;
                }
            };
        }
    }
}

/// The character classes of `[:name:]`.
#[derive(Clone, Copy)]
enum Class {
    Alnum,
    Alpha,
    Blank,
    Cntrl,
    Digit,
    Graph,
    Lower,
    Print,
    Punct,
    Space,
    Upper,
    Xdigit,
}

impl Class {
    #[inline(never)]
    fn named(name: &[u8]) -> Option<Class> {
        Some(match name {
            b"alnum" => Class::Alnum,
            b"alpha" => Class::Alpha,
            b"blank" => Class::Blank,
            b"cntrl" => Class::Cntrl,
            b"digit" => Class::Digit,
            b"graph" => Class::Graph,
            b"lower" => Class::Lower,
            b"print" => Class::Print,
            b"punct" => Class::Punct,
            b"space" => Class::Space,
            b"upper" => Class::Upper,
            b"xdigit" => Class::Xdigit,
            _ => return None,
        })
    }

    /// Membership of `c`: ASCII as in the C locale; other characters only in
    /// character mode, as glibc's C.UTF-8 tables.
    fn contains(self, c: u32, chars: bool) -> bool {
        if c < 0x80 {
            let b = c as u8;
            return match self {
                Class::Alnum => b.is_ascii_alphanumeric(),
                Class::Alpha => b.is_ascii_alphabetic(),
                Class::Blank => b == b' ' || b == b'\t',
                Class::Cntrl => b.is_ascii_control(),
                Class::Digit => b.is_ascii_digit(),
                Class::Graph => b.is_ascii_graphic(),
                Class::Lower => b.is_ascii_lowercase(),
                Class::Print => b.is_ascii_graphic() || b == b' ',
                Class::Punct => b.is_ascii_punctuation(),
                Class::Space => b == b' ' || (9..=13).contains(&b),
                Class::Upper => b.is_ascii_uppercase(),
                Class::Xdigit => b.is_ascii_hexdigit(),
            };
        }
        if !chars {
            return false;
        }
        // glibc's classes beyond ASCII, from the three tables and print and space
        // (tools/gen_unicode.py checks these definitions on every code point).
        let graph = unicode::is_print(c) && !unicode::is_space(c);
        match self {
            Class::Alnum | Class::Alpha => unicode::is_alpha(c),
            Class::Blank => unicode::is_space(c) && !matches!(c, 0x2028 | 0x2029),
            Class::Cntrl => unicode::is_cntrl(c),
            Class::Digit | Class::Xdigit => false,
            Class::Graph => graph,
            Class::Print => unicode::is_print(c),
            Class::Punct => graph && !unicode::is_alpha(c),
            Class::Space => unicode::is_space(c),
            Class::Lower => unicode::is_lower(c),
            Class::Upper => unicode::is_upper(c),
        }
    }
}

#[cfg(test)]
#[path = "glob_tests.rs"]
mod tests;
