//! The walker's descriptors alone: keeping them by depth, going back to a parent,
//! the limit and what is closed when it is reached, reopening by path in pieces.

use super::{open_in_pieces, Fds};
use crate::ls::walk::{OPEN_LIMIT, PIECE};
use crate::sys::{file, AsFd, BorrowedFd, Errno, OwnedFd};
use rustix::fd::AsRawFd;
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// A fresh directory for one test, removed when dropped (a failing test too).
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

fn scratch(name: &str) -> Scratch {
    let p = std::env::temp_dir().join(format!("bareutils-fds-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    std::fs::create_dir_all(&p).unwrap();
    Scratch(p)
}

/// A chain of `n` directories under `root`, each named `name`: their paths.
fn chain(root: &Path, name: &str, n: usize) -> Vec<PathBuf> {
    // One directory at a time from the one before (paths may pass PATH_MAX).
    let mut fd = open(root);
    let c = CString::new(name).unwrap();
    for _ in 0..n {
        rustix::fs::mkdirat(fd.as_fd(), c.as_c_str(), rustix::fs::Mode::RWXU).unwrap();
        fd = file::open_dir(fd.as_fd(), &c, false).unwrap();
    }
    let mut at = root.to_path_buf();
    (0..n)
        .map(|_| {
            at.push(name);
            at.clone()
        })
        .collect()
}

fn open(p: &Path) -> OwnedFd {
    let c = CString::new(p.as_os_str().as_bytes()).unwrap();
    file::open_dir(file::cwd(), &c, true).unwrap()
}

/// The inode a descriptor is open on.
fn ino(fd: BorrowedFd<'_>) -> u64 {
    #[allow(clippy::unnecessary_cast)]
    let i = file::fstat(fd).unwrap().st_ino as u64;
    i
}

/// The inode at `p`, reached one component at a time (`p` may pass PATH_MAX).
fn ino_of(p: &Path) -> u64 {
    if p.as_os_str().len() < 4000 {
        return std::fs::metadata(p).unwrap().ino();
    }
    let mut fd = open(Path::new("/"));
    for c in p.iter().skip(1) {
        let c = CString::new(c.as_bytes()).unwrap();
        fd = file::open_dir(fd.as_fd(), &c, false).unwrap();
    }
    ino(fd.as_fd())
}

/// What descriptor number `n` of this process is open on, if anything.
fn target(n: i32) -> Option<PathBuf> {
    std::fs::read_link(format!("/proc/self/fd/{n}")).ok()
}

fn raw(fd: &OwnedFd) -> i32 {
    fd.as_raw_fd()
}

/// Descending keeps one descriptor per level; each is found by its depth, and
/// the anchor of a level is the deepest kept level above it.
#[test]
fn descending_keeps_each_level() {
    let root = scratch("descend");
    let dirs = chain(&root, "d", 4);
    let mut fds = Fds::new();
    for (depth, d) in dirs.iter().enumerate() {
        fds.keep(depth, open(d));
    }
    assert_eq!(fds.len(), 4);
    for (depth, d) in dirs.iter().enumerate() {
        assert_eq!(ino(fds.get(depth).unwrap()), ino_of(d), "depth {depth}");
    }
    assert!(fds.get(4).is_none());
    let (d, fd) = fds.anchor(4).unwrap();
    assert_eq!((d, ino(fd)), (3, ino_of(&dirs[3])));
    let (d, fd) = fds.anchor(2).unwrap();
    assert_eq!((d, ino(fd)), (1, ino_of(&dirs[1])));
    assert!(fds.anchor(0).is_none());
}

/// Going back to the parent closes the child's descriptor only: the parent's is
/// found again, and closing a level that holds none (or is not the deepest)
/// changes nothing.
#[test]
fn returning_to_the_parent() {
    let root = scratch("return");
    let dirs = chain(&root, "d", 3);
    let mut fds = Fds::new();
    for (depth, d) in dirs.iter().enumerate() {
        fds.keep(depth, open(d));
    }
    let n2 = fds.get(2).unwrap().as_raw_fd();
    fds.close(2);
    assert_eq!(fds.len(), 2);
    assert!(fds.get(2).is_none());
    assert_ne!(target(n2).as_deref(), Some(dirs[2].as_path()), "not closed");
    assert_eq!(ino(fds.anchor(2).unwrap().1), ino_of(&dirs[1]));
    // Not the deepest kept: nothing happens.
    fds.close(0);
    fds.close(7);
    assert_eq!(fds.len(), 2);
    assert_eq!(ino(fds.get(0).unwrap()), ino_of(&dirs[0]));
    fds.close(1);
    fds.close(0);
    assert_eq!(fds.len(), 0);
    assert!(fds.anchor(5).is_none());
}

/// At the limit, keeping one more closes the shallowest: never more than
/// OPEN_LIMIT descriptors are held, the deepest are kept, and the closed ones
/// are really closed. `clear` closes all.
#[test]
fn the_limit_closes_the_shallowest() {
    let root = scratch("limit");
    let over = 3;
    let dirs = chain(&root, "d", OPEN_LIMIT + over);
    let mut fds = Fds::new();
    let mut numbers = Vec::new();
    for (depth, d) in dirs.iter().enumerate() {
        let fd = open(d);
        numbers.push(raw(&fd));
        fds.keep(depth, fd);
        assert!(fds.len() <= OPEN_LIMIT);
    }
    assert_eq!(fds.len(), OPEN_LIMIT);
    for depth in 0..over {
        assert!(fds.get(depth).is_none(), "depth {depth} still kept");
        assert_ne!(
            target(numbers[depth]).as_deref(),
            Some(dirs[depth].as_path())
        );
    }
    for depth in over..dirs.len() {
        assert_eq!(ino(fds.get(depth).unwrap()), ino_of(&dirs[depth]));
        assert_eq!(
            target(numbers[depth]).as_deref(),
            Some(dirs[depth].as_path())
        );
    }
    // A level below the closed ones has no anchor: it is reopened from the
    // working directory.
    assert!(fds.anchor(over).is_none());
    assert_eq!(fds.anchor(over + 1).unwrap().0, over);
    fds.clear();
    assert_eq!(fds.len(), 0);
    for (n, d) in numbers.iter().zip(&dirs) {
        assert_ne!(target(*n).as_deref(), Some(d.as_path()));
    }
}

/// A path longer than PATH_MAX opens in pieces, from the working directory (an
/// absolute path) or from an anchor (the rest of the path after it, with its
/// leading slash); the path's bytes are left as they were.
#[test]
fn reopening_by_path_in_pieces() {
    let root = scratch("pieces");
    let name = "n".repeat(200);
    let dirs = chain(&root, &name, 45);
    let deepest = dirs.last().unwrap();
    let mut path = deepest.as_os_str().as_bytes().to_vec();
    assert!(path.len() > 4096 && path.len() > 2 * PIECE);
    path.push(0);
    let end = path.len() - 1;
    let before = path.clone();
    let fd = open_in_pieces(None, &mut path, 0, end, false).unwrap();
    assert_eq!(ino(fd.as_fd()), ino_of(deepest));
    assert_eq!(path, before);
    // From level 3: the rest starts with its slash.
    let anchor = open(&dirs[3]);
    let start = dirs[3].as_os_str().len();
    assert_eq!(path[start], b'/');
    let fd = open_in_pieces(Some(anchor.as_fd()), &mut path, start, end, false).unwrap();
    assert_eq!(ino(fd.as_fd()), ino_of(deepest));
    assert_eq!(path, before);
    // Nothing left to open, or a missing piece: errors.
    let r = open_in_pieces(Some(anchor.as_fd()), &mut path, end, end, false);
    assert_eq!(r.err(), Some(Errno::NOENT));
    let mut missing = root.join("nothing/here").as_os_str().as_bytes().to_vec();
    let n = missing.len();
    missing.push(0);
    assert_eq!(
        open_in_pieces(None, &mut missing, 0, n, true).err(),
        Some(Errno::NOENT)
    );
}

/// Symbolic links: followed in the pieces before the last; in the last only when
/// asked (-L, or an operand); a link refused is ENOTDIR (O_DIRECTORY).
#[test]
fn reopening_follows_links_but_the_last_as_asked() {
    let root = scratch("links");
    let dirs = chain(&root, "d", 2);
    std::os::unix::fs::symlink("d", root.join("l")).unwrap();
    std::os::unix::fs::symlink("d", dirs[0].join("m")).unwrap();
    let through = root.join("l/d");
    let mut p = through.as_os_str().as_bytes().to_vec();
    let n = p.len();
    p.push(0);
    let fd = open_in_pieces(None, &mut p, 0, n, false).unwrap();
    assert_eq!(ino(fd.as_fd()), ino_of(&dirs[1]));
    let last = root.join("d/m");
    let mut p = last.as_os_str().as_bytes().to_vec();
    let n = p.len();
    p.push(0);
    assert_eq!(
        open_in_pieces(None, &mut p, 0, n, false).err(),
        Some(Errno::NOTDIR)
    );
    let fd = open_in_pieces(None, &mut p, 0, n, true).unwrap();
    assert_eq!(ino(fd.as_fd()), ino_of(&dirs[1]));
}
