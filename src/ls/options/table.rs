//! ls's options as data: one row per option in `--help` order, with its letter,
//! its long name, its argument, what it sets and its help lines, so the help text
//! and the behaviour are read side by side. Options that set the same thing form a
//! "last one wins" group (`Set::Format`: -l -1 -C -x -m --format; `Set::Sort`: -t
//! -S -U -v -X --sort; ...); the few options that set several things say so in
//! their row (-f, --zero, -g, -o, -n, --full-time). The defaults and the rules
//! between options (-l makes -F not follow operands, -c sorts by ctime without
//! -l...) are in resolve.rs.

use crate::cli::{HasArg, Opt};
use crate::fmt::quote::{self, Style};
use crate::fmt::size::BlockSize;
use crate::ls::plan::{Deref, Format, Hidden, IndicatorStyle, SortKey, TimeField};

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
    Blocks(BlockSize),
    TimeStyle(&'static [u8]),
    On(Flag),
    Off(Flag),
    /// By WHEN (`always`, `never`, `auto`: stdout is a terminal; no argument:
    /// always), the first setting or the second (the option's name for messages).
    When(&'static str, &'static Set, &'static Set),
    /// Nothing changes.
    Keep,
    /// The argument is one of these words (the option's name for messages).
    Word(&'static str, &'static [(&'static str, Set)]),
    /// The argument is read as a number, a size, a pattern or a time style.
    Arg(Arg),
    Help,
    Version,
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

/// The options, in `--help` order.
#[rustfmt::skip]
pub static OPTIONS: [Opt<&[Set]>; 61] = [
    opt(b'a', "all", NO, &[Hidden(Hidden::All)]).help(&[
        "  -a, --all                  include entries whose names start with .",
    ]),
    opt(b'A', "almost-all", NO, &[Hidden(Hidden::AlmostAll)]).help(&[
        "  -A, --almost-all           like -a, but leave out . and ..",
    ]),
    opt(0, "author", NO, &[On(Flag::Author)]).help(&[
        "      --author               with -l, show each file's author",
    ]),
    opt(b'b', "escape", NO, &[Quoting(Style::Escape)]).help(&[
        "  -b, --escape               show nongraphic characters as C-style escapes",
    ]),
    opt(0, "block-size", ARG, &[Arg(Arg::BlockSize)]).help(&[
        "      --block-size=SIZE      with -l, scale sizes by SIZE when showing them;",
        "                             e.g., '--block-size=M'; see SIZE below",
        "",
    ]),
    opt(b'B', "ignore-backups", NO, &[On(Flag::IgnoreBackups)]).help(&[
        "  -B, --ignore-backups       leave out entries whose names end with ~",
    ]),
    opt(b'c', "", NO, &[Time(TimeField::Change)]).help(&[
        "  -c                         with -lt: sort by, and show, ctime (when the",
        "                             file's status last changed);",
        "                             with -l: show ctime and sort by name;",
        "                             otherwise: sort by ctime, newest first",
        "",
    ]),
    opt(b'C', "", NO, &[Format(Format::Columns)]).help(&[
        "  -C                         list entries in columns, top to bottom",
    ]),
    opt(0, "color", WHEN, &[When("--color", &On(Flag::Color), &Off(Flag::Color))]).help(&[
        "      --color[=WHEN]         color the output WHEN; see below",
    ]),
    opt(b'd', "directory", NO, &[On(Flag::Directory)]).help(&[
        "  -d, --directory            list directories themselves, not what they hold",
    ]),
    opt(b'D', "dired", NO, &[On(Flag::Dired)]).help(&[
        "  -D, --dired                produce output for Emacs' dired mode",
    ]),
    opt(b'f', "", NO, &[
        Hidden(Hidden::All), Sort(SortKey::None), NotLong,
        Off(Flag::Size), Off(Flag::Color), Off(Flag::Hyperlink),
    ]).help(&[
        "  -f                         list every entry in directory order",
    ]),
    opt(0, "classify", WHEN, &[When("--classify", &Indicator(IndicatorStyle::Classify), &Keep)]).help(&[
        "  -F, --classify[=WHEN]      append an indicator (one of */=>@|) WHEN",
    ]),
    opt(b'F', "", NO, &[Indicator(IndicatorStyle::Classify)]),
    opt(0, "file-type", NO, &[Indicator(IndicatorStyle::FileType)]).help(&[
        "      --file-type            the same, but never append '*'",
    ]),
    opt(0, "format", ARG, &[Word("--format", FORMATS)]).help(&[
        "      --format=WORD          across -x, commas -m, horizontal -x, long -l,",
        "                             single-column -1, verbose -l, vertical -C",
        "",
    ]),
    opt(0, "full-time", NO, &[Format(Format::Long), TimeStyle(b"full-iso")]).help(&[
        "      --full-time            like -l --time-style=full-iso",
    ]),
    opt(b'g', "", NO, &[Format(Format::Long), Off(Flag::Owner)]).help(&[
        "  -g                         like -l, without the owner",
    ]),
    opt(0, "group-directories-first", NO, &[On(Flag::DirsFirst)]).help(&[
        "      --group-directories-first",
        "                             list directories before other files;",
        "                             any --sort order applies within each group,",
        "                             but --sort=none (-U) turns grouping off",
        "",
    ]),
    opt(b'G', "no-group", NO, &[Off(Flag::Group)]).help(&[
        "  -G, --no-group             leave group names out of a long listing",
    ]),
    opt(b'h', "human-readable", NO, &[Blocks(BlockSize::HUMAN)]).help(&[
        "  -h, --human-readable       with -l and -s, show sizes such as 1K 234M 2G",
    ]),
    opt(0, "si", NO, &[Blocks(BlockSize::SI)]).help(&[
        "      --si                   the same, but in powers of 1000, not 1024",
    ]),
    opt(b'H', "dereference-command-line", NO, &[Deref(Deref::Args)]).help(&[
        "  -H, --dereference-command-line",
        "                             follow symbolic links named as operands",
    ]),
    opt(0, "dereference-command-line-symlink-to-dir", NO, &[Deref(Deref::ArgDirs)]).help(&[
        "      --dereference-command-line-symlink-to-dir",
        "                             follow each operand that is a symbolic link",
        "                             to a directory",
        "",
    ]),
    opt(0, "hide", ARG, &[Arg(Arg::Hide)]).help(&[
        "      --hide=PATTERN         leave out entries matching the shell PATTERN",
        "                             (-a or -A cancel this)",
        "",
    ]),
    opt(0, "hyperlink", WHEN, &[When("--hyperlink", &On(Flag::Hyperlink), &Off(Flag::Hyperlink))]).help(&[
        "      --hyperlink[=WHEN]     make file names hyperlinks WHEN",
    ]),
    opt(0, "indicator-style", ARG, &[Word("--indicator-style", INDICATORS)]).help(&[
        "      --indicator-style=WORD",
        "                             append an indicator of style WORD to names:",
        "                             none (default), slash (-p),",
        "                             file-type (--file-type), classify (-F)",
        "",
    ]),
    opt(b'i', "inode", NO, &[On(Flag::Inode)]).help(&[
        "  -i, --inode                show each file's inode number",
    ]),
    opt(b'I', "ignore", ARG, &[Arg(Arg::Ignore)]).help(&[
        "  -I, --ignore=PATTERN       leave out entries matching the shell PATTERN",
    ]),
    opt(b'k', "kibibytes", NO, &[On(Flag::Kibibytes)]).help(&[
        "  -k, --kibibytes            count file system usage in 1024-byte blocks;",
        "                             used only with -s and per-directory totals",
        "",
    ]),
    opt(b'l', "", NO, &[Format(Format::Long)]).help(&[
        "  -l                         use the long listing format",
    ]),
    opt(b'L', "dereference", NO, &[Deref(Deref::All)]).help(&[
        "  -L, --dereference          for a symbolic link, show the file it refers to",
        "                             instead of the link itself",
        "",
    ]),
    opt(b'm', "", NO, &[Format(Format::Commas)]).help(&[
        "  -m                         fill the width with a comma-separated list",
    ]),
    opt(b'n', "numeric-uid-gid", NO, &[Format(Format::Long), On(Flag::Numeric)]).help(&[
        "  -n, --numeric-uid-gid      like -l, but with numeric user and group IDs",
    ]),
    opt(b'N', "literal", NO, &[Quoting(Style::Literal)]).help(&[
        "  -N, --literal              show names as they are, without quoting",
    ]),
    opt(b'o', "", NO, &[Format(Format::Long), Off(Flag::Group)]).help(&[
        "  -o                         like -l, without the group",
    ]),
    opt(b'p', "", NO, &[Indicator(IndicatorStyle::Slash)]).help(&[
        "  -p, --indicator-style=slash",
        "                             append / to directories",
    ]),
    opt(b'q', "hide-control-chars", NO, &[On(Flag::HideControl)]).help(&[
        "  -q, --hide-control-chars   show ? in place of nongraphic characters",
    ]),
    opt(0, "show-control-chars", NO, &[Off(Flag::HideControl)]).help(&[
        "      --show-control-chars   show nongraphic characters as they are (the",
        "                             default unless the output is a terminal)",
        "",
    ]),
    opt(b'Q', "quote-name", NO, &[Quoting(Style::C)]).help(&[
        "  -Q, --quote-name           put names in double quotes",
    ]),
    opt(0, "quoting-style", ARG, &[Word("--quoting-style", &QUOTING)]).help(&[
        "      --quoting-style=WORD   quote names in style WORD:",
        "                             literal, locale, shell, shell-always,",
        "                             shell-escape, shell-escape-always, c, escape",
        "                             (this overrides the QUOTING_STYLE variable)",
        "",
    ]),
    opt(b'r', "reverse", NO, &[On(Flag::Reverse)]).help(&[
        "  -r, --reverse              reverse the sort order",
    ]),
    opt(b'R', "recursive", NO, &[On(Flag::Recursive)]).help(&[
        "  -R, --recursive            list subdirectories too, recursively",
    ]),
    opt(b's', "size", NO, &[On(Flag::Size)]).help(&[
        "  -s, --size                 show each file's allocated size, in blocks",
    ]),
    opt(b'S', "", NO, &[Sort(SortKey::Size)]).help(&[
        "  -S                         sort by file size, largest first",
    ]),
    opt(0, "sort", ARG, &[Word("--sort", SORTS)]).help(&[
        "      --sort=WORD            sort by WORD, not by name: none (-U), size (-S),",
        "                             time (-t), version (-v), extension (-X), width",
        "",
    ]),
    opt(0, "time", ARG, &[Word("--time", TIMES)]).help(&[
        "      --time=WORD            use another time than the modification time:",
        "                               access time (-u): atime, access, use;",
        "                               change time (-c): ctime, status;",
        "                               birth time: birth, creation;",
        "                             with -l, WORD chooses the time shown;",
        "                             with --sort=time, sort by WORD (newest first)",
        "",
    ]),
    opt(0, "time-style", ARG, &[Arg(Arg::TimeStyle)]).help(&[
        "      --time-style=TIME_STYLE",
        "                             date format with -l; see TIME_STYLE below",
    ]),
    opt(b't', "", NO, &[Sort(SortKey::Time)]).help(&[
        "  -t                         sort by time, newest first; see --time",
    ]),
    opt(b'T', "tabsize", ARG, &[Arg(Arg::TabSize)]).help(&[
        "  -T, --tabsize=COLS         assume tab stops every COLS columns, not 8",
    ]),
    opt(b'u', "", NO, &[Time(TimeField::Access)]).help(&[
        "  -u                         with -lt: sort by, and show, access time;",
        "                             with -l: show access time and sort by name;",
        "                             otherwise: sort by access time, newest first",
        "",
    ]),
    opt(b'U', "", NO, &[Sort(SortKey::None)]).help(&[
        "  -U                         do not sort; list entries in directory order",
    ]),
    opt(b'v', "", NO, &[Sort(SortKey::Version)]).help(&[
        "  -v                         natural sort of (version) numbers in names",
    ]),
    opt(b'w', "width", ARG, &[Arg(Arg::Width)]).help(&[
        "  -w, --width=COLS           make lines fit in COLS columns; 0: no limit",
    ]),
    opt(b'x', "", NO, &[Format(Format::Across)]).help(&[
        "  -x                         list entries in rows instead of columns",
    ]),
    opt(b'X', "", NO, &[Sort(SortKey::Extension)]).help(&[
        "  -X                         sort by extension, alphabetically",
    ]),
    opt(b'Z', "context", NO, &[On(Flag::Context)]).help(&[
        "  -Z, --context              show each file's security context",
    ]),
    opt(0, "zero", NO, &[
        On(Flag::Zero), FormatUnlessLong(Format::OnePerLine), Off(Flag::Color),
        Quoting(Style::Literal), Off(Flag::HideControl),
    ]).help(&[
        "      --zero                 end each output line with NUL, not newline",
    ]),
    opt(b'1', "", NO, &[FormatUnlessLong(Format::OnePerLine)]).help(&[
        "  -1                         list one file per line",
    ]),
    opt(0, "help", NO, &[Help]).help(&[
        "      --help        display this help and exit",
    ]),
    opt(0, "version", NO, &[Version]).help(&[
        "      --version     output version information and exit",
    ]),
];

/// The long names in GNU ls's own table order: glibc lists the candidates of an
/// ambiguous abbreviation in it (`ls --c`: classify, color, context).
pub static GETOPT_ORDER: [&str; 44] = [
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
];

/// The words of the keyword options, in GNU's order (its `Valid arguments are:`
/// lists); synonyms stand together.
pub const FORMATS: &[(&str, Set)] = &[
    ("verbose", Format(Format::Long)),
    ("long", Format(Format::Long)),
    ("commas", Format(Format::Commas)),
    ("horizontal", Format(Format::Across)),
    ("across", Format(Format::Across)),
    ("vertical", Format(Format::Columns)),
    ("single-column", Format(Format::OnePerLine)),
];
pub const SORTS: &[(&str, Set)] = &[
    ("none", Sort(SortKey::None)),
    ("time", Sort(SortKey::Time)),
    ("size", Sort(SortKey::Size)),
    ("extension", Sort(SortKey::Extension)),
    ("version", Sort(SortKey::Version)),
    ("width", Sort(SortKey::Width)),
];
pub const TIMES: &[(&str, Set)] = &[
    ("atime", Time(TimeField::Access)),
    ("access", Time(TimeField::Access)),
    ("use", Time(TimeField::Access)),
    ("ctime", Time(TimeField::Change)),
    ("status", Time(TimeField::Change)),
    ("birth", Time(TimeField::Birth)),
    ("creation", Time(TimeField::Birth)),
];
pub const INDICATORS: &[(&str, Set)] = &[
    ("none", Indicator(IndicatorStyle::None)),
    ("slash", Indicator(IndicatorStyle::Slash)),
    ("file-type", Indicator(IndicatorStyle::FileType)),
    ("classify", Indicator(IndicatorStyle::Classify)),
];
/// fmt::quote's style names.
pub static QUOTING: [(&str, Set); 10] = quoting_words();

const fn quoting_words() -> [(&'static str, Set); 10] {
    let mut words = [("", Keep); 10];
    let mut i = 0;
    while i < words.len() {
        let (name, style) = quote::CHOICES[i];
        words[i] = (name, Quoting(style));
        i += 1;
    }
    words
}

/// WHEN for --color, --hyperlink and --classify.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum When {
    Always,
    Never,
    /// When stdout is a terminal.
    Auto,
}

pub const WHEN_WORDS: &[(&str, When)] = &[
    ("always", When::Always),
    ("yes", When::Always),
    ("force", When::Always),
    ("never", When::Never),
    ("no", When::Never),
    ("none", When::Never),
    ("auto", When::Auto),
    ("tty", When::Auto),
    ("if-tty", When::Auto),
];

const INTRO: &str = "List the FILEs (the current directory when none is given), sorted by name
unless one of -cftuvSUX or --sort chooses another order.

Mandatory arguments to long options are mandatory for short options too.
";

const OUTRO: &str = "
SIZE is an integer with an optional unit (10K is 10*1024). The units are
K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000); the binary
prefixes KiB=K, MiB=M, and so on work too.

TIME_STYLE is full-iso, long-iso, iso, locale, or +FORMAT, with FORMAT read
as date(1) reads it. FORMAT1<newline>FORMAT2 applies FORMAT1 to older files
and FORMAT2 to recent ones. With a 'posix-' prefix, TIME_STYLE applies only
outside the POSIX locale. The TIME_STYLE environment variable sets the
default style.

WHEN is 'always' (the default), 'auto' or 'never'.

Colors that tell file types apart are off by default and with --color=never.
With --color=auto, ls colors its output only when it goes to a terminal. The
LS_COLORS environment variable (see dircolors(1)) chooses the colors.

Exit status:
 0  if OK,
 1  if minor problems (e.g., cannot access subdirectory),
 2  if serious trouble (e.g., cannot access command-line argument).
";

/// Prints `--help` (its usage line names `prog`).
pub fn help(prog: &[u8]) {
    use crate::sys::out;
    out::bytes(b"Usage: ");
    out::bytes(prog);
    out::bytes(b" [OPTION]... [FILE]...\n");
    out::bytes(INTRO.as_bytes());
    crate::cli::help(&OPTIONS);
    out::bytes(OUTRO.as_bytes());
}

/// Prints `--version`.
pub fn version() {
    use crate::sys::out;
    out::bytes(b"ls (bareutils) ");
    out::bytes(env!("CARGO_PKG_VERSION").as_bytes());
    out::bytes(b"\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every long option is in GNU's order list once, and the list names no other.
    #[test]
    fn getopt_order_is_the_table_s_long_names() {
        let mut longs: Vec<&str> = OPTIONS
            .iter()
            .map(|o| o.long)
            .filter(|l| !l.is_empty())
            .collect();
        let mut order = GETOPT_ORDER.to_vec();
        longs.sort_unstable();
        order.sort_unstable();
        assert_eq!(longs, order);
    }

    /// Each option's name appears at the start of its own help lines (or, for -F,
    /// of --classify's), and no letter or long name is used twice.
    #[test]
    fn help_lines_name_their_options() {
        for o in OPTIONS.iter() {
            let text = o.help.join("\n");
            let short = format!("-{}", o.short as char);
            let long = format!("--{}", o.long);
            if o.help.is_empty() {
                assert_eq!(short, "-F", "{long} has no help");
                continue;
            }
            if o.short != 0 {
                assert!(text.trim_start().starts_with(&short), "{text}");
            }
            if !o.long.is_empty() {
                assert!(text.contains(&long), "{text}");
            }
        }
        for (i, a) in OPTIONS.iter().enumerate() {
            for b in &OPTIONS[i + 1..] {
                assert!(a.short == 0 || a.short != b.short, "-{}", a.short as char);
                assert!(a.long.is_empty() || a.long != b.long, "--{}", a.long);
            }
        }
    }
}
