//! Catalog texts (UTF-8) in the output codeset: as they are in UTF-8, else byte by
//! byte in ISO-8859-1, each character the codeset lacks as glibc's iconv
//! transliterates messages: LC_CTYPE's table (TRANSLIT_FROM_IDX/_TBL sorted UCS-4
//! strings, TRANSLIT_TO_IDX/_TBL lists of alternatives, each ended by a NUL, the list
//! by an empty one), the first alternative the codeset has whole, else
//! TRANSLIT_DEFAULT_MISSING, else `?`.

use super::CTYPE;
use crate::fmt::unicode::{decode, Decoded};
use crate::fmt::Sink;

/// Output codesets: none we convert to (only pure ASCII translations are used),
/// UTF-8, ISO-8859-1; the 8-bit ones last.
pub const NONE: u8 = 1;
pub const UTF8: u8 = 2;
pub const LATIN1: u8 = 3;

const TAB_SIZE: usize = 61;
const FROM_IDX: usize = 62;
const FROM_TBL: usize = 63;
const TO_IDX: usize = 64;
const TO_TBL: usize = 65;
const DEFAULT_MISSING: usize = 67;

/// Writes `text` in codeset `mode`.
pub fn put(text: &[u8], mode: u8, out: &mut dyn Sink) {
    if mode < LATIN1 {
        out.put(text);
        return;
    }
    let mut rest = text;
    while !rest.is_empty() {
        // (The catalogs are UTF-8: anything else is one unknown character.)
        let (c, n) = match decode(rest) {
            Decoded::Char(c, n) => (c, n),
            _ => (0xfffd, 1),
        };
        rest = rest.get(n..).unwrap_or(b"");
        match encode(c) {
            Some(b) => out.put_byte(b),
            None => transliterate(c, out),
        }
    }
}

/// The byte for `c` in the output codeset, when it has one.
fn encode(c: u32) -> Option<u8> {
    u8::try_from(c).ok()
}

/// The u32 `k` of item `item` of LC_CTYPE (native byte order, as locale files are);
/// 0 (an end) past the item.
#[inline(never)]
fn at(item: &[u8], k: usize) -> u32 {
    k.checked_mul(4)
        .and_then(|o| item.get(o..)?.first_chunk::<4>())
        .map_or(0, |b| u32::from_ne_bytes(*b))
}

/// The string of u32s at `k` in `item` (up to its NUL, at most 16 long) encoded
/// into `buf`: its length, and whether every character has a byte.
fn encoded(item: &[u8], k: usize, buf: &mut [u8; 16]) -> (usize, bool) {
    let mut ok = true;
    let mut n = 0;
    while n < 16 {
        let c = at(item, k.wrapping_add(n));
        if c == 0 {
            break;
        }
        match encode(c) {
            Some(b) => buf[n] = b,
            None => ok = false,
        }
        n += 1;
    }
    (n, ok && n > 0)
}

/// Writes character `c`, which the output codeset lacks. (The table is sorted
/// for glibc's binary search; a walk finds the same entry, and ends with the table.)
#[inline(never)]
fn transliterate(c: u32, out: &mut dyn Sink) {
    let item = |i| super::item(CTYPE, i).unwrap_or(b"");
    let (from_idx, from_tbl) = (item(FROM_IDX), item(FROM_TBL));
    let size = super::word(CTYPE, TAB_SIZE).unwrap_or(0) as usize;
    let mut buf = [0; 16];
    // The entry whose string is [c].
    let hit = (0..size.min(from_idx.len() / 4)).find(|&i| {
        let k = at(from_idx, i) as usize;
        at(from_tbl, k) == c && at(from_tbl, k.wrapping_add(1)) == 0
    });
    if let Some(i) = hit {
        let mut k = at(item(TO_IDX), i) as usize;
        loop {
            let (n, ok) = encoded(item(TO_TBL), k, &mut buf);
            if ok {
                return out.put(&buf[..n]);
            }
            if n == 0 {
                break;
            }
            k = k.wrapping_add(n + 1);
        }
    }
    let (n, ok) = encoded(item(DEFAULT_MISSING), 0, &mut buf);
    out.put(if ok { &buf[..n] } else { b"?" });
}
