//! Decoding argv: the settings of each option (table.rs) applied in command-line
//! order, so the last of a group wins; option arguments read and checked; operands
//! and patterns collected in one pass. The environment and the rules between
//! options come after (resolve.rs).

use super::table::{Arg, Flag, Set, When, GETOPT_ORDER, OPTIONS, WHEN_WORDS};
use super::Stop;
use crate::cli::{argmatch, Args, Item, Parser};
use crate::fmt::quote::Style;
use crate::locale::COREUTILS;
use crate::ls::plan::{Deref, Format, Hidden, IndicatorStyle, Pattern, SortKey, TimeField};
use crate::ls::values::size::{
    parse_block_size_checked, parse_c_number, BlockSize, BlockSizeError,
};
use crate::msg::{self, locale_quoted, try_help, Arg::Bytes, ErrnoText};
use crate::sys::arena::{Arena, Grow};

/// What the command line chose; None: not given (resolve.rs picks the default).
pub struct Choices {
    /// stdout is a terminal.
    pub tty: bool,
    pub hidden: Hidden,
    pub format: Format,
    pub sort: SortKey,
    /// Some option chose the sort order (-c and -u then only choose the time).
    pub sort_given: bool,
    pub time: TimeField,
    pub indicator: IndicatorStyle,
    pub quoting: Option<Style>,
    pub deref: Option<Deref>,
    pub block: Option<BlockSize>,
    pub width: Option<usize>,
    pub tabsize: Option<usize>,
    pub time_style: Option<&'static [u8]>,
    pub author: bool,
    pub color: bool,
    pub context: bool,
    pub directory: bool,
    pub dired: bool,
    pub dirs_first: bool,
    pub group: bool,
    pub hide_control: bool,
    pub hyperlink: bool,
    pub ignore_backups: bool,
    pub inode: bool,
    pub kibibytes: bool,
    pub numeric: bool,
    pub owner: bool,
    pub recursive: bool,
    pub reverse: bool,
    pub size: bool,
    pub zero: bool,
}

/// The command line, decoded.
pub struct Decoded {
    pub choices: Choices,
    pub operands: &'static [&'static [u8]],
    /// -I, --hide and -B's patterns.
    pub patterns: &'static [Pattern],
}

/// An operand or a pattern, in command-line order.
#[derive(Clone, Copy)]
enum Word {
    Operand(&'static [u8]),
    Pattern(Pattern),
}

impl Choices {
    fn new(tty: bool) -> Choices {
        Choices {
            tty,
            hidden: Hidden::Skip,
            format: default_format(tty),
            sort: SortKey::Name,
            sort_given: false,
            time: TimeField::Modify,
            indicator: IndicatorStyle::None,
            quoting: None,
            deref: None,
            block: None,
            width: None,
            tabsize: None,
            time_style: None,
            author: false,
            color: false,
            context: false,
            directory: false,
            dired: false,
            dirs_first: false,
            group: true,
            hide_control: tty,
            hyperlink: false,
            ignore_backups: false,
            inode: false,
            kibibytes: false,
            numeric: false,
            owner: true,
            recursive: false,
            reverse: false,
            size: false,
            zero: false,
        }
    }

    fn flag(&mut self, f: Flag) -> &mut bool {
        match f {
            Flag::Author => &mut self.author,
            Flag::Color => &mut self.color,
            Flag::Context => &mut self.context,
            Flag::Directory => &mut self.directory,
            Flag::Dired => &mut self.dired,
            Flag::DirsFirst => &mut self.dirs_first,
            Flag::Group => &mut self.group,
            Flag::HideControl => &mut self.hide_control,
            Flag::Hyperlink => &mut self.hyperlink,
            Flag::IgnoreBackups => &mut self.ignore_backups,
            Flag::Inode => &mut self.inode,
            Flag::Kibibytes => &mut self.kibibytes,
            Flag::Numeric => &mut self.numeric,
            Flag::Owner => &mut self.owner,
            Flag::Recursive => &mut self.recursive,
            Flag::Reverse => &mut self.reverse,
            Flag::Size => &mut self.size,
            Flag::Zero => &mut self.zero,
        }
    }
}

/// The format without options: columns on a terminal, one per line elsewhere.
pub fn default_format(tty: bool) -> Format {
    if tty {
        Format::Columns
    } else {
        Format::OnePerLine
    }
}

/// Decodes argv from `first` (`tty`: stdout is a terminal); operands and patterns
/// go to `root`.
// Not inlined into its one caller: at opt-level "z" the inlined result was
// scattered into the caller's frame and gathered again.
#[inline(never)]
pub fn decode(
    prog: &'static [u8],
    first: usize,
    tty: bool,
    root: &mut Arena<'static>,
) -> Result<Decoded, Stop> {
    let mut c = Choices::new(tty);
    let mut words = root.vec::<Word>();
    let parser = Parser::new(prog, &OPTIONS, Args::Process { first }).with_order(&GETOPT_ORDER);
    for item in parser {
        match item {
            Item::Operand(o) => words.push(Word::Operand(o)).map_err(|_| Stop::Exhausted)?,
            Item::Error => {
                try_help(prog);
                return Err(Stop::Exit(2));
            }
            Item::Opt(sets, arg) => {
                for &set in sets.get() {
                    c.apply(prog, set, arg, &mut words)?;
                }
            }
        }
    }
    let words: &'static [Word] = words.finish();
    split(root, c, words)
}

/// The operands and patterns of `words` in their own slices (-B's two first).
#[inline(never)]
fn split(root: &Arena<'static>, c: Choices, words: &'static [Word]) -> Result<Decoded, Stop> {
    let backups: &[Pattern] = if c.ignore_backups {
        &[
            Pattern {
                glob: b"*~",
                hide: false,
            },
            Pattern {
                glob: b".*~",
                hide: false,
            },
        ]
    } else {
        &[]
    };
    let count = words
        .iter()
        .filter(|w| matches!(w, Word::Pattern(_)))
        .count();
    let no = Pattern {
        glob: b"",
        hide: false,
    };
    let patterns = root
        .alloc_slice(backups.len() + count, no)
        .map_err(|_| Stop::Exhausted)?;
    let operands = root
        .alloc_slice(words.len() - count, &b""[..])
        .map_err(|_| Stop::Exhausted)?;
    patterns[..backups.len()].copy_from_slice(backups);
    let (mut p, mut o) = (backups.len(), 0);
    for w in words {
        match *w {
            Word::Pattern(pat) => {
                patterns[p] = pat;
                p += 1;
            }
            Word::Operand(op) => {
                operands[o] = op;
                o += 1;
            }
        }
    }
    Ok(Decoded {
        choices: c,
        operands,
        patterns,
    })
}

impl Choices {
    /// Applies one setting of an option whose argument is `arg`.
    fn apply(
        &mut self,
        prog: &'static [u8],
        set: Set,
        arg: Option<&'static [u8]>,
        words: &mut Grow<'_, 'static, Word>,
    ) -> Result<(), Stop> {
        let v = arg.unwrap_or(b"");
        match set {
            Set::Hidden(h) => self.hidden = h,
            Set::Format(f) => self.format = f,
            // -1 after a long-format option is ignored.
            Set::FormatUnlessLong(f) if self.format != Format::Long => self.format = f,
            Set::FormatUnlessLong(_) | Set::Keep => {}
            Set::NotLong if self.format == Format::Long => self.format = default_format(self.tty),
            Set::NotLong => {}
            Set::Sort(k) => {
                self.sort = k;
                self.sort_given = true;
            }
            Set::Time(t) => self.time = t,
            Set::Indicator(i) => self.indicator = i,
            Set::Quoting(q) => self.quoting = Some(q),
            Set::Deref(d) => self.deref = Some(d),
            Set::Blocks(b) => self.block = Some(b.block_size()),
            Set::FullIso => self.time_style = Some(b"full-iso"),
            Set::On(f) => *self.flag(f) = true,
            Set::Off(f) => *self.flag(f) = false,
            Set::When(t) => {
                let t = t.get();
                let on = match arg {
                    None => true,
                    Some(v) => match argmatch(prog, t.name.as_bytes(), v, &WHEN_WORDS) {
                        Some(When::Always) => true,
                        Some(When::Never) => false,
                        Some(When::Auto) => self.tty,
                        None => return Err(bad_word(prog)),
                    },
                };
                self.apply(prog, if on { t.yes } else { t.no }, arg, words)?;
            }
            Set::Word(w) => match argmatch(prog, w.get().name.as_bytes(), v, &w.get().words) {
                Some(s) => self.apply(prog, s, arg, words)?,
                None => return Err(bad_word(prog)),
            },
            Set::Arg(a) => self.argument(prog, a, v, words)?,
            Set::Help => {
                super::table::help(prog);
                return Err(Stop::Exit(0));
            }
            Set::Version => {
                super::table::version();
                return Err(Stop::Exit(0));
            }
        }
        Ok(())
    }

    /// Reads the argument `v` of an option that takes a number, a size, a pattern
    /// or a time style.
    #[inline(never)]
    fn argument(
        &mut self,
        prog: &'static [u8],
        a: Arg,
        v: &'static [u8],
        words: &mut Grow<'_, 'static, Word>,
    ) -> Result<(), Stop> {
        match a {
            Arg::Width => match line_width(v) {
                Some(w) => self.width = Some(w),
                None => return Err(die(prog, b"invalid line width", v, false)),
            },
            Arg::TabSize => match parse_c_uint(v) {
                Num::Ok(t) if t <= isize::MAX as u64 => self.tabsize = Some(t as usize),
                Num::Invalid => return Err(die(prog, b"invalid tab size", v, false)),
                _ => return Err(die(prog, b"invalid tab size", v, true)),
            },
            Arg::BlockSize => match parse_block_size_checked(v) {
                Ok(b) => self.block = Some(b),
                Err(e) => return Err(bad_block_size(prog, v, e)),
            },
            Arg::Hide | Arg::Ignore => {
                let p = Pattern {
                    glob: v,
                    hide: a == Arg::Hide,
                };
                words.push(Word::Pattern(p)).map_err(|_| Stop::Exhausted)?;
            }
            Arg::TimeStyle => self.time_style = Some(v),
        }
        Ok(())
    }
}

/// A word that argmatch refused (it printed why): the Try line and status 1.
fn bad_word(prog: &[u8]) -> Stop {
    try_help(prog);
    Stop::Exit(1)
}

/// `PROG: WHAT: 'ARG'` (and `: Value too large for defined data type`), status 2.
fn die(prog: &[u8], what: &[u8], arg: &[u8], too_large: bool) -> Stop {
    let mut l = msg::start(prog);
    msg::say(&mut l, COREUTILS, what, &[]);
    l.push(b": ");
    locale_quoted(&mut l, arg);
    if too_large {
        l.push(b": ").errno(crate::sys::Errno::OVERFLOW);
    }
    l.push(b"\n").send();
    Stop::Exit(2)
}

/// A bad --block-size, in gnulib's xstrtol_fatal words (ASCII quotes around the
/// raw text), status 2.
fn bad_block_size(prog: &[u8], v: &[u8], e: BlockSizeError) -> Stop {
    let msgid = match e {
        BlockSizeError::Invalid => &b"invalid %s%s argument '%s'"[..],
        BlockSizeError::InvalidSuffix => b"invalid suffix in %s%s argument '%s'",
        BlockSizeError::TooLarge => b"%s%s argument '%s' too large",
    };
    let args = [Bytes(b"--"), Bytes(b"block-size"), Bytes(v)];
    msg::error(prog, msgid, &args);
    Stop::Exit(2)
}

/// The outcome of reading a numeric option argument.
pub enum Num {
    Ok(u64),
    Overflow,
    Invalid,
}

/// C integer syntax as strtoumax with base 0 reads it: optional blanks and `+`,
/// then decimal, `0x` hex or `0` octal, and nothing after.
pub fn parse_c_uint(s: &[u8]) -> Num {
    let (start, v, over, end) = parse_c_number(s);
    if end == start || end != s.len() {
        Num::Invalid
    } else if over {
        Num::Overflow
    } else {
        Num::Ok(v)
    }
}

/// A line width (-w, COLUMNS): values too large mean "no limit".
pub fn line_width(s: &[u8]) -> Option<usize> {
    match parse_c_uint(s) {
        Num::Ok(v) => Some(if v > isize::MAX as u64 { 0 } else { v as usize }),
        Num::Overflow => Some(0),
        Num::Invalid => None,
    }
}

#[cfg(test)]
mod tests;
