//! The walk's messages, in GNU's wording with names quoted as GNU quotes them in
//! messages, and the exit status they leave (the worst one asked for).

use super::path::Path;
use crate::fmt::quote::{QUOTEAF, QUOTEF};
use crate::ls::read::Failure;
use crate::msg;
use crate::sys::Errno;

pub(super) struct Report {
    prog: &'static [u8],
    /// The exit status so far.
    pub(super) status: i32,
}

impl Report {
    pub(super) fn new(prog: &'static [u8]) -> Report {
        Report { prog, status: 0 }
    }

    fn fail(&mut self, status: i32) {
        self.status = self.status.max(status);
    }

    /// `PROG: WHAT 'NAME': ERRNO` with NAME quoted as GNU quotes file names in
    /// messages.
    pub(super) fn failed(&mut self, what: &[u8], name: &[u8], e: Errno, status: i32) {
        msg::failed(self.prog, what, name, QUOTEAF, e);
        self.fail(status);
    }

    /// `PROG: WHAT 'PATH': ERRNO` for the directory at `path`.
    pub(super) fn failed_at(&mut self, what: &[u8], path: &Path, e: Errno, status: i32) {
        self.failed(what, path.bytes(), e, status);
    }

    /// `cannot open directory PATH: ERRNO` for a subdirectory (status 1).
    #[inline(always)]
    pub(super) fn cannot_open(&mut self, path: &Path, e: Errno) {
        self.failed_at(b"cannot open directory %s", path, e, 1);
    }

    /// `reading directory PATH: ERRNO`, unless the directory was removed.
    pub(super) fn read_error(&mut self, path: &Path, e: Errno, operand: bool) {
        if e != Errno::NOENT {
            self.failed_at(
                b"reading directory %s",
                path,
                e,
                if operand { 2 } else { 1 },
            );
        }
    }

    /// `PROG: NAME: ERRNO` for a file whose extended attributes could not be
    /// listed: GNU's message, which leaves the status as it is.
    pub(super) fn xattr(&mut self, name: &[u8], e: Errno) {
        msg::failed(self.prog, b"%s", name, QUOTEF, e);
    }

    /// An entry of the directory at `path` that could not be stat'd or read.
    pub(super) fn entry(&mut self, path: &mut Path, name: &[u8], e: Errno, why: Failure) {
        let base = path.len();
        // GNU names the entries of `.` without the `./`.
        let dot = path.bytes() == b".";
        if dot || path.push_name(name).is_ok() {
            let full: &[u8] = if dot { name } else { path.bytes() };
            match why {
                Failure::Stat => msg::failed(self.prog, b"cannot access %s", full, QUOTEAF, e),
                Failure::Readlink => {
                    msg::failed(self.prog, b"cannot read symbolic link %s", full, QUOTEAF, e)
                }
                Failure::Xattr => self.xattr(full, e),
            }
        }
        path.truncate(base);
        if why != Failure::Xattr {
            self.fail(1);
        }
    }

    /// GNU's `not listing already-listed directory` for the directory at `path`.
    pub(super) fn already_listed(&mut self, path: &Path) {
        msg::error(
            self.prog,
            b"%s: not listing already-listed directory",
            &[msg::Arg::Quoted(path.bytes(), QUOTEF)],
        );
        self.fail(2);
    }
}
