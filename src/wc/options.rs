//! wc's options: one row each in `--help` order (its letter, long name, argument,
//! what it does and its help lines), the `--total` keywords, and the help and
//! version texts around them. Every option simply adds to the run (a count, a
//! setting); `--files0-from` and `--total` given twice: the last one wins.

use crate::cli::{self, HasArg, Opt};
use crate::sys::out;

/// What an option does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Act {
    Bytes,
    Chars,
    Lines,
    Words,
    MaxLen,
    Files0,
    Total,
    Debug,
    Help,
    Version,
}

use HasArg::{No, Required};

/// The options, in `--help` order.
pub static OPTS: [Opt<Act>; 10] = [
    Opt::new("bytes", b'c', No, Act::Bytes)
        .help("  -c, --bytes            print the byte counts\n"),
    Opt::new("chars", b'm', No, Act::Chars)
        .help("  -m, --chars            print the character counts\n"),
    Opt::new("lines", b'l', No, Act::Lines)
        .help("  -l, --lines            print the newline counts\n"),
    Opt::new("files0-from", 0, Required, Act::Files0).help(concat!(
        "      --files0-from=F    read the names of the input files from F, where\n",
        "                           each name ends with a NUL byte;\n",
        "                           if F is -, read the names from standard input\n",
    )),
    Opt::new("max-line-length", b'L', No, Act::MaxLen)
        .help("  -L, --max-line-length  print the display width of the widest line\n"),
    Opt::new("words", b'w', No, Act::Words)
        .help("  -w, --words            print the word counts\n"),
    Opt::new("total", 0, Required, Act::Total).help(concat!(
        "      --total=WHEN       when to print the line of totals;\n",
        "                           WHEN is one of: auto, always, only, never\n",
    )),
    // Undocumented, as in GNU: which newline kernel is used.
    Opt::new("debug", 0, No, Act::Debug),
    Opt::new("help", 0, No, Act::Help).help("      --help        display this help and exit\n"),
    Opt::new("version", 0, No, Act::Version)
        .help("      --version     output version information and exit\n"),
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
pub const TOTALS: &[(&str, Total)] = &[
    ("auto", Total::Auto),
    ("always", Total::Always),
    ("only", Total::Only),
    ("never", Total::Never),
];

const INTRO: &str = "Count the newlines, words and bytes of each FILE, and print a line of totals
when there is more than one FILE.  A word is a run of printable characters
between white space.

With no FILE, or when FILE is -, read standard input.

The options below choose the counts to print; they always come in this order:
newlines, words, characters, bytes, maximum line width.
";

const OUTRO: &str = "
This is the wc of bareutils, which behaves as GNU coreutils' wc.
";

/// Prints `--help` (its usage lines name `prog`).
pub fn help(prog: &[u8]) {
    out::bytes(b"Usage: ");
    out::bytes(prog);
    out::bytes(b" [OPTION]... [FILE]...\n  or:  ");
    out::bytes(prog);
    out::bytes(b" [OPTION]... --files0-from=F\n");
    out::bytes(INTRO.as_bytes());
    cli::help(&OPTS);
    out::bytes(OUTRO.as_bytes());
}

/// Prints `--version`.
pub fn version() {
    out::bytes(b"wc (bareutils) ");
    out::bytes(env!("CARGO_PKG_VERSION").as_bytes());
    out::bytes(b"\nA GNU-compatible wc. License: MIT OR Apache-2.0.\n");
}
