//! Catalog texts (UTF-8) in the output codeset: as they are in UTF-8, else byte by
//! byte in ISO-8859-1 or KOI8-R, each character the codeset lacks as glibc's iconv
//! transliterates messages: LC_CTYPE's table (TRANSLIT_FROM_IDX/_TBL sorted UCS-4
//! strings, TRANSLIT_TO_IDX/_TBL lists of alternatives, each ended by a NUL, the list
//! by an empty one), the first alternative the codeset has whole, else
//! TRANSLIT_DEFAULT_MISSING, else `?`.

use super::CTYPE;
use crate::fmt::unicode::{decode, Decoded};
use crate::fmt::Sink;

/// Output codesets: none we convert to (only pure ASCII translations are used),
/// UTF-8, ISO-8859-1, KOI8-R; the 8-bit ones last.
pub const NONE: u8 = 1;
pub const UTF8: u8 = 2;
pub const LATIN1: u8 = 3;
pub const KOI8R: u8 = 4;
/// ASCII: LC_CTYPE is C (or its codeset is ANSI_X3.4-1968).
pub const ASCII: u8 = 5;

/// What glibc's built-in C locale transliterates, of the characters the catalogs'
/// translations of ls's and wc's messages hold (measured with `LC_ALL=C iconv -t
/// ASCII//TRANSLIT` over them; Greek and Cyrillic letters, which it spells out in
/// Latin letters, are left out: they become `?`): each entry the character as two
/// bytes, big-endian, then its ASCII text, ended by a NUL.
const C_TRANSLIT: &[u8] = b"\x00\xa0 \0\x00\xab<<\0\x00\xbb>>\0\x00\xdfss\0\x00\xe6ae\0\
\x20\x09 \0\x20\x10-\0\x20\x13-\0\x20\x14--\0\x20\x18'\0\x20\x19'\0\x20\x1c\"\0\x20\x1d\"\0\
\x20\x1e,,\0\x20\x26...\0\x20\x2f \0\xff\x08(\0\xff\x09)\0\xff\x0c,\0\xff\x1a:\0\xff\x1b;\0";

/// KOI8-R's characters for the bytes 0x80 to 0xBF (RFC 1489).
const KOI8R_HIGH: [u16; 64] = [
    0x2500, 0x2502, 0x250c, 0x2510, 0x2514, 0x2518, 0x251c, 0x2524, 0x252c, 0x2534, 0x253c, 0x2580,
    0x2584, 0x2588, 0x258c, 0x2590, 0x2591, 0x2592, 0x2593, 0x2320, 0x25a0, 0x2219, 0x221a, 0x2248,
    0x2264, 0x2265, 0x00a0, 0x2321, 0x00b0, 0x00b2, 0x00b7, 0x00f7, 0x2550, 0x2551, 0x2552, 0x0451,
    0x2553, 0x2554, 0x2555, 0x2556, 0x2557, 0x2558, 0x2559, 0x255a, 0x255b, 0x255c, 0x255d, 0x255e,
    0x255f, 0x2560, 0x2561, 0x0401, 0x2562, 0x2563, 0x2564, 0x2565, 0x2566, 0x2567, 0x2568, 0x2569,
    0x256a, 0x256b, 0x256c, 0x00a9,
];

/// KOI8-R's lowercase Cyrillic letters, bytes 0xC0 to 0xDF, as offsets from U+0430;
/// the bytes 0xE0 to 0xFF are their capitals, in the same order.
const KOI8R_CYRILLIC: [u8; 32] = [
    30, 0, 1, 22, 4, 5, 20, 3, 21, 8, 9, 10, 11, 12, 13, 14, 15, 31, 16, 17, 18, 19, 6, 2, 28, 27,
    7, 24, 29, 25, 23, 26,
];

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
        match encode(c, mode) {
            Some(b) => out.put_byte(b),
            None => transliterate(c, mode, out),
        }
    }
}

/// The byte for `c` in codeset `mode`, when it has one.
fn encode(c: u32, mode: u8) -> Option<u8> {
    if mode == ASCII && c >= 0x80 {
        return None;
    }
    if mode == LATIN1 || c < 0x80 {
        return u8::try_from(c).ok();
    }
    let (base, off) = match c {
        0x430..=0x44f => (0xc0, c - 0x430),
        0x410..=0x42f => (0xe0, c - 0x410),
        _ => {
            let i = KOI8R_HIGH.iter().position(|&k| u32::from(k) == c)?;
            return Some(0x80 | i as u8);
        }
    };
    let i = KOI8R_CYRILLIC.iter().position(|&k| u32::from(k) == off)?;
    Some(base | i as u8)
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
fn encoded(item: &[u8], k: usize, mode: u8, buf: &mut [u8; 16]) -> (usize, bool) {
    let mut ok = true;
    let mut n = 0;
    while n < 16 {
        let c = at(item, k.wrapping_add(n));
        if c == 0 {
            break;
        }
        match encode(c, mode) {
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
fn transliterate(c: u32, mode: u8, out: &mut dyn Sink) {
    if mode == ASCII {
        // The C locale's own table (no locale file holds it), else `?`.
        let mut rest = C_TRANSLIT;
        while let [hi, lo, tail @ ..] = rest {
            let end = tail.iter().position(|&b| b == 0).unwrap_or(tail.len());
            if u32::from(*hi) << 8 | u32::from(*lo) == c {
                return out.put(&tail[..end]);
            }
            rest = tail.get(end + 1..).unwrap_or(b"");
        }
        return out.put(b"?");
    }
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
            let (n, ok) = encoded(item(TO_TBL), k, mode, &mut buf);
            if ok {
                return out.put(&buf[..n]);
            }
            if n == 0 {
                break;
            }
            k = k.wrapping_add(n + 1);
        }
    }
    let (n, ok) = encoded(item(DEFAULT_MISSING), 0, mode, &mut buf);
    out.put(if ok { &buf[..n] } else { b"?" });
}
