//! What one run of wc counts and prints, decided once from the command line
//! (wc.rs) and read by the stages below it: `input` reads each input the way
//! [`Job::method`] says, `render` prints the selected counts.

/// What this run prints, and how it reads text.
pub struct Job {
    pub prog: &'static [u8],
    /// The counts printed: bit `Column::bit` of each (GNU's order: lines, words,
    /// characters, bytes, maximum line length).
    pub shown: u8,
    /// LC_CTYPE is UTF-8: characters are decoded.
    pub utf8: bool,
    /// `--debug`: say which newline kernel is used.
    pub debug: bool,
    /// When the line of totals is printed.
    pub total: Total,
}

pub use super::options::{Column, Total};

/// How every input of a run is read: the same for all of them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Method {
    /// Bytes only (`-c`, or `-m` where a character is a byte): st_size where it
    /// can be trusted, else splice or read.
    BytesOnly,
    /// Lines, and bytes if asked: the vector newline count.
    Lines,
    /// Words, characters (decoded), line widths: the full counter.
    Full,
}

impl Job {
    /// Whether count `c` is printed.
    pub fn shows(&self, c: Column) -> bool {
        self.shown & c.bit() != 0
    }

    /// The number of counts selected.
    pub fn selected(&self) -> usize {
        self.shown.count_ones() as usize
    }

    /// How inputs are read (GNU's three loops).
    pub fn method(&self) -> Method {
        if (self.shows(Column::Chars) && self.utf8)
            || self.shows(Column::Words)
            || self.shows(Column::MaxLen)
        {
            Method::Full
        } else if (self.shows(Column::Bytes) || self.shows(Column::Chars))
            && !self.shows(Column::Lines)
        {
            // `chars` here counts bytes: the locale is not UTF-8.
            Method::BytesOnly
        } else {
            Method::Lines
        }
    }
}

#[cfg(test)]
mod tests;
