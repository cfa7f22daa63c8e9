//! The orders of `sort` under an installed locale's LC_COLLATE, where GNU ls
//! compares names with strcoll: each name's collation key (`hot::collate`) is
//! built once into the arena, and names compare by their keys. The keys hold the
//! first level only (a third of a whole key's bytes and of its cost; it decides
//! almost every pair), and two names equal there are settled by building the
//! other levels for the two of them. Names equal at every level (glibc ignores bytes that are not
//! UTF-8) keep their input order, also under -r, as GNU's stable merge sort with
//! its arguments swapped leaves them.

use super::{dir_first, extension, size_of, time_of, Entry, Order, SortKey};
use crate::locale;
use crate::sys::arena::{Arena, Exhausted};
use bareutils_hot::collate::{key, levels, Tables};
use bareutils_hot::keysort::{bytes_cmp, sort_keys, Key};
use core::cmp::Ordering;

/// The tables of LC_COLLATE when names are to be collated: an installed locale
/// with at least one level (NRULES 0 is byte order, as in C).
pub fn tables() -> Option<Tables<'static>> {
    locale::data(locale::COLLATE)?;
    let item = |i| locale::item(locale::COLLATE, i);
    // RULESETS ends where TABLEMB starts.
    let sets = item(1)?;
    let sets = sets.get(..sets.len().checked_sub(item(2)?.len())?)?;
    Tables::new(
        locale::word(locale::COLLATE, 0)?,
        sets,
        item(2)?,
        item(3)?,
        item(4)?,
        item(5)?,
    )
}

/// Levels the stored keys hold.
const KEPT: usize = 1;

/// Keys of some names: key `i` is `bytes[at[i]..at[i + 1]]`.
struct Keys<'a> {
    at: &'a [u32],
    bytes: &'a [u8],
}

impl Keys<'_> {
    fn get(&self, i: usize) -> &[u8] {
        let (s, e) = (self.at[i] as usize, self.at[i + 1] as usize);
        &self.bytes[s..e]
    }
}

/// The kept levels' keys of `name(i)` for i in 0..n.
fn build<'a, 'n>(
    region: &mut Arena<'a>,
    t: &Tables<'_>,
    n: usize,
    name: &dyn Fn(usize) -> &'n [u8],
) -> Result<Keys<'a>, Exhausted> {
    let at = region.alloc_slice(n + 1, 0u32)?;
    let mut bytes = region.vec::<u8>();
    let mut buf = [0u8; 512];
    for i in 0..n {
        let len = key(t, name(i), 0, KEPT, &mut buf);
        if len <= buf.len() {
            bytes.extend(&buf[..len])?;
        } else {
            // Room made by extending (a second user of Grow<u8>::push would take
            // its inlined growth out of the C locale's paths).
            let from = bytes.len();
            buf = [0; 512];
            while bytes.len() < from + len {
                bytes.extend(&buf[..(from + len - bytes.len()).min(512)])?;
            }
            key(t, name(i), 0, KEPT, &mut bytes.as_mut_slice()[from..]);
        }
        at[i + 1] = u32::try_from(bytes.len()).map_err(|_| Exhausted)?;
    }
    Ok(Keys {
        at,
        bytes: bytes.finish(),
    })
}

/// The order of two names at the levels past the kept ones.
fn rest(t: &Tables<'_>, scratch: &Arena<'_>, x: &[u8], y: &[u8]) -> Ordering {
    if levels(t) <= KEPT {
        return Ordering::Equal;
    }
    let one = |s: &[u8], buf: &mut [u8]| -> Option<usize> {
        let len = key(t, s, KEPT, usize::MAX, buf);
        (len <= buf.len()).then_some(len)
    };
    let (mut a, mut b) = ([0u8; 2048], [0u8; 2048]);
    if let (Some(m), Some(n)) = (one(x, &mut a), one(y, &mut b)) {
        return bytes_cmp(&a[..m], &b[..n]);
    }
    // Longer than the buffers: in the arena, until the sort ends.
    let len = |s: &[u8]| key(t, s, KEPT, usize::MAX, &mut []);
    match (
        scratch.alloc_slice(len(x), 0u8),
        scratch.alloc_slice(len(y), 0u8),
    ) {
        (Ok(a), Ok(b)) => {
            key(t, x, KEPT, usize::MAX, a);
            key(t, y, KEPT, usize::MAX, b);
            bytes_cmp(a, b)
        }
        _ => Ordering::Equal,
    }
}

/// Sorts `entries` by `order` (not SortKey::None or Version), names collated by
/// `t`; ties at every level keep the input order.
pub fn sort(
    entries: &mut [Entry],
    order: Order,
    scratch: &mut Arena<'_>,
    t: &Tables<'_>,
) -> Result<(), Exhausted> {
    let n = entries.len();
    let mut region = scratch.sub();
    let names = build(&mut region, t, n, &|i| entries[i].name())?;
    let exts = if order.key == SortKey::Extension {
        Some(build(&mut region, t, n, &|i| extension(entries[i].name()))?)
    } else {
        None
    };
    let plain = order.key == SortKey::Name && !order.reverse && !order.dirs_first;
    let keys = region.alloc_slice(n, Key::new(0, 0))?;
    for (i, k) in keys.iter_mut().enumerate() {
        let p = if plain { prefix(names.get(i)) } else { 0 };
        *k = Key::new(p, i as u32);
    }
    let region = &region;
    let name = |i: usize, j: usize| {
        bytes_cmp(names.get(i), names.get(j))
            .then_with(|| rest(t, region, entries[i].name(), entries[j].name()))
    };
    let by_key = |i: usize, j: usize| {
        let (a, b) = (&entries[i], &entries[j]);
        match order.key {
            SortKey::Time => time_of(b).cmp(&time_of(a)),
            SortKey::Size => size_of(b).cmp(&size_of(a)),
            SortKey::Width => a.width.cmp(&b.width),
            SortKey::Extension => match &exts {
                Some(e) => bytes_cmp(e.get(i), e.get(j))
                    .then_with(|| rest(t, region, extension(a.name()), extension(b.name()))),
                None => Ordering::Equal,
            },
            _ => Ordering::Equal,
        }
        .then_with(|| name(i, j))
    };
    sort_keys(keys, &|i, j| {
        let (a, b) = (&entries[i], &entries[j]);
        let first = if order.dirs_first {
            dir_first(b).cmp(&dir_first(a))
        } else {
            Ordering::Equal
        };
        first
            .then_with(|| {
                if order.reverse {
                    by_key(j, i)
                } else {
                    by_key(i, j)
                }
            })
            .then(i.cmp(&j))
    });
    super::permute(entries, keys);
    Ok(())
}

/// The key's first eight bytes as a number (zero-padded).
fn prefix(k: &[u8]) -> u64 {
    bareutils_hot::keysort::prefix(k)
}
