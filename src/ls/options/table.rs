//! ls's options as data: one row per option in `--help` order, with its letter,
//! its long name, its argument and what it sets (the help text is
//! src/texts/help/ls.txt). Options that set the same thing form a
//! "last one wins" group (`Set::Format`: -l -1 -C -x -m --format; `Set::Sort`: -t
//! -S -U -v -X --sort; ...); the few options that set several things say so in
//! their row (-f, --zero, -g, -o, -n, --full-time). The defaults and the rules
//! between options (-l makes -F not follow operands, -c sorts by ctime without
//! -l...) are in resolve.rs.

use crate::cli::{self, HasArg, Opt, OptTable, Row};
use crate::fmt::keyword::Keywords;
use crate::fmt::quote::{self, Style};
use crate::keywords;
use crate::ls::plan::{Deref, Format, Hidden, IndicatorStyle, SortKey, TimeField};
use crate::ls::values::size::BlockSize;

/// What an option sets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Set {
    Hidden(Hidden),
    Format(Format),
    /// The format, unless the long format was chosen (-1, --zero).
    FormatUnlessLong(Format),
    /// The long format gives way to the default one (-f).
    NotLong,
    Sort(SortKey),
    Time(TimeField),
    Indicator(IndicatorStyle),
    Quoting(Style),
    Deref(Deref),
    Blocks(Scale),
    /// The time style full-iso.
    FullIso,
    On(Flag),
    Off(Flag),
    /// By WHEN (`always`, `never`, `auto`: stdout is a terminal; no argument:
    /// always), one setting or the other.
    When(WhenOpt),
    /// Nothing changes.
    Keep,
    /// The argument is one of these words.
    Word(WordOpt),
    /// The argument is read as a number, a size, a pattern or a time style.
    Arg(Arg),
    Help,
    Version,
}

/// The block sizes -h and --si choose.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scale {
    Human,
    Si,
}

impl Scale {
    pub fn block_size(self) -> BlockSize {
        match self {
            Scale::Human => BlockSize::HUMAN,
            Scale::Si => BlockSize::SI,
        }
    }
}

/// The options that take WHEN, as indices of `TOGGLES` (a `Set` stays two bytes:
/// no references in it).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WhenOpt {
    Color,
    Hyperlink,
    Classify,
}

impl WhenOpt {
    pub fn get(self) -> &'static Toggle {
        &TOGGLES[self as usize]
    }
}

/// The options that take a word, as indices of `WORDS`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WordOpt {
    Formats,
    Sorts,
    Times,
    Indicators,
    Quoting,
}

impl WordOpt {
    pub fn get(self) -> &'static Words {
        WORDS[self as usize]
    }
}

static WORDS: [&Words; 5] = [&FORMATS, &SORTS, &TIMES, &INDICATORS, &QUOTING];

/// An option that takes WHEN: its name (for messages), what yes and no set.
#[derive(PartialEq, Eq, Debug)]
pub struct Toggle {
    pub name: &'static str,
    pub yes: Set,
    pub no: Set,
}

/// An option that takes one of a list of words: its name (for messages), and the
/// words (in GNU's order, for its `Valid arguments are:` list; synonyms stand
/// together) with what each sets.
#[derive(PartialEq, Eq, Debug)]
pub struct Words {
    pub name: &'static str,
    pub words: Keywords<Set>,
}

/// The yes-or-no settings.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flag {
    Author,
    Color,
    Context,
    Directory,
    Dired,
    DirsFirst,
    /// The long format's group column.
    Group,
    HideControl,
    Hyperlink,
    IgnoreBackups,
    Inode,
    Kibibytes,
    /// The long format shows ids as numbers.
    Numeric,
    /// The long format's owner column.
    Owner,
    Recursive,
    Reverse,
    Size,
    Zero,
}

/// Option arguments that are not words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arg {
    BlockSize,
    Hide,
    Ignore,
    TabSize,
    TimeStyle,
    Width,
}

use Set::*;

const fn opt(
    short: u8,
    long: &'static str,
    arg: HasArg,
    sets: &'static [Set],
) -> Opt<&'static [Set]> {
    Opt::new(long, short, arg, sets)
}

const NO: HasArg = HasArg::No;
const ARG: HasArg = HasArg::Required;
const WHEN: HasArg = HasArg::Optional;

/// The options, in `--help` order, as stored (cli::OptTable): each row's settings
/// are a span of `SETS` (2 bytes, not a 16-byte slice).
pub static OPTIONS: OptTable<Sets> = OptTable {
    rows: &ROWS,
    ids: &IDS,
    names: &NAMES,
};
static ROWS: [Row; 61] = cli::rows(&SRC);
static IDS: [Sets; 61] = cli::ids(&spans(&SRC));
static NAMES: [u8; cli::names_len(&SRC)] = cli::names(&SRC);
static SETS: [Set; sets_len(&SRC)] = flatten(&SRC);

/// What one option sets: `SETS[start..start + len]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sets {
    start: u8,
    len: u8,
}

impl Sets {
    pub fn get(self) -> &'static [Set] {
        let start = usize::from(self.start);
        SETS.get(start..start + usize::from(self.len))
            .unwrap_or(&[])
    }
}

const fn sets_len(src: &[Opt<&[Set]>]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < src.len() {
        n += src[i].id.len();
        i += 1;
    }
    n
}

const fn flatten<const N: usize>(src: &[Opt<&[Set]>]) -> [Set; N] {
    let mut out = [Keep; N];
    let (mut n, mut i) = (0, 0);
    while i < src.len() {
        let mut j = 0;
        while j < src[i].id.len() {
            out[n] = src[i].id[j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

/// `src` with each row's settings as its span of `flatten(src)`.
const fn spans<const R: usize>(src: &[Opt<&[Set]>; R]) -> [Opt<Sets>; R] {
    let mut out = [Opt::new("", 0, NO, Sets { start: 0, len: 0 }); R];
    let (mut n, mut i) = (0, 0);
    while i < R {
        let o = &src[i];
        assert!(n + o.id.len() < 256);
        let sets = Sets {
            start: n as u8,
            len: o.id.len() as u8,
        };
        out[i] = Opt::new(o.long, o.short, o.arg, sets);
        n += o.id.len();
        i += 1;
    }
    out
}

/// The options, in `--help` order.
#[rustfmt::skip]
static SRC: [Opt<&[Set]>; 61] = [
    opt(b'a', "all", NO, &[Hidden(Hidden::All)]),
    opt(b'A', "almost-all", NO, &[Hidden(Hidden::AlmostAll)]),
    opt(0, "author", NO, &[On(Flag::Author)]),
    opt(b'b', "escape", NO, &[Quoting(Style::Escape)]),
    opt(0, "block-size", ARG, &[Arg(Arg::BlockSize)]),
    opt(b'B', "ignore-backups", NO, &[On(Flag::IgnoreBackups)]),
    opt(b'c', "", NO, &[Time(TimeField::Change)]),
    opt(b'C', "", NO, &[Format(Format::Columns)]),
    opt(0, "color", WHEN, &[When(WhenOpt::Color)]),
    opt(b'd', "directory", NO, &[On(Flag::Directory)]),
    opt(b'D', "dired", NO, &[On(Flag::Dired)]),
    opt(b'f', "", NO, &[
        Hidden(Hidden::All), Sort(SortKey::None), NotLong,
        Off(Flag::Size), Off(Flag::Color), Off(Flag::Hyperlink),
    ]),
    opt(0, "classify", WHEN, &[When(WhenOpt::Classify)]),
    opt(b'F', "", NO, &[Indicator(IndicatorStyle::Classify)]),
    opt(0, "file-type", NO, &[Indicator(IndicatorStyle::FileType)]),
    opt(0, "format", ARG, &[Word(WordOpt::Formats)]),
    opt(0, "full-time", NO, &[Format(Format::Long), FullIso]),
    opt(b'g', "", NO, &[Format(Format::Long), Off(Flag::Owner)]),
    opt(0, "group-directories-first", NO, &[On(Flag::DirsFirst)]),
    opt(b'G', "no-group", NO, &[Off(Flag::Group)]),
    opt(b'h', "human-readable", NO, &[Blocks(Scale::Human)]),
    opt(0, "si", NO, &[Blocks(Scale::Si)]),
    opt(b'H', "dereference-command-line", NO, &[Deref(Deref::Args)]),
    opt(0, "dereference-command-line-symlink-to-dir", NO, &[Deref(Deref::ArgDirs)]),
    opt(0, "hide", ARG, &[Arg(Arg::Hide)]),
    opt(0, "hyperlink", WHEN, &[When(WhenOpt::Hyperlink)]),
    opt(0, "indicator-style", ARG, &[Word(WordOpt::Indicators)]),
    opt(b'i', "inode", NO, &[On(Flag::Inode)]),
    opt(b'I', "ignore", ARG, &[Arg(Arg::Ignore)]),
    opt(b'k', "kibibytes", NO, &[On(Flag::Kibibytes)]),
    opt(b'l', "", NO, &[Format(Format::Long)]),
    opt(b'L', "dereference", NO, &[Deref(Deref::All)]),
    opt(b'm', "", NO, &[Format(Format::Commas)]),
    opt(b'n', "numeric-uid-gid", NO, &[Format(Format::Long), On(Flag::Numeric)]),
    opt(b'N', "literal", NO, &[Quoting(Style::Literal)]),
    opt(b'o', "", NO, &[Format(Format::Long), Off(Flag::Group)]),
    opt(b'p', "", NO, &[Indicator(IndicatorStyle::Slash)]),
    opt(b'q', "hide-control-chars", NO, &[On(Flag::HideControl)]),
    opt(0, "show-control-chars", NO, &[Off(Flag::HideControl)]),
    opt(b'Q', "quote-name", NO, &[Quoting(Style::C)]),
    opt(0, "quoting-style", ARG, &[Word(WordOpt::Quoting)]),
    opt(b'r', "reverse", NO, &[On(Flag::Reverse)]),
    opt(b'R', "recursive", NO, &[On(Flag::Recursive)]),
    opt(b's', "size", NO, &[On(Flag::Size)]),
    opt(b'S', "", NO, &[Sort(SortKey::Size)]),
    opt(0, "sort", ARG, &[Word(WordOpt::Sorts)]),
    opt(0, "time", ARG, &[Word(WordOpt::Times)]),
    opt(0, "time-style", ARG, &[Arg(Arg::TimeStyle)]),
    opt(b't', "", NO, &[Sort(SortKey::Time)]),
    opt(b'T', "tabsize", ARG, &[Arg(Arg::TabSize)]),
    opt(b'u', "", NO, &[Time(TimeField::Access)]),
    opt(b'U', "", NO, &[Sort(SortKey::None)]),
    opt(b'v', "", NO, &[Sort(SortKey::Version)]),
    opt(b'w', "width", ARG, &[Arg(Arg::Width)]),
    opt(b'x', "", NO, &[Format(Format::Across)]),
    opt(b'X', "", NO, &[Sort(SortKey::Extension)]),
    opt(b'Z', "context", NO, &[On(Flag::Context)]),
    opt(0, "zero", NO, &[
        On(Flag::Zero), FormatUnlessLong(Format::OnePerLine), Off(Flag::Color),
        Quoting(Style::Literal), Off(Flag::HideControl),
    ]),
    opt(b'1', "", NO, &[FormatUnlessLong(Format::OnePerLine)]),
    opt(0, "help", NO, &[Help]),
    opt(0, "version", NO, &[Version]),
];

/// GNU ls's own table order, as rows of `OPTIONS` (one byte each, not a 16-byte
/// `&str`): glibc lists the candidates of an ambiguous abbreviation in it (`ls --c`:
/// classify, color, context).
pub static GETOPT_ORDER: [u8; 44] = rows_of(
    [
        "all",
        "escape",
        "directory",
        "dired",
        "full-time",
        "group-directories-first",
        "human-readable",
        "inode",
        "kibibytes",
        "numeric-uid-gid",
        "no-group",
        "hide-control-chars",
        "reverse",
        "size",
        "width",
        "almost-all",
        "ignore-backups",
        "classify",
        "file-type",
        "si",
        "dereference-command-line",
        "dereference-command-line-symlink-to-dir",
        "hide",
        "ignore",
        "indicator-style",
        "dereference",
        "literal",
        "quote-name",
        "quoting-style",
        "recursive",
        "format",
        "show-control-chars",
        "sort",
        "tabsize",
        "time",
        "time-style",
        "zero",
        "color",
        "hyperlink",
        "block-size",
        "context",
        "author",
        "help",
        "version",
    ],
    &SRC,
);

/// The rows of `opts` with these long names (a name no row has fails the build).
const fn rows_of<const N: usize>(names: [&str; N], opts: &[Opt<&[Set]>]) -> [u8; N] {
    let mut rows = [0; N];
    let mut i = 0;
    while i < N {
        let mut r = 0;
        while !crate::fmt::bytes_eq(opts[r].long.as_bytes(), names[i].as_bytes()) {
            r += 1;
        }
        rows[i] = r as u8;
        i += 1;
    }
    rows
}

/// The options that take WHEN, in `WhenOpt` order. `--classify=never` (or auto off
/// a terminal) keeps the indicator style.
static TOGGLES: [Toggle; 3] = [
    Toggle {
        name: "--color",
        yes: On(Flag::Color),
        no: Off(Flag::Color),
    },
    Toggle {
        name: "--hyperlink",
        yes: On(Flag::Hyperlink),
        no: Off(Flag::Hyperlink),
    },
    Toggle {
        name: "--classify",
        yes: Indicator(IndicatorStyle::Classify),
        no: Keep,
    },
];

/// The words of the keyword options.
pub static FORMATS: Words = Words {
    name: "--format",
    words: keywords!(
        Set,
        &[
            ("verbose", Format(Format::Long)),
            ("long", Format(Format::Long)),
            ("commas", Format(Format::Commas)),
            ("horizontal", Format(Format::Across)),
            ("across", Format(Format::Across)),
            ("vertical", Format(Format::Columns)),
            ("single-column", Format(Format::OnePerLine)),
        ]
    ),
};
pub static SORTS: Words = Words {
    name: "--sort",
    words: keywords!(
        Set,
        &[
            ("none", Sort(SortKey::None)),
            ("time", Sort(SortKey::Time)),
            ("size", Sort(SortKey::Size)),
            ("extension", Sort(SortKey::Extension)),
            ("version", Sort(SortKey::Version)),
            ("width", Sort(SortKey::Width)),
        ]
    ),
};
pub static TIMES: Words = Words {
    name: "--time",
    words: keywords!(
        Set,
        &[
            ("atime", Time(TimeField::Access)),
            ("access", Time(TimeField::Access)),
            ("use", Time(TimeField::Access)),
            ("ctime", Time(TimeField::Change)),
            ("status", Time(TimeField::Change)),
            ("birth", Time(TimeField::Birth)),
            ("creation", Time(TimeField::Birth)),
        ]
    ),
};
pub static INDICATORS: Words = Words {
    name: "--indicator-style",
    words: keywords!(
        Set,
        &[
            ("none", Indicator(IndicatorStyle::None)),
            ("slash", Indicator(IndicatorStyle::Slash)),
            ("file-type", Indicator(IndicatorStyle::FileType)),
            ("classify", Indicator(IndicatorStyle::Classify)),
        ]
    ),
};
/// fmt::quote's style names.
pub static QUOTING: Words = Words {
    name: "--quoting-style",
    words: Keywords {
        names: quote::CHOICES.names,
        ends: quote::CHOICES.ends,
        values: &QUOTING_SETS,
    },
};
static QUOTING_SETS: [Set; quote::CHOICE_PAIRS.len()] = quoting_sets();

const fn quoting_sets<const N: usize>() -> [Set; N] {
    let mut sets = [Keep; N];
    let mut i = 0;
    while i < N {
        sets[i] = Quoting(quote::CHOICE_PAIRS[i].1);
        i += 1;
    }
    sets
}

/// WHEN for --color, --hyperlink and --classify.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum When {
    Always,
    Never,
    /// When stdout is a terminal.
    Auto,
}

pub static WHEN_WORDS: Keywords<When> = keywords!(
    When,
    &[
        ("always", When::Always),
        ("yes", When::Always),
        ("force", When::Always),
        ("never", When::Never),
        ("no", When::Never),
        ("none", When::Never),
        ("auto", When::Auto),
        ("tty", When::Auto),
        ("if-tty", When::Auto),
    ]
);

/// Prints `--help` (src/texts/help/ls.txt; its usage line names `prog`).
pub fn help(prog: &[u8]) {
    crate::texts::help::expand(&crate::texts::help::LS, prog, &mut crate::msg::Stdout);
}

/// Prints `--version`.
pub fn version() {
    crate::sys::out::bytes(concat!("ls (bareutils) ", env!("CARGO_PKG_VERSION"), "\n").as_bytes());
}

#[cfg(test)]
mod tests;
