//! From the decoded command line to the `Plan`: the defaults the environment gives
//! (COLUMNS, TABSIZE, QUOTING_STYLE, TIME_STYLE, the block sizes, LS_COLORS), the
//! rules between options, in GNU's order (so its warnings come in its order), and
//! what follows from them: the stat calls, the quoting, the listing path.

use super::decode::{line_width, parse_c_uint, Choices, Decoded, Num};
use super::{time_style, Stop};
use crate::fmt::quote::{style_from_name, Quoting, Style, QUOTE};
use crate::locale::COREUTILS;
use crate::ls::plan::{
    Deref, Filter, Format, IndicatorStyle, Listing, Long, Needs, Order, Plan, Probe, Show, SortKey,
    TimeField,
};
use crate::ls::values::colors::{self, Database, Setup, Slot, Storage};
use crate::ls::values::glob;
use crate::ls::values::size::{block_size_from_env, default_block_size, BlockSize};
use crate::msg;
use crate::sys::arena::Arena;
use crate::sys::env;
use crate::sys::stat::StatxFlags;

/// The plan for `d`; `term_width` is the terminal's width when stdout is one.
// Not inlined into its one caller: at opt-level "z" the inlined result was
// scattered into the caller's frame and gathered again.
#[inline(never)]
pub fn resolve(
    prog: &'static [u8],
    d: Decoded,
    term_width: Option<u16>,
    root: &Arena<'static>,
) -> Result<Plan, Stop> {
    let mut c = d.choices;
    // GNU 9.1 reads COLUMNS (and warns of a bad one) first.
    let width = line_width_of(prog, &c, term_width);
    // GNU 9.1 turns --dired off for --hyperlink before it checks it with --zero.
    if c.format == Format::Long && c.dired && !c.hyperlink && c.zero {
        msg::error(prog, b"--dired and --zero are incompatible", &[]);
        return Err(Stop::Exit(2));
    }
    if c.time != TimeField::Modify && !c.sort_given && c.format != Format::Long {
        c.sort = SortKey::Time;
    }
    let deref = match c.deref {
        Some(d) => d,
        None if c.directory
            || c.indicator == IndicatorStyle::Classify
            || c.format == Format::Long =>
        {
            Deref::Never
        }
        None => Deref::ArgDirs,
    };
    c.recursive &= !c.directory;
    let mut tabsize = tab_size(prog, &c);
    let quoting = quoting_style(prog, &c);
    let times = if c.format == Format::Long {
        let style = c.time_style.or_else(|| env::get(b"TIME_STYLE"));
        let style = style.unwrap_or(b"locale");
        match time_style::formats(
            style,
            &crate::locale::time_is_posix,
            crate::locale::time_formats,
        ) {
            Ok(f) => f,
            Err(bad) => {
                time_style::report(prog, bad);
                return Err(Stop::Exit(2));
            }
        }
    } else {
        time_style::LOCALE
    };
    let block = c.block.unwrap_or_else(|| block_from_env(c.kibibytes));
    // Sizes follow --block-size, -h, --si, LS_BLOCK_SIZE and BLOCK_SIZE, not -k
    // or BLOCKSIZE.
    let file_block = match c.block {
        Some(b) => b,
        None if env::get(b"LS_BLOCK_SIZE").is_some() || env::get(b"BLOCK_SIZE").is_some() => {
            block_from_env(false)
        }
        None => BlockSize::plain(1),
    };
    let colors = if c.color {
        color_database(prog, root)?
    } else {
        None
    };
    if colors.is_some() {
        // GNU stops using tabs only when colors are actually on.
        tabsize = 0;
    }
    let long = Long {
        owner: c.owner,
        group: c.group,
        author: c.author,
        numeric: c.numeric,
        file_block,
        times,
    };
    let show = show(&c, quoting, width, tabsize, block, long, colors);
    let needs = needs(&c, &show, deref);
    Ok(Plan {
        prog,
        operands: d.operands,
        filter: Filter {
            hidden: c.hidden,
            patterns: d.patterns,
            glob: glob::Options {
                utf8: crate::locale::ctype_utf8(),
                posix: env::get(b"POSIXLY_CORRECT").is_some(),
                classes: crate::locale::byte_classes(),
                collseq: crate::locale::collseq(),
            },
        },
        needs,
        order: Order {
            key: c.sort,
            reverse: c.reverse,
            // -U leaves the order alone, but GNU still stats as grouping would
            // (`needs`).
            dirs_first: c.dirs_first && c.sort != SortKey::None,
        },
        listing: listing(&c, &needs),
        show,
        recursive: c.recursive,
        directory: c.directory,
        deref,
        tty: c.tty,
    })
}

/// `PROG: MSGID`, its `%s` the value in quotes.
fn warn_env(prog: &[u8], msgid: &[u8], value: &[u8]) {
    msg::error(prog, msgid, &[msg::Arg::Quoted(value, QUOTE)]);
}

/// -w, else (for the formats that fill a width, and colors) the terminal's width,
/// then COLUMNS, then 80. GNU 9.1: a terminal that reports a width wins and COLUMNS
/// is not even parsed (no warning for a bad value).
#[inline(never)]
fn line_width_of(prog: &[u8], c: &Choices, term_width: Option<u16>) -> usize {
    let uses_width =
        matches!(c.format, Format::Columns | Format::Across | Format::Commas) || c.color;
    match c.width {
        Some(w) => w,
        None if uses_width => match term_width {
            Some(cols) if cols > 0 => cols as usize,
            _ => match env::get(b"COLUMNS").filter(|v| !v.is_empty()) {
                Some(cols) => line_width(cols).unwrap_or_else(|| {
                    warn_env(
                        prog,
                        b"ignoring invalid width in environment variable COLUMNS: %s",
                        cols,
                    );
                    80
                }),
                None => 80,
            },
        },
        None => 80,
    }
}

/// -T, else (for -C, -x, -m) TABSIZE, else 8.
#[inline(never)]
fn tab_size(prog: &[u8], c: &Choices) -> usize {
    if let Some(t) = c.tabsize {
        return t;
    }
    if !matches!(c.format, Format::Columns | Format::Across | Format::Commas) {
        return 8;
    }
    match env::get(b"TABSIZE") {
        Some(v) => match parse_c_uint(v) {
            Num::Ok(t) if t <= usize::MAX as u64 => t as usize,
            _ => {
                warn_env(
                    prog,
                    b"ignoring invalid tab size in environment variable TABSIZE: %s",
                    v,
                );
                8
            }
        },
        None => 8,
    }
}

/// The quoting options, else QUOTING_STYLE, else shell-escape on a terminal and
/// literal elsewhere.
#[inline(never)]
fn quoting_style(prog: &[u8], c: &Choices) -> Style {
    let default = if c.tty {
        Style::ShellEscape
    } else {
        Style::Literal
    };
    if let Some(q) = c.quoting {
        return q;
    }
    let Some(v) = env::get(b"QUOTING_STYLE") else {
        return default;
    };
    style_from_name(v).unwrap_or_else(|| {
        warn_env(
            prog,
            b"ignoring invalid value of environment variable QUOTING_STYLE: %s",
            v,
        );
        default
    })
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

/// GNU's start-up decision once `--color` said yes (it parses LS_COLORS only then,
/// after the option warnings): the database, or None (no color: the terminal is
/// unknown, or LS_COLORS is invalid and the messages were printed). The database
/// and its storage live in the root arena for the whole run.
fn color_database(
    prog: &[u8],
    root: &Arena<'static>,
) -> Result<Option<&'static Database<'static>>, Stop> {
    let ls_colors = env::get(b"LS_COLORS");
    let size = colors::storage_size(ls_colors.unwrap_or(b""));
    let bytes = root
        .alloc_slice(size.bytes, 0u8)
        .map_err(|_| Stop::Exhausted)?;
    let slots = root
        .alloc_slice(size.slots, Slot::EMPTY)
        .map_err(|_| Stop::Exhausted)?;
    let storage = Storage { bytes, slots };
    match colors::setup(
        ls_colors,
        env::get(b"TERM"),
        env::get(b"COLORTERM"),
        storage,
    ) {
        Setup::Colors(db) => Ok(Some(&root.copy(&[db]).map_err(|_| Stop::Exhausted)?[0])),
        Setup::Off => Ok(None),
        Setup::Invalid(colors::ParseError::NoRoom) => Err(Stop::Exhausted),
        Setup::Invalid(colors::ParseError::Invalid { prefix }) => {
            colors_rejected(prog, prefix);
            Ok(None)
        }
    }
}

/// GNU's messages for a rejected LS_COLORS, in one write: `unrecognized prefix:
/// 'xx'` when there is a prefix, then `unparsable value for LS_COLORS environment
/// variable`.
fn colors_rejected(prog: &[u8], prefix: Option<[u8; 2]>) {
    let mut l = msg::start(prog);
    if let Some(label) = prefix {
        let label = [msg::Arg::Quoted(&label, QUOTE)];
        msg::say(&mut l, COREUTILS, b"unrecognized prefix: %s", &label);
        l.push(b"\n").push(prog).push(b": ");
    }
    msg::say(&mut l, COREUTILS, colors::UNPARSABLE, &[]);
    l.push(b"\n").send();
}

/// What each line shows.
#[inline(never)]
fn show(
    c: &Choices,
    style: Style,
    width: usize,
    tabsize: usize,
    block: BlockSize,
    long: Long,
    colors: Option<&'static Database<'static>>,
) -> Show {
    // GNU 9.1's sets (swapped relative to what the indicators print), plus a
    // space in the escape style.
    let escape = style == Style::Escape;
    let extra: &'static [u8] = match (c.indicator, escape) {
        (IndicatorStyle::Classify, false) => b"=>@|",
        (IndicatorStyle::Classify, true) => b" =>@|",
        (IndicatorStyle::FileType, false) => b"*=>@|",
        (IndicatorStyle::FileType, true) => b" *=>@|",
        (_, true) => b" ",
        _ => b"",
    };
    let columns = matches!(c.format, Format::Columns | Format::Across);
    let align_quotes = matches!(style, Style::Shell | Style::ShellEscape | Style::CMaybe)
        && ((columns && width != 0) || c.format == Format::Long);
    Show {
        format: c.format,
        quoting: Quoting {
            style,
            hide_control: c.hide_control,
            utf8: crate::locale::ctype_utf8(),
            high: crate::locale::byte_classes(),
            extra,
            quotes: msg::quotes_for(style),
        },
        indicator: c.indicator,
        inode: c.inode,
        size: c.size,
        context: c.context,
        block,
        width,
        tabsize,
        eol: if c.zero { 0 } else { b'\n' },
        align_quotes,
        raw_names: style == Style::Literal && !c.hide_control,
        needs_width: columns
            || c.format == Format::Commas
            || c.sort == SortKey::Width
            || align_quotes,
        long,
        dired: c.dired && c.format == Format::Long && !c.hyperlink,
        colors,
        hyperlink: c.hyperlink,
    }
}

fn time_mask(t: TimeField) -> StatxFlags {
    match t {
        TimeField::Modify => StatxFlags::MTIME,
        TimeField::Access => StatxFlags::ATIME,
        TimeField::Change => StatxFlags::CTIME,
        TimeField::Birth => StatxFlags::BTIME,
    }
}

/// The statx fields the long format shows.
#[inline(never)]
fn long_mask(l: &Long) -> StatxFlags {
    let mut m = StatxFlags::TYPE
        | StatxFlags::MODE
        | StatxFlags::NLINK
        | StatxFlags::SIZE
        | StatxFlags::BLOCKS;
    if l.owner || l.author {
        m |= StatxFlags::UID;
    }
    if l.group {
        m |= StatxFlags::GID;
    }
    m
}

/// The stat calls the output needs.
#[inline(never)]
fn needs(c: &Choices, show: &Show, deref: Deref) -> Needs {
    let mut mask = StatxFlags::TYPE | StatxFlags::MODE;
    let long = c.format == Format::Long;
    // GNU stats every entry for --hyperlink.
    let mut every = c.inode || c.size || long || c.context || c.hyperlink;
    if c.inode {
        mask |= StatxFlags::INO;
    }
    if c.size {
        mask |= StatxFlags::BLOCKS;
    }
    match c.sort {
        SortKey::Size => {
            every = true;
            mask |= StatxFlags::SIZE;
        }
        SortKey::Time => {
            every = true;
            mask |= time_mask(c.time);
        }
        _ => {}
    }
    if long {
        mask |= long_mask(&show.long) | time_mask(c.time);
    }
    let colors = show.colors.map(|db| db.needs(long));
    // GNU's check_symlink_mode: each symlink is read and what its target
    // names is stat'd.
    let check = c.dirs_first || colors.is_some_and(|n| n.follow_symlinks);
    let colors = colors.map(|mut n| {
        // GNU then lstats every symlink, and colors by what it found.
        n.stat_symlinks |= check;
        n.follow_symlinks = check;
        n
    });
    if colors.is_some() {
        // `mh` counts hard links wherever a stat is made.
        mask |= StatxFlags::NLINK;
    }
    let every = every.then_some(mask);
    let mut operands = every.unwrap_or(StatxFlags::empty()) | StatxFlags::TYPE | StatxFlags::MODE;
    if c.inode {
        operands |= StatxFlags::INO;
    }
    if colors.is_some() {
        operands |= StatxFlags::NLINK;
    }
    let follow = deref == Deref::All;
    Needs {
        every,
        operands,
        time: c.time,
        regular_mode: c.indicator == IndicatorStyle::Classify,
        types: c.recursive
            || c.indicator != IndicatorStyle::None
            || c.dirs_first
            || colors.is_some(),
        // (Under -L a stat never shows a symlink: GNU reads none.)
        readlink: (long || check) && !follow,
        target_mode: (long && c.indicator >= IndicatorStyle::FileType) || check,
        follow,
        probe: (long || c.context).then_some(Probe {
            marker: long,
            context: c.context,
            follow,
        }),
        colors,
    }
}

/// The path each directory's listing takes: streamed as read (-1 -U without -s or
/// -R), compact (names only, in name order, one per line: nothing to stat, type or
/// color), or in full.
#[inline(never)]
fn listing(c: &Choices, needs: &Needs) -> Listing {
    let plain_lines = c.format == Format::OnePerLine && !c.size && !c.recursive;
    if plain_lines && c.sort == SortKey::None {
        Listing::Stream
    } else if plain_lines
        && c.sort == SortKey::Name
        && !c.dirs_first
        && needs.every.is_none()
        && needs.colors.is_none()
        && needs.probe.is_none()
        && !needs.types
        && !needs.regular_mode
        && !needs.readlink
    {
        Listing::Compact
    } else {
        Listing::Full
    }
}
