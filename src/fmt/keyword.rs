//! A word looked up in a table of (name, value) pairs as gnulib's argmatch looks it
//! up: the exact name, or a prefix that only names of one value share (synonyms
//! stand next to each other in a table and share their value). Used for the
//! keyword arguments of the options (`--sort=t`, with cli::argmatch's messages) and
//! for environment variables (QUOTING_STYLE).

/// Why a word names no value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mismatch {
    /// No name starts with the word.
    Invalid,
    /// Names of different values start with it.
    Ambiguous,
}

/// A keyword table seen without its value type: its names, and which entries share
/// a value (one copy of the matching code serves every table).
pub trait Table {
    fn count(&self) -> usize;
    fn name(&self, i: usize) -> &'static [u8];
    /// Entries `i` and `j` name the same value.
    fn same(&self, i: usize, j: usize) -> bool;
}

impl<T: PartialEq> Table for &[(&'static str, T)] {
    fn count(&self) -> usize {
        self.len()
    }

    fn name(&self, i: usize) -> &'static [u8] {
        self[i].0.as_bytes()
    }

    fn same(&self, i: usize, j: usize) -> bool {
        self[i].1 == self[j].1
    }
}

/// A keyword table as stored: the names one after another in `names` (name `i`
/// ends at `ends[i]`), the values in `values`. One byte a name where a `&str` is 16;
/// `keywords!` builds one from (name, value) pairs.
#[derive(PartialEq, Eq, Debug)]
pub struct Keywords<T: 'static> {
    pub names: &'static [u8],
    pub ends: &'static [u8],
    pub values: &'static [T],
}

impl<T: Copy + PartialEq> Keywords<T> {
    /// The value `word` names.
    pub fn find(&self, word: &[u8]) -> Result<T, Mismatch> {
        find_index(self, word).map(|i| self.values[i])
    }

    /// The first name of `value`.
    pub fn name_of(&self, value: T) -> Option<&'static [u8]> {
        let i = self.values.iter().position(|&v| v == value)?;
        Some(self.name(i))
    }
}

impl<T: PartialEq> Table for Keywords<T> {
    fn count(&self) -> usize {
        self.values.len()
    }

    fn name(&self, i: usize) -> &'static [u8] {
        let start = match i {
            0 => 0,
            _ => self.ends.get(i - 1).map_or(0, |&e| usize::from(e)),
        };
        let end = self.ends.get(i).map_or(0, |&e| usize::from(e));
        self.names.get(start..end).unwrap_or(b"")
    }

    fn same(&self, i: usize, j: usize) -> bool {
        self.values.get(i) == self.values.get(j)
    }
}

/// The bytes of all the names of `src`.
pub const fn names_len<T>(src: &[(&str, T)]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < src.len() {
        n += src[i].0.len();
        i += 1;
    }
    n
}

/// The names of `src`, one after another.
pub const fn names<T, const L: usize>(src: &[(&str, T)]) -> [u8; L] {
    let mut out = [0; L];
    let (mut n, mut i) = (0, 0);
    while i < src.len() {
        let name = src[i].0.as_bytes();
        let mut j = 0;
        while j < name.len() {
            out[n] = name[j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

/// Where each name of `src` ends in `names(src)`.
pub const fn ends<T, const N: usize>(src: &[(&str, T)]) -> [u8; N] {
    let mut out = [0; N];
    let (mut n, mut i) = (0, 0);
    while i < N {
        n += src[i].0.len();
        assert!(n < 256);
        out[i] = n as u8;
        i += 1;
    }
    out
}

/// The values of `src`.
pub const fn values<T: Copy, const N: usize>(src: &[(&str, T)]) -> [T; N] {
    let mut out = [src[0].1; N];
    let mut i = 0;
    while i < N {
        out[i] = src[i].1;
        i += 1;
    }
    out
}

/// `keywords!(PAIRS)`: a `Keywords<T>` of the (name, value) pairs PAIRS (a constant
/// expression of type `&[(&str, T)]`), for the initializer of a `static`.
#[macro_export]
macro_rules! keywords {
    ($t:ty, $src:expr) => {{
        const SRC: &[(&str, $t)] = $src;
        static NAMES: [u8; $crate::fmt::keyword::names_len(SRC)] = $crate::fmt::keyword::names(SRC);
        static ENDS: [u8; SRC.len()] = $crate::fmt::keyword::ends(SRC);
        static VALUES: [$t; SRC.len()] = $crate::fmt::keyword::values(SRC);
        $crate::fmt::keyword::Keywords {
            names: &NAMES,
            ends: &ENDS,
            values: &VALUES,
        }
    }};
}

/// The index of the entry `word` names in `table`.
pub fn find_index(table: &dyn Table, word: &[u8]) -> Result<usize, Mismatch> {
    let mut found: Option<usize> = None;
    let mut ambiguous = false;
    for i in 0..table.count() {
        let name = table.name(i);
        if name == word {
            return Ok(i);
        }
        if name.starts_with(word) {
            match found {
                None => found = Some(i),
                Some(f) if !table.same(f, i) => ambiguous = true,
                Some(_) => {}
            }
        }
    }
    match (found, ambiguous) {
        (Some(i), false) => Ok(i),
        (Some(_), true) => Err(Mismatch::Ambiguous),
        (None, _) => Err(Mismatch::Invalid),
    }
}

/// The value `word` names in `table`.
pub fn find<T: Copy + PartialEq>(table: &[(&'static str, T)], word: &[u8]) -> Result<T, Mismatch> {
    find_index(&table, word).map(|i| table[i].1)
}

#[cfg(test)]
mod tests;
