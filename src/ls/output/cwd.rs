//! The working directory's absolute path, as glibc's getcwd finds it for GNU's
//! canonicalize (`--hyperlink`): the getcwd syscall, and where the kernel cannot
//! answer (a path longer than a page, a directory outside the root, no raw
//! syscalls on this architecture) a walk up through `..`, finding each directory
//! by its inode among its parent's entries. A removed working directory is ENOENT
//! either way (the kernel says so; its `..` is gone).

use crate::sys::stat::stat_at;
use crate::sys::{dir, file, AsFd, Errno, OwnedFd};
use core::mem::MaybeUninit;

/// Writes the path into `buf` (from its start; `/` is empty) and returns its length.
pub fn working_dir(buf: &mut [u8]) -> Result<usize, Errno> {
    match file::getcwd(buf) {
        Ok(p) if p.first() == Some(&b'/') => return Ok(if p == b"/" { 0 } else { p.len() }),
        Ok(_) | Err(Errno::NAMETOOLONG) | Err(Errno::NOSYS) => {}
        Err(e) => return Err(e),
    }
    walk_up(buf)
}

/// (st_dev, st_ino).
type Id = (u64, u64);

#[allow(clippy::unnecessary_cast)] // u32 fields on some targets
fn id(st: &crate::sys::stat::Stat) -> Id {
    (st.st_dev as u64, st.st_ino as u64)
}

/// Builds the path from the end of `buf`, one `/name` per level, then moves it to
/// the start.
fn walk_up(buf: &mut [u8]) -> Result<usize, Errno> {
    let root = id(&stat_at(file::cwd(), c"/", true)?);
    let mut here: OwnedFd = file::open_dir(file::cwd(), c".", true)?;
    let mut cur = id(&file::fstat(here.as_fd())?);
    let mut dirent = [MaybeUninit::<u8>::uninit(); 4096];
    let mut start = buf.len();
    while cur != root {
        let up = file::open_dir(here.as_fd(), c"..", true)?;
        let parent = id(&file::fstat(up.as_fd())?);
        if parent == cur {
            // The top of a tree that does not reach `/` (outside a chroot).
            break;
        }
        let mount = parent.0 != cur.0;
        let mut found = false;
        let mut d = dir::entries(up.as_fd(), &mut dirent);
        while let Some(r) = d.next() {
            let e = match r {
                Ok(e) => e,
                Err(Errno::INTR) => continue,
                Err(e) => return Err(e),
            };
            let name = e.file_name();
            let bytes = name.to_bytes();
            if bytes == b"." || bytes == b".." || (!mount && e.ino() != cur.1) {
                continue;
            }
            match stat_at(up.as_fd(), name, false) {
                Ok(st) if id(&st) == cur => {}
                _ => continue,
            }
            if bytes.len() + 1 > start {
                return Err(Errno::NAMETOOLONG);
            }
            start -= bytes.len();
            buf[start..start + bytes.len()].copy_from_slice(bytes);
            start -= 1;
            buf[start] = b'/';
            found = true;
            break;
        }
        if !found {
            return Err(Errno::NOENT);
        }
        here = up;
        cur = parent;
    }
    let len = buf.len() - start;
    buf.copy_within(start.., 0);
    Ok(len)
}
