//! ls's sort, compiled here for speed: every order ls knows sorts 12-byte keys (a
//! name's first eight bytes as a number, and where the entry is), asking the
//! applet's comparison only when two prefixes are equal. Not generic, so core's
//! sort is instantiated once, in this package.

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
/// equal).
pub fn sort_keys(keys: &mut [Key], tie: &dyn Fn(usize, usize) -> Ordering) {
    keys.sort_unstable_by(|a, b| {
        { a.prefix }
            .cmp(&{ b.prefix })
            .then_with(|| tie(a.at(), b.at()))
    });
}
