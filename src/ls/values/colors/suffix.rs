//! The `*SUFFIX=SEQ` entries: which one colors a regular file's name.
//!
//! GNU 9.1 keeps the entries in a list, newest first, and takes the first whose suffix
//! ends the name, comparing ASCII case-insensitively (`c_strncasecmp`). So the answer
//! is the most recently defined matching entry (not the longest), and of two entries
//! that differ only in case the later one hides the earlier completely. An empty
//! suffix (`*=SEQ`) matches every name.
//!
//! Here the entries live in an open-addressing hash table (caller memory, at most half
//! full) keyed by the case-folded suffix, one entry per key (a redefinition replaces
//! the older entry and takes its newer definition order). The hash runs over the key
//! backwards, from its last byte, so one backward walk over a name computes the hash
//! of every suffix of it incrementally; the walk probes the table only at the lengths
//! some entry has (a bit set of lengths below 64; longer ones are probed at every
//! length up to the longest). A lookup costs O(longest suffix) plus a few probes,
//! independent of the number of entries.

use super::error::ParseError;

/// One table slot (see `Storage::slots`).
#[derive(Clone, Copy, Debug)]
pub struct Slot<'a> {
    suffix: &'a [u8],
    seq: &'a [u8],
    /// Definition order, from 1; 0 marks an empty slot.
    order: u32,
    hash: u32,
}

impl<'a> Slot<'a> {
    /// An empty slot, to fill `Storage::slots` with.
    pub const EMPTY: Slot<'a> = Slot {
        suffix: &[],
        seq: &[],
        order: 0,
        hash: 0,
    };
}

const FNV_OFFSET: u32 = 0x811c_9dc5;
const FNV_PRIME: u32 = 0x0100_0193;

#[inline]
fn step(hash: u32, b: u8) -> u32 {
    (hash ^ b.to_ascii_lowercase() as u32).wrapping_mul(FNV_PRIME)
}

/// The hash of `key` read backwards, case-folded.
fn hash_of(key: &[u8]) -> u32 {
    key.iter().rev().fold(FNV_OFFSET, |h, &b| step(h, b))
}

/// Lengths at or above this are not in the bit set.
const LONG: usize = 64;

/// The table while LS_COLORS is parsed.
pub struct Builder<'a> {
    slots: &'a mut [Slot<'a>],
    capacity: usize,
    used: usize,
    next_order: u32,
    short_lengths: u64,
    longest: usize,
}

/// The finished table.
#[derive(Clone, Copy)]
pub struct SuffixTable<'a> {
    slots: &'a [Slot<'a>],
    /// Slots in use: a power of two (or 0), at most the length of `slots`.
    capacity: usize,
    used: usize,
    /// Bit n set: some suffix has n bytes (n < LONG).
    short_lengths: u64,
    /// The longest suffix, in bytes.
    longest: usize,
}

impl<'a> Builder<'a> {
    /// A table in `slots` (which must be all `Slot::EMPTY`).
    pub fn new(slots: &'a mut [Slot<'a>]) -> Builder<'a> {
        let capacity = match slots.len() {
            0 => 0,
            n => 1usize << (usize::BITS - 1 - n.leading_zeros()),
        };
        Builder {
            slots,
            capacity,
            used: 0,
            next_order: 1,
            short_lengths: 0,
            longest: 0,
        }
    }

    /// Stops inserting.
    pub fn finish(self) -> SuffixTable<'a> {
        SuffixTable {
            slots: self.slots,
            capacity: self.capacity,
            used: self.used,
            short_lengths: self.short_lengths,
            longest: self.longest,
        }
    }

    /// Adds `*suffix=seq`, replacing an entry with the same case-folded suffix.
    #[inline(never)]
    pub fn insert(&mut self, suffix: &'a [u8], seq: &'a [u8]) -> Result<(), ParseError> {
        if self.used + 1 > self.capacity / 2 {
            return Err(ParseError::NoRoom);
        }
        let hash = hash_of(suffix);
        let order = self.next_order;
        self.next_order += 1;
        let mask = self.capacity - 1;
        let mut at = hash as usize & mask;
        loop {
            let slot = &mut self.slots[at];
            let free = slot.order == 0;
            if free || (slot.hash == hash && slot.suffix.eq_ignore_ascii_case(suffix)) {
                *slot = Slot {
                    suffix,
                    seq,
                    order,
                    hash,
                };
                self.used += usize::from(free);
                break;
            }
            at = (at + 1) & mask;
        }
        if suffix.len() < LONG {
            self.short_lengths |= 1 << suffix.len();
        }
        self.longest = self.longest.max(suffix.len());
        Ok(())
    }
}

impl<'a> SuffixTable<'a> {
    pub fn empty() -> SuffixTable<'a> {
        SuffixTable {
            slots: &[],
            capacity: 0,
            used: 0,
            short_lengths: 0,
            longest: 0,
        }
    }

    #[cfg(test)] // used by the tests only
    pub fn len(&self) -> usize {
        self.used
    }

    /// The entry whose suffix is the last `len` bytes of `name`, if any.
    fn probe(&self, name: &[u8], len: usize, hash: u32) -> Option<(u32, &'a [u8])> {
        let tail = &name[name.len() - len..];
        let mask = self.capacity - 1;
        let mut at = hash as usize & mask;
        loop {
            let slot = &self.slots[at];
            if slot.order == 0 {
                return None;
            }
            if slot.hash == hash
                && slot.suffix.len() == len
                && slot.suffix.eq_ignore_ascii_case(tail)
            {
                return Some((slot.order, slot.seq));
            }
            at = (at + 1) & mask;
        }
    }

    #[inline(never)]
    fn has_length(&self, len: usize) -> bool {
        if len < LONG {
            self.short_lengths & (1 << len) != 0
        } else {
            true
        }
    }

    /// The sequence of the most recently defined entry that is a suffix of `name`.
    pub fn find(&self, name: &[u8]) -> Option<&'a [u8]> {
        if self.used == 0 {
            return None;
        }
        let mut best: Option<(u32, &'a [u8])> = None;
        let mut consider = |found: Option<(u32, &'a [u8])>| {
            if let Some((order, seq)) = found {
                if best.is_none_or(|(b, _)| order > b) {
                    best = Some((order, seq));
                }
            }
        };
        let mut hash = FNV_OFFSET;
        if self.has_length(0) {
            consider(self.probe(name, 0, hash));
        }
        let deepest = name.len().min(self.longest);
        for len in 1..=deepest {
            hash = step(hash, name[name.len() - len]);
            if self.has_length(len) {
                consider(self.probe(name, len, hash));
            }
        }
        best.map(|(_, seq)| seq)
    }
}
