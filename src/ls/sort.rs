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

pub use bareutils_hot::keysort::bytes_cmp;
pub use bareutils_hot::keysort::Key;
use bareutils_hot::keysort::{prefix, sort_keys, sort_packed_names};

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

/// Sorts through (prefix, index) keys, then permutes the entries in place: small
/// elements to move, and for the name order one integer comparison for most pairs.
/// `by_name` fills in the names' prefixes (else they are all 0, and every pair goes
/// to `tie`). Every order sorts `Key`s: one sort (keysort's) for all of them.
fn sort_through_keys(
    entries: &mut [Entry],
    scratch: &Arena<'_>,
    by_name: bool,
    tie: &dyn Fn(&Entry, &Entry) -> Ordering,
) -> Result<(), Exhausted> {
    let n = entries.len();
    let keys = scratch.alloc_slice(n, Key::new(0, 0))?;
    for (i, (k, e)) in keys.iter_mut().zip(entries.iter()).enumerate() {
        *k = Key::new(if by_name { prefix(e.name()) } else { 0 }, i as u32);
    }
    sort_keys(keys, &|i, j| tie(&entries[i], &entries[j]));
    permute(entries, keys);
    Ok(())
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
/// the sort keys while it runs.
pub fn sort(entries: &mut [Entry], order: Order, scratch: &mut Arena<'_>) -> Result<(), Exhausted> {
    if order.key == SortKey::None || entries.len() < 2 {
        return Ok(());
    }
    if order.key != SortKey::Version {
        if let Some(t) = collated::tables() {
            return collated::sort(entries, order, scratch, &t);
        }
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
mod tests;
