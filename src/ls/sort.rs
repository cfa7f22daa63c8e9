//! Ordering a listing in place: name (byte order, which is the collation of the C
//! and C.UTF-8 locales), size, time, extension, version, width, none; -r reverses
//! the whole comparison and --group-directories-first puts directories first. Every
//! key falls back to the name. `vercmp` is the version order (-v).

use super::entry::Entry;
use super::entry::Packed;
use super::plan::{Order, SortKey};
use crate::sys::arena::{Arena, Exhausted};
use core::cmp::Ordering;
use vercmp::filevercmp;

pub use bareutils_hot::keysort::Key;
use bareutils_hot::keysort::{bytes_cmp, prefix, sort_keys, sort_packed_names};
use collated::Keys;

pub mod collate;
mod collated;
pub mod vercmp;

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

fn dir_first(e: &Entry) -> bool {
    e.is_dir() || e.links_to_dir()
}

/// Puts the entries in the order of `keys` (position i receives entry
/// keys[i].at()); the keys are used up.
fn permute(entries: &mut [Entry], keys: &mut [Key]) {
    let n = entries.len();
    // Apply the permutation: position i receives entry keys[i].1. Done slots are
    // marked with u32::MAX.
    for start in 0..n {
        if keys[start].taken() {
            continue;
        }
        let held = entries[start];
        let mut at = start;
        loop {
            let from = keys[at].at();
            keys[at].take();
            if from == start {
                entries[at] = held;
                break;
            }
            entries[at] = entries[from];
            at = from;
        }
    }
}

/// The records of `packed` in name order, as keys allocated in `region`; None
/// when the records do not fit 32-bit offsets.
pub fn sort_packed<'a>(
    packed: &Packed<'_>,
    region: &Arena<'a>,
) -> Result<Option<&'a [Key]>, Exhausted> {
    if packed.bytes.len() > u32::MAX as usize || collated::tables().is_some() {
        return Ok(None);
    }
    let keys = region.alloc_slice(packed.count, Key::new(0, 0))?;
    let mut at = 0;
    for k in keys.iter_mut() {
        let (r, next) = packed.record(at);
        *k = Key::new(prefix(&r.name_z[..r.name_z.len() - 1]), at as u32);
        at = next;
    }
    sort_packed_names(keys, packed.bytes, packed.ino);
    Ok(Some(keys))
}

/// Sorts `entries` by `order` (nothing happens for SortKey::None); `scratch` holds
/// the sort keys while it runs. Names compare in byte order, or by the collation
/// keys of an installed locale (not for the version order, which GNU does not
/// collate). Through (prefix, index) keys, then the entries are permuted in place:
/// small elements to move, and for the name order one integer comparison for
/// most pairs (the prefix of the name or of its collation key; the prefixes of the
/// other orders are 0, and every pair goes to the comparison). Entries equal in
/// every respect keep their input order, also under -r (GNU's stable merge sort
/// with its arguments swapped leaves them so).
pub fn sort(entries: &mut [Entry], order: Order, scratch: &mut Arena<'_>) -> Result<(), Exhausted> {
    if order.key == SortKey::None || entries.len() < 2 {
        return Ok(());
    }
    let mut region = scratch.sub();
    let tables = match order.key {
        SortKey::Version => None,
        _ => collated::tables(),
    };
    let t = tables.as_ref();
    let mut names = Keys::new(t, entries, false);
    names.build(&mut region)?;
    let mut exts = Keys::new(t.filter(|_| order.key == SortKey::Extension), entries, true);
    exts.build(&mut region)?;
    let plain = order.key == SortKey::Name && !order.dirs_first && !order.reverse;
    let keys = region.alloc_slice(entries.len(), Key::new(0, 0))?;
    for (i, (k, e)) in keys.iter_mut().zip(entries.iter()).enumerate() {
        let p = match plain {
            false => 0,
            true if t.is_some() => prefix(names.get(i)),
            // (With its NUL, which no name holds: the same prefix and order.)
            true => prefix(e.name_z()),
        };
        *k = Key::new(p, i as u32);
    }
    let by_key = |i: usize, j: usize| {
        let (a, b) = (&entries[i], &entries[j]);
        match order.key {
            SortKey::Time => time_of(b).cmp(&time_of(a)),
            SortKey::Size => size_of(b).cmp(&size_of(a)),
            SortKey::Width => a.width.cmp(&b.width),
            SortKey::Extension => exts.cmp(i, j),
            SortKey::Version => return filevercmp(a.name(), b.name()),
            _ => Ordering::Equal,
        }
        .then_with(|| names.cmp(i, j))
    };
    let by_name = |i: usize, j: usize| bytes_cmp(entries[i].name_z(), entries[j].name_z());
    let by_order = |i: usize, j: usize| {
        let first = if order.dirs_first {
            dir_first(&entries[j]).cmp(&dir_first(&entries[i]))
        } else {
            Ordering::Equal
        };
        let (x, y) = if order.reverse { (j, i) } else { (i, j) };
        first.then_with(|| by_key(x, y)).then(i.cmp(&j))
    };
    // Byte order with the prefixes equal: straight to the names.
    sort_keys(
        keys,
        match plain && t.is_none() {
            true => &by_name,
            false => &by_order,
        },
    );
    permute(entries, keys);
    Ok(())
}

#[cfg(test)]
mod tests;
