//! What one run of ls does, decided once by `options` from the command line and the
//! environment. The stages below it read their part and nothing else: `read` the
//! `Filter` and the `Needs` (what to stat), `sort` the `Order`, `output` the `Show`
//! (what each line shows), `walk` the operands, the recursion and the `Listing`
//! path each directory takes.

use crate::fmt::quote::Quoting;
use crate::ls::values::colors::{self, Database};
use crate::ls::values::glob;
use crate::ls::values::size::BlockSize;
use crate::sys::stat::StatxFlags;

pub use crate::fmt::kind::IndicatorStyle;

/// Which directory entries are listed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hidden {
    /// Names starting with `.` are skipped, and the -I/--hide patterns apply.
    Skip,
    /// Everything but `.` and `..` (-A).
    AlmostAll,
    /// Everything (-a).
    All,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SortKey {
    Name,
    None,
    Size,
    Time,
    Extension,
    Version,
    Width,
}

/// The time shown by -l and sorted by -t.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TimeField {
    Modify,
    Access,
    Change,
    Birth,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    Long,
    OnePerLine,
    Columns,
    Across,
    Commas,
}

/// Which symlinks are followed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

/// A -I/--ignore/-B pattern, or a --hide pattern (`hide`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pattern {
    pub glob: &'static [u8],
    pub hide: bool,
}

/// Which entries a listing shows.
#[derive(Clone, Copy)]
pub struct Filter {
    pub hidden: Hidden,
    pub patterns: &'static [Pattern],
    /// How the patterns are read (the locale's character set, POSIXLY_CORRECT).
    pub glob: glob::Options,
}

impl Filter {
    pub fn keep(&self, name: &[u8]) -> bool {
        match self.hidden {
            Hidden::All => {}
            Hidden::AlmostAll => {
                if name == b"." || name == b".." {
                    return false;
                }
            }
            Hidden::Skip => {
                if name.first() == Some(&b'.') {
                    return false;
                }
            }
        }
        !self.patterns.iter().any(|p| {
            (!p.hide || self.hidden == Hidden::Skip) && glob::matches_with(p.glob, name, self.glob)
        })
    }
}

/// What the xattr probe looks up for each entry that is stat'd (ls::probe).
#[derive(Clone, Copy)]
pub struct Probe {
    /// The ACL column (long format).
    pub marker: bool,
    /// The security context (-Z).
    pub context: bool,
    /// -L: attributes of what symlinks point to.
    pub follow: bool,
}

/// Which stat calls the output needs (see `read::stat_entries`).
#[derive(Clone, Copy)]
pub struct Needs {
    /// Stat every entry (-i, -s, -t, -S, -l, -Z, --hyperlink): with this mask.
    pub every: Option<StatxFlags>,
    /// The mask for the operands, which are always stat'd.
    pub operands: StatxFlags,
    /// The time kept from each stat.
    pub time: TimeField,
    /// The exec bits of regular files (-F).
    pub regular_mode: bool,
    /// The file type of every entry (-R, indicators, --group-directories-first):
    /// DT_UNKNOWN is resolved by a stat.
    pub types: bool,
    /// Read the targets of symlinks (GNU: the long format, or `check_symlink_mode`:
    /// --group-directories-first, or colors that tell dangling links apart).
    pub readlink: bool,
    /// Stat what each target text names (GNU's `linkok`/`linkmode`): -l with -F or
    /// --file-type, or `check_symlink_mode`.
    pub target_mode: bool,
    /// Follow symlinks (-L).
    pub follow: bool,
    /// Long format and -Z: xattr markers and contexts.
    pub probe: Option<Probe>,
    /// What the color database needs stat'd.
    pub colors: Option<colors::Needs>,
}

/// How one listing is ordered.
#[derive(Clone, Copy)]
pub struct Order {
    pub key: SortKey,
    pub reverse: bool,
    pub dirs_first: bool,
}

/// The path a directory's listing takes through read, sort and output.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Listing {
    /// Each entry printed as it is read (and stat'd), unaligned and unsorted:
    /// constant memory (-1 -U without -s or -R).
    Stream,
    /// Names only, in name order, one per line: kept packed and printed from 12-byte
    /// sort keys, never as entries (no stat, no type, no color).
    Compact,
    /// Entries, stat'd as `Needs` says, sorted, measured and printed.
    Full,
}

/// The long format's columns and units.
#[derive(Clone, Copy)]
pub struct Long {
    pub owner: bool,
    pub group: bool,
    pub author: bool,
    /// -n: ids as numbers.
    pub numeric: bool,
    /// The unit of the size column (1 byte unless -h, --si, --block-size or
    /// LS_BLOCK_SIZE/BLOCK_SIZE say otherwise).
    pub file_block: BlockSize,
    /// The date formats for files older than six months (or in the future), and
    /// for recent ones.
    pub times: [&'static [u8]; 2],
}

/// What each printed line shows, and how.
#[derive(Clone, Copy)]
pub struct Show {
    pub format: Format,
    /// How names are quoted (with the characters the indicators add).
    pub quoting: Quoting,
    pub indicator: IndicatorStyle,
    pub inode: bool,
    pub size: bool,
    /// -Z: the security context column.
    pub context: bool,
    /// The -s and `total` unit.
    pub block: BlockSize,
    /// Line width; 0 means no limit.
    pub width: usize,
    /// Tab stops for -C/-x padding; 0: spaces only.
    pub tabsize: usize,
    /// The end of each line (`\n`, or NUL with --zero).
    pub eol: u8,
    /// Unquoted names get a leading space when others in the group are quoted.
    pub align_quotes: bool,
    /// Names need no quoting work at all: literal and shown as they are.
    pub raw_names: bool,
    /// The width of each name must be known before printing (columns, sort by
    /// width, quote alignment).
    pub needs_width: bool,
    pub long: Long,
    /// --dired offsets (long format only).
    pub dired: bool,
    /// The color database, when colors are on.
    pub colors: Option<&'static Database<'static>>,
    pub hyperlink: bool,
}

/// Everything one run does.
pub struct Plan {
    /// The program's name in messages.
    pub prog: &'static [u8],
    /// The operands (none: `.`).
    pub operands: &'static [&'static [u8]],
    pub filter: Filter,
    pub needs: Needs,
    pub order: Order,
    pub listing: Listing,
    pub show: Show,
    pub recursive: bool,
    /// -d: directory operands are listed as files.
    pub directory: bool,
    pub deref: Deref,
    /// stdout is a terminal: flushed after each directory.
    pub tty: bool,
}
