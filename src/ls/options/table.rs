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
    Blocks(&'static BlockSize),
    /// The time style full-iso.
    FullIso,
    On(Flag),
    Off(Flag),
    /// By WHEN (`always`, `never`, `auto`: stdout is a terminal; no argument:
    /// always), one setting or the other.
    When(&'static Toggle),
    /// Nothing changes.
    Keep,
    /// The argument is one of these words.
    Word(&'static Words),
    /// The argument is read as a number, a size, a pattern or a time style.
    Arg(Arg),
    Help,
    Version,
}

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
    pub words: &'static [(&'static str, Set)],
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
    opt(b'a', "all", NO, &[Hidden(Hidden::All)])
        .help("  -a, --all                  include entries whose names start with .\n"),
    opt(b'A', "almost-all", NO, &[Hidden(Hidden::AlmostAll)])
        .help("  -A, --almost-all           like -a, but leave out . and ..\n"),
    opt(0, "author", NO, &[On(Flag::Author)])
        .help("      --author               with -l, show each file's author\n"),
    opt(b'b', "escape", NO, &[Quoting(Style::Escape)])
        .help("  -b, --escape               show nongraphic characters as C-style escapes\n"),
    opt(0, "block-size", ARG, &[Arg(Arg::BlockSize)]).help(concat!(
        "      --block-size=SIZE      with -l, scale sizes by SIZE when showing them;\n",
        "                             e.g., '--block-size=M'; see SIZE below\n",
        "\n",
    )),
    opt(b'B', "ignore-backups", NO, &[On(Flag::IgnoreBackups)])
        .help("  -B, --ignore-backups       leave out entries whose names end with ~\n"),
    opt(b'c', "", NO, &[Time(TimeField::Change)]).help(concat!(
        "  -c                         with -lt: sort by, and show, ctime (when the\n",
        "                             file's status last changed);\n",
        "                             with -l: show ctime and sort by name;\n",
        "                             otherwise: sort by ctime, newest first\n",
        "\n",
    )),
    opt(b'C', "", NO, &[Format(Format::Columns)])
        .help("  -C                         list entries in columns, top to bottom\n"),
    opt(0, "color", WHEN, &[When(&COLOR)])
        .help("      --color[=WHEN]         color the output WHEN; see below\n"),
    opt(b'd', "directory", NO, &[On(Flag::Directory)])
        .help("  -d, --directory            list directories themselves, not what they hold\n"),
    opt(b'D', "dired", NO, &[On(Flag::Dired)])
        .help("  -D, --dired                produce output for Emacs' dired mode\n"),
    opt(b'f', "", NO, &[
        Hidden(Hidden::All), Sort(SortKey::None), NotLong,
        Off(Flag::Size), Off(Flag::Color), Off(Flag::Hyperlink),
    ])
        .help("  -f                         list every entry in directory order\n"),
    opt(0, "classify", WHEN, &[When(&CLASSIFY)])
        .help("  -F, --classify[=WHEN]      append an indicator (one of */=>@|) WHEN\n"),
    opt(b'F', "", NO, &[Indicator(IndicatorStyle::Classify)]),
    opt(0, "file-type", NO, &[Indicator(IndicatorStyle::FileType)])
        .help("      --file-type            the same, but never append '*'\n"),
    opt(0, "format", ARG, &[Word(&FORMATS)]).help(concat!(
        "      --format=WORD          across -x, commas -m, horizontal -x, long -l,\n",
        "                             single-column -1, verbose -l, vertical -C\n",
        "\n",
    )),
    opt(0, "full-time", NO, &[Format(Format::Long), FullIso])
        .help("      --full-time            like -l --time-style=full-iso\n"),
    opt(b'g', "", NO, &[Format(Format::Long), Off(Flag::Owner)])
        .help("  -g                         like -l, without the owner\n"),
    opt(0, "group-directories-first", NO, &[On(Flag::DirsFirst)]).help(concat!(
        "      --group-directories-first\n",
        "                             list directories before other files;\n",
        "                             any --sort order applies within each group,\n",
        "                             but --sort=none (-U) turns grouping off\n",
        "\n",
    )),
    opt(b'G', "no-group", NO, &[Off(Flag::Group)])
        .help("  -G, --no-group             leave group names out of a long listing\n"),
    opt(b'h', "human-readable", NO, &[Blocks(&BlockSize::HUMAN)])
        .help("  -h, --human-readable       with -l and -s, show sizes such as 1K 234M 2G\n"),
    opt(0, "si", NO, &[Blocks(&BlockSize::SI)])
        .help("      --si                   the same, but in powers of 1000, not 1024\n"),
    opt(b'H', "dereference-command-line", NO, &[Deref(Deref::Args)]).help(concat!(
        "  -H, --dereference-command-line\n",
        "                             follow symbolic links named as operands\n",
    )),
    opt(0, "dereference-command-line-symlink-to-dir", NO, &[Deref(Deref::ArgDirs)]).help(concat!(
        "      --dereference-command-line-symlink-to-dir\n",
        "                             follow each operand that is a symbolic link\n",
        "                             to a directory\n",
        "\n",
    )),
    opt(0, "hide", ARG, &[Arg(Arg::Hide)]).help(concat!(
        "      --hide=PATTERN         leave out entries matching the shell PATTERN\n",
        "                             (-a or -A cancel this)\n",
        "\n",
    )),
    opt(0, "hyperlink", WHEN, &[When(&HYPERLINK)])
        .help("      --hyperlink[=WHEN]     make file names hyperlinks WHEN\n"),
    opt(0, "indicator-style", ARG, &[Word(&INDICATORS)]).help(concat!(
        "      --indicator-style=WORD\n",
        "                             append an indicator of style WORD to names:\n",
        "                             none (default), slash (-p),\n",
        "                             file-type (--file-type), classify (-F)\n",
        "\n",
    )),
    opt(b'i', "inode", NO, &[On(Flag::Inode)])
        .help("  -i, --inode                show each file's inode number\n"),
    opt(b'I', "ignore", ARG, &[Arg(Arg::Ignore)])
        .help("  -I, --ignore=PATTERN       leave out entries matching the shell PATTERN\n"),
    opt(b'k', "kibibytes", NO, &[On(Flag::Kibibytes)]).help(concat!(
        "  -k, --kibibytes            count file system usage in 1024-byte blocks;\n",
        "                             used only with -s and per-directory totals\n",
        "\n",
    )),
    opt(b'l', "", NO, &[Format(Format::Long)])
        .help("  -l                         use the long listing format\n"),
    opt(b'L', "dereference", NO, &[Deref(Deref::All)]).help(concat!(
        "  -L, --dereference          for a symbolic link, show the file it refers to\n",
        "                             instead of the link itself\n",
        "\n",
    )),
    opt(b'm', "", NO, &[Format(Format::Commas)])
        .help("  -m                         fill the width with a comma-separated list\n"),
    opt(b'n', "numeric-uid-gid", NO, &[Format(Format::Long), On(Flag::Numeric)])
        .help("  -n, --numeric-uid-gid      like -l, but with numeric user and group IDs\n"),
    opt(b'N', "literal", NO, &[Quoting(Style::Literal)])
        .help("  -N, --literal              show names as they are, without quoting\n"),
    opt(b'o', "", NO, &[Format(Format::Long), Off(Flag::Group)])
        .help("  -o                         like -l, without the group\n"),
    opt(b'p', "", NO, &[Indicator(IndicatorStyle::Slash)]).help(concat!(
        "  -p, --indicator-style=slash\n",
        "                             append / to directories\n",
    )),
    opt(b'q', "hide-control-chars", NO, &[On(Flag::HideControl)])
        .help("  -q, --hide-control-chars   show ? in place of nongraphic characters\n"),
    opt(0, "show-control-chars", NO, &[Off(Flag::HideControl)]).help(concat!(
        "      --show-control-chars   show nongraphic characters as they are (the\n",
        "                             default unless the output is a terminal)\n",
        "\n",
    )),
    opt(b'Q', "quote-name", NO, &[Quoting(Style::C)])
        .help("  -Q, --quote-name           put names in double quotes\n"),
    opt(0, "quoting-style", ARG, &[Word(&QUOTING)]).help(concat!(
        "      --quoting-style=WORD   quote names in style WORD:\n",
        "                             literal, locale, shell, shell-always,\n",
        "                             shell-escape, shell-escape-always, c, escape\n",
        "                             (this overrides the QUOTING_STYLE variable)\n",
        "\n",
    )),
    opt(b'r', "reverse", NO, &[On(Flag::Reverse)])
        .help("  -r, --reverse              reverse the sort order\n"),
    opt(b'R', "recursive", NO, &[On(Flag::Recursive)])
        .help("  -R, --recursive            list subdirectories too, recursively\n"),
    opt(b's', "size", NO, &[On(Flag::Size)])
        .help("  -s, --size                 show each file's allocated size, in blocks\n"),
    opt(b'S', "", NO, &[Sort(SortKey::Size)])
        .help("  -S                         sort by file size, largest first\n"),
    opt(0, "sort", ARG, &[Word(&SORTS)]).help(concat!(
        "      --sort=WORD            sort by WORD, not by name: none (-U), size (-S),\n",
        "                             time (-t), version (-v), extension (-X), width\n",
        "\n",
    )),
    opt(0, "time", ARG, &[Word(&TIMES)]).help(concat!(
        "      --time=WORD            use another time than the modification time:\n",
        "                               access time (-u): atime, access, use;\n",
        "                               change time (-c): ctime, status;\n",
        "                               birth time: birth, creation;\n",
        "                             with -l, WORD chooses the time shown;\n",
        "                             with --sort=time, sort by WORD (newest first)\n",
        "\n",
    )),
    opt(0, "time-style", ARG, &[Arg(Arg::TimeStyle)]).help(concat!(
        "      --time-style=TIME_STYLE\n",
        "                             date format with -l; see TIME_STYLE below\n",
    )),
    opt(b't', "", NO, &[Sort(SortKey::Time)])
        .help("  -t                         sort by time, newest first; see --time\n"),
    opt(b'T', "tabsize", ARG, &[Arg(Arg::TabSize)])
        .help("  -T, --tabsize=COLS         assume tab stops every COLS columns, not 8\n"),
    opt(b'u', "", NO, &[Time(TimeField::Access)]).help(concat!(
        "  -u                         with -lt: sort by, and show, access time;\n",
        "                             with -l: show access time and sort by name;\n",
        "                             otherwise: sort by access time, newest first\n",
        "\n",
    )),
    opt(b'U', "", NO, &[Sort(SortKey::None)])
        .help("  -U                         do not sort; list entries in directory order\n"),
    opt(b'v', "", NO, &[Sort(SortKey::Version)])
        .help("  -v                         natural sort of (version) numbers in names\n"),
    opt(b'w', "width", ARG, &[Arg(Arg::Width)])
        .help("  -w, --width=COLS           make lines fit in COLS columns; 0: no limit\n"),
    opt(b'x', "", NO, &[Format(Format::Across)])
        .help("  -x                         list entries in rows instead of columns\n"),
    opt(b'X', "", NO, &[Sort(SortKey::Extension)])
        .help("  -X                         sort by extension, alphabetically\n"),
    opt(b'Z', "context", NO, &[On(Flag::Context)])
        .help("  -Z, --context              show each file's security context\n"),
    opt(0, "zero", NO, &[
        On(Flag::Zero), FormatUnlessLong(Format::OnePerLine), Off(Flag::Color),
        Quoting(Style::Literal), Off(Flag::HideControl),
    ])
        .help("      --zero                 end each output line with NUL, not newline\n"),
    opt(b'1', "", NO, &[FormatUnlessLong(Format::OnePerLine)])
        .help("  -1                         list one file per line\n"),
    opt(0, "help", NO, &[Help])
        .help("      --help        display this help and exit\n"),
    opt(0, "version", NO, &[Version])
        .help("      --version     output version information and exit\n"),
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
    &OPTIONS,
);

/// The rows of `opts` with these long names (a name no row has fails the build).
const fn rows_of<const N: usize>(names: [&str; N], opts: &[Opt<&[Set]>]) -> [u8; N] {
    let mut rows = [0; N];
    let mut i = 0;
    while i < N {
        let mut r = 0;
        while !same(opts[r].long.as_bytes(), names[i].as_bytes()) {
            r += 1;
        }
        rows[i] = r as u8;
        i += 1;
    }
    rows
}

const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The options that take WHEN.
pub static COLOR: Toggle = Toggle {
    name: "--color",
    yes: On(Flag::Color),
    no: Off(Flag::Color),
};
pub static HYPERLINK: Toggle = Toggle {
    name: "--hyperlink",
    yes: On(Flag::Hyperlink),
    no: Off(Flag::Hyperlink),
};
/// `--classify=never` (or auto off a terminal) keeps the indicator style.
pub static CLASSIFY: Toggle = Toggle {
    name: "--classify",
    yes: Indicator(IndicatorStyle::Classify),
    no: Keep,
};

/// The words of the keyword options.
pub static FORMATS: Words = Words {
    name: "--format",
    words: &[
        ("verbose", Format(Format::Long)),
        ("long", Format(Format::Long)),
        ("commas", Format(Format::Commas)),
        ("horizontal", Format(Format::Across)),
        ("across", Format(Format::Across)),
        ("vertical", Format(Format::Columns)),
        ("single-column", Format(Format::OnePerLine)),
    ],
};
pub static SORTS: Words = Words {
    name: "--sort",
    words: &[
        ("none", Sort(SortKey::None)),
        ("time", Sort(SortKey::Time)),
        ("size", Sort(SortKey::Size)),
        ("extension", Sort(SortKey::Extension)),
        ("version", Sort(SortKey::Version)),
        ("width", Sort(SortKey::Width)),
    ],
};
pub static TIMES: Words = Words {
    name: "--time",
    words: &[
        ("atime", Time(TimeField::Access)),
        ("access", Time(TimeField::Access)),
        ("use", Time(TimeField::Access)),
        ("ctime", Time(TimeField::Change)),
        ("status", Time(TimeField::Change)),
        ("birth", Time(TimeField::Birth)),
        ("creation", Time(TimeField::Birth)),
    ],
};
pub static INDICATORS: Words = Words {
    name: "--indicator-style",
    words: &[
        ("none", Indicator(IndicatorStyle::None)),
        ("slash", Indicator(IndicatorStyle::Slash)),
        ("file-type", Indicator(IndicatorStyle::FileType)),
        ("classify", Indicator(IndicatorStyle::Classify)),
    ],
};
/// fmt::quote's style names.
pub static QUOTING: Words = Words {
    name: "--quoting-style",
    words: &QUOTING_WORDS,
};
static QUOTING_WORDS: [(&str, Set); 10] = quoting_words();

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
        let mut order: Vec<&str> = GETOPT_ORDER
            .iter()
            .map(|&r| OPTIONS[r as usize].long)
            .collect();
        longs.sort_unstable();
        order.sort_unstable();
        assert_eq!(longs, order);
    }

    /// Each option's name appears at the start of its own help lines (or, for -F,
    /// of --classify's), and no letter or long name is used twice.
    #[test]
    fn help_lines_name_their_options() {
        for o in OPTIONS.iter() {
            let text = o.help;
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
