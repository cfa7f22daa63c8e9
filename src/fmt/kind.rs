//! A file's type: the one vocabulary for what a directory entry's d_type or a
//! stat's st_mode says, with what each type shows: its letter in `ls -l`'s mode
//! string, its `-F` indicator, and (in ls::values::colors, `Kind::color`) the
//! LS_COLORS key of an entry known only by its type.

/// The file type bits of st_mode (S_IFMT).
pub const TYPE_MASK: u32 = 0o170000;

/// A file's type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// d_type DT_UNKNOWN (the file system does not say), or a mode of no known type.
    Unknown,
    Fifo,
    CharDev,
    Dir,
    BlockDev,
    Regular,
    Symlink,
    Socket,
    /// A Solaris door (S_IFDOOR). Linux never reports one; GNU built for Linux
    /// treats the mode as another type, so only the mode string shows it.
    Door,
    /// A BSD whiteout (DT_WHT). Linux never reports one.
    Whiteout,
}

/// The kinds by the S_IFMT bits of a mode shifted right by 12: S_IFIFO 1, S_IFCHR
/// 2, S_IFDIR 4, S_IFBLK 6, S_IFREG 8, S_IFLNK 10, S_IFSOCK 12, S_IFDOOR 13.
const BY_TYPE_BITS: [Kind; 16] = {
    use Kind::*;
    [
        Unknown, Fifo, CharDev, Unknown, Dir, Unknown, BlockDev, Unknown, Regular, Unknown,
        Symlink, Unknown, Socket, Door, Unknown, Unknown,
    ]
};

impl Kind {
    /// The type in the S_IFMT bits of `mode`.
    #[inline]
    pub const fn from_mode(mode: u32) -> Kind {
        BY_TYPE_BITS[((mode & TYPE_MASK) >> 12) as usize]
    }

    /// The first letter of `ls -l`'s mode string: `-` regular, `d` directory, `l`
    /// symlink, `c`/`b` character/block device, `p` FIFO, `s` socket, `D` door, `w`
    /// whiteout, `?` unknown.
    pub const fn letter(self) -> u8 {
        match self {
            Kind::Unknown => b'?',
            Kind::Fifo => b'p',
            Kind::CharDev => b'c',
            Kind::Dir => b'd',
            Kind::BlockDev => b'b',
            Kind::Regular => b'-',
            Kind::Symlink => b'l',
            Kind::Socket => b's',
            Kind::Door => b'D',
            Kind::Whiteout => b'w',
        }
    }

    /// The indicator `-F` appends for this type: `/` `@` `|` `=`; None for the
    /// others (a regular file's `*` depends on its mode and the style: see
    /// `indicator_for`).
    pub const fn indicator(self) -> Option<u8> {
        match self {
            Kind::Dir => Some(b'/'),
            Kind::Symlink => Some(b'@'),
            Kind::Fifo => Some(b'|'),
            Kind::Socket => Some(b'='),
            _ => None,
        }
    }
}

/// Which indicators a listing appends (`--indicator-style`), weakest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum IndicatorStyle {
    /// None (the default).
    None,
    /// `/` after directories (-p).
    Slash,
    /// Every type's indicator but `*` (--file-type).
    FileType,
    /// Every type's, and `*` after executable regular files (-F).
    Classify,
}

/// The indicator printed after a file of type `kind` (`executable`: any execute
/// bit in its mode) in the style `style`.
pub const fn indicator_for(style: IndicatorStyle, kind: Kind, executable: bool) -> Option<u8> {
    match (style, kind) {
        (IndicatorStyle::None, _) => None,
        (IndicatorStyle::Classify, Kind::Regular) if executable => Some(b'*'),
        (IndicatorStyle::Slash, Kind::Dir) => Some(b'/'),
        (IndicatorStyle::Slash, _) => None,
        _ => kind.indicator(),
    }
}

#[cfg(test)]
mod tests;
