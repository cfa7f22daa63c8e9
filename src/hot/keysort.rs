//! ls's sort, compiled here for speed: every order ls knows sorts 12-byte keys (a
//! name's first eight bytes as a number, and where the entry is), asking the
//! applet's comparison only when two prefixes are equal. The sort is an introsort
//! of our own (`sort_keys`; 2.5 KB smaller than core's `sort_unstable` and as fast
//! on ls's keys), not generic, in this package compiled at opt-level 3.

use core::cmp::Ordering;

/// A name's place in a listing with its prefix: 12 bytes per entry.
#[derive(Clone, Copy)]
#[repr(C, packed(4))]
pub struct Key {
    prefix: u64,
    at: u32,
}

impl Key {
    /// The key of the entry at `at` (a record offset or an index) with `prefix`.
    pub fn new(prefix: u64, at: u32) -> Key {
        Key { prefix, at }
    }

    /// Where the entry is.
    pub fn at(&self) -> usize {
        let at = self.at;
        at as usize
    }

    /// Marks the key as used (`taken` is then true).
    pub fn take(&mut self) {
        self.at = u32::MAX;
    }

    pub fn taken(&self) -> bool {
        let at = self.at;
        at == u32::MAX
    }
}

/// The first eight bytes of a name as a big-endian number (zero-padded): names
/// in byte order have non-decreasing prefixes.
#[inline]
pub fn prefix(name: &[u8]) -> u64 {
    if name.len() >= 8 {
        return u64::from_be_bytes(name[..8].try_into().unwrap_or([0; 8]));
    }
    let mut v = 0u64;
    for (i, &c) in name.iter().enumerate() {
        v |= (c as u64) << (56 - 8 * i);
    }
    v
}

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

/// The name of the record at `at` in ls's packed directory records (the layout
/// is ls::entry::Packed's: type byte, 2-byte little-endian name length, the 8-byte
/// inode number when `ino`, the name, a NUL).
#[inline(always)]
pub fn packed_name(bytes: &[u8], ino: bool, at: usize) -> &[u8] {
    let len = bytes[at + 1] as usize | (bytes[at + 2] as usize) << 8;
    let start = at + 3 + if ino { 8 } else { 0 };
    &bytes[start..start + len]
}

/// Orders `keys`, which hold record offsets into `bytes` (see `packed_name`), by
/// name in byte order.
/// (The names are compared through `sort_keys`'s `dyn` tie: a comparison inlined
/// into core's sort here would cost 8 KB of code.)
pub fn sort_packed_names(keys: &mut [Key], bytes: &[u8], ino: bool) {
    sort_keys(keys, &|a, b| {
        bytes_cmp(packed_name(bytes, ino, a), packed_name(bytes, ino, b))
    });
}

/// Orders `keys` by prefix, then by `tie(at, at)` (asked only when two prefixes are
/// equal). Not stable (ls's orders all end with the name, so no two keys of a
/// listing are equal but for the same name given twice).
pub fn sort_keys(keys: &mut [Key], tie: &dyn Fn(usize, usize) -> Ordering) {
    // Past 2 log2(n) bad pivots in a row, a slice goes to heapsort: O(n log n).
    let limit = 2 * (usize::BITS - keys.len().leading_zeros());
    quicksort(keys, None, limit, tie);
}

/// The sort's one comparison: prefixes first, `tie` when they are equal.
#[inline(always)]
fn less(a: &Key, b: &Key, tie: &dyn Fn(usize, usize) -> Ordering) -> bool {
    let (x, y) = ({ a.prefix }, { b.prefix });
    if x != y {
        return x < y;
    }
    tie(a.at(), b.at()) == Ordering::Less
}

/// Slices this short are sorted by insertion.
const SMALL: usize = 12;

/// Introsort with a branch-free partition (pdqsort's scheme, much reduced):
/// pseudo-median pivots, insertion sort for short slices, heapsort when the pivots
/// keep being bad, and a loop on the larger side (recursion depth at most log2 n).
/// `ancestor` is the pivot just left of `v`, if any: no element of `v` is less than
/// it, and a pivot equal to it means a run of equal keys, taken out in one pass.
fn quicksort(
    mut v: &mut [Key],
    mut ancestor: Option<Key>,
    mut limit: u32,
    tie: &dyn Fn(usize, usize) -> Ordering,
) {
    loop {
        if v.len() <= SMALL {
            insertion_sort(v, tie);
            return;
        }
        if limit == 0 {
            heapsort(v, tie);
            return;
        }
        limit -= 1;
        let p = choose_pivot(v, tie);
        if let Some(a) = ancestor {
            if !less(&a, &v[p], tie) {
                // The pivot equals the ancestor: put the keys equal to it first and
                // leave them there.
                let mid = partition(v, p, |x, pivot| !less(pivot, x, tie));
                v = &mut core::mem::take(&mut v)[mid + 1..];
                ancestor = None;
                continue;
            }
        }
        let mid = partition(v, p, |x, pivot| less(x, pivot, tie));
        let (left, right) = core::mem::take(&mut v).split_at_mut(mid);
        let Some((&mut pivot, right)) = right.split_first_mut() else {
            return;
        };
        if left.len() < right.len() {
            quicksort(left, ancestor, limit, tie);
            v = right;
            ancestor = Some(pivot);
        } else {
            quicksort(right, Some(pivot), limit, tie);
            v = left;
        }
    }
}

/// Moves `v[p]` to where it belongs with every key `x` for which `goes_left(x,
/// pivot)` before it and the rest after; returns its index. Lomuto's scheme without
/// a branch on the comparison: every key is swapped, and the left side grows by the
/// comparison's value (a random pivot's branch would be mispredicted half the time).
#[inline(always)]
fn partition(v: &mut [Key], p: usize, goes_left: impl Fn(&Key, &Key) -> bool) -> usize {
    v.swap(0, p);
    let Some((&mut pivot, rest)) = v.split_first_mut() else {
        return 0;
    };
    let mut lt = 0;
    for i in 0..rest.len() {
        let x = rest[i];
        let left = goes_left(&x, &pivot);
        rest[i] = rest[lt];
        rest[lt] = x;
        lt += left as usize;
    }
    v.swap(0, lt);
    lt
}

fn insertion_sort(v: &mut [Key], tie: &dyn Fn(usize, usize) -> Ordering) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && less(&x, &v[j - 1], tie) {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

fn heapsort(v: &mut [Key], tie: &dyn Fn(usize, usize) -> Ordering) {
    let sift = |v: &mut [Key], mut node: usize| loop {
        let mut child = 2 * node + 1;
        if child >= v.len() {
            return;
        }
        if child + 1 < v.len() && less(&v[child], &v[child + 1], tie) {
            child += 1;
        }
        if !less(&v[node], &v[child], tie) {
            return;
        }
        v.swap(node, child);
        node = child;
    };
    for i in (0..v.len() / 2).rev() {
        sift(v, i);
    }
    for end in (1..v.len()).rev() {
        v.swap(0, end);
        sift(&mut v[..end], 0);
    }
}

/// The index of a pivot: the median of three keys at 0, 4/8 and 7/8 of the slice,
/// each of them (past 64 keys) the median of three such keys of its eighth, and so on.
fn choose_pivot(v: &[Key], tie: &dyn Fn(usize, usize) -> Ordering) -> usize {
    let eighth = v.len() / 8;
    median3_rec(v, 0, eighth * 4, eighth * 7, eighth, tie)
}

fn median3_rec(
    v: &[Key],
    mut a: usize,
    mut b: usize,
    mut c: usize,
    n: usize,
    tie: &dyn Fn(usize, usize) -> Ordering,
) -> usize {
    if n >= 8 {
        let m = n / 8;
        a = median3_rec(v, a, a + m * 4, a + m * 7, m, tie);
        b = median3_rec(v, b, b + m * 4, b + m * 7, m, tie);
        c = median3_rec(v, c, c + m * 4, c + m * 7, m, tie);
    }
    let x = less(&v[a], &v[b], tie);
    let y = less(&v[a], &v[c], tie);
    if x != y {
        return a;
    }
    // `a` is the least or the greatest: the median is the other one of b and c.
    if less(&v[b], &v[c], tie) == x {
        b
    } else {
        c
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod bench;

#[cfg(test)]
fn tests_rng(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}
