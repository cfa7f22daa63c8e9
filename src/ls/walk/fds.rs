//! The descriptors of the directories being walked: a bounded number of ancestors
//! is kept open, the others are reopened by path relative to one that is, and
//! children are opened without crossing mounts where the kernel can tell.

use super::*;

/// Our descriptor tables in /proc (self and thread-self, fd and fdinfo): their
/// entries are the descriptors we hold, where GNU holds only the one it reads a
/// directory with.
pub(super) struct Tables {
    ids: [(u64, u64); 4],
}

impl Walk<'_> {
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

    /// Gives up every descriptor kept for `level` and its ancestors (they are
    /// reopened by path when needed).
    pub(super) fn release_all(&mut self, level: &Level) {
        let mut l = Some(level);
        while let Some(x) = l {
            x.fd.borrow_mut().take();
            l = x.parent;
        }
        self.open.clear();
    }

    /// Opens the directory at the current path from the working directory, as GNU
    /// opens every directory.
    pub(super) fn open_path(&mut self) -> Result<OwnedFd, Errno> {
        let n = self.path_len;
        self.path[n] = 0;
        let r = match CStr::from_bytes_with_nul(&self.path[..=n]) {
            Ok(c) => file::open_dir(file::cwd(), c, true),
            Err(_) => Err(Errno::INVAL),
        };
        r
    }

    /// Gives up `level`'s descriptor, if it holds one.
    pub(super) fn close_level(&mut self, level: &Level) {
        if level.fd.borrow_mut().take().is_some() {
            self.open.pop_back();
        }
    }

    /// Keeps `fd` as `level`'s descriptor, giving up the shallowest kept one when
    /// the limit is reached.
    pub(super) fn keep_fd(&mut self, level: &Level, fd: OwnedFd) {
        if self.open.is_full() {
            if let Some(d) = self.open.pop_front() {
                let mut l = Some(level);
                while let Some(x) = l {
                    if x.depth == d {
                        x.fd.borrow_mut().take();
                        break;
                    }
                    l = x.parent;
                }
            }
        }
        *level.fd.borrow_mut() = Some(fd);
        let _ = self.open.push_back(level.depth);
    }

    /// Reopens `level` from the nearest ancestor that holds a descriptor (or the
    /// working directory), in pieces of at most PIECE bytes.
    pub(super) fn reopen(&mut self, level: &Level) -> Result<OwnedFd, Errno> {
        let mut anchor = level.parent;
        while let Some(a) = anchor {
            if a.fd.borrow().is_some() {
                break;
            }
            anchor = a.parent;
        }
        let mut start = anchor.map_or(0, |a| a.path_end);
        let end = level.path_end;
        let follow = self.plan.deref == Deref::All;
        let mut cur: Option<OwnedFd> = None;
        loop {
            if anchor.is_some() || cur.is_some() {
                while start < end && self.path[start] == b'/' {
                    start += 1;
                }
            }
            if start >= end {
                break;
            }
            let mut stop = end;
            if stop - start > PIECE {
                stop = start + PIECE;
                while stop > start + 1 && self.path[stop] != b'/' {
                    stop -= 1;
                }
            }
            let saved = self.path[stop];
            self.path[stop] = 0;
            let r = {
                let guard = anchor.map(|a| a.fd.borrow());
                let base = match (&cur, &guard) {
                    (Some(f), _) => f.as_fd(),
                    (None, Some(g)) => g.as_ref().map_or(file::cwd(), |f| f.as_fd()),
                    (None, None) => file::cwd(),
                };
                match CStr::from_bytes_with_nul(&self.path[start..=stop]) {
                    Ok(piece) => {
                        file::open_dir(base, piece, follow || stop < end || level.parent.is_none())
                    }
                    Err(_) => Err(Errno::INVAL),
                }
            };
            self.path[stop] = saved;
            cur = Some(r?);
            start = stop;
        }
        cur.ok_or(Errno::NOENT)
    }

    /// Opens the child `name_z` of `level`; true when it is a mount point.
    pub(super) fn open_child(
        &mut self,
        level: &Level,
        name_z: &[u8],
    ) -> Result<(OwnedFd, bool), Errno> {
        let c = CStr::from_bytes_with_nul(name_z).map_err(|_| Errno::INVAL)?;
        let follow = self.plan.deref == Deref::All;
        if level.fd.borrow().is_none() {
            let saved = self.path_len;
            self.path_len = level.path_end;
            let r = self.reopen(level);
            self.path_len = saved;
            let fd = r?;
            self.keep_fd(level, fd);
        }
        let g = level.fd.borrow();
        let Some(fd) = g.as_ref() else {
            return Err(Errno::BADF);
        };
        // Without openat2 (Linux before 5.6, qemu-user, seccomp filters) any child may
        // be a mount point: each one is treated as one and its identity checked by
        // fstat, as GNU checks every directory.
        if follow || !self.same_mount_open {
            return file::open_dir(fd.as_fd(), c, follow).map(|f| (f, !follow));
        }
        match file::open_dir_same_mount(fd.as_fd(), c) {
            Ok(f) => Ok((f, false)),
            // A mount point: opened normally, and its identity checked.
            Err(Errno::XDEV) => file::open_dir(fd.as_fd(), c, false).map(|f| (f, true)),
            Err(Errno::NOSYS) | Err(Errno::PERM) => {
                self.same_mount_open = false;
                file::open_dir(fd.as_fd(), c, false).map(|f| (f, true))
            }
            Err(e) => Err(e),
        }
    }
}
