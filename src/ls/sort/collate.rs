//! Collation keys for ls's name order under an installed locale: for each name, a
//! byte string whose byte order (`keysort::bytes_cmp`) is the order glibc's
//! `strcoll` gives two names, built once per name from LC_COLLATE's multibyte
//! tables (docs/LOCALES.md §2.4). Not the tables' loading (`collated` finds
//! them through `locale::item`) and not the sort itself (keysort). Compiled for
//! size with the rest of the binary: at opt-level 3 in the hot package it was
//! 830 bytes larger and 5% fewer instructions for a listing in en_US.UTF-8.
//!
//! Per level, a name is a stream of elements, each the weights of one collating
//! element at that level. The order of the stream is glibc's walk, not the tidy
//! "backward runs reversed" of the standard: glibc counts decoded elements in one
//! counter that it does not reset between levels, and replays backward runs by
//! decoding them again from their start, which gives a different order for some
//! strings. `Walk` keeps the same counters and makes the same moves, so its stream
//! is glibc's.
//!
//! The key, level after level: at an ordinary level the weight bytes of the
//! stream, then a 0; at a position level each element as its distance from the
//! previous element that counted (1 if none was skipped; a 255 for each whole
//! 255 of it, then the rest), its weight bytes, a 0; then a 0 that ends the
//! level. This
//! relies on no weight byte being 0 (the smallest is 2 in every table localedef
//! writes for the locales measured, and glibc's own strxfrm makes the same
//! assumption), and on every rule set agreeing on which levels are position
//! levels past the first (`Tables::new` refuses tables where they do not).

/// Rule flags of a level in a rule set.
const BACKWARD: u8 = 2;
const POSITION: u8 = 4;
/// "No backward run pushed" and "no element yet", as glibc's counters say it.
const NONE: usize = usize::MAX;

/// The multibyte tables of LC_COLLATE that strcoll reads, each from its item's
/// offset to the end of the data (reads past a table's end are bounds checked
/// against the data, and anything out of bounds reads as 0).
pub struct Tables<'a> {
    /// RULESETS, TABLEMB, WEIGHTMB, EXTRAMB, INDIRECTMB (the indexes below).
    items: [&'a [u8]; 5],
    nrules: usize,
    /// Bit `l` set: level `l` is a position level.
    position: u32,
    /// Bit `l` set: some rule set is backward at level `l` (the others walk the
    /// elements in order).
    backward: u32,
}

const RULESETS: usize = 0;
const TABLE: usize = 1;
const WEIGHTS: usize = 2;
const EXTRA: usize = 3;
const INDIRECT: usize = 4;

/// The i32 at byte `at` of `b` (0 when out of bounds).
#[inline(always)]
fn int_at(b: &[u8], at: usize) -> i32 {
    b.get(at..at.wrapping_add(4))
        .and_then(|w| w.try_into().ok())
        .map_or(0, i32::from_ne_bytes)
}

/// Byte `i` of `b`, 0 past its end (as the NUL after a C string reads).
#[inline(always)]
fn byte(b: &[u8], i: usize) -> u8 {
    b.get(i).copied().unwrap_or(0)
}

impl<'a> Tables<'a> {
    /// The tables of a locale with `nrules` levels (1 to 32), from its items
    /// RULESETS, TABLEMB, WEIGHTMB, EXTRAMB and INDIRECTMB (`item(1)` to
    /// `item(5)`, each from its offset to the end of the data: RULESETS ends
    /// where TABLEMB starts); None when a key cannot express its order (the
    /// position flag of a level past the first differs between rule sets) or the
    /// rule sets are missing.
    pub fn new(nrules: u32, item: impl Fn(usize) -> Option<&'a [u8]>) -> Option<Tables<'a>> {
        let mut t = Tables {
            items: [&[]; 5],
            nrules: nrules as usize,
            position: 0,
            backward: 0,
        };
        for (i, it) in t.items.iter_mut().enumerate() {
            *it = item(i + 1)?;
        }
        let [sets, table, ..] = t.items;
        let rulesets = sets.get(..sets.len().checked_sub(table.len())?)?;
        t.items[RULESETS] = rulesets;
        let nrules = t.nrules;
        if nrules == 0 || nrules > 32 || rulesets.len() < nrules || table.len() < 1024 {
            return None;
        }
        // The rule sets are as many as there are rule bytes in the element indexes
        // (top 8 bits); all of them are read as the walk may meet any. Every set
        // must agree with the first on the position flag of every level past the
        // first (glibc takes the flag from the first string's first element, which
        // a key of one string cannot know); a set with a 0 flag (which no level of
        // a real set has) is the item's padding.
        for (n, set) in rulesets.chunks_exact(nrules).enumerate() {
            let (mut p, mut padding) = (0, false);
            for (l, &f) in set.iter().enumerate() {
                p |= u32::from(f & POSITION != 0) << l;
                t.backward |= u32::from(f & BACKWARD != 0) << l;
                padding |= f == 0;
            }
            if n == 0 {
                t.position = p;
            }
            if !padding && (p ^ t.position) & !1 != 0 {
                return None;
            }
        }
        Some(t)
    }

    /// The rule flags of rule set `rule` at level `pass`.
    #[inline(always)]
    fn flags(&self, rule: usize, pass: usize) -> u8 {
        byte(self.items[RULESETS], rule * self.nrules + pass)
    }

    /// The element that starts at `s[*at]`: its rule set (top 8 bits) and weight
    /// index (low 24), with `*at` moved past it. The longest sequence of the first
    /// byte's list in EXTRAMB wins, as its entries come in that order; a range
    /// entry takes its element from INDIRECTMB.
    #[inline(always)]
    fn element(&self, s: &[u8], at: &mut usize) -> u32 {
        let first = byte(s, *at) as usize;
        *at += 1;
        let v = int_at(self.items[TABLE], first * 4);
        if v >= 0 {
            return v as u32;
        }
        self.listed(s, at, v)
    }

    /// The element of a byte whose TABLEMB entry `v` is negative: the list at
    /// EXTRAMB[-v] says which sequences and ranges start with it. (No entry's
    /// bytes are 0, so an input that ends within an entry's length matches
    /// none, as the NUL that ends glibc's string does.)
    #[inline(never)]
    fn listed(&self, s: &[u8], at: &mut usize, v: i32) -> u32 {
        let extra = self.items[EXTRA];
        let mut cp = (v as isize).unsigned_abs();
        loop {
            let Some(&n) = extra.get(cp + 4) else {
                return 0;
            };
            let i = int_at(extra, cp);
            let n = n as usize;
            let entry = extra.get(cp + 5..).unwrap_or_default();
            let (input, start) = (s.get(*at..*at + n), entry.get(..n));
            if i >= 0 {
                if input.is_some() && input == start {
                    *at += n;
                    return i as u32;
                }
                cp += 5 + n;
            } else {
                // A range: `n` bytes of its start, then `n` of its end; an input
                // between them takes the element at its distance from the start
                // (its bytes as a big-endian number, glibc's arithmetic wrapping).
                if let (Some(input), Some(start), Some(end)) = (input, start, entry.get(n..2 * n)) {
                    if start <= input && input <= end {
                        *at += n;
                        let mut k = (-(i as isize)) as usize;
                        let mut offset = 0usize;
                        for (&x, &y) in input.iter().zip(start) {
                            offset =
                                (offset << 8).wrapping_add((x as usize).wrapping_sub(y as usize));
                        }
                        k = k.wrapping_add(offset);
                        return int_at(self.items[INDIRECT], k.wrapping_mul(4)) as u32;
                    }
                }
                cp += 5 + 2 * n;
            }
            cp = (cp + 3) & !3;
        }
    }
}

/// One name's walk through the levels: glibc's per-string state, kept across
/// levels as glibc keeps it.
struct Walk<'t, 's> {
    t: &'t Tables<'t>,
    s: &'s [u8],
    /// Some rule set is backward at the current level.
    backward: bool,
    /// Where the next forward decode starts.
    at: usize,
    /// Elements decoded so far, over all levels (not reset between them).
    decoded: usize,
    /// The running count within the current forward scan.
    count: usize,
    /// The pushed backward run: its end counter and the one being played back.
    stop: usize,
    back: usize,
    /// Where the pushed run starts in `s`.
    back_at: usize,
    /// The weight index of the forward element that ended a pushed run.
    saved: u32,
    /// The current element's weight index.
    idx: u32,
}

impl Walk<'_, '_> {
    /// The next element of level `pass` with weights there: (distance from the
    /// previous one, where its weights start, how many), or None at the end.
    /// A level where no rule set is backward is walked in order (each element
    /// ends a forward scan of one), as glibc's walk takes it.
    #[inline(always)]
    fn next(&mut self, pass: usize) -> Option<(usize, usize, usize)> {
        // `us` is glibc's local read position; `self.at` its saved one, which a
        // forward scan that pushed nothing leaves behind (so a run pushed later in
        // the same call is replayed from there, skipped elements included).
        let mut us = self.at;
        let r = self.step(pass, &mut us);
        self.at = us;
        r
    }

    #[inline(always)]
    fn step(&mut self, pass: usize, us: &mut usize) -> Option<(usize, usize, usize)> {
        let t = self.t;
        let mut dist = 0;
        loop {
            dist += 1;
            if self.stop != NONE {
                if self.back == self.stop {
                    // The run is played back: on with the forward element after it.
                    if self.count < self.decoded {
                        self.idx = self.saved;
                        self.stop = NONE;
                    } else {
                        return None;
                    }
                } else {
                    // The element due: the (back - stop)th from the run's start,
                    // decoded again from there as glibc does.
                    let mut p = self.back_at;
                    for _ in 0..self.back - self.stop {
                        self.idx = t.element(self.s, &mut p) & 0xff_ffff;
                    }
                    self.back = self.back.wrapping_sub(1);
                    *us = self.at;
                }
            } else {
                let stop = self.decoded;
                let mut prev = self.idx;
                while *us < self.s.len() {
                    let e = t.element(self.s, us);
                    prev = self.idx;
                    self.idx = e & 0xff_ffff;
                    self.count = self.decoded;
                    self.decoded += 1;
                    if !self.backward || t.flags((e >> 24) as usize, pass) & BACKWARD == 0 {
                        break;
                    }
                    self.count += 1;
                }
                if stop >= self.count {
                    if self.count == self.decoded || stop > self.count {
                        return None;
                    }
                } else {
                    // A backward run was pushed: play it back from its last element
                    // (or the one before, when a forward element ended the scan).
                    self.stop = stop;
                    self.back_at = self.at;
                    self.at = *us;
                    self.back = self.count;
                    if self.decoded > self.count {
                        self.back -= 1;
                        self.saved = self.idx;
                        self.idx = prev;
                    }
                    if self.back > stop {
                        self.back -= 1;
                    }
                }
            }
            let (at, len) = t.weights_at(self.idx, pass);
            if len != 0 {
                return Some((dist, at, len));
            }
        }
    }
}

impl Tables<'_> {
    /// Where the weights of element `idx` at level `pass` start, and how many.
    #[inline(always)]
    fn weights_at(&self, idx: u32, pass: usize) -> (usize, usize) {
        let w = self.items[WEIGHTS];
        let mut i = idx as usize;
        let mut len = byte(w, i) as usize;
        i += 1;
        for _ in 0..pass {
            i += len;
            len = byte(w, i) as usize;
            i += 1;
        }
        (i, len)
    }
}

/// Writes the bytes of a key from byte `skip` on into a caller's buffer, counting
/// all of them.
struct Out<'o> {
    buf: &'o mut [u8],
    skip: usize,
    len: usize,
}

impl Out<'_> {
    #[inline(always)]
    fn push(&mut self, b: u8) {
        if let Some(x) = self.buf.get_mut(self.len.wrapping_sub(self.skip)) {
            *x = b;
        }
        self.len += 1;
    }
}

/// The key of `name` for its first `to` levels, from its byte `skip` on, written
/// into `out` as far as it fits; returns the whole key's length (so a key longer
/// than `out` is had in windows, each call walking the name again).
pub fn key(t: &Tables<'_>, name: &[u8], to: usize, skip: usize, out: &mut [u8]) -> usize {
    let mut o = Out {
        buf: out,
        skip,
        len: 0,
    };
    // The counter of decoded elements carries over from level to level.
    let mut decoded = 0;
    for pass in 0..to.min(t.nrules) {
        let position = t.position >> pass & 1 != 0;
        let mut walk = Walk {
            t,
            s: name,
            backward: t.backward >> pass & 1 != 0,
            at: 0,
            decoded,
            count: 0,
            stop: NONE,
            back: NONE,
            back_at: 0,
            saved: 0,
            idx: 0,
        };
        while let Some((dist, at, len)) = walk.next(pass) {
            if position {
                let mut d = dist;
                while d >= 255 {
                    o.push(255);
                    d -= 255;
                }
                o.push(d as u8);
            }
            for k in at..at + len {
                o.push(byte(t.items[WEIGHTS], k));
            }
            if position {
                o.push(0);
            }
        }
        o.push(0);
        decoded = walk.decoded;
    }
    o.len
}

#[cfg(test)]
mod tests;
