//! Gathering one directory: getdents64 into the caller's buffer, the entries that
//! pass the filters packed into the arena, then only the stat calls the output
//! needs.

use super::entry::{pack_kind, unpack_kind, Entry, Kind, Meta};
use super::options::{Config, Deref, Format, Hidden, Indicator, SortKey, TimeField};
use crate::fmt::glob;
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::stat::{statx_at, Statx, StatxFlags};
use crate::sys::{dir, BorrowedFd, Errno};
use core::ffi::CStr;
use core::mem::MaybeUninit;

/// A -I/--ignore/-B pattern, or a --hide pattern (`hide`).
#[derive(Clone, Copy)]
pub struct Pattern {
    pub glob: &'static [u8],
    pub hide: bool,
}

/// Which entries a listing shows.
pub struct Filter<'p> {
    pub hidden: Hidden,
    pub patterns: &'p [Pattern],
}

impl Filter<'_> {
    pub fn keep(&self, name: &[u8]) -> bool {
        let dot = name.first() == Some(&b'.');
        match self.hidden {
            Hidden::All => {}
            Hidden::AlmostAll => {
                if name == b"." || name == b".." {
                    return false;
                }
            }
            Hidden::Skip => {
                if dot {
                    return false;
                }
            }
        }
        !self
            .patterns
            .iter()
            .any(|p| (!p.hide || self.hidden == Hidden::Skip) && glob::matches(p.glob, name))
    }
}

/// Which stat calls the options need (see the module documentation of ls).
#[derive(Clone, Copy)]
pub struct Needs {
    /// Stat every entry (-i, -s, -t, -S, -l): with this mask.
    pub every: Option<StatxFlags>,
    /// The exec bits of regular files (-F).
    pub regular_mode: bool,
    /// The file type of every entry (-R, indicators, --group-directories-first):
    /// DT_UNKNOWN is resolved by a stat.
    pub types: bool,
    /// Whether symlinks point to directories (--group-directories-first).
    pub link_dirs: bool,
    /// Follow symlinks (-L).
    pub follow: bool,
    /// Long format and -Z: symlink targets, xattr markers, contexts (ls::long).
    pub probe: Option<super::long::Probe>,
    /// What the color database needs stat'd (ls::paint).
    pub colors: Option<crate::fmt::colors::Needs>,
}

impl Needs {
    pub fn of(c: &Config) -> Needs {
        let mut mask = StatxFlags::TYPE | StatxFlags::MODE;
        // GNU stats every entry for --hyperlink.
        let mut every = c.inode || c.size || c.format == Format::Long || c.context || c.hyperlink;
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
        if c.format == Format::Long {
            mask |= super::long::stat_mask(c) | time_mask(c.time);
        }
        let indicators = c.indicator != Indicator::None;
        let colors = c.colors.map(|db| {
            let mut n = db.needs(c.format == Format::Long);
            // GNU follows every symlink for --group-directories-first, and then
            // colors by what it found.
            if c.dirs_first {
                n.stat_symlinks = true;
                n.follow_symlinks = true;
            }
            n
        });
        if colors.is_some() {
            // `mh` counts hard links wherever a stat is made.
            mask |= StatxFlags::NLINK;
        }
        Needs {
            every: if every { Some(mask) } else { None },
            regular_mode: c.indicator == Indicator::Classify,
            types: c.recursive || indicators || c.dirs_first || colors.is_some(),
            link_dirs: c.dirs_first,
            follow: c.deref == Deref::All,
            probe: super::long::Probe::of(c),
            colors,
        }
    }

    /// The color rules want the targets of symlinks stat'd, and the long format's
    /// probe does not already do it.
    pub fn link_modes(&self) -> bool {
        self.colors.is_some_and(|n| n.follow_symlinks) && !self.probe.is_some_and(|p| p.target_mode)
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

/// Converts a statx result into the fields ls keeps.
pub fn meta_of(s: &Statx, time: TimeField) -> Meta {
    let t = match time {
        TimeField::Modify => s.stx_mtime,
        TimeField::Access => s.stx_atime,
        TimeField::Change => s.stx_ctime,
        TimeField::Birth => s.stx_btime,
    };
    let time_unknown = time == TimeField::Birth
        && !StatxFlags::from_bits_retain(s.stx_mask).contains(StatxFlags::BTIME);
    Meta {
        mode: s.stx_mode as u32,
        ino: s.stx_ino,
        size: s.stx_size,
        blocks: s.stx_blocks,
        time_sec: if time_unknown { -1 } else { t.tv_sec },
        time_nsec: if time_unknown { 0 } else { t.tv_nsec },
        nlink: s.stx_nlink as u64,
        uid: s.stx_uid,
        gid: s.stx_gid,
        rdev_major: s.stx_rdev_major,
        rdev_minor: s.stx_rdev_minor,
        dev: (s.stx_dev_major as u64) << 32 | s.stx_dev_minor as u64,
        time_unknown,
        marker: 0,
        link_mode: 0,
    }
}

/// The directory offset ext4 (hashed directories) and btrfs give the last entry
/// once the whole directory has been read.
const EOF_COOKIE: u64 = i64::MAX as u64;

/// True when the entry whose d_off is `cookie`, the last of its getdents64
/// buffer, is the directory's last: the getdents64 that would return 0 is skipped.
fn at_end(cookie: u64, buffer_empty: bool) -> bool {
    buffer_empty && cookie == EOF_COOKIE
}

/// A directory that was read: its entries, and the error that ended reading early.
pub struct Listing<'a> {
    pub entries: &'a mut [Entry<'a>],
    pub error: Option<Errno>,
}

/// A directory's names as read, packed one after another in the arena: per entry a
/// kind byte, the name's length (2 bytes, little endian), d_ino (8 bytes, little
/// endian; only when `ino`), the name, a NUL.
pub struct Packed<'a> {
    pub bytes: &'a [u8],
    pub count: usize,
    ino: bool,
    /// The error that ended reading early.
    pub error: Option<Errno>,
}

/// One record of a `Packed`.
pub struct Record<'a> {
    pub kind: Kind,
    pub ino: u64,
    /// The name followed by its NUL.
    pub name_z: &'a [u8],
}

impl<'a> Packed<'a> {
    /// The record that starts at `at`, and where the next one starts.
    #[inline]
    pub fn record(&self, at: usize) -> (Record<'a>, usize) {
        let p = self.bytes;
        let kind = unpack_kind(p[at]);
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

    /// Each record with its offset, in directory order.
    pub fn records(&self) -> impl Iterator<Item = (usize, Record<'a>)> + '_ {
        let mut at = 0;
        (0..self.count).map(move |_| {
            let here = at;
            let (r, next) = self.record(here);
            at = next;
            (here, r)
        })
    }
}

/// Reads the directory open at `fd` into `region`, keeping the names `filter`
/// keeps, with their d_ino when `ino`.
pub fn pack<'a>(
    region: &mut Arena<'a>,
    fd: BorrowedFd<'_>,
    buf: &mut [MaybeUninit<u8>],
    filter: &Filter,
    ino: bool,
) -> Result<Packed<'a>, Exhausted> {
    let mut count = 0usize;
    let mut error = None;
    let mut v = region.vec::<u8>();
    let mut d = dir::entries(fd, buf);
    loop {
        match d.next() {
            None => break,
            Some(Err(Errno::INTR)) => continue,
            Some(Err(e)) => {
                error = Some(e);
                break;
            }
            Some(Ok(e)) => {
                let cookie = e.next_entry_cookie();
                let name = e.file_name().to_bytes_with_nul();
                if filter.keep(&name[..name.len() - 1]) {
                    let len = name.len() - 1;
                    v.extend(&[
                        pack_kind(Kind::from_file_type(e.file_type())),
                        len as u8,
                        (len >> 8) as u8,
                    ])?;
                    if ino {
                        v.extend(&e.ino().to_le_bytes())?;
                    }
                    v.extend(name)?;
                    count += 1;
                }
                if at_end(cookie, d.is_buffer_empty()) {
                    break;
                }
            }
        }
    }
    Ok(Packed {
        bytes: v.finish(),
        count,
        ino,
        error,
    })
}

/// The records of `packed` as entries, allocated in `region`.
pub fn entries_of<'a>(
    region: &Arena<'a>,
    packed: &Packed<'a>,
) -> Result<&'a mut [Entry<'a>], Exhausted> {
    let entries = region.alloc_slice(packed.count, Entry::EMPTY)?;
    for (slot, (_, r)) in entries.iter_mut().zip(packed.records()) {
        *slot = Entry::new(r.name_z, r.kind);
        slot.d_ino = r.ino;
    }
    Ok(entries)
}

/// Reads the directory open at `fd` into `region`, keeping what `filter` keeps.
pub fn read<'a>(
    region: &mut Arena<'a>,
    fd: BorrowedFd<'_>,
    buf: &mut [MaybeUninit<u8>],
    filter: &Filter,
) -> Result<Listing<'a>, Exhausted> {
    let packed = pack(region, fd, buf, filter, true)?;
    Ok(Listing {
        entries: entries_of(region, &packed)?,
        error: packed.error,
    })
}

/// What `stream` reports for each entry.
pub enum Event<'e, 'a> {
    /// An entry, ready to print.
    Entry(&'e Entry<'a>),
    /// An entry that could not be stat'd.
    Failed(&'e [u8], Errno),
}

/// Reads the directory open at `fd` and hands each entry that `filter` keeps to
/// `on` as soon as it is read (and stat'd if `needs` says so): constant memory.
/// Returns the error that ended reading early.
#[allow(clippy::too_many_arguments)]
pub fn stream(
    region: &mut Arena<'_>,
    fd: BorrowedFd<'_>,
    buf: &mut [MaybeUninit<u8>],
    filter: &Filter,
    at: &[u8],
    needs: &Needs,
    time: TimeField,
    on: &mut dyn FnMut(Event),
) -> Result<Option<Errno>, Exhausted> {
    let mut d = dir::entries(fd, buf);
    loop {
        match d.next() {
            None => return Ok(None),
            Some(Err(Errno::INTR)) => continue,
            Some(Err(e)) => return Ok(Some(e)),
            Some(Ok(e)) => {
                let cookie = e.next_entry_cookie();
                let name = e.file_name().to_bytes_with_nul();
                if !filter.keep(&name[..name.len() - 1]) {
                    if at_end(cookie, d.is_buffer_empty()) {
                        return Ok(None);
                    }
                    continue;
                }
                let mut one = [Entry::new(name, Kind::from_file_type(e.file_type()))];
                let r = region.sub();
                let mut failed = None;
                stat_entries(&r, fd, at, &mut one, needs, time, &mut |_, err, _| {
                    failed = Some(err)
                })?;
                if let Some(err) = failed {
                    on(Event::Failed(one[0].name(), err));
                }
                on(Event::Entry(&one[0]));
                drop(r);
                if at_end(cookie, d.is_buffer_empty()) {
                    return Ok(None);
                }
            }
        }
    }
}

fn cstr(name_z: &[u8]) -> Option<&CStr> {
    CStr::from_bytes_with_nul(name_z).ok()
}

/// Why `stat_entries` reports an entry.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// It could not be stat'd.
    Stat,
    /// It is a symlink whose target could not be read (long format).
    Readlink,
}

/// Makes the stat calls `needs` asks for on `entries` (names relative to `dir`,
/// whose path is `at`). `failed(name, errno, why)` reports an entry that could not be
/// stat'd.
pub fn stat_entries<'a>(
    region: &Arena<'a>,
    dir: BorrowedFd<'_>,
    at: &[u8],
    entries: &mut [Entry<'a>],
    needs: &Needs,
    time: TimeField,
    failed: &mut dyn FnMut(&[u8], Errno, Failure),
) -> Result<(), Exhausted> {
    if let Some(mask) = needs.every {
        let mut scratch = needs.probe.map(|_| super::long::Scratch::new());
        if let Some(s) = &mut scratch {
            s.start(at, dir);
        }
        let metas: &'a mut [Meta] = region.alloc_slice(entries.len(), Meta::default())?;
        let metas: &'a [Meta] = {
            for (e, m) in entries.iter_mut().zip(metas.iter_mut()) {
                let Some(name) = cstr(e.name_z()) else {
                    continue;
                };
                let follow = needs.follow;
                match statx_at(dir, name, follow, mask) {
                    Ok(s) => {
                        *m = meta_of(&s, time);
                        e.kind = Kind::from_mode(m.mode);
                        if e.kind == Kind::Symlink && needs.link_modes() {
                            m.link_mode = super::paint::link_mode(dir, e.name_z());
                        }
                        if let (Some(p), Some(s)) = (&needs.probe, &mut scratch) {
                            if let Some(err) = super::long::probe(region, dir, s, e, m, p)? {
                                failed(e.name(), err, Failure::Readlink);
                            }
                        }
                    }
                    Err(err) => {
                        m.mode = u32::MAX;
                        failed(e.name(), err, Failure::Stat);
                    }
                }
            }
            metas
        };
        for (e, m) in entries.iter_mut().zip(metas.iter()) {
            if m.mode != u32::MAX {
                e.meta = Some(m);
            }
        }
        if needs.link_dirs {
            for e in entries.iter_mut().filter(|e| e.kind == Kind::Symlink) {
                e.link_to_dir = target_is_dir(dir, e.name_z());
            }
        }
        return Ok(());
    }
    let colors = needs.colors.unwrap_or(crate::fmt::colors::Needs {
        stat_regular: false,
        stat_directories: false,
        stat_symlinks: false,
        follow_symlinks: false,
        probe_capabilities: false,
    });
    let mask = if needs.colors.is_some() {
        StatxFlags::TYPE | StatxFlags::MODE | StatxFlags::NLINK
    } else {
        StatxFlags::TYPE | StatxFlags::MODE
    };
    for e in entries.iter_mut() {
        let want = match e.kind {
            Kind::Unknown => needs.types || needs.regular_mode,
            Kind::Regular => needs.regular_mode || colors.stat_regular,
            Kind::Dir => colors.stat_directories,
            Kind::Symlink => (needs.follow && (needs.types || needs.regular_mode)) || colors.stat_symlinks,
            _ => false,
        };
        if want {
            let Some(name) = cstr(e.name_z()) else {
                continue;
            };
            match statx_at(dir, name, needs.follow, mask) {
                Ok(s) => {
                    let m = region.copy(&[meta_of(&s, time)])?;
                    e.kind = Kind::from_mode(m[0].mode);
                    if e.kind == Kind::Symlink && colors.follow_symlinks {
                        m[0].link_mode = super::paint::link_mode(dir, e.name_z());
                    }
                    e.meta = Some(&m[0]);
                }
                Err(err) => failed(e.name(), err, Failure::Stat),
            }
        }
        if needs.link_dirs && e.kind == Kind::Symlink {
            e.link_to_dir = target_is_dir(dir, e.name_z());
        }
    }
    Ok(())
}

fn target_is_dir(dir: BorrowedFd<'_>, name_z: &[u8]) -> bool {
    match cstr(name_z) {
        Some(n) => statx_at(dir, n, true, StatxFlags::TYPE)
            .is_ok_and(|s| Kind::from_mode(s.stx_mode as u32) == Kind::Dir),
        None => false,
    }
}
