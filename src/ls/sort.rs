//! Ordering a listing in place: name (byte order, which is the collation of the C
//! and C.UTF-8 locales), size, time, extension, version, width, none; -r reverses
//! the whole comparison and --group-directories-first puts directories first. Every
//! key falls back to the name.

use super::entry::Entry;
use super::entry::Packed;
use super::plan::{Order, SortKey};
use crate::fmt::vercmp::filevercmp;
use crate::sys::arena::{Arena, Exhausted};
use core::cmp::Ordering;

/// Byte-order comparison, eight bytes at a time (musl's memcmp goes byte by byte).
#[inline]
pub fn bytes_cmp(a: &[u8], b: &[u8]) -> Ordering {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 8 <= n {
        let x = u64::from_be_bytes(a[i..i + 8].try_into().unwrap_or([0; 8]));
        let y = u64::from_be_bytes(b[i..i + 8].try_into().unwrap_or([0; 8]));
        if x != y {
            return x.cmp(&y);
        }
        i += 8;
    }
    while i < n {
        if a[i] != b[i] {
            return a[i].cmp(&b[i]);
        }
        i += 1;
    }
    a.len().cmp(&b.len())
}

fn extension(name: &[u8]) -> &[u8] {
    match name.iter().rposition(|&c| c == b'.') {
        Some(i) => &name[i..],
        None => b"",
    }
}

fn time_of(e: &Entry) -> (i64, u32) {
    e.meta.map_or((0, 0), |m| (m.time_sec, m.time_nsec))
}

fn size_of(e: &Entry) -> u64 {
    e.meta.map_or(0, |m| m.size)
}

fn by_key(key: SortKey, a: &Entry, b: &Entry) -> Ordering {
    let (x, y) = (a.name(), b.name());
    match key {
        SortKey::Name | SortKey::None => bytes_cmp(x, y),
        SortKey::Time => time_of(b).cmp(&time_of(a)).then_with(|| bytes_cmp(x, y)),
        SortKey::Size => size_of(b).cmp(&size_of(a)).then_with(|| bytes_cmp(x, y)),
        SortKey::Extension => bytes_cmp(extension(x), extension(y)).then_with(|| bytes_cmp(x, y)),
        SortKey::Version => filevercmp(x, y),
        SortKey::Width => a.width.cmp(&b.width).then_with(|| bytes_cmp(x, y)),
    }
}

fn dir_first(e: &Entry) -> bool {
    e.is_dir() || e.links_to_dir()
}

/// The first eight bytes of a name as a big-endian number (zero-padded): names
/// in byte order have non-decreasing prefixes.
#[inline]
fn prefix(name: &[u8]) -> u64 {
    if name.len() >= 8 {
        return u64::from_be_bytes(name[..8].try_into().unwrap_or([0; 8]));
    }
    let mut v = 0u64;
    for (i, &c) in name.iter().enumerate() {
        v |= (c as u64) << (56 - 8 * i);
    }
    v
}

/// Sorts through (prefix, index) keys, then permutes the entries in place: small
/// elements to move, and for the name order one integer comparison for most pairs.
/// `by_name` fills in the names' prefixes (else they are all 0, and every pair goes
/// to `tie`). Every order sorts `Key`s: one copy of core's sort for all of them.
fn sort_through_keys(
    entries: &mut [Entry],
    scratch: &Arena<'_>,
    by_name: bool,
    tie: &dyn Fn(&Entry, &Entry) -> Ordering,
) -> Result<(), Exhausted> {
    let n = entries.len();
    let keys = scratch.alloc_slice(n, Key { prefix: 0, at: 0 })?;
    for (i, (k, e)) in keys.iter_mut().zip(entries.iter()).enumerate() {
        *k = Key {
            prefix: if by_name { prefix(e.name()) } else { 0 },
            at: i as u32,
        };
    }
    sort_keys(keys, &|i, j| tie(&entries[i], &entries[j]));
    // Apply the permutation: position i receives entry keys[i].1. Done slots are
    // marked with u32::MAX.
    for start in 0..n {
        if keys[start].at == u32::MAX {
            continue;
        }
        let held = entries[start];
        let mut at = start;
        loop {
            let from = keys[at].at();
            keys[at].at = u32::MAX;
            if from == start {
                entries[at] = held;
                break;
            }
            entries[at] = entries[from];
            at = from;
        }
    }
    Ok(())
}

/// A name's place in a `Packed` listing with its prefix: 12 bytes per entry.
#[derive(Clone, Copy)]
#[repr(C, packed(4))]
pub struct Key {
    prefix: u64,
    at: u32,
}

impl Key {
    /// Where the record starts in the packed bytes.
    pub fn at(&self) -> usize {
        let at = self.at;
        at as usize
    }
}

/// Orders `keys` by prefix, then by `tie(at, at)` (asked only when two prefixes are
/// equal). One sort for entries and packed records alike.
fn sort_keys(keys: &mut [Key], tie: &dyn Fn(usize, usize) -> Ordering) {
    keys.sort_unstable_by(|a, b| {
        { a.prefix }
            .cmp(&{ b.prefix })
            .then_with(|| tie(a.at(), b.at()))
    });
}

/// The records of `packed` in name order, as keys allocated in `region`; None
/// when the records do not fit 32-bit offsets.
pub fn sort_packed<'a>(
    packed: &Packed<'_>,
    region: &Arena<'a>,
) -> Result<Option<&'a [Key]>, Exhausted> {
    if packed.bytes.len() > u32::MAX as usize {
        return Ok(None);
    }
    let keys = region.alloc_slice(packed.count, Key { prefix: 0, at: 0 })?;
    for (k, (at, r)) in keys.iter_mut().zip(packed.records()) {
        *k = Key {
            prefix: prefix(&r.name_z[..r.name_z.len() - 1]),
            at: at as u32,
        };
    }
    sort_keys(keys, &|a, b| bytes_cmp(packed.name(a), packed.name(b)));
    Ok(Some(keys))
}

/// Sorts `entries` by `order` (nothing happens for SortKey::None); `scratch` holds
/// the sort keys while it runs.
pub fn sort(entries: &mut [Entry], order: Order, scratch: &mut Arena<'_>) -> Result<(), Exhausted> {
    if order.key == SortKey::None || entries.len() < 2 {
        return Ok(());
    }
    if order.key == SortKey::Name && !order.dirs_first && !order.reverse {
        return sort_through_keys(entries, &scratch.sub(), true, &|a, b| {
            bytes_cmp(a.name(), b.name())
        });
    }
    sort_through_keys(entries, &scratch.sub(), false, &|a, b| {
        let first = if order.dirs_first {
            dir_first(b).cmp(&dir_first(a))
        } else {
            Ordering::Equal
        };
        first.then_with(|| {
            if order.reverse {
                by_key(order.key, b, a)
            } else {
                by_key(order.key, a, b)
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_order() {
        let words: &[&[u8]] = &[
            b"",
            b"a",
            b"ab",
            b"abcdefgh",
            b"abcdefghi",
            b"abcdefgi",
            b"b",
            b"\xff",
            b"abcdefgh\x00",
        ];
        for x in words {
            for y in words {
                assert_eq!(bytes_cmp(x, y), x.cmp(y), "{x:?} {y:?}");
            }
        }
    }

    #[test]
    fn extensions() {
        assert_eq!(extension(b"a.tar.gz"), b".gz");
        assert_eq!(extension(b"plain"), b"");
        assert_eq!(extension(b".bashrc"), b".bashrc");
        assert_eq!(extension(b"a."), b".");
    }
}
