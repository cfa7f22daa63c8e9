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

/// The value `word` names in `table`.
pub fn find<T: Copy + PartialEq>(table: &[(&str, T)], word: &[u8]) -> Result<T, Mismatch> {
    let mut found: Option<T> = None;
    let mut ambiguous = false;
    for &(name, v) in table {
        if name.as_bytes() == word {
            return Ok(v);
        }
        if name.as_bytes().starts_with(word) {
            match found {
                None => found = Some(v),
                Some(f) if f != v => ambiguous = true,
                Some(_) => {}
            }
        }
    }
    match (found, ambiguous) {
        (Some(v), false) => Ok(v),
        (Some(_), true) => Err(Mismatch::Ambiguous),
        (None, _) => Err(Mismatch::Invalid),
    }
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
