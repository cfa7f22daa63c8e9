//! ls colors: the LS_COLORS database and the bytes written around names, as GNU ls 9.1
//! does it. Everything here is pure; ls decides layout and does the I/O.
//!
//! How ls uses this module, in order:
//! 1. At start-up, when `--color` resolved to "yes": [`setup`] with the values of
//!    `LS_COLORS`, `TERM` and `COLORTERM` and caller memory sized by [`storage_size`]
//!    (from the arena; the database borrows it for as long as ls lists). It answers
//!    [`Setup::Colors`], [`Setup::Off`] (LS_COLORS unset or empty and the terminal is
//!    not known to do color: no color, no message), or [`Setup::Invalid`] (ls prints
//!    GNU's messages, `unrecognized prefix: 'xx'` for the error's prefix and
//!    [`UNPARSABLE`], to stderr, then lists without color, exit status unaffected). GNU parses only when color is finally on: with `--color=never`,
//!    `--color=auto` off a tty, or a later `-f` (9.1), an invalid LS_COLORS gives no
//!    message. Only with `Setup::Colors` does GNU then stop using tabs in `-C`/`-x`
//!    padding (tab size 0); after `Off` or `Invalid` tabs are used as without color.
//! 2. [`Database::needs`] says which facts to gather (which entries to stat, whether to
//!    follow symlinks); see `choose.rs`.
//! 3. Per name: [`Database::name_sequence`] / [`Database::target_sequence`] pick the
//!    sequence; a [`Painter`] writes it around the name (`emit.rs` documents exactly
//!    when each call is made).
//! 4. [`hyperlink`] has the `--hyperlink` pieces (they do not need a database).
//!
//! Memory: the parsed database lives in a [`Storage`] the caller provides. LS_COLORS
//! values are decoded (escapes resolved) into `Storage::bytes`, which never needs more
//! bytes than the LS_COLORS text itself; `*SUFFIX` entries go into an open-addressing
//! hash table in `Storage::slots`. Both are sized by [`storage_size`].

mod choose;
mod emit;
mod error;
pub mod hyperlink;
mod parse;
mod suffix;
mod term;

pub use choose::{Facts, Needs, Stat};
pub use emit::Painter;
pub use error::{ParseError, UNPARSABLE};
pub use parse::parse;
pub use suffix::Slot;
pub use term::builtin_enabled;
// For the tests (`use super::*`).
#[cfg(test)]
use {choose::Class, emit::may_wrap};

#[cfg(test)]
use crate::fmt::kind::Kind;
use suffix::SuffixTable;

/// The two-letter keys of LS_COLORS, in GNU's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// `lc`: starts every sequence (`\e[`).
    Left,
    /// `rc`: ends every sequence (`m`).
    Right,
    /// `ec`: written after a colored name instead of `lc rs rc`.
    End,
    /// `rs`: the reset code (`0`).
    Reset,
    /// `no`: "normal" text, before each entry.
    Normal,
    /// `fi`: a regular file.
    File,
    /// `di`: a directory.
    Dir,
    /// `ln`: a symlink (`ln=target`: color it like its target).
    Link,
    /// `pi`: a FIFO.
    Fifo,
    /// `so`: a socket.
    Socket,
    /// `bd`: a block device.
    Block,
    /// `cd`: a character device.
    Char,
    /// `mi`: a symlink target that does not exist (in `-l` after ` -> `).
    Missing,
    /// `or`: a dangling symlink, or a file of unknown type.
    Orphan,
    /// `ex`: a regular file with an execute bit.
    Exec,
    /// `do`: a door (Solaris; never on Linux).
    Door,
    /// `su`: setuid regular file.
    Setuid,
    /// `sg`: setgid regular file.
    Setgid,
    /// `st`: sticky directory, not other-writable.
    Sticky,
    /// `ow`: other-writable directory, not sticky.
    OtherWritable,
    /// `tw`: sticky and other-writable directory.
    StickyOtherWritable,
    /// `ca`: regular file with file capabilities.
    Capability,
    /// `mh`: regular file with more than one hard link.
    MultiHardlink,
    /// `cl`: clear to end of line, after a name that may wrap.
    ClearToEol,
}

/// How many keys there are.
pub const KEY_COUNT: usize = 24;

const LABELS: [[u8; 2]; KEY_COUNT] = [
    *b"lc", *b"rc", *b"ec", *b"rs", *b"no", *b"fi", *b"di", *b"ln", *b"pi", *b"so", *b"bd", *b"cd",
    *b"mi", *b"or", *b"ex", *b"do", *b"su", *b"sg", *b"st", *b"ow", *b"tw", *b"ca", *b"mh", *b"cl",
];

impl Key {
    /// Every key, in GNU's order (the order of `LABELS`).
    pub const ALL: [Key; KEY_COUNT] = [
        Key::Left,
        Key::Right,
        Key::End,
        Key::Reset,
        Key::Normal,
        Key::File,
        Key::Dir,
        Key::Link,
        Key::Fifo,
        Key::Socket,
        Key::Block,
        Key::Char,
        Key::Missing,
        Key::Orphan,
        Key::Exec,
        Key::Door,
        Key::Setuid,
        Key::Setgid,
        Key::Sticky,
        Key::OtherWritable,
        Key::StickyOtherWritable,
        Key::Capability,
        Key::MultiHardlink,
        Key::ClearToEol,
    ];

    /// The two letters LS_COLORS uses for this key.
    pub fn label(self) -> &'static [u8; 2] {
        &LABELS[self as usize]
    }

    /// The key spelled by two letters (case-sensitive, as GNU).
    pub fn from_label(label: [u8; 2]) -> Option<Key> {
        LABELS.iter().position(|l| *l == label).map(|i| Key::ALL[i])
    }
}

/// The built-in sequences, used when LS_COLORS is unset or empty and as the starting
/// point LS_COLORS entries override. `None` is "not set" (GNU's NULL string). Only
/// for building `BUILTIN_TEXT` and `BUILTIN_SPANS` (16 bytes a key as a table).
const BUILTIN: [Option<&[u8]>; KEY_COUNT] = [
    Some(b"\x1b["),  // lc
    Some(b"m"),      // rc
    None,            // ec
    Some(b"0"),      // rs
    None,            // no
    None,            // fi
    Some(b"01;34"),  // di
    Some(b"01;36"),  // ln
    Some(b"33"),     // pi
    Some(b"01;35"),  // so
    Some(b"01;33"),  // bd
    Some(b"01;33"),  // cd
    None,            // mi
    None,            // or
    Some(b"01;32"),  // ex
    Some(b"01;35"),  // do
    Some(b"37;41"),  // su
    Some(b"30;43"),  // sg
    Some(b"37;44"),  // st
    Some(b"34;42"),  // ow
    Some(b"30;42"),  // tw
    None,            // ca
    None,            // mh
    Some(b"\x1b[K"), // cl
];

/// The bytes of all the built-in sequences, one after another (a repeated one once).
static BUILTIN_TEXT: [u8; BUILTIN_PACKED.0] = builtin_text();
/// Each key's sequence as `BUILTIN_TEXT[start..end]`; an unset key has a span past
/// the end of the text (so `get` finds nothing there).
static BUILTIN_SPANS: [[u8; 2]; KEY_COUNT] = BUILTIN_PACKED.1;

/// (the text's length, the spans), worked out at compile time.
const BUILTIN_PACKED: (usize, [[u8; 2]; KEY_COUNT]) = {
    let mut spans = [[u8::MAX; 2]; KEY_COUNT];
    let mut len = 0;
    let mut k = 0;
    while k < KEY_COUNT {
        if let Some(seq) = BUILTIN[k] {
            // A sequence stored for an earlier key is shared.
            let mut start = len;
            let mut j = 0;
            while j < k {
                if let Some(prev) = BUILTIN[j] {
                    if crate::fmt::bytes_eq(prev, seq) {
                        start = spans[j][0] as usize;
                    }
                }
                j += 1;
            }
            if start == len {
                len += seq.len();
            }
            assert!(len < u8::MAX as usize);
            spans[k] = [start as u8, (start + seq.len()) as u8];
        }
        k += 1;
    }
    (len, spans)
};

const fn builtin_text() -> [u8; BUILTIN_PACKED.0] {
    let mut out = [0; BUILTIN_PACKED.0];
    let mut k = 0;
    while k < KEY_COUNT {
        if let Some(seq) = BUILTIN[k] {
            let start = BUILTIN_PACKED.1[k][0] as usize;
            let mut i = 0;
            while i < seq.len() {
                out[start + i] = seq[i];
                i += 1;
            }
        }
        k += 1;
    }
    out
}

/// The built-in sequence of every key.
fn builtin_seqs() -> [Option<&'static [u8]>; KEY_COUNT] {
    core::array::from_fn(|k| {
        let [start, end] = BUILTIN_SPANS[k];
        BUILTIN_TEXT.get(usize::from(start)..usize::from(end))
    })
}

/// A color database: a sequence (or none) per key, and the `*SUFFIX` table.
#[derive(Clone, Copy)]
pub struct Database<'a> {
    seqs: [Option<&'a [u8]>; KEY_COUNT],
    suffixes: SuffixTable<'a>,
    link_as_target: bool,
    /// Bit `key as usize` set: the key is colored (`is_colored`), worked out once.
    colored: u32,
}

impl Database<'static> {
    /// GNU's built-in database (LS_COLORS unset or empty).
    pub fn builtin() -> Database<'static> {
        Database::new(builtin_seqs(), SuffixTable::empty())
    }
}

impl<'a> Database<'a> {
    /// The database of these sequences and suffixes.
    fn new(seqs: [Option<&'a [u8]>; KEY_COUNT], suffixes: SuffixTable<'a>) -> Database<'a> {
        let mut colored = 0;
        for (k, seq) in seqs.iter().enumerate() {
            // Not colored: unset, empty, `0` or `00`.
            if seq.is_some_and(|s| s.len() > 2 || s.iter().any(|&b| b != b'0')) {
                colored |= 1 << k;
            }
        }
        Database {
            seqs,
            suffixes,
            link_as_target: seqs[Key::Link as usize] == Some(b"target"),
            colored,
        }
    }

    /// The sequence stored for `key`, `None` if it was never set. `Some(b"")` is
    /// possible (`fi=`): GNU then still writes `lc rc` around the name.
    pub fn get(&self, key: Key) -> Option<&'a [u8]> {
        self.seqs[key as usize]
    }

    /// GNU's `is_colored`: set and not empty, `0` or `00`. The type tests
    /// (`ex`, `su`, `ow`, `no`, ...) only apply when this is true.
    pub fn is_colored(&self, key: Key) -> bool {
        self.colored & (1 << key as u32) != 0
    }

    /// `ln=target`: symlinks are colored like the file they point to.
    pub fn link_as_target(&self) -> bool {
        self.link_as_target
    }

    /// The `*SUFFIX` entry for `name`: the last-defined one whose suffix ends `name`
    /// (ASCII case-insensitively, as 9.1 compares), if any.
    pub fn suffix_sequence(&self, name: &[u8]) -> Option<&'a [u8]> {
        self.suffixes.find(name)
    }

    /// How many distinct (case-folded) `*SUFFIX` entries there are.
    #[cfg(test)] // used by the tests only
    pub fn suffix_count(&self) -> usize {
        self.suffixes.len()
    }
}

/// Caller memory for a parsed database (see the module documentation).
pub struct Storage<'a> {
    /// Decoded sequences and suffixes; at least `StorageSize::bytes` long.
    pub bytes: &'a mut [u8],
    /// The suffix hash table; at least `StorageSize::slots` long (fill with
    /// `Slot::EMPTY`).
    pub slots: &'a mut [Slot<'a>],
}

/// How much [`Storage`] parsing a given LS_COLORS value needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StorageSize {
    pub bytes: usize,
    pub slots: usize,
}

/// The storage `parse(ls_colors, ..)` needs: one byte per byte of text, and a power
/// of two of at least twice as many slots as the text has `*` (each `*SUFFIX` entry
/// starts with one), so the table stays at most half full.
pub fn storage_size(ls_colors: &[u8]) -> StorageSize {
    let stars = ls_colors.iter().filter(|&&b| b == b'*').count();
    let slots = if stars == 0 {
        0
    } else {
        (2 * stars).next_power_of_two()
    };
    StorageSize {
        bytes: ls_colors.len(),
        slots,
    }
}

/// What [`setup`] decided.
#[allow(clippy::large_enum_variant)]
pub enum Setup<'a> {
    /// Color with this database.
    Colors(Database<'a>),
    /// No color, silently.
    Off,
    /// LS_COLORS is invalid: print the messages, then no color.
    Invalid(ParseError),
}

/// GNU's start-up decision once `--color` resolved to yes. `ls_colors`, `term` and
/// `colorterm` are the environment values (`None` when unset).
// Not inlined: at opt-level "z" inlining it cost bytes (tools/inline-sweep.py).
#[inline(never)]
pub fn setup<'a>(
    ls_colors: Option<&[u8]>,
    term: Option<&[u8]>,
    colorterm: Option<&[u8]>,
    storage: Storage<'a>,
) -> Setup<'a> {
    match ls_colors {
        Some(text) if !text.is_empty() => match parse(text, storage) {
            Ok(db) => Setup::Colors(db),
            Err(e) => Setup::Invalid(e),
        },
        _ if builtin_enabled(term, colorterm) => Setup::Colors(Database::builtin()),
        _ => Setup::Off,
    }
}

#[cfg(test)]
mod tests;
