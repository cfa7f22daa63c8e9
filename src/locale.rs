//! The locale, settled as glibc's `setlocale(LC_ALL, "")` settles it for GNU ls and
//! wc: whether text is UTF-8, whether LC_TIME is C, and the mapped data of the
//! categories ls and wc read (LC_CTYPE, LC_NUMERIC, LC_TIME, LC_COLLATE,
//! LC_MESSAGES), item by item as `nl_langinfo` gives them.
//!
//! Each category takes its locale name from LC_ALL, then LC_<CATEGORY>, then LANG
//! (empty values do not count). C and POSIX are built in, and so, here, are the
//! spellings of C.UTF-8 (`C.UTF-8`, `C.utf8`, which every glibc system since 2.35
//! has). Any other name must be installed (find.rs); when one category's locale
//! cannot be loaded, setlocale fails as a whole and the program runs in C
//! throughout: `LANG=en_US.UTF-8` without that locale gives byte semantics, even
//! with LC_CTYPE=C.UTF-8 beside it.
//!
//! The answer is worked out once. The environments without a locale variable, or
//! with only C, POSIX and C.UTF-8 in them, cost no syscall.

mod catalog;
mod find;
mod translit;

/// The pure readers of locale files that the fuzz targets (fuzz/) drive.
#[cfg(feature = "fuzzing")]
pub mod fuzzing {
    pub use super::catalog::lookup as catalog_lookup;
    pub use super::find::{archive_lookup, item, string, valid_data, word};
}

use crate::sys::{env, once::Once};
use core::sync::atomic::{AtomicU8, Ordering};

/// Category numbers, as glibc numbers them.
pub const CTYPE: usize = 0;
pub const NUMERIC: usize = 1;
pub const TIME: usize = 2;
pub const COLLATE: usize = 3;
pub const MESSAGES: usize = 5;

/// The data of the categories 0 to 5 (None: built in, C or C.UTF-8).
type Data = [Option<&'static [u8]>; 6];
static DATA: Once<Data> = Once::unset();

/// glibc's category names by number (6 is LC_ALL), each its own environment
/// variable: one string, name `i` ending at `NAME_ENDS[i]` (one byte a name where a
/// `&[u8]` is 16).
const NAMES: &[u8] = b"LC_CTYPELC_NUMERICLC_TIMELC_COLLATELC_MONETARYLC_MESSAGESLC_ALL\
LC_PAPERLC_NAMELC_ADDRESSLC_TELEPHONELC_MEASUREMENTLC_IDENTIFICATION";
const NAME_ENDS: [u8; 14] = [0, 8, 18, 25, 35, 46, 57, 63, 71, 78, 88, 100, 114, 131];

/// The name of category `cat` (0 to 12).
fn category_name(cat: usize) -> &'static [u8] {
    let (start, end) = (NAME_ENDS[cat], NAME_ENDS[cat + 1]);
    &NAMES[usize::from(start)..usize::from(end)]
}

/// The locale name the environment gives a category (empty for none).
fn category(name: &[u8]) -> &'static [u8] {
    for var in [&b"LC_ALL"[..], name, b"LANG"] {
        if let Some(v) = env::get(var) {
            if !v.is_empty() {
                return v;
            }
        }
    }
    b""
}

/// The built-in C locale: no name, `C` or `POSIX`.
fn is_c(name: &[u8]) -> bool {
    name.is_empty() || name == b"C" || name == b"POSIX"
}

/// `C.` and a spelling of UTF-8, taken as installed (a name glibc accepts).
fn is_c_utf8(name: &[u8]) -> bool {
    name.strip_prefix(b"C.").is_some_and(find::codeset_is_utf8) && find::valid_name(name)
}

const SETTLED: u8 = 1;
const UTF8: u8 = 2;
const TIME_C: u8 = 4;
/// Some category could not be loaded: everything is C.
const FAILED: u8 = 8;
/// LC_MESSAGES is C or POSIX (or everything is).
const MESSAGES_C: u8 = 16;

static STATE: AtomicU8 = AtomicU8::new(0);

fn state() -> u8 {
    let s = STATE.load(Ordering::Relaxed);
    if s != 0 {
        return s;
    }
    let s = SETTLED | settle();
    STATE.store(s, Ordering::Relaxed);
    s
}

/// UTF8 and TIME_C as setlocale(LC_ALL, "") leaves them; the categories' data
/// goes to DATA (all None when any category fails). Only a locale to load
/// gets the search's buffers (4 KB of stack every other run is spared).
fn settle() -> u8 {
    settle_in(None).unwrap_or_else(settle_searching)
}

/// `settle` with a search for the installed locales.
#[inline(never)]
fn settle_searching() -> u8 {
    settle_in(Some(&mut find::Search::new())).unwrap_or(TIME_C | MESSAGES_C | FAILED)
}

/// `settle`, loading the categories with `search`; None when a category names a
/// locale to load and there is no search.
fn settle_in(mut search: Option<&mut find::Search>) -> Option<u8> {
    let mut utf8 = false;
    let mut data: Data = [None; 6];
    // glibc loads the categories from the last to the first and stops at a failure.
    for cat in (0..13).rev().filter(|&c| c != 6) {
        let name = category(category_name(cat));
        let cat_utf8 = if is_c(name) {
            false
        } else if is_c_utf8(name) {
            true
        } else {
            match search.as_deref_mut()?.load(name, cat) {
                Some(d) => {
                    if let Some(slot) = data.get_mut(cat) {
                        *slot = Some(d);
                    }
                    find::codeset_is_utf8(find::codeset(d, cat))
                }
                None => return Some(TIME_C | MESSAGES_C | FAILED),
            }
        };
        if cat == 0 {
            utf8 = cat_utf8;
        }
    }
    DATA.set(data);
    let c_bit = |cat, bit| {
        if is_c(category(category_name(cat))) {
            bit
        } else {
            0
        }
    };
    Some((if utf8 { UTF8 } else { 0 }) | c_bit(TIME, TIME_C) | c_bit(MESSAGES, MESSAGES_C))
}

/// LC_CTYPE is a UTF-8 locale: characters are decoded, widths come from wcwidth,
/// and messages use curly quotes.
pub fn ctype_utf8() -> bool {
    state() & UTF8 != 0
}

/// LC_TIME is C or POSIX, as GNU's hard_locale(LC_TIME) being false means: its
/// name is C or POSIX (not C.UTF-8), or the locale could not be set and all of it
/// is C. ls's `posix-` time styles then give the locale's formats.
pub fn time_is_posix() -> bool {
    state() & TIME_C != 0
}

/// The data of category `cat` (CTYPE, NUMERIC, TIME, COLLATE, MESSAGES) when an
/// installed locale was loaded for it; None in C, POSIX and C.UTF-8.
pub fn data(cat: usize) -> Option<&'static [u8]> {
    state();
    DATA.get()?.get(cat).copied().flatten()
}

/// Item `i` of category `cat` (`nl_langinfo`'s index within the category), from its
/// offset to the end of the category's data.
pub fn item(cat: usize, i: usize) -> Option<&'static [u8]> {
    find::item(data(cat)?, i)
}

/// Item `i` of category `cat` as a string (up to its NUL).
pub fn string(cat: usize, i: usize) -> Option<&'static [u8]> {
    find::string(data(cat)?, i)
}

/// Item `i` of category `cat` as a word.
pub fn word(cat: usize, i: usize) -> Option<u32> {
    find::word(data(cat)?, i)
}

/// The name the environment gives category `cat`, when that category is not C:
/// None for C and POSIX, and when the locale could not be set (all of it is C).
/// (C.UTF-8 is a name: GNU's messages look LANGUAGE up under it.)
pub fn name(cat: usize) -> Option<&'static [u8]> {
    // Known from the settled state for the two categories asked for per message
    // (no walk over the environment in C).
    let s = state();
    let known_c = match cat {
        TIME => s & TIME_C,
        MESSAGES => s & MESSAGES_C,
        _ => s & FAILED,
    };
    if known_c != 0 {
        return None;
    }
    let n = category(category_name(cat));
    (!is_c(n)).then_some(n)
}

// Messages: gettext's catalogs (locale/catalog.rs).
pub use catalog::{
    put as put_text, quotes, time_formats, translate, COREUTILS, LIBC, TIME_FORMATS,
};

// ---- 8-bit LC_CTYPE (ls's quoting and widths, wc) ----

/// When LC_CTYPE is an installed single-byte locale (MB_CUR_MAX 1, not UTF-8):
/// its CLASS table (item 0: 384 16-bit entries for -128..255), whose entry for
/// byte `b`, at `2 * b + 256`, has in its second byte (`2 * b + 257`) the classes
/// 0 to 7 (print is bit 6, space bit 5) on either byte order, as localedef stores
/// them. None in C, POSIX and UTF-8 locales.
pub fn byte_classes() -> Option<&'static [u8; 768]> {
    if ctype_utf8() || word(CTYPE, 13)? != 1 {
        return None;
    }
    item(CTYPE, 0)?.get(..768)?.try_into().ok()
}

/// The byte `btowc` makes U+00A0 (no-break space) in the 8-bit LC_CTYPE's
/// codeset, by its name: 0x9a in KOI8-R and KOI8-U, 0xff in CP866, 0xa0 in the
/// ISO-8859 and Windows codesets and the others.
#[inline(never)]
pub fn nbsp_byte() -> u8 {
    match string(CTYPE, 14).unwrap_or_default() {
        [b'K', b'O', b'I', b'8', ..] => 0x9a,
        b"IBM866" | b"CP866" => 0xff,
        _ => 0xa0,
    }
}

// ---- Patterns (ls's -I and --hide) ----

/// An installed LC_COLLATE's collation sequences, COLLSEQMB (256 bytes) and
/// COLLSEQWC (items 16 and 17), which fnmatch's ranges read.
pub fn collseq() -> Option<(&'static [u8], &'static [u8])> {
    let mb = item(COLLATE, 16)?;
    Some((mb.get(..256)?, item(COLLATE, 17)?))
}

#[cfg(test)]
mod tests;
