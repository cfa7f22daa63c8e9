//! Files: the standard descriptors, open, read, fstat, lseek, fadvise, splice.

use super::{retry, BorrowedFd, Errno, OwnedFd};
use core::ffi::CStr;
use rustix::fs::{Mode, OFlags};

pub use rustix::fs::{Advice, Stat};

/// File descriptor 0. It may be closed, or (in ls, see open_dir) a directory.
pub fn stdin() -> BorrowedFd<'static> {
    // SAFETY: fd 0 is closed only by close_stdin, as wc exits, after which
    // nothing borrows it. If the parent left it closed, the number can be taken
    // only by a directory (open_dir, open_dir_same_mount): every file opened for
    // reading or writing is moved above 2 (above_stdio). So the borrowed number
    // is closed (calls fail with EBADF) or one of our read-only directories, on
    // which read fails with EISDIR and write with EBADF: no byte is read from or
    // written into a file that is not stdin. Only wc reads fd 0, and wc opens no
    // directory.
    unsafe { rustix::stdio::stdin() }
}

/// File descriptor 1. It may be closed, or (in ls) a directory: see stdin.
pub fn stdout() -> BorrowedFd<'static> {
    // SAFETY: as for stdin: closed, or one of ls's read-only directories (opened
    // only after the options, so the terminal's width and isatty are asked of
    // the parent's fd 1 or of nothing), where write fails with EBADF as on a
    // closed descriptor, the error GNU reports there too. fd 1 is closed only by
    // out::close (and fd 2 by out::close_stderr), after which the process writes
    // nothing more to it and exits.
    unsafe { rustix::stdio::stdout() }
}

/// File descriptor 2. It may be closed, or (in ls) a directory: see stdin.
pub fn stderr() -> BorrowedFd<'static> {
    // SAFETY: as for stdout: a message written to a directory taking the number
    // fails with EBADF and is lost, as it is with GNU (its opendir takes the
    // number too) and as it is when fd 2 stays closed.
    unsafe { rustix::stdio::stderr() }
}

/// Whether descriptors 0, 1 and 2 are all open (three fcntl calls).
pub fn standard_open() -> bool {
    [stdin(), stdout(), stderr()]
        .into_iter()
        .all(|fd| rustix::io::fcntl_getfd(fd).is_ok())
}

/// The soft limit on open descriptors (RLIMIT_NOFILE; None: unlimited).
pub fn open_limit() -> Option<u64> {
    rustix::process::getrlimit(rustix::process::Resource::Nofile).current
}

/// The current working directory, for `*at` calls.
pub fn cwd() -> BorrowedFd<'static> {
    rustix::fs::CWD
}

/// Every file this program opens for reading or writing goes through here: one that the kernel gave
/// as 0, 1 or 2 (because the parent closed that standard descriptor) is moved to 3
/// or above with F_DUPFD_CLOEXEC and the low one closed, as gnulib's *-safer
/// functions do. A closed standard descriptor so stays closed: `-` read from fd 0
/// gets EBADF rather than a file of ours, output and messages never go into one.
/// The usual case (3 or more) costs a comparison and no syscall.
#[inline]
fn above_stdio(fd: OwnedFd) -> Result<OwnedFd, Errno> {
    use rustix::fd::AsRawFd;
    if fd.as_raw_fd() > 2 {
        return Ok(fd);
    }
    // `fd` is closed when dropped, after the copy took the lowest free one >= 3.
    rustix::io::fcntl_dupfd_cloexec(&fd, 3)
}

/// openat(2) with `flags`, retried on EINTR, never returning fd 0, 1 or 2.
fn open_at(dir: BorrowedFd<'_>, path: &CStr, flags: OFlags) -> Result<OwnedFd, Errno> {
    retry(|| rustix::fs::openat(dir, path, flags, Mode::empty())).and_then(above_stdio)
}

/// Opens `path` (relative to `dir`) for reading, close-on-exec.
pub fn open_read(dir: BorrowedFd<'_>, path: &CStr) -> Result<OwnedFd, Errno> {
    open_at(dir, path, OFlags::RDONLY | OFlags::CLOEXEC | OFlags::NOCTTY)
}

/// Opens the directory `path` relative to `dir` (O_DIRECTORY, no symlink follow
/// unless `follow`). Unlike files, directories take the lowest free descriptor, 0, 1
/// or 2 included, as GNU ls's opendir does: `ls /dev/fd/ 2>&-` lists the directory's
/// own descriptor as 2 there. Nothing can be written into a directory descriptor,
/// so output or a message sent to a closed standard one still fails with EBADF.
pub fn open_dir(dir: BorrowedFd<'_>, path: &CStr, follow: bool) -> Result<OwnedFd, Errno> {
    let mut flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC | OFlags::NONBLOCK;
    if !follow {
        flags |= OFlags::NOFOLLOW;
    }
    retry(|| rustix::fs::openat(dir, path, flags, Mode::empty()))
}

/// Opens the directory `name` relative to `dir` without following a symlink and
/// without crossing into another mount (openat2 with RESOLVE_NO_XDEV): EXDEV says
/// `name` is a mount point, ENOSYS that the kernel has no openat2 (before 5.6).
pub fn open_dir_same_mount(dir: BorrowedFd<'_>, name: &CStr) -> Result<OwnedFd, Errno> {
    use rustix::fs::ResolveFlags;
    let flags =
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC | OFlags::NONBLOCK | OFlags::NOFOLLOW;
    retry(|| rustix::fs::openat2(dir, name, flags, Mode::empty(), ResolveFlags::NO_XDEV))
}

/// Reads into `buf`, retrying EINTR. Returns 0 at end of file.
pub fn read(fd: BorrowedFd<'_>, buf: &mut [u8]) -> Result<usize, Errno> {
    retry(|| rustix::io::read(fd, &mut *buf))
}

/// close(2) of a descriptor this process opened, with its result (a FUSE server
/// can fail an input's flush). Linux releases the descriptor whatever close
/// returns, EINTR included, so it is never retried.
pub fn close(fd: OwnedFd) -> Result<(), Errno> {
    use rustix::fd::IntoRawFd;
    let raw = fd.into_raw_fd();
    // SAFETY: `raw` was owned by the OwnedFd just given up: nothing else owns or
    // uses it, and it is closed exactly once, here.
    unsafe { rustix::io::try_close(raw) }
}

/// close(2) of fd 0, at exit, after standard input was counted: whether it was
/// open at all (a read fails with EBADF on a descriptor open only for writing too).
pub fn close_stdin() -> Result<(), Errno> {
    // SAFETY: fd 0 is not used again by this process (the caller exits next);
    // closing a descriptor that is not open only fails with EBADF.
    unsafe { rustix::io::try_close(0) }
}

/// fstat(2).
pub fn fstat(fd: BorrowedFd<'_>) -> Result<Stat, Errno> {
    rustix::fs::fstat(fd)
}

/// The current offset (lseek(fd, 0, SEEK_CUR)).
pub fn tell(fd: BorrowedFd<'_>) -> Result<u64, Errno> {
    rustix::fs::tell(fd)
}

/// lseek(fd, off, SEEK_SET).
pub fn seek_to(fd: BorrowedFd<'_>, off: u64) -> Result<u64, Errno> {
    rustix::fs::seek(fd, rustix::fs::SeekFrom::Start(off))
}

/// lseek(fd, off, SEEK_CUR): moves the offset forward by `off`.
pub fn seek_forward(fd: BorrowedFd<'_>, off: u64) -> Result<u64, Errno> {
    rustix::fs::seek(fd, rustix::fs::SeekFrom::Current(off as i64))
}

/// Opens `path` write-only, close-on-exec (wc's splice sink, /dev/null).
pub fn open_write(path: &CStr) -> Result<OwnedFd, Errno> {
    open_at(
        cwd(),
        path,
        OFlags::WRONLY | OFlags::CLOEXEC | OFlags::NOCTTY,
    )
}

/// The size of a memory page (from the auxiliary vector: no syscall).
pub fn page_size() -> usize {
    rustix::param::page_size()
}

/// posix_fadvise over the whole file; failures (pipes) are of no consequence.
pub fn advise(fd: BorrowedFd<'_>, advice: Advice) {
    let _ = rustix::fs::fadvise(fd, 0, None, advice);
}

/// splice(2) up to `len` bytes from `from` to `to` (one end must be a pipe).
pub fn splice(from: BorrowedFd<'_>, to: BorrowedFd<'_>, len: usize) -> Result<usize, Errno> {
    retry(|| rustix::pipe::splice(from, None, to, None, len, rustix::pipe::SpliceFlags::MOVE))
}

/// F_SETPIPE_SZ; returns the size the kernel granted.
pub fn set_pipe_size(fd: BorrowedFd<'_>, size: usize) -> Result<usize, Errno> {
    rustix::pipe::fcntl_setpipe_size(fd, size)
}

/// linkat(AT_FDCWD, from, dir, name): a hard link, never replacing an existing name.
pub fn hard_link(from: &CStr, dir: BorrowedFd<'_>, name: &CStr) -> Result<(), Errno> {
    rustix::fs::linkat(cwd(), from, dir, name, rustix::fs::AtFlags::empty())
}

/// symlinkat(target, dir, name), never replacing an existing name.
pub fn symlink(target: &CStr, dir: BorrowedFd<'_>, name: &CStr) -> Result<(), Errno> {
    rustix::fs::symlinkat(target, dir, name)
}

/// The path this process was executed by (AT_EXECFN from the auxiliary vector: no
/// syscall, and no /proc needed).
pub fn exec_path() -> &'static CStr {
    rustix::param::linux_execfn()
}

/// The absolute path of the running executable from /proc/self/exe, into `buf`.
pub fn self_exe(buf: &mut [u8]) -> Result<&[u8], Errno> {
    super::stat::readlink_at(cwd(), c"/proc/self/exe", buf)
}

/// getcwd(2) into `buf`: the working directory's path (without the NUL). ENOENT when
/// the directory was removed, ENAMETOOLONG past a page, a path not starting with `/`
/// when it lies outside this process's root; ENOSYS on architectures without our
/// raw syscalls (the caller walks up through `..` instead).
pub fn getcwd(buf: &mut [u8]) -> Result<&[u8], Errno> {
    // The length counts the terminating NUL.
    let n = super::arch::getcwd(buf)?;
    Ok(&buf[..n.saturating_sub(1).min(buf.len())])
}

/// Whether `fd` is on the proc file system (fstatfs).
pub fn on_procfs(fd: BorrowedFd<'_>) -> bool {
    // f_type and the constant have other types on other targets.
    #[allow(clippy::unnecessary_cast)]
    let procfs = |s: rustix::fs::StatFs| s.f_type as i64 == rustix::fs::PROC_SUPER_MAGIC as i64;
    rustix::fs::fstatfs(fd).is_ok_and(procfs)
}
