//! ISO-8859-1 for characters it lacks, as glibc's iconv transliterates messages
//! into an 8-bit locale's codeset: LC_CTYPE's table (TRANSLIT_FROM_IDX/_TBL sorted
//! UCS-4 strings, TRANSLIT_TO_IDX/_TBL lists of alternatives, each ended by a NUL,
//! the list by an empty one), then TRANSLIT_DEFAULT_MISSING, then `?`.

use super::CTYPE;

const TAB_SIZE: usize = 61;
const FROM_IDX: usize = 62;
const FROM_TBL: usize = 63;
const TO_IDX: usize = 64;
const TO_TBL: usize = 65;
const DEFAULT_MISSING: usize = 67;

/// The u32 `k` of item `item` of LC_CTYPE (native byte order, as locale files are).
fn at(item: &[u8], k: usize) -> Option<u32> {
    let b = item.get(k.checked_mul(4)?..k * 4 + 4)?;
    Some(u32::from_ne_bytes(b.try_into().ok()?))
}

/// The string of u32s at `k` in `item`, up to its NUL (at most 16 long).
fn string(item: &[u8], k: usize) -> impl Iterator<Item = u32> + Clone + '_ {
    (k..k.saturating_add(16)).map_while(move |j| at(item, j).filter(|&c| c != 0))
}

/// Writes `s` when each of its characters is in ISO-8859-1 and there is one.
fn put_if_latin1(s: impl Iterator<Item = u32> + Clone, put: &mut dyn FnMut(&[u8])) -> bool {
    let ok = s.clone().all(|c| c < 0x100) && s.clone().next().is_some();
    if ok {
        for c in s {
            put(&[c as u8]);
        }
    }
    ok
}

/// Writes character `c` (above U+00FF) in ISO-8859-1.
pub fn latin1(c: u32, put: &mut dyn FnMut(&[u8])) {
    if table(c, put).is_none() {
        put(b"?");
    }
}

fn table(c: u32, put: &mut dyn FnMut(&[u8])) -> Option<()> {
    let item = |i| super::item(CTYPE, i);
    let (from_idx, from_tbl) = (item(FROM_IDX)?, item(FROM_TBL)?);
    let (mut lo, mut hi) = (0, super::word(CTYPE, TAB_SIZE)? as usize);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let from = string(from_tbl, at(from_idx, mid)? as usize);
        match from.cmp([c]) {
            core::cmp::Ordering::Less => lo = mid + 1,
            core::cmp::Ordering::Greater => hi = mid,
            core::cmp::Ordering::Equal => {
                let to_tbl = item(TO_TBL)?;
                let mut k = at(item(TO_IDX)?, mid)? as usize;
                loop {
                    let alt = string(to_tbl, k);
                    let len = alt.clone().count();
                    if len == 0 {
                        break;
                    }
                    if put_if_latin1(alt, put) {
                        return Some(());
                    }
                    k += len + 1;
                }
                break;
            }
        }
    }
    let missing = item(DEFAULT_MISSING)?;
    put_if_latin1(string(missing, 0), put).then_some(())
}
