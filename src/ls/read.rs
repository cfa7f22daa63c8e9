//! Gathering: one directory's names by getdents64 into the caller's buffer, the
//! entries that pass the filter packed into the arena, then only the stat calls
//! the output needs (plan::Needs), and the operands' stat calls; what a stat does
//! not say comes from ls::probe.

use super::entry::{record_head, Entry, Extra, Kind, Meta, Packed, NO_CONTEXT};
use super::plan::{Deref, Filter, Needs, TimeField};
use super::probe::{listing, probe, read_link, Listed, Scratch};
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::dir::RawDirEntry;
use crate::sys::stat::{statx_at, Statx, StatxFlags};
use crate::sys::{dir, thread, BorrowedFd, Errno};
use crate::sys::{file, AsFd};
use core::ffi::CStr;
use core::mem::MaybeUninit;

pub mod share;

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

/// The S_IFMT bits d_type gives an entry (all of them for DT_UNKNOWN).
fn dirent_mode(e: &RawDirEntry) -> u32 {
    e.file_type().as_raw_mode()
}

/// Reads the directory open at `fd` through `buf`, and calls `on(mode, d_ino,
/// name_z)` for each name `filter` keeps (its d_type as S_IFMT bits, the name
/// with its NUL) until it returns false. Returns the error that ended reading
/// early. (Worker threads read ahead with it too.)
pub fn names(
    fd: BorrowedFd<'_>,
    buf: &mut [MaybeUninit<u8>],
    filter: &Filter,
    on: &mut dyn FnMut(u32, u64, &[u8]) -> bool,
) -> Option<Errno> {
    let mut d = dir::entries(fd, buf);
    loop {
        match d.next() {
            None => return None,
            Some(Err(Errno::INTR)) => {}
            Some(Err(e)) => return Some(e),
            Some(Ok(e)) => {
                let cookie = e.next_entry_cookie();
                let name = e.file_name().to_bytes_with_nul();
                if filter.keep(&name[..name.len() - 1]) && !on(dirent_mode(&e), e.ino(), name) {
                    return None;
                }
                if at_end(cookie, d.is_buffer_empty()) {
                    return None;
                }
            }
        }
    }
}

/// Appends the `Packed` record of a name (with its d_ino when `ino`) to `v`;
/// false when it does not fit.
pub fn record(v: &mut impl Extend, mode: u32, d_ino: u64, name_z: &[u8], ino: bool) -> bool {
    v.put(&record_head(mode, name_z.len() - 1))
        && (!ino || v.put(&d_ino.to_le_bytes()))
        && v.put(name_z)
}

/// Where `record` appends.
pub trait Extend {
    /// Appends `b`; false when it does not fit.
    fn put(&mut self, b: &[u8]) -> bool;
}

impl Extend for crate::sys::arena::Grow<'_, '_, u8> {
    fn put(&mut self, b: &[u8]) -> bool {
        self.extend(b).is_ok()
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
    let mut full = false;
    let mut v = region.vec::<u8>();
    let error = names(fd, buf, filter, &mut |mode, d_ino, name| {
        let ok = record(&mut v, mode, d_ino, name, ino);
        count += usize::from(ok);
        full = !ok;
        ok
    });
    if full {
        return Err(Exhausted);
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
    let mut at = 0;
    for slot in entries.iter_mut() {
        let (r, next) = packed.record(at);
        *slot = Entry::new(r.name_z, r.kind);
        slot.d_ino = r.ino;
        at = next;
    }
    Ok(entries)
}

/// Reads the directory open at `fd` into `region`, keeping what `filter` keeps:
/// the entries, and the error that ended reading early.
pub fn read<'a>(
    region: &mut Arena<'a>,
    fd: BorrowedFd<'_>,
    buf: &mut [MaybeUninit<u8>],
    filter: &Filter,
) -> Result<(&'a mut [Entry<'a>], Option<Errno>), Exhausted> {
    let packed = pack(region, fd, buf, filter, true)?;
    Ok((entries_of(region, &packed)?, packed.error))
}

/// What `stream` reports for each entry.
pub enum Event<'e, 'a> {
    /// An entry, ready to print.
    Entry(&'e Entry<'a>),
    /// An entry that could not be stat'd, or a symlink that could not be read.
    Failed(&'e [u8], Errno, Failure),
}

/// Reads the directory open at `fd` and hands each entry that `filter` keeps to
/// `on` as soon as it is read (and stat'd if `needs` says so): constant memory.
/// Returns the error that ended reading early.
#[inline(never)]
pub fn stream(
    region: &mut Arena<'_>,
    fd: BorrowedFd<'_>,
    buf: &mut [MaybeUninit<u8>],
    filter: &Filter,
    needs: &Needs,
    mut scratch: Option<&mut Scratch>,
    on: &mut dyn FnMut(Event),
) -> Result<Option<Errno>, Exhausted> {
    let mut exhausted = Ok(());
    let error = names(fd, buf, filter, &mut |mode, _, name| {
        let mut one = [Entry::new(name, Kind::from_mode(mode))];
        let r = region.sub();
        // (an xattr error, then a symlink's)
        let mut failed = [None, None];
        let s = scratch.as_deref_mut();
        exhausted = stat_entries(&r, fd, &mut one, needs, s, None, &mut |_, err, why| {
            failed[usize::from(why != Failure::Xattr)] = Some((err, why))
        });
        for (err, why) in failed.into_iter().flatten() {
            on(Event::Failed(one[0].name(), err, why));
        }
        if exhausted.is_ok() {
            on(Event::Entry(&one[0]));
        }
        exhausted.is_ok()
    });
    exhausted.map(|()| error)
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
    /// Its extended attributes could not be listed (long format, -Z): GNU says
    /// so and leaves the exit status as it is.
    Xattr,
}

/// After `e` (a name in `dir`; an operand's directory part is `prefix`) was
/// stat'd into `m` (with its xattr listing `listed` when it was made with the
/// stat call): the long format's and -Z's probe, and, for a symlink, its target
/// as `needs` asks. Returns the errors to report: the xattr listing's, and that of
/// a symlink that could not be read.
pub fn examine<'a>(
    region: &Arena<'a>,
    dir: BorrowedFd<'_>,
    prefix: &[u8],
    scratch: Option<&mut Scratch>,
    e: &mut Entry<'a>,
    (m, listed): (&mut Meta, Option<Listed>),
    needs: &Needs,
) -> Result<(Option<Errno>, Option<Errno>), Exhausted> {
    let (context, xattr) = match (&needs.probe, scratch) {
        (Some(p), Some(s)) => probe(region, dir, s, e, m, p, listed)?,
        _ => (None, None),
    };
    let mut error = None;
    let mut target = None;
    if needs.readlink && Kind::from_mode(m.mode) == Kind::Symlink {
        if let Some(name) = cstr(e.name_z()) {
            match read_link(region, dir, prefix, name, needs.target_mode)? {
                Ok(t) => target = Some(t),
                Err(err) => error = Some(err),
            }
        }
    }
    attach(region, e, target, context, needs)?;
    Ok((xattr, error))
}

/// Gives `e` its target and context, when it has either.
fn attach<'a>(
    region: &Arena<'a>,
    e: &mut Entry<'a>,
    target: Option<(&'a [u8], u32)>,
    context: Option<&'a [u8]>,
    needs: &Needs,
) -> Result<(), Exhausted> {
    let shows_context = needs.probe.is_some_and(|p| p.context);
    if target.is_some() || shows_context {
        e.extra = Some(
            &region.copy(&[Extra {
                target: target.map(|t| t.0),
                target_mode: target.map_or(0, |t| t.1),
                context: context.unwrap_or(NO_CONTEXT),
            }])?[0],
        );
    }
    Ok(())
}

/// Which entries get a stat call, and how: what `needs` asks, settled once per
/// run so that worker threads can make the calls too.
#[derive(Clone, Copy)]
pub struct StatPlan {
    needs: Needs,
    colors: crate::ls::values::colors::Needs,
    mask: StatxFlags,
}

impl StatPlan {
    pub fn new(needs: &Needs) -> StatPlan {
        StatPlan {
            needs: *needs,
            colors: needs.colors.unwrap_or(crate::ls::values::colors::Needs {
                stat_regular: false,
                stat_directories: false,
                stat_symlinks: false,
                follow_symlinks: false,
                probe_capabilities: false,
            }),
            mask: needs.every.unwrap_or(if needs.colors.is_some() {
                StatxFlags::TYPE | StatxFlags::MODE | StatxFlags::NLINK
            } else {
                StatxFlags::TYPE | StatxFlags::MODE
            }),
        }
    }

    /// Whether an entry of type `kind` (from d_type) is stat'd: every entry, or
    /// those whose type or mode the output needs.
    pub fn wants(&self, kind: Kind) -> bool {
        let (needs, colors) = (&self.needs, &self.colors);
        needs.every.is_some()
            || match kind {
                Kind::Unknown => needs.types || needs.regular_mode,
                Kind::Regular => needs.regular_mode || colors.stat_regular,
                Kind::Dir => colors.stat_directories,
                Kind::Symlink => {
                    (needs.follow && (needs.types || needs.regular_mode)) || colors.stat_symlinks
                }
                _ => false,
            }
    }

    /// The stat call of the entry `name_z` (with its NUL) in `dir`, of type
    /// `kind`, when it is wanted, and the xattr listing of the probe.
    pub fn stat(&self, dir: BorrowedFd<'_>, name_z: &[u8], kind: Kind) -> Stated {
        if !self.wants(kind) {
            return Stated::Skipped;
        }
        match cstr(name_z) {
            Some(name) => match statx_at(dir, name, self.needs.follow, self.mask) {
                Ok(s) => {
                    let m = meta_of(&s, self.needs.time);
                    let listed = match &self.needs.probe {
                        Some(p) => listing(dir, name_z, p.follow, m.dev),
                        None => None,
                    };
                    Stated::Found(m, listed)
                }
                Err(err) => Stated::Failed(err),
            },
            _ => Stated::Skipped,
        }
    }
}

/// What the stat call of one entry found.
#[derive(Clone, Copy)]
pub enum Stated {
    /// The entry was not stat'd (or its name holds a NUL).
    Skipped,
    /// Its stat, and its xattr listing when the probe makes one.
    Found(Meta, Option<Listed>),
    Failed(Errno),
}

/// Makes the stat calls `needs` asks for on `entries` (names relative to `dir`),
/// or takes their results from `given` (made ahead by a worker thread, one per
/// entry). `failed(name, errno, why)` reports an entry that could not be
/// stat'd. `scratch` is the probe's buffers, started at `dir`
/// (`Scratch::start`), needed when `needs.probe` is set (the caller's, made
/// once: they are 4.6 KB).
///
/// The stat calls come first, all of them, shared with the worker threads when
/// there are enough (`share`); then, in the entries' order, what follows from
/// each result (the probe, a symlink's target, the reports), on this thread.
pub fn stat_entries<'a>(
    region: &Arena<'a>,
    dir: BorrowedFd<'_>,
    entries: &mut [Entry<'a>],
    needs: &Needs,
    mut scratch: Option<&mut Scratch>,
    given: Option<&'a mut [Stated]>,
    failed: &mut dyn FnMut(&[u8], Errno, Failure),
) -> Result<(), Exhausted> {
    let plan = StatPlan::new(needs);
    let results = match given {
        Some(r) => r,
        None => stat_all(region, dir, entries, needs, &plan)?,
    };
    let mut results = results.iter_mut();
    for e in entries.iter_mut() {
        match results.next() {
            Some(Stated::Found(m, listed)) => {
                e.kind = Kind::from_mode(m.mode);
                // (Only a plan that stats every entry probes.)
                let s = scratch.as_deref_mut();
                let (xattr, link) = examine(region, dir, b"", s, e, (m, *listed), needs)?;
                if let Some(err) = xattr {
                    failed(e.name(), err, Failure::Xattr);
                }
                if let Some(err) = link {
                    failed(e.name(), err, Failure::Readlink);
                }
                e.meta = Some(m);
            }
            Some(Stated::Failed(err)) => failed(e.name(), *err, Failure::Stat),
            _ if e.kind == Kind::Symlink && needs.readlink && !plan.wants(e.kind) => {
                // (d_type said symlink: GNU's lstat would say the same.)
                let Some(name) = cstr(e.name_z()) else {
                    continue;
                };
                match read_link(region, dir, b"", name, needs.target_mode)? {
                    Ok(t) => attach(region, e, Some(t), None, needs)?,
                    Err(err) => failed(e.name(), err, Failure::Readlink),
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The stat calls `plan` asks for on `entries` (names relative to `dir`), one
/// result per entry, shared with the worker threads when there are enough
/// (`share`); none at all (an empty slice) when no entry is stat'd.
fn stat_all<'a>(
    region: &Arena<'a>,
    dir: BorrowedFd<'_>,
    entries: &[Entry<'a>],
    needs: &Needs,
    plan: &StatPlan,
) -> Result<&'a mut [Stated], Exhausted> {
    let wanted = entries.iter().filter(|e| plan.wants(e.kind)).count();
    // Nothing to stat (ls -R, plain ls): no results.
    if wanted == 0 {
        return Ok(&mut []);
    }
    let results = region.alloc_slice(entries.len(), Stated::Skipped)?;
    // A part but the first is stat'd through a descriptor of its own (the
    // threads would share the count of references of one).
    let stat = |start: usize, part: &mut [Stated]| {
        let own = (start > 0).then(|| file::open_dir(dir, c".", false).ok());
        let at = own
            .as_ref()
            .and_then(|o| o.as_ref())
            .map_or(dir, |f| f.as_fd());
        for (r, e) in part.iter_mut().zip(&entries[start..]) {
            *r = plan.stat(at, e.name_z(), e.kind);
        }
    };
    // (Not with -L: a part's own descriptor would show in the size of
    // /proc/self/fd, followed from /dev/fd.)
    let parts = if needs.follow {
        None
    } else {
        share::parts(wanted, dir)
    };
    match parts {
        Some(parts) => thread::for_each_chunk(results, results.len().div_ceil(parts), &stat),
        None => stat(0, results),
    }
    Ok(results)
}

/// What the stat of an operand found.
pub enum Operand {
    /// Its entry (in the caller's slot), and the errors of its xattr listing and
    /// of a symlink that could not be read.
    Found(Option<Errno>, Option<Errno>),
    /// Why it could not be stat'd.
    Missing(Errno),
}

/// The operands' stat calls, with the probe's buffers they share.
pub struct Operands {
    scratch: Scratch,
}

impl Operands {
    pub fn new() -> Operands {
        Operands {
            scratch: Scratch::new(),
        }
    }

    /// Stats the operand `op` (a path from the working directory) as `deref` says,
    /// and examines it as `needs` asks: its entry goes to `slot`. None for a name
    /// no path can have (a NUL inside).
    pub fn stat<'a>(
        &mut self,
        region: &Arena<'a>,
        op: &[u8],
        needs: &Needs,
        deref: Deref,
        slot: &mut Entry<'a>,
    ) -> Result<Option<Operand>, Exhausted> {
        operand(region, op, needs, deref, &mut self.scratch, slot)
    }
}

impl Default for Operands {
    fn default() -> Operands {
        Operands::new()
    }
}

fn operand<'a>(
    region: &Arena<'a>,
    op: &[u8],
    needs: &Needs,
    deref: Deref,
    scratch: &mut Scratch,
    slot: &mut Entry<'a>,
) -> Result<Option<Operand>, Exhausted> {
    let name_z: &'a mut [u8] = region.alloc_slice(op.len() + 1, 0u8)?;
    name_z[..op.len()].copy_from_slice(op);
    let name_z: &'a [u8] = name_z;
    let Some(c) = cstr(name_z) else {
        return Ok(None);
    };
    let mask = needs.operands;
    let cwd = file::cwd();
    let st = match deref {
        Deref::All | Deref::Args => statx_at(cwd, c, true, mask),
        Deref::Never => statx_at(cwd, c, false, mask),
        // GNU stats, and lstats when that is not a directory (or the link
        // dangles); lstat first gives the same answers with one call for
        // everything but symlinks.
        Deref::ArgDirs => match statx_at(cwd, c, false, mask) {
            Ok(l) if Kind::from_mode(l.stx_mode as u32) == Kind::Symlink => {
                match statx_at(cwd, c, true, mask) {
                    Ok(s) if Kind::from_mode(s.stx_mode as u32) == Kind::Dir => Ok(s),
                    Err(e) if e != Errno::NOENT => Err(e),
                    _ => Ok(l),
                }
            }
            r => r,
        },
    };
    let s = match st {
        Ok(s) => s,
        Err(e) => return Ok(Some(Operand::Missing(e))),
    };
    let m = &mut region.copy(&[meta_of(&s, needs.time)])?[0];
    *slot = Entry::new(name_z, Kind::from_mode(m.mode));
    // A relative target is read from the operand's directory.
    let prefix = &op[..op.iter().rposition(|&b| b == b'/').map_or(0, |i| i + 1)];
    let (xattr, link) = examine(region, cwd, prefix, Some(scratch), slot, (m, None), needs)?;
    slot.meta = Some(m);
    Ok(Some(Operand::Found(xattr, link)))
}
