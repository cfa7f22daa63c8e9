//! wc's options: one row each in `--help` order (its letter, long name, argument,
//! what it does; the help text is src/texts/help/wc.txt), the `--total` keywords, and
//! the help and version texts. Every option simply adds to the run (a count, a
//! setting); `--files0-from` and `--total` given twice: the last one wins.

use crate::cli::{self, HasArg, Opt, OptTable, Row};
use crate::sys::out;

/// What an option does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Act {
    // Each prints its count. (Numbered as their `Column`s, so that `column` costs
    // nothing.)
    Lines = Column::Lines as isize,
    Words = Column::Words as isize,
    Chars = Column::Chars as isize,
    Bytes = Column::Bytes as isize,
    MaxLen = Column::MaxLen as isize,
    Files0,
    Total,
    Debug,
    Help,
    Version,
}

impl Act {
    /// The count this option prints, if it is one of -l, -w, -m, -c, -L.
    pub const fn column(self) -> Option<Column> {
        match self {
            Act::Lines => Some(Column::Lines),
            Act::Words => Some(Column::Words),
            Act::Chars => Some(Column::Chars),
            Act::Bytes => Some(Column::Bytes),
            Act::MaxLen => Some(Column::MaxLen),
            _ => None,
        }
    }
}

/// A count wc can print, numbered in the order GNU prints them: its column in the
/// counts line and its bit in `Job::shown`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Column {
    Lines = 0,
    Words = 1,
    Chars = 2,
    Bytes = 3,
    MaxLen = 4,
}

impl Column {
    /// Its bit in `Job::shown`.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

use HasArg::{No, Required};

/// The options, in `--help` order, as stored (cli::OptTable).
pub static OPTS: OptTable<Act> = OptTable {
    rows: &ROWS,
    ids: &IDS,
    names: &NAMES,
};
static ROWS: [Row; 10] = cli::rows(&SRC);
static IDS: [Act; 10] = cli::ids(&SRC);
static NAMES: [u8; cli::names_len(&SRC)] = cli::names(&SRC);

/// The options, in `--help` order.
static SRC: [Opt<Act>; 10] = [
    Opt::new("bytes", b'c', No, Act::Bytes),
    Opt::new("chars", b'm', No, Act::Chars),
    Opt::new("lines", b'l', No, Act::Lines),
    Opt::new("files0-from", 0, Required, Act::Files0),
    Opt::new("max-line-length", b'L', No, Act::MaxLen),
    Opt::new("words", b'w', No, Act::Words),
    Opt::new("total", 0, Required, Act::Total),
    // Undocumented, as in GNU: which newline kernel is used.
    Opt::new("debug", 0, No, Act::Debug),
    Opt::new("help", 0, No, Act::Help),
    Opt::new("version", 0, No, Act::Version),
];

/// `--total=WHEN`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Total {
    Auto,
    Always,
    Only,
    Never,
}

/// The words of `--total`, in GNU's order.
pub static TOTALS: crate::fmt::keyword::Keywords<Total> = crate::keywords!(
    Total,
    &[
        ("auto", Total::Auto),
        ("always", Total::Always),
        ("only", Total::Only),
        ("never", Total::Never),
    ]
);

/// Prints `--help` (src/texts/help/wc.txt; its usage lines name `prog`).
pub fn help(prog: &[u8]) {
    crate::texts::help::expand(&crate::texts::help::WC, prog, &mut crate::msg::Stdout);
}

/// Prints `--version`.
pub fn version() {
    out::bytes(
        concat!(
            "wc (bareutils) ",
            env!("CARGO_PKG_VERSION"),
            "\nA GNU-compatible wc. License: MIT OR Apache-2.0.\n"
        )
        .as_bytes(),
    );
}
