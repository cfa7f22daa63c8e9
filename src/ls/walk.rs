//! Operands and recursion: the operands are stat'd, the files among them listed as
//! one group, then each directory under its header, and with -R each subdirectory
//! depth first.
//!
//! The walk is a loop over an explicit stack, not a recursion: its depth is bounded
//! by the address space, not by `ulimit -s`. Each directory on the path being
//! walked is a `Level` on the stack `levels`, and the names of the subdirectories
//! it has yet to list are on the byte stack `names` (as GNU keeps its pending
//! directories in a list); a directory's entries live in an arena region released
//! as soon as it is printed.
//!
//! Directories are opened relative to their parent's descriptor, so paths may grow
//! without bound. At most `OPEN_LIMIT` ancestors keep their descriptors (`fds`); a
//! directory whose descriptor was given up is reopened, when one of its remaining
//! children must be opened, by its path relative to the nearest ancestor that kept
//! one (in pieces shorter than PATH_MAX). The path being walked lives in one
//! reserved buffer used as a stack.

use super::entry::Entry;
use super::output::Render;
use super::plan::{Deref, Listing, Plan};
use super::probe::Scratch;
use super::read::{
    entries_of, pack, read, stat_entries, stream, Event, Failure, Operand, Operands,
};
use super::sort::{sort, sort_packed, Key};
use crate::fmt::quote::Quoting;
use crate::msg;
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::mem::Stack;
use crate::sys::{file, out, AsFd, Errno, OwnedFd};
use core::ffi::CStr;
use core::mem::MaybeUninit;

mod fds;

/// Ancestor descriptors kept open at once (GNU's tests list a 30-deep tree under
/// `ulimit -n 20`).
const OPEN_LIMIT: usize = 10;
/// The reservations tried in turn for the path being walked.
const PATH_SPACE: [usize; 3] = [1 << 30, 64 << 20, 1 << 20];
/// The longest piece of path handed to one openat (PATH_MAX is 4096 with its NUL).
const PIECE: usize = 4000;
/// Levels and bytes of pending names held in the arena before the stacks move to
/// a reservation.
const LEVELS_START: usize = 64;
const NAMES_START: usize = 16 << 10;
/// getdents64 buffer size.
const DIRENT_BUF: usize = 64 * 1024;

/// One directory on the path being walked; its depth is its index in `levels`
/// (its descriptor, if kept, is in `fds`).
#[derive(Clone, Copy)]
struct Level {
    /// path[..path_end] is this directory's path.
    path_end: usize,
    /// (st_dev, st_ino) for loop detection.
    id: (u64, u64),
    /// One of our own descriptor tables in /proc (see `Walk::own_table`): its
    /// descriptor is not kept, and its subdirectories are opened by whole path.
    by_path: bool,
    /// A mount point (counted in `crossings`).
    crossed: bool,
    /// The hyperlink directory to go back to when it is done.
    mark: Option<crate::ls::output::Mark>,
    /// Its pending subdirectories are `names[next..]` (below those of the
    /// level above it), records of d_ino (8 bytes) and the name with its NUL.
    next: usize,
    /// Where its records began (dropped when it is done).
    names_start: usize,
}

/// State shared by the whole walk.
pub struct Walk<'c> {
    plan: &'c Plan,
    render: Render,
    dirent: &'static mut [MaybeUninit<u8>],
    path: &'static mut [u8],
    path_len: usize,
    /// The directories on the path being walked, the operand first.
    levels: Stack<Level>,
    /// The subdirectories each level has yet to list (see `Level::next`).
    names: Stack<u8>,
    /// The descriptors kept for levels.
    fds: fds::Fds,
    /// Nothing has been printed yet (no blank line before the next header).
    first: bool,
    /// Print `dir:` headers.
    headers: bool,
    /// openat2 with RESOLVE_NO_XDEV works (it tells mount points apart).
    same_mount_open: bool,
    /// The directory being listed is the last thing ls opens: its descriptor is
    /// not closed (the kernel closes it at exit).
    leave_open: bool,
    /// Mount points among the directories being listed (see `revisits`).
    crossings: usize,
    /// Our /proc descriptor tables, once a directory on procfs was met (see
    /// `own_table`).
    tables: Option<fds::Tables>,
    /// The probe's buffers (for -l, -Z), made once; None when the plan needs no
    /// probe.
    scratch: Option<&'static mut Scratch>,
    pub status: i32,
}

impl<'c> Walk<'c> {
    // Not inlined into its one caller: at opt-level "z" the inlined result was
    // scattered into the caller's frame and gathered again.
    #[inline(never)]
    pub fn new(plan: &'c Plan, root: &Arena<'static>) -> Result<Walk<'c>, Exhausted> {
        let dirent = root.alloc_slice(DIRENT_BUF, MaybeUninit::uninit())?;
        let levels = Stack::new(root.alloc_slice(LEVELS_START, MaybeUninit::uninit())?);
        let names = Stack::new(root.alloc_slice(NAMES_START, MaybeUninit::uninit())?);
        // The path starts in static memory; `room` moves it to a reservation when a
        // deep tree needs more.
        let path = crate::sys::mem::path_start();
        Ok(Walk {
            plan,
            render: Render::new(&plan.show, plan.deref == Deref::All),
            dirent,
            path,
            path_len: 0,
            levels,
            names,
            fds: fds::Fds::new(),
            first: true,
            headers: plan.recursive,
            same_mount_open: true,
            leave_open: false,
            crossings: 0,
            tables: None,
            scratch: match plan.needs.probe {
                Some(_) => root.alloc_slice(1, Scratch::new())?.first_mut(),
                None => None,
            },
            status: 0,
        })
    }

    fn fail(&mut self, status: i32) {
        self.status = self.status.max(status);
    }

    /// `PROG: WHAT 'NAME': ERRNO` with NAME quoted as GNU quotes file names in
    /// messages.
    fn report(&mut self, what: &[u8], name: &[u8], e: Errno, status: i32) {
        msg::failed(self.plan.prog, what, name, Quoting::quoteaf, e);
        self.fail(status);
    }

    fn set_path(&mut self, p: &[u8]) -> Result<(), Exhausted> {
        self.path_len = 0;
        self.room(p.len() + 1)?;
        self.path[..p.len()].copy_from_slice(p);
        self.path_len = p.len();
        Ok(())
    }

    /// Makes the path buffer hold at least `need` bytes: past the static start, a
    /// reservation (a smaller one when `ulimit -v` refuses the large one).
    fn room(&mut self, need: usize) -> Result<(), Exhausted> {
        if need <= self.path.len() {
            return Ok(());
        }
        let big = PATH_SPACE
            .iter()
            .filter(|&&n| n >= need && n > self.path.len())
            .find_map(|&n| crate::sys::mem::reserve(n).ok())
            .ok_or(Exhausted)?;
        crate::sys::mem::copy_bytes(&mut big[..self.path_len], &self.path[..self.path_len]);
        self.path = big;
        Ok(())
    }

    /// Appends `/name` (no slash after a path that ends in one) to the path.
    fn push_name(&mut self, name: &[u8]) -> Result<(), Exhausted> {
        let at = self.grow_path(name.len())?;
        crate::sys::mem::copy_bytes(&mut self.path[at..self.path_len], name);
        Ok(())
    }

    /// Appends a slash (none after a path that ends in one) and `n` bytes to be
    /// written at the offset returned (with room for a NUL after them).
    fn grow_path(&mut self, n: usize) -> Result<usize, Exhausted> {
        let slash = self.path_len > 0 && self.path[self.path_len - 1] != b'/';
        let need = self.path_len + slash as usize + n + 1;
        self.room(need)?;
        if slash {
            self.path[self.path_len] = b'/';
            self.path_len += 1;
        }
        let at = self.path_len;
        self.path_len += n;
        Ok(at)
    }

    fn report_entry(&mut self, name: &[u8], e: Errno, why: Failure) {
        let base = self.path_len;
        // GNU names the entries of `.` without the `./`.
        let dot = self.path[..base] == *b".";
        if dot || self.push_name(name).is_ok() {
            let full: &[u8] = if dot {
                name
            } else {
                &self.path[..self.path_len]
            };
            let what: &[u8] = match why {
                Failure::Stat => b"cannot access ",
                Failure::Readlink => b"cannot read symbolic link ",
            };
            msg::failed(self.plan.prog, what, full, Quoting::quoteaf, e);
        }
        self.path_len = base;
        self.fail(1);
    }

    /// Lists the operands (an empty list means `.`).
    pub fn run(
        &mut self,
        region: &mut Arena<'_>,
        operands: &[&'static [u8]],
    ) -> Result<(), Exhausted> {
        let implied = [&b"."[..]];
        // GNU looks at `.` as a file (so canonicalizes it) only under -d when no
        // operand is given.
        let canonicalized = !operands.is_empty() || self.plan.directory;
        let operands: &[&'static [u8]] = if operands.is_empty() {
            &implied
        } else {
            operands
        };
        let mut sub = region.sub();
        let entries = sub.alloc_slice(operands.len(), Entry::EMPTY)?;
        let mut n = 0;
        let needs = self.plan.needs;
        let mut stat = Operands::new();
        let mut quoted_elsewhere = false;
        for &op in operands {
            if let Some(e) = self.render.link_error(op) {
                if canonicalized {
                    self.report(b"error canonicalizing ", op, e, 2);
                }
            }
            let Some(slot) = entries.get_mut(n) else {
                break;
            };
            match stat.stat(&sub, op, &needs, self.plan.deref, slot)? {
                Some(Operand::Found(unreadable)) => {
                    if let Some(err) = unreadable {
                        self.report(b"cannot read symbolic link ", op, err, 2);
                    }
                    n += 1;
                }
                Some(Operand::Missing(e)) => {
                    self.report(b"cannot access ", op, e, 2);
                    quoted_elsewhere |= self.render.aligns_others(op);
                }
                None => {}
            }
        }
        let entries = &mut entries[..n];
        let key = self.plan.order.key;
        self.render.measure_for_sort(entries, key, quoted_elsewhere);
        sort(entries, self.plan.order, &mut sub)?;
        // GNU's prefix widths and quote alignment for the file operands count the
        // directory operands too.
        // (Only when some operand is a file: -l would look up names for nothing.)
        let frame = if self.plan.directory || entries.iter().any(|e| !e.is_dir()) {
            Some(self.render.frame(entries, quoted_elsewhere))
        } else {
            None
        };
        let files = if self.plan.directory {
            entries.len()
        } else {
            files_first(entries, &mut sub)?
        };
        let (file_part, dir_part) = entries.split_at_mut(files);
        if let (true, Some(frame)) = (files > 0, &frame) {
            self.render.printing_operands(true);
            self.render.print_group(&mut sub, file_part, frame)?;
            self.render.printing_operands(false);
            // GNU separates the files from the directories even when no
            // directory can be opened; the first header then has no blank line.
            if !dir_part.is_empty() {
                out::byte(b'\n');
            }
        }
        self.headers = self.plan.recursive || operands.len() > 1;
        let dirs = dir_part.len();
        for (i, e) in dir_part.iter().enumerate() {
            // The last directory's descriptor is left for exit to close (one
            // syscall fewer) when nothing else is opened after it.
            self.leave_open = i + 1 == dirs && !self.plan.recursive;
            self.set_path(e.name())?;
            let Ok(c) = CStr::from_bytes_with_nul(e.name_z()) else {
                continue;
            };
            match file::open_dir(file::cwd(), c, true) {
                Ok(fd) => {
                    // In a closed standard descriptor, it is closed as GNU closes
                    // it: left open as fd 1, it would make the close of stdout at
                    // exit succeed where GNU's fails (msg::finish).
                    self.leave_open &= rustix::fd::AsRawFd::as_raw_fd(&fd) > 2;
                    let mut level = Level {
                        path_end: self.path_len,
                        id: (0, 0),
                        by_path: false,
                        crossed: false,
                        mark: None,
                        next: 0,
                        names_start: 0,
                    };
                    if self.plan.recursive {
                        self.revisits(&mut level.id, Some(&fd));
                        level.by_path = self.own_table(level.id, &fd, None);
                    }
                    self.render.enter_operand(e.name());
                    self.walk(&mut sub, level, fd)?;
                }
                Err(err) => self.report(b"cannot open directory ", e.name(), err, 2),
            }
            if self.plan.tty {
                out::flush();
            }
        }
        // GNU restores the colors before the --dired trailer.
        self.render.finish();
        Ok(())
    }

    /// Starts a directory's listing: the blank line before it, and its header.
    fn header(&mut self, operand: bool) {
        let unlinked = self.render.header_start(self.first, self.headers);
        self.first = false;
        if let Some(e) = unlinked {
            self.report_path(b"error canonicalizing ", e, if operand { 2 } else { 1 });
        }
        if self.headers {
            self.render.header(&self.path[..self.path_len]);
        }
    }

    /// Lists the operand open at `fd` (its path is the current path), then with -R
    /// its subdirectories, depth first: a loop over the stack of levels.
    #[inline(never)]
    fn walk(&mut self, region: &mut Arena<'_>, top: Level, fd: OwnedFd) -> Result<(), Exhausted> {
        self.levels.truncate(0);
        self.names.truncate(0);
        self.levels.push(top)?;
        self.list(region, fd, true)?;
        while let Some(&level) = self.levels.as_slice().last() {
            let depth = self.levels.len() - 1;
            if level.next == self.names.len() {
                // Done with it (and with everything below it).
                self.levels.pop();
                self.fds.close(depth);
                self.render.leave(level.mark);
                self.crossings -= level.crossed as usize;
                self.names.truncate(level.names_start);
                continue;
            }
            let (ino, len) = self.pending(level.next);
            self.levels.as_mut_slice()[depth].next = level.next + 8 + len + 1;
            self.path_len = level.path_end;
            let at = self.grow_path(len)?;
            let name = &self.names.as_slice()[level.next + 8..][..len];
            crate::sys::mem::copy_bytes(&mut self.path[at..self.path_len], name);
            if let Some((child, fd)) = self.enter(&level, depth, at, ino) {
                self.crossings += child.crossed as usize;
                self.levels.push(child)?;
                self.list(region, fd, false)?;
            }
        }
        Ok(())
    }

    /// The pending subdirectory at `names[at..]`: its d_ino and name length.
    fn pending(&self, at: usize) -> (u64, usize) {
        let r = &self.names.as_slice()[at..];
        let mut ino = [0; 8];
        ino.copy_from_slice(&r[..8]);
        let len = r[8..].iter().position(|&b| b == 0).unwrap_or(r.len() - 8);
        (u64::from_ne_bytes(ino), len)
    }

    /// Opens the subdirectory of `level` (at `depth`) whose name is the end of the
    /// current path, from `name_at`, and d_ino `ino`: its level and descriptor, or
    /// None when it cannot be opened or was listed already (both reported).
    fn enter(
        &mut self,
        level: &Level,
        depth: usize,
        name_at: usize,
        ino: u64,
    ) -> Option<(Level, OwnedFd)> {
        let opened = if level.by_path {
            self.open_path().map(|f| (f, self.plan.deref != Deref::All))
        } else {
            self.open_child(depth, name_at)
        };
        let (fd, crossed) = match opened {
            Ok(o) => o,
            Err(err) => {
                self.cannot_open(err);
                return None;
            }
        };
        let mut child = Level {
            path_end: self.path_len,
            // Within one mount a directory is (its parent's st_dev, d_ino).
            id: (level.id.0, ino),
            by_path: false,
            crossed,
            mark: None,
            next: self.names.len(),
            names_start: self.names.len(),
        };
        // Identities come from fstat at mount points and under -L; below a mount
        // point every directory is checked (a bind mount can show an ancestor
        // again).
        let again = if crossed || self.plan.deref == Deref::All {
            self.revisits(&mut child.id, Some(&fd))
        } else {
            self.crossings > 0 && self.revisits(&mut child.id, None)
        };
        if again {
            return None;
        }
        // GNU holds no directory descriptor while it opens one, and only that one
        // while it reads it: our own descriptor table is read so.
        let fd = if self.own_table(child.id, &fd, Some(level.id.0)) {
            drop(fd);
            self.fds.clear();
            match self.open_path() {
                Ok(f) => {
                    child.by_path = true;
                    f
                }
                Err(err) => {
                    self.cannot_open(err);
                    return None;
                }
            }
        } else {
            fd
        };
        child.mark = self.render.enter_child(&self.path[name_at..self.path_len]);
        Some((child, fd))
    }

    /// Lists the directory open at `fd`, the top level (its path is the current
    /// path), and with -R pushes the names of its subdirectories.
    fn list(
        &mut self,
        region: &mut Arena<'_>,
        fd: OwnedFd,
        operand: bool,
    ) -> Result<(), Exhausted> {
        let mut sub = region.sub();
        let entries = match self.gather(&mut sub, &fd, operand)? {
            Some(e) if self.plan.recursive => e,
            _ => {
                if self.leave_open {
                    core::mem::forget(fd);
                }
                return Ok(());
            }
        };
        let start = self.names.len();
        for e in entries.iter() {
            if e.is_dir() && !dot_or_dotdot(e.name()) {
                self.names.extend(&e.d_ino.to_ne_bytes())?;
                self.names.extend(e.name_z())?;
            }
        }
        let depth = self.levels.len() - 1;
        if self.names.len() == start || self.levels.as_slice()[depth].by_path {
            drop(fd);
        } else {
            self.fds.keep(depth, fd);
        }
        Ok(())
    }

    /// `cannot open directory PATH: ERRNO` for a subdirectory (status 1).
    fn cannot_open(&mut self, err: Errno) {
        self.report_path(b"cannot open directory ", err, 1);
    }

    fn read_error(&mut self, e: Errno, operand: bool) {
        if e != Errno::NOENT {
            self.report_path(b"reading directory ", e, if operand { 2 } else { 1 });
        }
    }

    /// `PROG: WHAT 'PATH': ERRNO` for the current path.
    fn report_path(&mut self, what: &[u8], e: Errno, status: i32) {
        let path = &self.path[..self.path_len];
        msg::failed(self.plan.prog, what, path, Quoting::quoteaf, e);
        self.fail(status);
    }

    /// Takes `level`'s identity from its descriptor (when given); when an ancestor
    /// has the same one, reports GNU's `not listing already-listed directory` and
    /// returns true.
    fn revisits(&mut self, id: &mut (u64, u64), fd: Option<&OwnedFd>) -> bool {
        if let Some(fd) = fd {
            let Ok(st) = file::fstat(fd.as_fd()) else {
                return false;
            };
            #[allow(clippy::unnecessary_cast)] // u32 on some targets
            let got = (st.st_dev as u64, st.st_ino as u64);
            *id = got;
        }
        let id = *id;
        if !self.levels.as_slice().iter().any(|x| x.id == id) {
            return false;
        }
        let mut l = msg::start(self.plan.prog);
        msg::quoted(&mut l, &self.path[..self.path_len], Quoting::quotef);
        l.push(b": not listing already-listed directory\n").send();
        self.fail(2);
        true
    }

    /// Reads, stats, sorts and prints one directory; returns its entries.
    #[inline(never)]
    fn gather<'a>(
        &mut self,
        sub: &mut Arena<'a>,
        fd: &OwnedFd,
        operand: bool,
    ) -> Result<Option<&'a mut [Entry<'a>]>, Exhausted> {
        self.header(operand);
        let listed = self.list_entries(sub, fd, operand);
        if self.plan.tty {
            out::flush();
        }
        listed
    }

    /// The probe's buffers (taken: `self.scratch` gets them back), started at the
    /// directory open at `fd`.
    fn start_scratch(&mut self, fd: &OwnedFd) -> Option<&'static mut Scratch> {
        let mut scratch = self.scratch.take();
        if let Some(s) = &mut scratch {
            s.start(&self.path[..self.path_len], fd.as_fd());
        }
        scratch
    }

    /// `gather` without the header and the flush: the entries when the listing
    /// keeps them (`Listing::Full`).
    #[inline(never)]
    fn list_entries<'a>(
        &mut self,
        sub: &mut Arena<'a>,
        fd: &OwnedFd,
        operand: bool,
    ) -> Result<Option<&'a mut [Entry<'a>]>, Exhausted> {
        let filter = self.plan.filter;
        if self.plan.listing == Listing::Stream {
            let needs = self.plan.needs;
            let dirent = core::mem::take(&mut self.dirent);
            let mut scratch = self.start_scratch(fd);
            let r = stream(
                sub,
                fd.as_fd(),
                dirent,
                &filter,
                &needs,
                scratch.as_deref_mut(),
                &mut |ev| match ev {
                    Event::Entry(e) => self.render.one(e),
                    Event::Failed(name, err, why) => self.report_entry(name, err, why),
                },
            );
            self.dirent = dirent;
            self.scratch = scratch;
            if let Some(e) = r? {
                self.read_error(e, operand);
            }
            return Ok(None);
        }
        if self.plan.listing == Listing::Compact {
            // A million names cost about 24 bytes each here (12 packed, 12 of key),
            // against 80 as entries.
            let packed = pack(sub, fd.as_fd(), self.dirent, &filter, false)?;
            if let Some(e) = packed.error {
                self.read_error(e, operand);
            }
            if let Some(keys) = sort_packed(&packed, sub)? {
                let print = |k: &Key| {
                    let r = packed.record(k.at()).0;
                    self.render.one(&Entry::new(r.name_z, r.kind));
                };
                if self.plan.order.reverse {
                    keys.iter().rev().for_each(print);
                } else {
                    keys.iter().for_each(print);
                }
                return Ok(None);
            }
            let entries = entries_of(sub, &packed)?;
            sort(entries, self.plan.order, sub)?;
            self.render.group(sub, entries)?;
            return Ok(None);
        }
        let (entries, error) = read(sub, fd.as_fd(), self.dirent, &filter)?;
        if let Some(e) = error {
            self.read_error(e, operand);
        }
        let needs = self.plan.needs;
        let mut scratch = self.start_scratch(fd);
        let s = scratch.as_deref_mut();
        let r = stat_entries(sub, fd.as_fd(), entries, &needs, s, &mut |name, e, why| {
            self.report_entry(name, e, why)
        });
        self.scratch = scratch;
        r?;
        self.render
            .measure_for_sort(entries, self.plan.order.key, false);
        sort(entries, self.plan.order, sub)?;
        self.render.group(sub, entries)?;
        Ok(Some(entries))
    }
}

fn dot_or_dotdot(name: &[u8]) -> bool {
    name == b"." || name == b".."
}

/// Puts the entries that are not directories first, each part keeping its
/// order; returns how many there are.
fn files_first(entries: &mut [Entry], scratch: &mut Arena<'_>) -> Result<usize, Exhausted> {
    let all = scratch.copy(entries)?;
    let mut files = 0;
    for e in all.iter().filter(|e| !e.is_dir()) {
        entries[files] = *e;
        files += 1;
    }
    for (slot, e) in entries[files..]
        .iter_mut()
        .zip(all.iter().filter(|e| e.is_dir()))
    {
        *slot = *e;
    }
    Ok(files)
}
