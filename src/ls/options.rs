//! ls's command line: the options (table.rs), the environment variables, and the
//! resulting `Config`.

use crate::cli::{argmatch, Args, Item, Parser};
pub use crate::fmt::kind::IndicatorStyle as Indicator;
use crate::fmt::quote::{style_from_name, Style, CHOICES as QUOTING, STYLES};
use crate::fmt::size::{
    block_size_from_env, default_block_size, parse_block_size_checked, BlockSize, BlockSizeError,
};
use crate::msg::{self, locale_quoted, try_help};
use crate::sys::{env, file, tty};

/// Which directory entries are listed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Hidden {
    /// Names starting with `.` are skipped, and the -I/--hide patterns apply.
    Skip,
    /// Everything but `.` and `..` (-A).
    AlmostAll,
    /// Everything (-a).
    All,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SortKey {
    Name,
    None,
    Size,
    Time,
    Extension,
    Version,
    Width,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum TimeField {
    Modify,
    Access,
    Change,
    Birth,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Long,
    OnePerLine,
    Columns,
    Across,
    Commas,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Deref {
    /// Never follow symlinks (-d, -l, -F defaults).
    Never,
    /// Follow command-line symlinks that resolve to directories (the default).
    ArgDirs,
    /// Follow command-line symlinks (-H).
    Args,
    /// Follow every symlink (-L).
    All,
}

/// Everything the command line and the environment decided.
pub struct Config {
    pub prog: &'static [u8],
    pub hidden: Hidden,
    pub ignore_backups: bool,
    pub directory: bool,
    pub sort: SortKey,
    pub reverse: bool,
    pub dirs_first: bool,
    pub time: TimeField,
    pub format: Format,
    /// Line width; 0 means no limit.
    pub width: usize,
    pub tabsize: usize,
    pub zero: bool,
    pub quoting: Style,
    pub hide_control: bool,
    pub indicator: Indicator,
    pub inode: bool,
    pub size: bool,
    /// The -s and `total` unit.
    pub block: BlockSize,
    /// The unit of the long format's size column.
    pub file_block: BlockSize,
    pub recursive: bool,
    pub deref: Deref,
    pub color: bool,
    /// The color database, once `--color` is on and the terminal or LS_COLORS
    /// says to color (set by ls::main after parsing).
    pub colors: Option<&'static crate::fmt::colors::Database<'static>>,
    pub hyperlink: bool,
    pub context: bool,
    pub dired: bool,
    /// Parts of the long format (given now, printed by a later part).
    pub long_owner: bool,
    pub long_group: bool,
    pub numeric_ids: bool,
    pub author: bool,
    pub full_time: bool,
    pub time_style: Option<&'static [u8]>,
    /// stdout is a terminal.
    pub tty: bool,
}

use super::table::*;

/// What parsing ended with, when it does not go on to list.
pub enum Parsed {
    Run(Config),
    /// Exit at once with this status (--help, --version, a usage error).
    Exit(i32),
}

/// The outcome of reading a numeric option argument.
enum Num {
    Ok(u64),
    Overflow,
    Invalid,
}

/// C integer syntax as strtoumax with base 0 reads it: optional blanks and `+`,
/// then decimal, `0x` hex or `0` octal, and nothing after.
fn parse_c_uint(s: &[u8]) -> Num {
    let mut i = 0;
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
        i += 1;
    }
    if i < s.len() && s[i] == b'+' {
        i += 1;
    }
    let mut base = 10u64;
    if s.len() > i + 1
        && s[i] == b'0'
        && (s[i + 1] | 0x20) == b'x'
        && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    {
        base = 16;
        i += 2;
    } else if i < s.len() && s[i] == b'0' {
        base = 8;
    }
    let start = i;
    let mut v: u64 = 0;
    let mut over = false;
    while i < s.len() {
        let d = match s[i] {
            c @ b'0'..=b'9' => (c - b'0') as u64,
            c @ b'a'..=b'f' => (c - b'a' + 10) as u64,
            c @ b'A'..=b'F' => (c - b'A' + 10) as u64,
            _ => break,
        };
        if d >= base {
            break;
        }
        match v.checked_mul(base).and_then(|x| x.checked_add(d)) {
            Some(x) => v = x,
            None => over = true,
        }
        i += 1;
    }
    if i == start || i != s.len() {
        return Num::Invalid;
    }
    if over {
        Num::Overflow
    } else {
        Num::Ok(v)
    }
}

/// A line width (-w, COLUMNS): values too large mean "no limit".
fn line_width(s: &[u8]) -> Option<usize> {
    match parse_c_uint(s) {
        Num::Ok(v) => Some(if v > isize::MAX as u64 { 0 } else { v as usize }),
        Num::Overflow => Some(0),
        Num::Invalid => None,
    }
}

fn die(prog: &[u8], what: &[u8], arg: &[u8], too_large: bool) -> Parsed {
    let mut l = msg::start(prog);
    l.push(what);
    locale_quoted(&mut l, arg);
    if too_large {
        l.push(b": Value too large for defined data type");
    }
    l.push(b"\n").send();
    Parsed::Exit(2)
}

fn warn_env(prog: &[u8], what: &[u8], value: &[u8]) {
    let mut l = msg::start(prog);
    l.push(b"ignoring invalid ").push(what);
    locale_quoted(&mut l, value);
    l.push(b"\n").send();
}

/// Parses argv from `first`, calling `operand` for each operand and `pattern` for
/// each -I/--hide pattern (true = --hide). The environment completes the result.
pub fn parse(
    prog: &'static [u8],
    first: usize,
    operand: &mut dyn FnMut(&'static [u8]),
    pattern: &mut dyn FnMut(&'static [u8], bool),
) -> Parsed {
    let width_env_tty = tty::columns(file::stdout());
    let tty = width_env_tty.is_some();
    let mut c = Config {
        prog,
        hidden: Hidden::Skip,
        ignore_backups: false,
        directory: false,
        sort: SortKey::Name,
        reverse: false,
        dirs_first: false,
        time: TimeField::Modify,
        format: if tty {
            Format::Columns
        } else {
            Format::OnePerLine
        },
        width: 80,
        tabsize: 8,
        zero: false,
        quoting: Style::Literal,
        hide_control: tty,
        indicator: Indicator::None,
        inode: false,
        size: false,
        block: default_block_size(false),
        file_block: BlockSize::plain(1),
        recursive: false,
        deref: Deref::ArgDirs,
        color: false,
        colors: None,
        hyperlink: false,
        context: false,
        dired: false,
        long_owner: true,
        long_group: true,
        numeric_ids: false,
        author: false,
        full_time: false,
        time_style: None,
        tty,
    };
    let mut quoting: Option<Style> = None;
    let mut sort_given = false;
    let mut deref: Option<Deref> = None;
    let mut width: Option<usize> = None;
    let mut tabsize: Option<usize> = None;
    let mut block: Option<BlockSize> = None;
    let mut kibibytes = false;
    let bad_arg = |_: ()| {
        try_help(prog);
        Parsed::Exit(1)
    };
    let when = |opt: &[u8], v: Option<&[u8]>| -> Option<bool> {
        match v {
            None => Some(true),
            Some(v) => match argmatch(prog, opt, v, WHEN)? {
                1 => Some(true),
                0 => Some(false),
                _ => Some(tty),
            },
        }
    };
    for item in Parser::new(prog, &OPTIONS, Args::Process { first }) {
        let (id, arg) = match item {
            Item::Operand(o) => {
                operand(o);
                continue;
            }
            Item::Error => {
                try_help(prog);
                return Parsed::Exit(2);
            }
            Item::Opt(id, arg) => (id, arg),
        };
        let v = arg.unwrap_or(b"");
        match id {
            ALL => c.hidden = Hidden::All,
            ALMOST_ALL => c.hidden = Hidden::AlmostAll,
            ESCAPE => quoting = Some(Style::Escape),
            DIRECTORY => c.directory = true,
            DIRED => c.dired = true,
            FULL_TIME => {
                c.format = Format::Long;
                c.full_time = true;
                c.time_style = Some(b"full-iso");
            }
            DIRS_FIRST => c.dirs_first = true,
            HUMAN => block = Some(BlockSize::HUMAN),
            SI => block = Some(BlockSize::SI),
            INODE => c.inode = true,
            KIBIBYTES => kibibytes = true,
            NUMERIC => {
                c.format = Format::Long;
                c.numeric_ids = true;
            }
            NO_GROUP => c.long_group = false,
            HIDE_CONTROL => c.hide_control = true,
            SHOW_CONTROL => c.hide_control = false,
            REVERSE => c.reverse = true,
            SIZE => c.size = true,
            WIDTH => match line_width(v) {
                Some(w) => width = Some(w),
                None => return die(prog, b"invalid line width: ", v, false),
            },
            IGNORE_BACKUPS => c.ignore_backups = true,
            // GNU: `never` (or `auto` off a terminal) leaves the style as it was.
            CLASSIFY => match when(b"--classify", arg) {
                Some(true) => c.indicator = Indicator::Classify,
                Some(false) => {}
                None => return bad_arg(()),
            },
            FILE_TYPE => c.indicator = Indicator::FileType,
            SLASH => c.indicator = Indicator::Slash,
            INDICATOR_STYLE => match argmatch(prog, b"--indicator-style", v, INDICATORS) {
                Some(0) => c.indicator = Indicator::None,
                Some(1) => c.indicator = Indicator::Slash,
                Some(2) => c.indicator = Indicator::FileType,
                Some(_) => c.indicator = Indicator::Classify,
                None => return bad_arg(()),
            },
            DEREF_ARGS => deref = Some(Deref::Args),
            DEREF_ARG_DIRS => deref = Some(Deref::ArgDirs),
            DEREF => deref = Some(Deref::All),
            HIDE => pattern(v, true),
            IGNORE => pattern(v, false),
            LITERAL => quoting = Some(Style::Literal),
            QUOTE_NAME => quoting = Some(Style::C),
            QUOTING_STYLE => match argmatch(prog, b"--quoting-style", v, QUOTING) {
                Some(i) => quoting = Some(STYLES[i as usize]),
                None => return bad_arg(()),
            },
            RECURSIVE => c.recursive = true,
            FORMAT => match argmatch(prog, b"--format", v, FORMATS) {
                Some(0) => c.format = Format::Long,
                Some(1) => c.format = Format::Commas,
                Some(2) => c.format = Format::Across,
                Some(3) => c.format = Format::Columns,
                Some(_) => c.format = Format::OnePerLine,
                None => return bad_arg(()),
            },
            SORT => {
                match argmatch(prog, b"--sort", v, SORTS) {
                    Some(1) => c.sort = SortKey::None,
                    Some(2) => c.sort = SortKey::Time,
                    Some(3) => c.sort = SortKey::Size,
                    Some(4) => c.sort = SortKey::Extension,
                    Some(5) => c.sort = SortKey::Version,
                    Some(_) => c.sort = SortKey::Width,
                    None => return bad_arg(()),
                }
                sort_given = true;
            }
            TABSIZE => match parse_c_uint(v) {
                Num::Ok(t) if t <= isize::MAX as u64 => tabsize = Some(t as usize),
                Num::Invalid => return die(prog, b"invalid tab size: ", v, false),
                _ => return die(prog, b"invalid tab size: ", v, true),
            },
            TIME => match argmatch(prog, b"--time", v, TIMES) {
                Some(1) => c.time = TimeField::Access,
                Some(2) => c.time = TimeField::Change,
                Some(_) => c.time = TimeField::Birth,
                None => return bad_arg(()),
            },
            TIME_STYLE => c.time_style = Some(v),
            ZERO => {
                c.zero = true;
                if c.format != Format::Long {
                    c.format = Format::OnePerLine;
                }
                c.color = false;
                quoting = Some(Style::Literal);
                c.hide_control = false;
            }
            COLOR => match when(b"--color", arg) {
                Some(on) => c.color = on,
                None => return bad_arg(()),
            },
            HYPERLINK => match when(b"--hyperlink", arg) {
                Some(on) => c.hyperlink = on,
                None => return bad_arg(()),
            },
            BLOCK_SIZE => match parse_block_size_checked(v) {
                Ok(b) => block = Some(b),
                Err(e) => {
                    let mut l = msg::start(prog);
                    match e {
                        BlockSizeError::Invalid => l.push(b"invalid --block-size argument "),
                        BlockSizeError::InvalidSuffix => {
                            l.push(b"invalid suffix in --block-size argument ")
                        }
                        BlockSizeError::TooLarge => l.push(b"--block-size argument "),
                    };
                    // gnulib's xstrtol_fatal: ASCII quotes around the raw text.
                    l.push(b"'").push(v).push(b"'");
                    if e == BlockSizeError::TooLarge {
                        l.push(b" too large");
                    }
                    l.push(b"\n").send();
                    return Parsed::Exit(2);
                }
            },
            CONTEXT => c.context = true,
            AUTHOR => c.author = true,
            HELP => {
                super::help::print(prog);
                return Parsed::Exit(super::finish(prog, 0));
            }
            VERSION => {
                super::help::version();
                return Parsed::Exit(super::finish(prog, 0));
            }
            CTIME => c.time = TimeField::Change,
            ATIME => c.time = TimeField::Access,
            ONE_PER_LINE_F => {
                c.hidden = Hidden::All;
                c.sort = SortKey::None;
                sort_given = true;
                if c.format == Format::Long {
                    c.format = if tty {
                        Format::Columns
                    } else {
                        Format::OnePerLine
                    };
                }
                c.size = false;
                c.color = false;
                c.hyperlink = false;
            }
            LONG_NO_OWNER => {
                c.format = Format::Long;
                c.long_owner = false;
            }
            LONG => c.format = Format::Long,
            COMMAS => c.format = Format::Commas,
            LONG_NO_GROUP => {
                c.format = Format::Long;
                c.long_group = false;
            }
            SORT_TIME => {
                c.sort = SortKey::Time;
                sort_given = true;
            }
            ACROSS => c.format = Format::Across,
            COLUMNS => c.format = Format::Columns,
            SORT_SIZE => {
                c.sort = SortKey::Size;
                sort_given = true;
            }
            SORT_NONE => {
                c.sort = SortKey::None;
                sort_given = true;
            }
            SORT_VERSION => {
                c.sort = SortKey::Version;
                sort_given = true;
            }
            SORT_EXT => {
                c.sort = SortKey::Extension;
                sort_given = true;
            }
            // -1 after a long-format option is ignored.
            ONE if c.format != Format::Long => c.format = Format::OnePerLine,
            _ => {}
        }
    }

    if c.long_owner && !c.long_group {
        // -o: only the group column goes.
    }
    if c.format == Format::Long && c.dired && c.zero {
        msg::start(prog)
            .push(b"--dired and --zero are incompatible\n")
            .send();
        return Parsed::Exit(2);
    }
    if c.time != TimeField::Modify && !sort_given && c.format != Format::Long {
        c.sort = SortKey::Time;
    }
    c.deref = match deref {
        Some(d) => d,
        None if c.directory || c.indicator == Indicator::Classify || c.format == Format::Long => {
            Deref::Never
        }
        None => Deref::ArgDirs,
    };
    if c.directory {
        c.recursive = false;
    }
    if c.sort == SortKey::None {
        c.dirs_first = false;
    }
    let uses_width =
        matches!(c.format, Format::Columns | Format::Across | Format::Commas) || c.color;
    c.width = match width {
        Some(w) => w,
        // GNU 9.1: a terminal that reports a width wins and COLUMNS is not even
        // parsed (no warning for a bad value); otherwise COLUMNS, then 80.
        None if uses_width => match width_env_tty {
            Some(cols) if cols > 0 => cols as usize,
            _ => match env::get(b"COLUMNS").filter(|v| !v.is_empty()) {
                Some(cols) => line_width(cols).unwrap_or_else(|| {
                    warn_env(prog, b"width in environment variable COLUMNS: ", cols);
                    80
                }),
                None => 80,
            },
        },
        None => 80,
    };
    if matches!(c.format, Format::Columns | Format::Across | Format::Commas) {
        c.tabsize = match tabsize {
            Some(t) => t,
            None => match env::get(b"TABSIZE") {
                Some(v) => match parse_c_uint(v) {
                    Num::Ok(t) if t <= isize::MAX as u64 => t as usize,
                    _ => {
                        warn_env(prog, b"tab size in environment variable TABSIZE: ", v);
                        8
                    }
                },
                None => 8,
            },
        };
    } else {
        c.tabsize = tabsize.unwrap_or(8);
    }
    c.quoting = match quoting {
        Some(q) => q,
        None => match env::get(b"QUOTING_STYLE") {
            Some(v) => match style_from_name(v) {
                Some(s) => s,
                None => {
                    warn_env(prog, b"value of environment variable QUOTING_STYLE: ", v);
                    default_quoting(tty)
                }
            },
            None => default_quoting(tty),
        },
    };
    if c.format == Format::Long {
        if let Some(status) = check_time_style(&c) {
            return Parsed::Exit(status);
        }
    }
    c.block = match block {
        Some(b) => b,
        None => block_from_env(kibibytes),
    };
    // Sizes follow --block-size, -h, --si, LS_BLOCK_SIZE and BLOCK_SIZE, not -k
    // or BLOCKSIZE.
    c.file_block = match block {
        Some(b) => b,
        None if env::get(b"LS_BLOCK_SIZE").is_some() || env::get(b"BLOCK_SIZE").is_some() => {
            block_from_env(false)
        }
        None => BlockSize::plain(1),
    };
    Parsed::Run(c)
}

/// Calls `pattern` for each -I/--ignore (false) and --hide (true) argument of an
/// argv that `parse` accepted.
pub fn patterns(prog: &'static [u8], first: usize, pattern: &mut dyn FnMut(&'static [u8], bool)) {
    for item in Parser::new(prog, &OPTIONS, Args::Process { first }) {
        match item {
            Item::Opt(HIDE, Some(v)) => pattern(v, true),
            Item::Opt(IGNORE, Some(v)) => pattern(v, false),
            _ => {}
        }
    }
}

fn default_quoting(tty: bool) -> Style {
    if tty {
        Style::ShellEscape
    } else {
        Style::Literal
    }
}

/// The block size for -s when no option chose one: -k means 1024; otherwise the
/// first of LS_BLOCK_SIZE, BLOCK_SIZE, BLOCKSIZE that is set, and when none is (or
/// its value is invalid) 512 under POSIXLY_CORRECT, else 1024.
fn block_from_env(kibibytes: bool) -> BlockSize {
    if kibibytes {
        return BlockSize::plain(1024);
    }
    let posix = env::get(b"POSIXLY_CORRECT").is_some();
    match [&b"LS_BLOCK_SIZE"[..], b"BLOCK_SIZE", b"BLOCKSIZE"]
        .iter()
        .find_map(|v| env::get(v))
    {
        Some(v) => block_size_from_env(v, posix),
        None => default_block_size(posix),
    }
}

/// Checks --time-style (or TIME_STYLE) as GNU does when the long format is on;
/// returns the exit status of a bad one. A `posix-` prefix means "only outside the
/// C/POSIX locale": there the style is not looked at.
fn check_time_style(c: &Config) -> Option<i32> {
    let style = c.time_style.or_else(|| env::get(b"TIME_STYLE"))?;
    let mut s = style;
    if let Some(rest) = s.strip_prefix(b"posix-") {
        if crate::locale::time_is_posix() {
            return None;
        }
        s = rest;
    }
    if let Some(fmt) = s.strip_prefix(b"+") {
        if fmt.iter().filter(|&&b| b == b'\n').count() <= 1 {
            return None;
        }
        let mut l = msg::start(c.prog);
        l.push(b"invalid time style format ");
        locale_quoted(&mut l, fmt);
        l.push(b"\n").send();
        return Some(2);
    }
    let names: [&[u8]; 4] = [b"full-iso", b"long-iso", b"iso", b"locale"];
    if names.contains(&s) {
        return None;
    }
    let matching = names.iter().filter(|n| n.starts_with(s)).count();
    if matching == 1 {
        return None;
    }
    let mut l = msg::start(c.prog);
    l.push(if matching > 1 {
        &b"ambiguous argument "[..]
    } else {
        b"invalid argument "
    });
    locale_quoted(&mut l, s);
    l.push(b" for ");
    locale_quoted(&mut l, b"time style");
    l.push(b"\nValid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n");
    l.push(b"  - [posix-]iso\n  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format\n");
    l.send();
    try_help(c.prog);
    Some(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_integers() {
        assert!(matches!(parse_c_uint(b"10"), Num::Ok(10)));
        assert!(matches!(parse_c_uint(b"0x10"), Num::Ok(16)));
        assert!(matches!(parse_c_uint(b"010"), Num::Ok(8)));
        assert!(matches!(parse_c_uint(b" +5"), Num::Ok(5)));
        assert!(matches!(parse_c_uint(b"08"), Num::Invalid));
        assert!(matches!(parse_c_uint(b""), Num::Invalid));
        assert!(matches!(parse_c_uint(b"-1"), Num::Invalid));
        assert!(matches!(parse_c_uint(b"5k"), Num::Invalid));
        assert!(matches!(
            parse_c_uint(b"99999999999999999999999"),
            Num::Overflow
        ));
        assert_eq!(line_width(b"99999999999999999999999"), Some(0));
    }
}
