//! ls's option table, in GNU ls's long-option order (glibc lists the candidates of
//! an ambiguous abbreviation in table order: `ls --c` gives classify, color,
//! context), then the short-only letters; and the keyword lists of the options
//! that take one, in GNU's order (its `Valid arguments are:` lists).

use crate::cli::{HasArg, Opt};

// Option ids.
pub const ALL: u16 = 1;
pub const ESCAPE: u16 = 2;
pub const DIRECTORY: u16 = 3;
pub const DIRED: u16 = 4;
pub const FULL_TIME: u16 = 5;
pub const DIRS_FIRST: u16 = 6;
pub const HUMAN: u16 = 7;
pub const INODE: u16 = 8;
pub const KIBIBYTES: u16 = 9;
pub const NUMERIC: u16 = 10;
pub const NO_GROUP: u16 = 11;
pub const HIDE_CONTROL: u16 = 12;
pub const REVERSE: u16 = 13;
pub const SIZE: u16 = 14;
pub const WIDTH: u16 = 15;
pub const ALMOST_ALL: u16 = 16;
pub const IGNORE_BACKUPS: u16 = 17;
pub const CLASSIFY: u16 = 18;
pub const FILE_TYPE: u16 = 19;
pub const SI: u16 = 20;
pub const DEREF_ARGS: u16 = 21;
pub const DEREF_ARG_DIRS: u16 = 22;
pub const HIDE: u16 = 23;
pub const IGNORE: u16 = 24;
pub const INDICATOR_STYLE: u16 = 25;
pub const DEREF: u16 = 26;
pub const LITERAL: u16 = 27;
pub const QUOTE_NAME: u16 = 28;
pub const QUOTING_STYLE: u16 = 29;
pub const RECURSIVE: u16 = 30;
pub const FORMAT: u16 = 31;
pub const SHOW_CONTROL: u16 = 32;
pub const SORT: u16 = 33;
pub const TABSIZE: u16 = 34;
pub const TIME: u16 = 35;
pub const TIME_STYLE: u16 = 36;
pub const ZERO: u16 = 37;
pub const COLOR: u16 = 38;
pub const HYPERLINK: u16 = 39;
pub const BLOCK_SIZE: u16 = 40;
pub const CONTEXT: u16 = 41;
pub const AUTHOR: u16 = 42;
pub const HELP: u16 = 43;
pub const VERSION: u16 = 44;
// Short-only options.
pub const CTIME: u16 = 50;
pub const ONE_PER_LINE_F: u16 = 51; // -f
pub const LONG_NO_OWNER: u16 = 52; // -g
pub const LONG: u16 = 53; // -l
pub const COMMAS: u16 = 54; // -m
pub const LONG_NO_GROUP: u16 = 55; // -o
pub const SLASH: u16 = 56; // -p
pub const SORT_TIME: u16 = 57; // -t
pub const ATIME: u16 = 58; // -u
pub const ACROSS: u16 = 59; // -x
pub const COLUMNS: u16 = 60; // -C
pub const SORT_SIZE: u16 = 61; // -S
pub const SORT_NONE: u16 = 62; // -U
pub const SORT_VERSION: u16 = 63; // -v
pub const SORT_EXT: u16 = 64; // -X
pub const ONE: u16 = 65; // -1

use HasArg::{No, Optional, Required};

/// GNU ls's long options in its table order, then the short-only letters.
pub static OPTIONS: [Opt; 61] = [
    Opt::new("all", b'a', No, ALL),
    Opt::new("escape", b'b', No, ESCAPE),
    Opt::new("directory", b'd', No, DIRECTORY),
    Opt::new("dired", b'D', No, DIRED),
    Opt::new("full-time", 0, No, FULL_TIME),
    Opt::new("group-directories-first", 0, No, DIRS_FIRST),
    Opt::new("human-readable", b'h', No, HUMAN),
    Opt::new("inode", b'i', No, INODE),
    Opt::new("kibibytes", b'k', No, KIBIBYTES),
    Opt::new("numeric-uid-gid", b'n', No, NUMERIC),
    Opt::new("no-group", b'G', No, NO_GROUP),
    Opt::new("hide-control-chars", b'q', No, HIDE_CONTROL),
    Opt::new("reverse", b'r', No, REVERSE),
    Opt::new("size", b's', No, SIZE),
    Opt::new("width", b'w', Required, WIDTH),
    Opt::new("almost-all", b'A', No, ALMOST_ALL),
    Opt::new("ignore-backups", b'B', No, IGNORE_BACKUPS),
    Opt::new("classify", 0, Optional, CLASSIFY),
    Opt::new("file-type", 0, No, FILE_TYPE),
    Opt::new("si", 0, No, SI),
    Opt::new("dereference-command-line", b'H', No, DEREF_ARGS),
    Opt::new(
        "dereference-command-line-symlink-to-dir",
        0,
        No,
        DEREF_ARG_DIRS,
    ),
    Opt::new("hide", 0, Required, HIDE),
    Opt::new("ignore", b'I', Required, IGNORE),
    Opt::new("indicator-style", 0, Required, INDICATOR_STYLE),
    Opt::new("dereference", b'L', No, DEREF),
    Opt::new("literal", b'N', No, LITERAL),
    Opt::new("quote-name", b'Q', No, QUOTE_NAME),
    Opt::new("quoting-style", 0, Required, QUOTING_STYLE),
    Opt::new("recursive", b'R', No, RECURSIVE),
    Opt::new("format", 0, Required, FORMAT),
    Opt::new("show-control-chars", 0, No, SHOW_CONTROL),
    Opt::new("sort", 0, Required, SORT),
    Opt::new("tabsize", b'T', Required, TABSIZE),
    Opt::new("time", 0, Required, TIME),
    Opt::new("time-style", 0, Required, TIME_STYLE),
    Opt::new("zero", 0, No, ZERO),
    Opt::new("color", 0, Optional, COLOR),
    Opt::new("hyperlink", 0, Optional, HYPERLINK),
    Opt::new("block-size", 0, Required, BLOCK_SIZE),
    Opt::new("context", b'Z', No, CONTEXT),
    Opt::new("author", 0, No, AUTHOR),
    Opt::new("help", 0, No, HELP),
    Opt::new("version", 0, No, VERSION),
    Opt::new("", b'c', No, CTIME),
    Opt::new("", b'f', No, ONE_PER_LINE_F),
    Opt::new("", b'g', No, LONG_NO_OWNER),
    Opt::new("", b'l', No, LONG),
    Opt::new("", b'm', No, COMMAS),
    Opt::new("", b'o', No, LONG_NO_GROUP),
    Opt::new("", b'p', No, SLASH),
    Opt::new("", b't', No, SORT_TIME),
    Opt::new("", b'u', No, ATIME),
    Opt::new("", b'x', No, ACROSS),
    Opt::new("", b'C', No, COLUMNS),
    Opt::new("", b'S', No, SORT_SIZE),
    Opt::new("", b'U', No, SORT_NONE),
    Opt::new("", b'v', No, SORT_VERSION),
    Opt::new("", b'X', No, SORT_EXT),
    Opt::new("", b'1', No, ONE),
    Opt::new("", b'F', No, CLASSIFY),
];

pub const WHEN: &[(&str, u8)] = &[
    ("always", 1),
    ("yes", 1),
    ("force", 1),
    ("never", 0),
    ("no", 0),
    ("none", 0),
    ("auto", 2),
    ("tty", 2),
    ("if-tty", 2),
];
pub const SORTS: &[(&str, u8)] = &[
    ("none", 1),
    ("time", 2),
    ("size", 3),
    ("extension", 4),
    ("version", 5),
    ("width", 6),
];
pub const TIMES: &[(&str, u8)] = &[
    ("atime", 1),
    ("access", 1),
    ("use", 1),
    ("ctime", 2),
    ("status", 2),
    ("birth", 3),
    ("creation", 3),
];
pub const FORMATS: &[(&str, u8)] = &[
    ("verbose", 0),
    ("long", 0),
    ("commas", 1),
    ("horizontal", 2),
    ("across", 2),
    ("vertical", 3),
    ("single-column", 4),
];
pub const INDICATORS: &[(&str, u8)] =
    &[("none", 0), ("slash", 1), ("file-type", 2), ("classify", 3)];
