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
    fn name(&self, i: usize) -> &'static str;
    /// Entries `i` and `j` name the same value.
    fn same(&self, i: usize, j: usize) -> bool;
}

impl<T: PartialEq> Table for &[(&'static str, T)] {
    fn count(&self) -> usize {
        self.len()
    }

    fn name(&self, i: usize) -> &'static str {
        self[i].0
    }

    fn same(&self, i: usize, j: usize) -> bool {
        self[i].1 == self[j].1
    }
}

/// The index of the entry `word` names in `table`.
pub fn find_index(table: &dyn Table, word: &[u8]) -> Result<usize, Mismatch> {
    let mut found: Option<usize> = None;
    let mut ambiguous = false;
    for i in 0..table.count() {
        let name = table.name(i).as_bytes();
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

/// The first name of `value` in `table`.
pub fn name_of<T: Copy + PartialEq>(table: &[(&'static str, T)], value: T) -> Option<&'static str> {
    table.iter().find(|c| c.1 == value).map(|c| c.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_prefix_synonyms() {
        let t = [
            ("none", 0),
            ("time", 1),
            ("size", 2),
            ("never", 3),
            ("no", 3),
        ];
        assert_eq!(find(&t, b"t"), Ok(1));
        assert_eq!(find(&t, b"size"), Ok(2));
        assert_eq!(find(&t, b"ne"), Ok(3));
        assert_eq!(find(&t, b"no"), Ok(3));
        assert_eq!(find(&t, b"n"), Err(Mismatch::Ambiguous));
        assert_eq!(find(&t, b""), Err(Mismatch::Ambiguous));
        assert_eq!(find(&t, b"x"), Err(Mismatch::Invalid));
        assert_eq!(find(&t, b"sizes"), Err(Mismatch::Invalid));
        assert_eq!(name_of(&t, 3), Some("never"));
        assert_eq!(name_of(&t, 9), None);
    }
}
