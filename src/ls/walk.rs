//! Operands and recursion: the operands are stat'd, the files among them listed as
//! one group, then each directory under its header, and with -R each subdirectory
//! depth first.
//!
//! The walk is a loop over an explicit stack, not a recursion. Its state is in
//! parts, each in its file: `path` the path being walked (one buffer used as a
//! stack), `levels` the directories on it and the subdirectories each has yet to
//! list, `fds` their descriptors (directories are opened relative to their
//! parent's, at most `OPEN_LIMIT` kept, the others reopened by path in pieces
//! shorter than PATH_MAX), `listing` one directory's listing in the path the plan
//! chose, `report` the messages and the exit status. A directory's entries live in
//! an arena region released as soon as it is printed.

use super::entry::Entry;
use super::output::Render;
use super::plan::{Deref, Listing, Plan};
use super::probe::Scratch;
use super::read::{Operand, Operands, StatPlan};
use super::sort::sort;
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::{file, out, thread, AsFd, OwnedFd};
use ahead::Reader;
use core::ffi::CStr;
use core::mem::MaybeUninit;
use fds::Descriptors;
use levels::{Level, Levels, Next};
use listing::Lister;
use path::Path;
use report::Report;

mod ahead;
mod fds;
mod levels;
mod listing;
mod path;
mod report;

/// Ancestor descriptors kept open at once (GNU's tests list a 30-deep tree under
/// `ulimit -n 20`).
const OPEN_LIMIT: usize = 10;
/// getdents64 buffer size.
const DIRENT_BUF: usize = 64 * 1024;
/// The longest piece of path handed to one openat (PATH_MAX is 4096 with its NUL).
const PIECE: usize = 4000;

/// State shared by the whole walk.
pub struct Walk<'c> {
    plan: &'c Plan,
    /// The path of the directory being listed.
    path: Path,
    /// The directories on that path and their pending subdirectories.
    levels: Levels,
    /// Their descriptors.
    fds: Descriptors,
    /// One directory's listing: its header, its entries read, sorted, printed.
    lister: Lister<'c>,
    /// The messages and the exit status.
    report: Report,
    /// The directories read ahead by worker threads.
    ahead: Reader,
}

impl<'c> Walk<'c> {
    // LLVM inlines it into its one caller anyway; forced, it is inlined early
    // and the result is 48 bytes smaller on x86_64 and aarch64 alike.
    #[inline(always)]
    pub fn new(plan: &'c Plan, root: &Arena<'static>) -> Result<Walk<'c>, Exhausted> {
        let dirent = root.alloc_slice(DIRENT_BUF, MaybeUninit::uninit())?;
        let levels = Levels::new(root)?;
        let scratch = match plan.needs.probe {
            Some(_) => root.alloc_slice(1, Scratch::new())?.first_mut(),
            None => None,
        };
        Ok(Walk {
            plan,
            lister: Lister::new(plan, dirent, scratch, Render::ids(&plan.show, root)?),
            levels,
            path: Path::new(),
            fds: Descriptors::new(plan.deref == Deref::All),
            report: Report::new(plan.prog),
            ahead: Reader::new(
                plan.recursive && plan.listing == Listing::Full && plan.deref != Deref::All,
                plan.filter,
                StatPlan::new(&plan.needs),
            ),
        })
    }

    /// The exit status the walk's messages leave.
    pub fn status(&self) -> i32 {
        self.report.status
    }

    /// Lists the operands (an empty list means `.`): the files among them as one
    /// group, then each directory.
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
        let dirs = self.files(&mut sub, operands, canonicalized)?;
        self.lister.headers = self.plan.recursive || operands.len() > 1;
        let n = dirs.len();
        for (i, e) in dirs.iter().enumerate() {
            // The last directory's descriptor is left for exit to close (one
            // syscall fewer) when nothing else is opened after it.
            self.fds.leave_open = i + 1 == n && !self.plan.recursive;
            self.operand(&mut sub, e)?;
        }
        // GNU restores the colors before the --dired trailer.
        self.lister.render.finish();
        Ok(())
    }

    /// Stats the operands and prints the files among them as one group; returns
    /// the directories, in the order they are listed.
    #[inline(never)]
    fn files<'a>(
        &mut self,
        sub: &mut Arena<'a>,
        operands: &[&'static [u8]],
        canonicalized: bool,
    ) -> Result<&'a mut [Entry<'a>], Exhausted> {
        let entries = sub.alloc_slice(operands.len(), Entry::EMPTY)?;
        let mut n = 0;
        let needs = self.plan.needs;
        let mut stat = Operands::new();
        let mut quoted_elsewhere = false;
        let render = &mut self.lister.render;
        for &op in operands {
            if let Some(e) = render.link_error(op) {
                if canonicalized {
                    self.report.failed(b"error canonicalizing %s", op, e, 2);
                }
            }
            let Some(slot) = entries.get_mut(n) else {
                break;
            };
            match stat.stat(sub, op, &needs, self.plan.deref, slot)? {
                Some(Operand::Found(xattr, unreadable)) => {
                    if let Some(err) = xattr {
                        self.report.xattr(op, err);
                    }
                    if let Some(err) = unreadable {
                        self.report
                            .failed(b"cannot read symbolic link %s", op, err, 2);
                    }
                    n += 1;
                }
                Some(Operand::Missing(e)) => {
                    self.report.failed(b"cannot access %s", op, e, 2);
                    quoted_elsewhere |= render.aligns_others(op);
                }
                None => {}
            }
        }
        let entries = &mut entries[..n];
        render.measure_for_sort(entries, self.plan.order.key, quoted_elsewhere);
        sort(entries, self.plan.order, sub)?;
        // GNU's prefix widths and quote alignment for the file operands count the
        // directory operands too.
        // (Only when some operand is a file: -l would look up names for nothing.)
        let frame = if self.plan.directory || entries.iter().any(|e| !e.is_dir()) {
            Some(render.frame(entries, quoted_elsewhere))
        } else {
            None
        };
        let files = if self.plan.directory {
            entries.len()
        } else {
            files_first(entries, sub)?
        };
        let (file_part, dir_part) = entries.split_at_mut(files);
        if let (true, Some(frame)) = (files > 0, &frame) {
            render.printing_operands(true);
            render.print_group(sub, file_part, frame)?;
            render.printing_operands(false);
            // GNU separates the files from the directories even when no
            // directory can be opened; the first header then has no blank line.
            if !dir_part.is_empty() {
                out::byte(b'\n');
            }
        }
        Ok(dir_part)
    }

    /// Lists the directory operand `e`, and with -R what is below it.
    #[inline(never)]
    fn operand(&mut self, sub: &mut Arena<'_>, e: &Entry) -> Result<(), Exhausted> {
        self.path.set(e.name())?;
        let Ok(c) = CStr::from_bytes_with_nul(e.name_z()) else {
            return Ok(());
        };
        // (Numbered as GNU's: the descriptors of the last operand are closed.)
        thread::closed();
        match file::open_dir(file::cwd(), c, true) {
            Ok(fd) => {
                // In a closed standard descriptor, it is closed as GNU closes
                // it: left open as fd 1, it would make the close of stdout at
                // exit succeed where GNU's fails (msg::finish).
                self.fds.leave_open &= rustix::fd::AsRawFd::as_raw_fd(&fd) > 2;
                let mut level = Level::operand(self.path.len());
                if self.plan.recursive {
                    self.revisits(&mut level.id, Some(&fd));
                    level.by_path = self.fds.own_table(level.id, &fd, None);
                }
                // Our own threads would show under /proc/self (task/, its link
                // count): they end before anything on procfs is listed.
                if self.fds.procfs_met() || (thread::alive() && file::on_procfs(fd.as_fd())) {
                    self.ahead.stop();
                }
                self.lister.render.enter_operand(e.name());
                self.walk(sub, level, fd)?;
            }
            Err(err) => self
                .report
                .failed(b"cannot open directory %s", e.name(), err, 2),
        }
        if self.plan.tty {
            out::flush();
        }
        Ok(())
    }

    /// Lists the operand open at `fd` (its path is the current path), then with -R
    /// its subdirectories, depth first: a loop over the stack of levels.
    fn walk(&mut self, region: &mut Arena<'_>, top: Level, fd: OwnedFd) -> Result<(), Exhausted> {
        self.levels.start(top)?;
        self.list(region, fd, true, None)?;
        loop {
            match self.levels.next() {
                None => return Ok(()),
                Some(Next::Done(level, depth)) => {
                    self.fds.kept.close(depth);
                    self.lister.render.leave(level.mark);
                    self.ahead.done(level.key);
                }
                Some(Next::Child(level, ino, name)) => {
                    let tag = ahead::tag(level.key, name);
                    self.path.truncate(level.path_end);
                    let at = self.path.push_name(name)?;
                    // A worker's descriptor, when it read this very directory.
                    let read = (!level.by_path)
                        .then(|| self.ahead.claim(tag, (level.id.0, ino)))
                        .flatten();
                    if let Some((child, fd)) = self.enter(&level, at, ino, read) {
                        // (Not our own descriptor table as a worker read it.)
                        let ahead = (!child.by_path).then_some((tag, child.id));
                        self.levels.push(child)?;
                        self.list(region, fd, false, ahead)?;
                    } else {
                        self.ahead.forget(tag);
                    }
                }
            }
        }
    }

    /// Opens the subdirectory of `level` (the top of the stack) whose name is the
    /// end of the current path, from `name_at`, and d_ino `ino` (or takes `read`,
    /// its descriptor from a worker, not a mount point): its level and
    /// descriptor, or None when it cannot be opened or was listed already (both
    /// reported).
    fn enter(
        &mut self,
        level: &Level,
        name_at: usize,
        ino: u64,
        read: Option<OwnedFd>,
    ) -> Option<(Level, OwnedFd)> {
        let depth = self.levels.depth();
        let opened = if let Some(fd) = read {
            Ok((fd, false))
        } else if level.by_path {
            fds::open_path(&mut self.path).map(|f| (f, self.plan.deref != Deref::All))
        } else {
            self.fds
                .open_child(depth, &self.levels, &mut self.path, name_at)
        };
        let (fd, crossed) = match opened {
            Ok(o) => o,
            Err(err) => {
                self.report.cannot_open(&self.path, err);
                return None;
            }
        };
        let mut child = self.levels.child(level, ino, self.path.len(), crossed);
        // Identities come from fstat at mount points and under -L; below a mount
        // point every directory is checked (a bind mount can show an ancestor
        // again).
        let again = if crossed || self.plan.deref == Deref::All {
            self.revisits(&mut child.id, Some(&fd))
        } else {
            self.levels.below_mount() && self.revisits(&mut child.id, None)
        };
        if again {
            return None;
        }
        // GNU holds no directory descriptor while it opens one, and only that one
        // while it reads it: our own descriptor table is read so.
        let own = self.fds.own_table(child.id, &fd, Some(level.id.0));
        if self.fds.procfs_met() {
            self.ahead.stop();
        }
        let fd = if own {
            drop(fd);
            self.fds.kept.clear();
            match fds::open_path(&mut self.path) {
                Ok(f) => {
                    child.by_path = true;
                    f
                }
                Err(err) => {
                    self.report.cannot_open(&self.path, err);
                    return None;
                }
            }
        } else {
            fd
        };
        child.mark = self.lister.render.enter_child(self.path.tail(name_at));
        Some((child, fd))
    }

    /// Lists the directory open at `fd`, the top level (its path is the current
    /// path), and with -R pushes the names of its subdirectories. `ahead`: its
    /// tag among the directories read ahead, and its identity, to take what a
    /// worker read of it.
    fn list(
        &mut self,
        region: &mut Arena<'_>,
        fd: OwnedFd,
        operand: bool,
        ahead: Option<(u64, (u64, u64))>,
    ) -> Result<(), Exhausted> {
        let mut sub = region.sub();
        let (read, key) = match ahead {
            Some((tag, id)) => self.ahead.take(&sub, tag, id)?,
            None => (None, self.ahead.key()),
        };
        self.levels.set_key(key);
        let listed = self.lister.gather(
            &mut sub,
            &fd,
            operand,
            &mut self.path,
            &mut self.report,
            read,
        )?;
        let entries = match listed {
            Some(e) if self.plan.recursive => e,
            _ => {
                if self.fds.leave_open {
                    core::mem::forget(fd);
                }
                return Ok(());
            }
        };
        let depth = self.levels.depth();
        if !self.levels.add_pending(entries)? || self.levels.at(depth).by_path {
            thread::close_later(fd);
        } else {
            self.fds.kept.keep(depth, fd);
        }
        self.ahead.listed(&self.levels, &self.path);
        Ok(())
    }

    /// Takes a directory's identity `id` from its descriptor (when given); when an
    /// ancestor has the same one, reports GNU's `not listing already-listed
    /// directory` and returns true.
    fn revisits(&mut self, id: &mut (u64, u64), fd: Option<&OwnedFd>) -> bool {
        if let Some(fd) = fd {
            let Ok(st) = file::fstat(fd.as_fd()) else {
                return false;
            };
            #[allow(clippy::unnecessary_cast)] // u32 on some targets
            let got = (st.st_dev as u64, st.st_ino as u64);
            *id = got;
        }
        if !self.levels.listed(*id) {
            return false;
        }
        self.report.already_listed(&self.path);
        true
    }
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
