//! Message catalogs as gettext reads them for GNU ls and wc: which `.mo` files a
//! domain's lookups search (the category's locale name, or LANGUAGE unless that name
//! is C; each name with its parts dropped, and its alias), the lookup of one msgid in
//! a file (either byte order, by its hash table, else by binary search), and the
//! translation's text in the output codeset (UTF-8 as the catalogs are, ISO-8859-1
//! with the locale's transliteration, pure ASCII in any other).
//!
//! Nothing here runs before the first message: the catalogs are searched then, once
//! per domain. In C and POSIX (and C.UTF-8 without LANGUAGE) nothing is searched.

use super::find::{self, Search};
use crate::sys::{env, once::Once};

/// The three searches: coreutils' messages, glibc's messages, coreutils' time
/// formats (its catalog under LC_TIME).
pub const COREUTILS: usize = 0;
pub const LIBC: usize = 1;
pub const TIME_FORMATS: usize = 2;

/// The catalogs a search found, most wanted first.
type Found = [Option<&'static [u8]>; 6];
static FOUND: [Once<Found>; 3] = [Once::unset(), Once::unset(), Once::unset()];

/// The path under each name: the category's folder and the domain's file.
const TAILS: [&[u8]; 3] = [
    b"/LC_MESSAGES/coreutils.mo",
    b"/LC_MESSAGES/libc.mo",
    b"/LC_TIME/coreutils.mo",
];

/// The translation of `msgid` in search `which`, in UTF-8 (the catalogs' charset);
/// None when there is none (the caller prints `msgid`). `put` writes it in the
/// output codeset.
pub fn translate(which: usize, msgid: &[u8]) -> Option<&'static [u8]> {
    let cat = if which == TIME_FORMATS {
        super::TIME
    } else {
        super::MESSAGES
    };
    // Untranslated: a C locale (LANGUAGE is then ignored too), or an output
    // codeset we do not convert to.
    let name = super::name(cat)?;
    let mode = output();
    let found = match FOUND[which].get() {
        Some(f) => f,
        None => {
            let f = search(name, TAILS[which]);
            FOUND[which].set(f);
            f
        }
    };
    let t = found.iter().flatten().find_map(|mo| lookup(mo, msgid))?;
    (mode != NONE || t.is_ascii()).then_some(t)
}

/// The catalogs for the entries of LANGUAGE (when set and not empty), else for the
/// locale's name; an entry `C` or `POSIX` ends the list.
fn search(name: &'static [u8], tail: &[u8]) -> Found {
    let mut found: Found = [None; 6];
    let language = env::get(b"LANGUAGE").filter(|l| !l.is_empty());
    // No catalog is installed under the name C.UTF-8: no search for it.
    if language.is_none() && super::is_c_utf8(name) {
        return found;
    }
    let mut n = 0;
    let mut s = Search::new();
    for entry in language.unwrap_or(name).split(|&c| c == b':') {
        if entry == b"C" || entry == b"POSIX" {
            break;
        }
        if entry.is_empty() {
            continue;
        }
        s.catalogs(entry, tail, &mut |mo| {
            if let Some(slot) = found.get_mut(n) {
                if valid(mo) {
                    *slot = Some(mo);
                    n += 1;
                }
            }
        });
    }
    found
}

/// The header's words (magic, revision, count, originals, translations, hash size,
/// hash offset), in the file's byte order; None when it is no catalog.
fn header(mo: &[u8]) -> Option<[usize; 7]> {
    let magic = mo.get(..4)?;
    let big = match magic {
        [0xde, 0x12, 0x04, 0x95] => false,
        [0x95, 0x04, 0x12, 0xde] => true,
        _ => return None,
    };
    let mut h = [0; 7];
    for (i, w) in h.iter_mut().enumerate() {
        *w = word(mo, 4 * i, big)?;
    }
    // The flag rides in the magic slot: 1 when the file is big-endian.
    h[0] = usize::from(big);
    (h[1] >> 16 <= 1).then_some(h)
}

/// The u32 at `at` in the file's byte order.
fn word(mo: &[u8], at: usize, big: bool) -> Option<usize> {
    let b: [u8; 4] = mo.get(at..at.checked_add(4)?)?.try_into().ok()?;
    let v = if big {
        u32::from_be_bytes(b)
    } else {
        u32::from_le_bytes(b)
    };
    usize::try_from(v).ok()
}

/// String `i` of the table at `table` (the originals or the translations), without
/// its NUL.
fn entry(mo: &'static [u8], h: &[usize; 7], table: usize, i: usize) -> Option<&'static [u8]> {
    let at = table.checked_add(i.checked_mul(8)?)?;
    let len = word(mo, at, h[0] == 1)?;
    let off = word(mo, at + 4, h[0] == 1)?;
    mo.get(off..off.checked_add(len)?)
}

/// A catalog we read: its header is sound and its charset is UTF-8 (gettext would
/// convert any other; none of the catalogs GNU ships has one).
fn valid(mo: &'static [u8]) -> bool {
    lookup(mo, b"").is_some_and(|head| {
        head.windows(8)
            .position(|w| w == b"charset=")
            .is_some_and(|i| {
                find::codeset_is_utf8(head[i + 8..].split(|&c| c == b'\n').next().unwrap_or(b""))
            })
    })
}

/// gettext's hash of a msgid (hashpjw).
fn hash(s: &[u8]) -> usize {
    let mut h: u32 = 0;
    for &c in s {
        h = (h << 4).wrapping_add(u32::from(c));
        let g = h & 0xf000_0000;
        if g != 0 {
            h ^= g >> 24;
            h ^= g;
        }
    }
    h as usize
}

/// The translation of `msgid` in catalog `mo` (up to a NUL: the singular of a
/// plural entry), by the hash table when the file has one, else by binary search
/// over the sorted originals.
pub(super) fn lookup(mo: &'static [u8], msgid: &[u8]) -> Option<&'static [u8]> {
    let h = header(mo)?;
    let [_, _, count, orig, trans, size, table] = h;
    let found = |i: usize| -> Option<Option<usize>> {
        let o = entry(mo, &h, orig, i)?;
        Some((o == msgid).then_some(i))
    };
    let index = if size > 2 {
        let mut at = hash(msgid) % size;
        let step = 1 + hash(msgid) % (size - 2);
        let mut hit = None;
        // At most one probe per slot: a hostile table cannot loop.
        for _ in 0..size {
            let slot = word(mo, table.checked_add(4 * at)?, h[0] == 1)?;
            if slot == 0 {
                return None;
            }
            if slot <= count {
                if let Some(i) = found(slot - 1)? {
                    hit = Some(i);
                    break;
                }
            }
            at = (at + step) % size;
        }
        hit?
    } else {
        let (mut lo, mut hi) = (0, count);
        loop {
            if lo >= hi {
                return None;
            }
            let mid = lo + (hi - lo) / 2;
            match entry(mo, &h, orig, mid)?.cmp(msgid) {
                core::cmp::Ordering::Less => lo = mid + 1,
                core::cmp::Ordering::Greater => hi = mid,
                core::cmp::Ordering::Equal => break mid,
            }
        }
    };
    let t = entry(mo, &h, trans, index)?;
    Some(&t[..t.iter().position(|&c| c == 0).unwrap_or(t.len())])
}

/// Output codesets: none we convert to (only pure ASCII translations are used),
/// UTF-8, ISO-8859-1.
const NONE: u8 = 1;
const UTF8: u8 = 2;
const LATIN1: u8 = 3;
static OUTPUT: Once<u8> = Once::unset();

/// The codeset messages are written in: OUTPUT_CHARSET when set, else LC_CTYPE's.
fn output() -> u8 {
    if let Some(m) = OUTPUT.get() {
        return m;
    }
    let mut buf = [0; 256];
    let cs = match env::get(b"OUTPUT_CHARSET").filter(|c| !c.is_empty()) {
        Some(c) => c,
        None if super::ctype_utf8() => b"UTF-8",
        None => super::data(super::CTYPE).map_or(&b""[..], |d| find::codeset(d, super::CTYPE)),
    };
    let m = match find::normalize(cs, &mut buf) {
        Some(b"utf8") => UTF8,
        Some(b"iso88591") => LATIN1,
        _ => NONE,
    };
    OUTPUT.set(m);
    m
}

/// Writes `text` (UTF-8, from a catalog) in the output codeset: as it is, or in
/// ISO-8859-1, each character above U+00FF by the first of its transliterations
/// in LC_CTYPE that fits, else the locale's default for missing ones, else `?`.
pub fn put(text: &[u8], put: &mut dyn FnMut(&[u8])) {
    if output() != LATIN1 {
        put(text);
        return;
    }
    let mut i = 0;
    while let Some(&b) = text.get(i) {
        // The catalogs are UTF-8: a lead byte's high bits give the length.
        let n = match b {
            0..=0xbf => 1,
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            _ => 4,
        };
        let mut c = u32::from(b) & if n == 1 { 0x7f } else { 0x7f >> n };
        for &t in text.get(i + 1..i + n).unwrap_or(b"") {
            c = c << 6 | u32::from(t & 0x3f);
        }
        i += n;
        if c < 0x100 {
            put(&[c as u8]);
        } else {
            super::translit::latin1(c, put);
        }
    }
}

/// The quotes converted to ISO-8859-1: their lengths, then their bytes.
static QUOTES: Once<[u8; 24]> = Once::unset();

/// gnulib's quotes for its locale quoting style: gettext("`") and gettext("'") from
/// coreutils' catalog, in the output codeset; None for one the catalog lacks.
pub fn quotes() -> [Option<&'static [u8]>; 2] {
    let t = [translate(COREUTILS, b"`"), translate(COREUTILS, b"'")];
    if t == [None; 2] || output() != LATIN1 {
        return t;
    }
    if QUOTES.get_ref().is_none() {
        let mut buf = [0u8; 24];
        let mut n = 2;
        for (k, q) in t.iter().enumerate() {
            let start = n;
            put(q.unwrap_or(b""), &mut |bytes| {
                for &c in bytes {
                    if let Some(slot) = buf.get_mut(n) {
                        *slot = c;
                        n += 1;
                    }
                }
            });
            buf[k] = (n - start) as u8;
        }
        QUOTES.set(buf);
    }
    let Some(buf) = QUOTES.get_ref() else {
        return [None; 2];
    };
    let (a, b) = (
        2 + usize::from(buf[0]),
        2 + usize::from(buf[0]) + usize::from(buf[1]),
    );
    [t[0].and(buf.get(2..a)), t[1].and(buf.get(a..b))]
}
