//! The descriptors of the directories being walked (`Descriptors`): a bounded
//! number of ancestors is kept open (`Fds`), the others are reopened by path
//! relative to one that is (`open_in_pieces`), children are opened without crossing
//! mounts where the kernel can tell, and our own /proc descriptor tables are told
//! apart (they are listed holding no other descriptor, as GNU lists them).

use super::levels::Levels;
use super::path::Path;
use super::{OPEN_LIMIT, PIECE};
use crate::sys::{file, thread, AsFd, BorrowedFd, Errno, OwnedFd};
use core::ffi::CStr;

/// The descriptors kept for levels of the walk (by depth, shallowest first): at
/// most `OPEN_LIMIT`; keeping one more closes the shallowest. (A vector, not a
/// ring: the shift when the shallowest goes is ten moves, and only in trees deeper
/// than that; its code is smaller.)
pub(super) struct Fds {
    open: heapless::Vec<(usize, OwnedFd), OPEN_LIMIT>,
}

impl Fds {
    pub(super) fn new() -> Fds {
        Fds {
            open: heapless::Vec::new(),
        }
    }

    /// Keeps `fd` for the level at `depth` (deeper than every level kept),
    /// closing the shallowest kept descriptor when the limit is reached.
    pub(super) fn keep(&mut self, depth: usize, fd: OwnedFd) {
        if self.open.is_full() {
            drop(self.open.remove(0));
        }
        let _ = self.open.push((depth, fd));
    }

    /// The descriptor kept for the level at `depth`.
    pub(super) fn get(&self, depth: usize) -> Option<BorrowedFd<'_>> {
        self.open
            .iter()
            .rev()
            .find(|(d, _)| *d == depth)
            .map(|(_, f)| f.as_fd())
    }

    /// The deepest level above `depth` that holds a descriptor, with it.
    pub(super) fn anchor(&self, depth: usize) -> Option<(usize, BorrowedFd<'_>)> {
        self.open
            .iter()
            .rev()
            .find(|(d, _)| *d < depth)
            .map(|(d, f)| (*d, f.as_fd()))
    }

    /// Closes the descriptor of the level at `depth` (the deepest kept), if held.
    pub(super) fn close(&mut self, depth: usize) {
        if self.open.last().is_some_and(|(d, _)| *d == depth) {
            if let Some((_, fd)) = self.open.pop() {
                thread::close_later(fd);
            }
        }
    }

    /// Closes every descriptor kept.
    pub(super) fn clear(&mut self) {
        self.open.clear();
    }

    /// The number of descriptors kept.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.open.len()
    }
}

/// Opens the directory `path[start..end]` relative to `base` (the working
/// directory when None), in pieces of at most PIECE bytes cut at slashes, so a
/// path longer than PATH_MAX opens too. Relative to a `base`, leading slashes are
/// skipped. Symbolic links are followed in every piece but the last, and in the
/// last when `follow_last`. The bytes of `path` are as they were on return.
pub(super) fn open_in_pieces(
    base: Option<BorrowedFd<'_>>,
    path: &mut [u8],
    mut start: usize,
    end: usize,
    follow_last: bool,
) -> Result<OwnedFd, Errno> {
    let mut cur: Option<OwnedFd> = None;
    loop {
        if base.is_some() || cur.is_some() {
            while start < end && path[start] == b'/' {
                start += 1;
            }
        }
        if start >= end {
            break;
        }
        let mut stop = end;
        if stop - start > PIECE {
            stop = start + PIECE;
            while stop > start + 1 && path[stop] != b'/' {
                stop -= 1;
            }
        }
        let saved = path[stop];
        path[stop] = 0;
        let at = match (&cur, base) {
            (Some(f), _) => f.as_fd(),
            (None, Some(b)) => b,
            (None, None) => file::cwd(),
        };
        let r = match CStr::from_bytes_with_nul(&path[start..=stop]) {
            Ok(piece) => file::open_dir(at, piece, follow_last || stop < end),
            Err(_) => Err(Errno::INVAL),
        };
        path[stop] = saved;
        cur = Some(r?);
        start = stop;
    }
    cur.ok_or(Errno::NOENT)
}

/// Our descriptor tables in /proc (self and thread-self, fd and fdinfo): their
/// entries are the descriptors we hold, where GNU holds only the one it reads a
/// directory with.
pub(super) struct Tables {
    ids: [(u64, u64); 4],
}

/// The descriptors of the walk and how directories are opened.
pub(super) struct Descriptors {
    /// The descriptors kept for levels.
    pub(super) kept: Fds,
    /// openat2 with RESOLVE_NO_XDEV works (it tells mount points apart).
    same_mount_open: bool,
    /// Our /proc descriptor tables, once a directory on procfs was met (see
    /// `own_table`).
    tables: Option<Tables>,
    /// -L: symbolic links to directories are followed.
    follow: bool,
    /// The directory being listed is the last thing ls opens: its descriptor is
    /// not closed (the kernel closes it at exit).
    pub(super) leave_open: bool,
}

impl Descriptors {
    pub(super) fn new(follow: bool) -> Descriptors {
        Descriptors {
            kept: Fds::new(),
            same_mount_open: true,
            tables: None,
            follow,
            leave_open: false,
        }
    }

    /// Whether a directory on procfs was met (`own_table`).
    pub(super) fn procfs_met(&self) -> bool {
        self.tables.is_some()
    }

    /// Whether the directory `id`, open at `fd`, is one of our own descriptor
    /// tables. Only a directory on another file system than its parent's
    /// (`parent_dev`; an operand has none) can be the first on procfs: that one is
    /// asked with fstatfs, and the tables' identities are then read once.
    pub(super) fn own_table(
        &mut self,
        id: (u64, u64),
        fd: &OwnedFd,
        parent_dev: Option<u64>,
    ) -> bool {
        if let Some(t) = &self.tables {
            return t.ids.contains(&id);
        }
        if parent_dev == Some(id.0) || !file::on_procfs(fd.as_fd()) {
            return false;
        }
        let mut ids = [(u64::MAX, u64::MAX); 4];
        for (slot, path) in ids.iter_mut().zip([
            c"/proc/self/fd",
            c"/proc/self/fdinfo",
            c"/proc/thread-self/fd",
            c"/proc/thread-self/fdinfo",
        ]) {
            if let Ok(st) = crate::sys::stat::stat_at(file::cwd(), path, true) {
                #[allow(clippy::unnecessary_cast)] // u32 on some targets
                let at = (st.st_dev as u64, st.st_ino as u64);
                *slot = at;
            }
        }
        self.tables = Some(Tables { ids });
        ids.contains(&id)
    }

    /// Reopens the level at `depth` from the nearest ancestor that holds a
    /// descriptor (or the working directory).
    fn reopen(&mut self, depth: usize, levels: &Levels, path: &mut Path) -> Result<OwnedFd, Errno> {
        let end = levels.at(depth).path_end;
        let (base, start) = match self.kept.anchor(depth) {
            Some((d, fd)) => (Some(fd), levels.at(d).path_end),
            None => (None, 0),
        };
        let follow = self.follow || depth == 0;
        open_in_pieces(base, path.buffer(), start, end, follow)
    }

    /// Opens the child of the level at `depth` whose name is the end of `path`,
    /// from `name_at`; true when it is a mount point.
    pub(super) fn open_child(
        &mut self,
        depth: usize,
        levels: &Levels,
        path: &mut Path,
        name_at: usize,
    ) -> Result<(OwnedFd, bool), Errno> {
        if self.kept.get(depth).is_none() {
            let fd = self.reopen(depth, levels, path)?;
            self.kept.keep(depth, fd);
        }
        let follow = self.follow;
        let c = path.c_str(name_at)?;
        let Some(fd) = self.kept.get(depth) else {
            return Err(Errno::BADF);
        };
        // Without openat2 (Linux before 5.6, qemu-user, seccomp filters) any child may
        // be a mount point: each one is treated as one and its identity checked by
        // fstat, as GNU checks every directory.
        if !follow && self.same_mount_open {
            match file::open_dir_same_mount(fd, c) {
                // A mount point: opened normally below, and its identity checked.
                Err(Errno::XDEV) => {}
                Err(Errno::NOSYS) | Err(Errno::PERM) => self.same_mount_open = false,
                r => return r.map(|f| (f, false)),
            }
        }
        file::open_dir(fd, c, follow).map(|f| (f, !follow))
    }
}

/// Opens the directory at `path` from the working directory, as GNU opens every
/// directory.
pub(super) fn open_path(path: &mut Path) -> Result<OwnedFd, Errno> {
    file::open_dir(file::cwd(), path.c_str(0)?, true)
}

#[cfg(test)]
mod tests;
