//! glibc 2.36's `strerror` texts for errno 0..=133, exactly as it prints them (GNU's
//! messages end in these strings): src/texts/errno/strerror.txt, one a line, packed
//! by tools/gen_help.py into one string (each text ended by a NUL: not a table of
//! 134 slices of 16 bytes each; recurring pairs of symbols as one byte each).

use super::expand;

mod strerror;

/// glibc's text for a number it does not name, before the number (in decimal:
/// `Unknown error 134`). The caller writes both: a number is its sink's to format.
pub const UNKNOWN: &[u8] = b"Unknown error ";

/// glibc's text for errno `n`, packed; None for a number glibc does not name (see
/// `UNKNOWN`).
pub fn text(n: i32) -> Option<Text> {
    let i = usize::try_from(n).ok()?;
    if i >= strerror::COUNT {
        return None;
    }
    strerror::TEXTS.split(|&c| c == 0).nth(i).map(Text)
}

/// One errno text, packed (without its NUL).
#[derive(Clone, Copy)]
pub struct Text(&'static [u8]);

impl Text {
    /// Hands the text's bytes to `put`, a piece at a time.
    pub fn put(self, put: &mut dyn FnMut(&[u8])) {
        expand(self.0, &strerror::DICT, put);
    }
}

#[cfg(test)]
mod tests;
