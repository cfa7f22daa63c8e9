//! Which sequence colors an entry, and which facts ls must gather for that.
//!
//! GNU's rules (9.1), for a name:
//! 1. Not stat'd: by the directory entry's type (d_type): unknown → `or`, regular and
//!    whiteout → `fi` (then suffixes), and the obvious key for the other types.
//! 2. Regular file: `su` (setuid) > `sg` (setgid) > `ca` (capability) > `ex` (any x
//!    bit) > `mh` (nlink > 1) > a matching `*SUFFIX` > `fi`. Each test applies only
//!    when its key is colored (not unset, empty, `0` or `00`).
//! 3. Directory: `tw` (sticky and o+w) > `ow` (o+w) > `st` (sticky) > `di`.
//! 4. Symlink `ln`; `pi`, `so`, `bd`, `cd`; any other type `or`.
//! 5. A symlink whose target was not found (or not looked up) gets `or` instead of
//!    `ln` when `or` is colored or `ln=target`.
//!
//! With `ln=target`, a symlink whose target was found is classified by the target's
//! mode (but with the link's own nlink and capability flag, and its own name for the
//! suffix). The chosen key's sequence is used even when it is empty or `0` (GNU writes
//! `\e[m`/`\e[0m` then); only an unset key (`None`) leaves the name uncolored.
//!
//! For the target after ` -> ` in `-l`: `mi` if the target was not found and `mi` is
//! colored; otherwise by the target's mode (a target not found has mode 0, which is
//! "another type": `or`); nlink, capability and the not-stat'd fallback are still the
//! link's own, and the suffix is matched against the target text as ls prints it.

use super::{Database, Key};
use crate::fmt::kind::Kind;

impl Kind {
    /// The key of an entry known by its type alone (GNU's rule 1 above; also rule 4
    /// for a stat'd one that is not a regular file or a directory): a door, which
    /// GNU built for Linux does not recognize, and an unknown type are `or`.
    pub const fn color(self) -> Key {
        // A table by kind (a match here compiles to a chain of compares).
        const KEYS: [Key; 10] = [
            Key::Orphan, // Unknown
            Key::Fifo,   // Fifo
            Key::Char,   // CharDev
            Key::Dir,    // Dir
            Key::Block,  // BlockDev
            Key::File,   // Regular
            Key::Link,   // Symlink
            Key::Socket, // Socket
            Key::Orphan, // Door
            Key::File,   // Whiteout
        ];
        KEYS[self as usize]
    }
}

/// What a stat of the entry told (lstat, or stat when dereferencing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stat {
    /// st_mode: the S_IFMT type bits and the permission bits.
    pub mode: u32,
    pub nlink: u64,
}

/// What ls knows about an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// From d_type; used only when `stat` is `None`.
    pub file_type: Kind,
    /// The entry's own stat, if ls stat'd it (or its stat failed: then `None`).
    pub stat: Option<Stat>,
    /// The capability probe said yes (false when not probed).
    pub has_capability: bool,
    /// For a symlink that ls followed: the target's st_mode, if stat found it. `None`
    /// when not followed or not found (GNU does not tell these apart).
    pub target_mode: Option<u32>,
}

impl Facts {
    /// An entry only its directory entry type is known about.
    #[cfg(test)] // used by the tests only
    pub fn from_type(file_type: Kind) -> Facts {
        Facts {
            file_type,
            stat: None,
            has_capability: false,
            target_mode: None,
        }
    }

    /// A stat'd entry (the type comes from the mode).
    #[cfg(test)] // used by the tests only
    pub fn from_stat(mode: u32, nlink: u64) -> Facts {
        Facts {
            file_type: Kind::Unknown,
            stat: Some(Stat { mode, nlink }),
            has_capability: false,
            target_mode: None,
        }
    }
}

/// The outcome of classification: a key, or a `*SUFFIX` entry's sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class<'a> {
    Key(Key),
    Suffix(&'a [u8]),
}

const S_ISUID: u32 = 0o4000;
const S_ISGID: u32 = 0o2000;
const S_ISVTX: u32 = 0o1000;
const S_IWOTH: u32 = 0o0002;
const S_IXUGO: u32 = 0o0111;

/// How a symlink's target lookup went, in GNU's three-valued terms.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    /// Classifying the target text and the target was not found (GNU's -1).
    Missing,
    /// GNU's 0: for a name, "link not resolved"; for a target, "found".
    Zero,
    /// Classifying a name whose link was resolved (GNU's 1).
    Resolved,
}

/// Which facts the database needs (see [`Database::needs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needs {
    /// Stat regular files (d_type DT_REG): `ex`, `su`, `sg` or `ca` is colored. Not for
    /// `mh` alone: 9.1 then colors hard links only where it stats for another reason
    /// (`-l`, operands, ...). Checked: `LS_COLORS=ex=:su=:sg=:ca=:mh=44 ls` does not.
    pub stat_regular: bool,
    /// Stat directories (DT_DIR): `tw`, `ow` or `st` is colored.
    pub stat_directories: bool,
    /// lstat symlinks (DT_LNK), and stat DT_UNKNOWN entries as always: `ln=target` or
    /// `follow_symlinks`.
    pub stat_symlinks: bool,
    /// readlink and stat each symlink's target to fill `Facts::target_mode` (GNU's
    /// `check_symlink_mode`): `or` colored, `ex` colored with `ln=target`, or `mi`
    /// colored in `-l`. ls adds its own reasons: `--group-directories-first` always,
    /// and in `-l` `-F`/`--indicator-style=file-type` (GNU stats a target when
    /// `file_type <= indicator_style || check_symlink_mode`). In `-l` without any
    /// of these, ls still reads link targets but does not stat them, so targets are
    /// not colored (with the built-in database they never are).
    pub follow_symlinks: bool,
    /// Probe regular files for capabilities: `ca` is colored. The GNU ls on the
    /// reference machine is built without libcap and never finds one, so never
    /// colors `ca`; pass `has_capability: false` (and skip the probe) to match it.
    pub probe_capabilities: bool,
}

impl<'a> Database<'a> {
    /// What ls must find out about entries for this database.
    pub fn needs(&self, long_format: bool) -> Needs {
        let c = |k| self.is_colored(k);
        let follow = c(Key::Orphan)
            || (c(Key::Exec) && self.link_as_target())
            || (c(Key::Missing) && long_format);
        Needs {
            stat_regular: c(Key::Exec) || c(Key::Setuid) || c(Key::Setgid) || c(Key::Capability),
            stat_directories: c(Key::StickyOtherWritable)
                || c(Key::OtherWritable)
                || c(Key::Sticky),
            stat_symlinks: self.link_as_target() || follow,
            follow_symlinks: follow,
            probe_capabilities: c(Key::Capability),
        }
    }

    /// The class of an entry's name.
    pub fn classify_name(&self, facts: &Facts, name: &[u8]) -> Class<'a> {
        let resolved = match facts.target_mode {
            Some(target) if self.link_as_target() => Some(target),
            _ => None,
        };
        let mode = resolved.or(facts.stat.map(|s| s.mode)).unwrap_or(0);
        let target = if facts.target_mode.is_some() {
            Target::Resolved
        } else {
            Target::Zero
        };
        self.classify(facts, mode, target, name)
    }

    /// The class of a symlink's target text after ` -> ` in `-l`.
    #[inline(never)]
    pub fn classify_target(&self, facts: &Facts, target_text: &[u8]) -> Class<'a> {
        let (mode, target) = match facts.target_mode {
            Some(m) => (m, Target::Zero),
            None => (0, Target::Missing),
        };
        self.classify(facts, mode, target, target_text)
    }

    fn classify(&self, facts: &Facts, mode: u32, target: Target, name: &[u8]) -> Class<'a> {
        let c = |k| self.is_colored(k);
        let key = if target == Target::Missing && c(Key::Missing) {
            Key::Missing
        } else if facts.stat.is_none() {
            facts.file_type.color()
        } else {
            match Kind::from_mode(mode) {
                Kind::Regular => {
                    let nlink = facts.stat.map_or(0, |s| s.nlink);
                    if mode & S_ISUID != 0 && c(Key::Setuid) {
                        Key::Setuid
                    } else if mode & S_ISGID != 0 && c(Key::Setgid) {
                        Key::Setgid
                    } else if c(Key::Capability) && facts.has_capability {
                        Key::Capability
                    } else if mode & S_IXUGO != 0 && c(Key::Exec) {
                        Key::Exec
                    } else if nlink > 1 && c(Key::MultiHardlink) {
                        Key::MultiHardlink
                    } else {
                        Key::File
                    }
                }
                Kind::Dir => {
                    let (sticky, writable) = (mode & S_ISVTX != 0, mode & S_IWOTH != 0);
                    if sticky && writable && c(Key::StickyOtherWritable) {
                        Key::StickyOtherWritable
                    } else if writable && c(Key::OtherWritable) {
                        Key::OtherWritable
                    } else if sticky && c(Key::Sticky) {
                        Key::Sticky
                    } else {
                        Key::Dir
                    }
                }
                kind => kind.color(),
            }
        };
        if key == Key::File {
            if let Some(seq) = self.suffix_sequence(name) {
                return Class::Suffix(seq);
            }
        }
        if key == Key::Link && target == Target::Zero && (self.link_as_target() || c(Key::Orphan)) {
            return Class::Key(Key::Orphan);
        }
        Class::Key(key)
    }

    /// The sequence for a class: `None` leaves the name uncolored.
    pub fn sequence(&self, class: Class<'a>) -> Option<&'a [u8]> {
        match class {
            Class::Key(k) => self.get(k),
            Class::Suffix(seq) => Some(seq),
        }
    }

    /// The sequence for an entry's name (`None`: uncolored).
    pub fn name_sequence(&self, facts: &Facts, name: &[u8]) -> Option<&'a [u8]> {
        self.sequence(self.classify_name(facts, name))
    }

    /// The sequence for a symlink's target text in `-l` (`None`: uncolored).
    pub fn target_sequence(&self, facts: &Facts, target_text: &[u8]) -> Option<&'a [u8]> {
        self.sequence(self.classify_target(facts, target_text))
    }
}
