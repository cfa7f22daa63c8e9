//! Message catalogs as gettext reads them for GNU ls and wc: which `.mo` files a
//! domain's lookups search (the category's locale name, or LANGUAGE unless that name
//! is C; each name with its parts dropped, and its alias), the lookup of one msgid in
//! a file (either byte order), and the translation's text in the output codeset
//! (UTF-8 as the catalogs are, an 8-bit codeset through translit.rs, pure ASCII in
//! any other).
//!
//! A msgid is found by binary search over the sorted originals, not by the file's
//! hash table: msgfmt sorts them, so both find the same entry in every catalog it
//! writes. A catalog's texts are taken as UTF-8, its header's charset unread: every
//! catalog of coreutils and glibc is UTF-8 (Debian's en_GB libc.mo says US-ASCII,
//! a subset); gettext would convert one in another charset.
//!
//! Nothing here runs before the first message: the catalogs are searched then, once
//! per domain. In C and POSIX (and C.UTF-8 without LANGUAGE) nothing is searched.

use super::find::{self, Search};
use super::translit::{self, ASCII, KOI8R, LATIN1, NONE, UTF8};
use crate::fmt::{Buf, Sink};
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
#[inline(never)]
pub fn translate(which: usize, msgid: &[u8]) -> Option<&'static [u8]> {
    let cat = if which == TIME_FORMATS {
        super::TIME
    } else {
        super::MESSAGES
    };
    // Untranslated: a C locale (LANGUAGE is then ignored too), or an output
    // codeset we do not convert to.
    let name = super::name(cat)?;
    let slot = FOUND.get(which)?;
    let found = match slot.get() {
        Some(f) => f,
        None => {
            let f = search(name, TAILS.get(which)?);
            slot.set(f);
            f
        }
    };
    let t = found.iter().flatten().find_map(|mo| lookup(mo, msgid))?;
    (output() != NONE || t.is_ascii()).then_some(t)
}

/// The catalogs for the entries of LANGUAGE (when set and not empty), else for the
/// locale's name; an entry `C` or `POSIX` ends the list. (Not inlined: its
/// search's 4 KB stay off `translate`'s stack, which most runs enter.)
#[inline(never)]
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
                if swapped(mo).is_some() {
                    *slot = Some(mo);
                    n += 1;
                }
            }
        });
    }
    found
}

/// Whether catalog `mo` is in the other byte order than ours; None when it is no
/// catalog.
fn swapped(mo: &[u8]) -> Option<bool> {
    match word(mo, 0, false)? {
        0x9504_12de => Some(false),
        0xde12_0495 => Some(true),
        _ => None,
    }
}

/// The u32 at `at` of the file, swapped when `swap` (the file's order is not
/// ours).
#[inline(never)]
fn word(mo: &[u8], at: usize, swap: bool) -> Option<usize> {
    let v = u32::from_le_bytes(*mo.get(at..)?.first_chunk::<4>()?);
    Some((if swap { v.swap_bytes() } else { v }) as usize)
}

/// String `i` of the table whose offset is at `table` in the header (the
/// originals or the translations), up to its NUL.
#[inline(never)]
fn string(mo: &[u8], swap: bool, table: usize, i: usize) -> Option<&[u8]> {
    let at = word(mo, table, swap)?.checked_add(i.checked_mul(8)?)?;
    let s = mo.get(word(mo, at.checked_add(4)?, swap)?..)?;
    s.get(..word(mo, at, swap)?)?.split(|&c| c == 0).next()
}

/// The translation of `msgid` in catalog `mo` (up to a NUL: the singular of a
/// plural entry), by binary search over its originals (compared up to their NUL).
pub fn lookup<'a>(mo: &'a [u8], msgid: &[u8]) -> Option<&'a [u8]> {
    let swap = swapped(mo)?;
    let (mut lo, mut hi) = (0, word(mo, 8, swap)?);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match string(mo, swap, 12, mid)?.cmp(msgid) {
            core::cmp::Ordering::Less => lo = mid + 1,
            core::cmp::Ordering::Greater => hi = mid,
            core::cmp::Ordering::Equal => return string(mo, swap, 16, mid),
        }
    }
    None
}

/// The codeset messages are written in (translit.rs's UTF8, LATIN1...):
/// OUTPUT_CHARSET when set, else LC_CTYPE's.
fn output() -> u8 {
    let cs = match env::get(b"OUTPUT_CHARSET").filter(|c| !c.is_empty()) {
        Some(c) => c,
        None if super::ctype_utf8() => return UTF8,
        None => match super::data(super::CTYPE) {
            Some(d) => find::codeset(d, super::CTYPE),
            None => return ASCII,
        },
    };
    if find::codeset_is_utf8(cs) {
        UTF8
    } else if find::codeset_is(cs, b"iso88591") {
        LATIN1
    } else if find::codeset_is(cs, b"koi8r") {
        KOI8R
    } else if find::codeset_is(cs, b"ansix341968") {
        ASCII
    } else {
        NONE
    }
}

/// Writes `text` (UTF-8: a catalog's text, or an ASCII msgid) in the output
/// codeset.
#[inline(never)]
pub fn put(text: &[u8], out: &mut dyn Sink) {
    // ASCII is itself in every codeset we write (and the C texts are ASCII): no
    // look at the environment for them.
    if text.is_ascii() {
        return out.put(text);
    }
    translit::put(text, output(), out);
}

/// The quotes and the time formats converted to the output codeset.
static QUOTES: Once<[Buf; 2]> = Once::unset();
static FORMATS: Once<[Buf; 2]> = Once::unset();

/// ls's two `locale` time formats as GNU takes them, dcgettext(.., LC_TIME) of
/// the C ones: translated (TIME_FORMATS) and in the output codeset.
pub fn time_formats(c: [&'static [u8]; 2]) -> [&'static [u8]; 2] {
    let t = c.map(|f| Some(translate(TIME_FORMATS, f).unwrap_or(f)));
    let [a, b] = converted(t, &FORMATS);
    [a.unwrap_or(c[0]), b.unwrap_or(c[1])]
}

/// gnulib's quotes for its locale quoting style: gettext("`") and gettext("'") from
/// coreutils' catalog, in the output codeset; None for one the catalog lacks.
pub fn quotes() -> [Option<&'static [u8]>; 2] {
    converted(
        [translate(COREUTILS, b"`"), translate(COREUTILS, b"'")],
        &QUOTES,
    )
}

/// The two texts `t` in the output codeset: as they are in UTF-8 and ASCII, else
/// converted once into `cache` (None stays None).
#[inline(never)]
fn converted(
    t: [Option<&'static [u8]>; 2],
    cache: &'static Once<[Buf; 2]>,
) -> [Option<&'static [u8]>; 2] {
    if output() < LATIN1 {
        return t;
    }
    if cache.get_ref().is_none() {
        cache.set(t.map(|q| {
            let mut b = Buf::new();
            put(q.unwrap_or(b""), &mut b);
            b
        }));
    }
    match cache.get_ref() {
        Some([a, b]) => [t[0].and(Some(a)), t[1].and(Some(b))],
        None => t,
    }
}
