//! What ls knows about one file: its name, its type (from d_type or a stat), and,
//! only when the output needs it, the stat record; and a directory's names as
//! read, packed (the compact form the name-only listings sort and print).

pub use crate::fmt::kind::Kind;

/// The stat fields ls uses. Filled only for the entries and fields the output
/// needs (see plan::Needs).
#[derive(Clone, Copy, Default, Debug)]
pub struct Meta {
    pub mode: u32,
    pub ino: u64,
    pub size: u64,
    pub blocks: u64,
    pub time_sec: i64,
    pub time_nsec: u32,
    /// Long-format fields (see output::long).
    pub nlink: u64,
    pub uid: u32,
    pub gid: u32,
    pub rdev_major: u32,
    pub rdev_minor: u32,
    /// The filesystem (major << 32 | minor), for remembering ENOTSUP.
    pub dev: u64,
    /// The chosen time is unknown (a birth time the filesystem does not keep).
    pub time_unknown: bool,
    /// The ACL column: 0 (nothing), b'+' (an ACL) or b'.' (a security context only).
    pub marker: u8,
}

/// What a symlink's target and -Z add to the stat record.
#[derive(Clone, Copy, Debug)]
pub struct Extra<'a> {
    /// A symlink's target text, when it was read (see ls::probe::read_link).
    pub target: Option<&'a [u8]>,
    /// The mode of the file the target text names, when it was looked up and
    /// found; 0 otherwise (GNU's `linkok` false: the link counts as dangling).
    pub target_mode: u32,
    /// The security context (`?` when there is none).
    pub context: &'a [u8],
}

/// The context of a file that has none.
pub const NO_CONTEXT: &[u8] = b"?";

/// One directory entry or operand.
#[derive(Clone, Copy)]
pub struct Entry<'a> {
    /// The name followed by its NUL (for the *at syscalls).
    name_z: &'a [u8],
    pub kind: Kind,
    /// The stat record, or None when the output does not need one or stat failed.
    pub meta: Option<&'a Meta>,
    /// d_ino from getdents64 (the inode, except at a mount point).
    pub d_ino: u64,
    /// The display width of the name as printed (quoting included), once measured.
    pub width: u32,
    /// Quoting changed the name (GNU's test for the quote alignment), once measured.
    pub quoted: bool,
    /// Symlink target and security context (long format, -Z).
    pub extra: Option<&'a Extra<'a>>,
}

impl<'a> Entry<'a> {
    pub const EMPTY: Entry<'static> = Entry {
        name_z: b"\0",
        kind: Kind::Unknown,
        meta: None,
        d_ino: 0,
        width: 0,
        quoted: false,
        extra: None,
    };

    /// An entry whose name (with its NUL) is `name_z`.
    pub fn new(name_z: &'a [u8], kind: Kind) -> Entry<'a> {
        Entry {
            name_z,
            kind,
            meta: None,
            d_ino: 0,
            width: 0,
            quoted: false,
            extra: None,
        }
    }

    pub fn name(&self) -> &'a [u8] {
        &self.name_z[..self.name_z.len() - 1]
    }

    pub fn name_z(&self) -> &'a [u8] {
        self.name_z
    }

    /// Listed as a directory by -R and --group-directories-first.
    pub fn is_dir(&self) -> bool {
        self.kind == Kind::Dir
    }

    /// The security context shown for -Z (`?` when there is none).
    pub fn context(&self) -> &'a [u8] {
        self.extra.map_or(NO_CONTEXT, |x| x.context)
    }

    /// A symlink's target text, when it was read.
    pub fn target(&self) -> Option<&'a [u8]> {
        self.extra.and_then(|x| x.target)
    }

    /// The mode of what a symlink's target names (0: not looked up, or not found).
    #[inline(never)]
    pub fn target_mode(&self) -> u32 {
        if self.kind == Kind::Symlink {
            self.extra.map_or(0, |x| x.target_mode)
        } else {
            0
        }
    }

    /// A symlink whose target was found to be a directory
    /// (--group-directories-first puts it with the directories).
    pub fn links_to_dir(&self) -> bool {
        Kind::from_mode(self.target_mode()) == Kind::Dir
    }

    /// Any execute bit (for -F), when the mode is known.
    pub fn executable(&self) -> bool {
        self.meta.is_some_and(|m| m.mode & 0o111 != 0)
    }
}

/// A directory's names as read, packed one after another in the arena: per entry
/// its type (the S_IFMT bits of its d_type, shifted right by 12 to fit a byte), the
/// name's length (2 bytes, little endian), d_ino (8 bytes, little endian; only when
/// `ino`), the name, a NUL. A million names take about 12 bytes each, against 48
/// as `Entry`s.
pub struct Packed<'a> {
    pub bytes: &'a [u8],
    pub count: usize,
    pub ino: bool,
    /// The error that ended reading early.
    pub error: Option<crate::sys::Errno>,
}

/// One record of a `Packed`.
pub struct Record<'a> {
    pub kind: Kind,
    pub ino: u64,
    /// The name followed by its NUL.
    pub name_z: &'a [u8],
}

impl<'a> Packed<'a> {
    /// The record that starts at `at`, and where the next one starts. (Inlined
    /// always: the binary is built for size, and this is the listing loop's step.)
    #[inline(always)]
    pub fn record(&self, at: usize) -> (Record<'a>, usize) {
        let p = self.bytes;
        let kind = Kind::from_mode((p[at] as u32) << 12);
        let len = p[at + 1] as usize | (p[at + 2] as usize) << 8;
        let mut start = at + 3;
        let mut ino = 0;
        if self.ino {
            ino = u64::from_le_bytes(p[start..start + 8].try_into().unwrap_or([0; 8]));
            start += 8;
        }
        let end = start + len;
        (
            Record {
                kind,
                ino,
                name_z: &p[start..=end],
            },
            end + 1,
        )
    }
}

/// The head of a `Packed` record: `mode`'s type and the name's length.
pub fn record_head(mode: u32, len: usize) -> [u8; 3] {
    [(mode >> 12) as u8, len as u8, (len >> 8) as u8]
}
