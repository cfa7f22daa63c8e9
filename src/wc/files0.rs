//! `--files0-from=F`: NUL-separated names, read from F (or standard input).
//!
//! When F is a regular file of at most 10 MiB, GNU reads every name first (and
//! stats them all for the column width); otherwise it takes the names one at a
//! time as they arrive, and the width is 1. Both are done here with one growing
//! buffer in the arena. A last name without a terminating NUL still counts.

use crate::sys::arena::Arena;
use crate::sys::file;
use crate::sys::{BorrowedFd, Errno};

/// The limit for reading the whole list first.
pub const WHOLE_LIMIT: i64 = 10 << 20;

/// The first chunk of the list buffer.
const FIRST_CHUNK: usize = 64 * 1024;

/// Why the list could not be read.
pub enum ListError {
    Read(Errno),
    Memory,
}

/// A list of names being read from a descriptor.
pub struct List<'a> {
    arena: &'a Arena<'static>,
    buf: &'static mut [u8],
    start: usize,
    end: usize,
    eof: bool,
    /// Names handed out so far (GNU's record number).
    pub taken: usize,
}

impl<'a> List<'a> {
    #[inline(always)]
    pub fn new(arena: &'a Arena<'static>) -> Result<List<'a>, ListError> {
        let buf = arena
            .alloc_slice(FIRST_CHUNK, 0u8)
            .map_err(|_| ListError::Memory)?;
        Ok(List {
            arena,
            buf,
            start: 0,
            end: 0,
            eof: false,
            taken: 0,
        })
    }

    /// Reads more of the list into the buffer (growing it when full).
    fn more(&mut self, fd: BorrowedFd<'_>) -> Result<(), ListError> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buf.len() {
            let bigger = self
                .arena
                .alloc_slice(self.buf.len() * 2, 0u8)
                .map_err(|_| ListError::Memory)?;
            bigger[..self.end].copy_from_slice(&self.buf[..self.end]);
            self.buf = bigger;
        }
        match file::read(fd, &mut self.buf[self.end..]) {
            Ok(0) => self.eof = true,
            Ok(n) => self.end += n,
            Err(e) => return Err(ListError::Read(e)),
        }
        Ok(())
    }

    /// Reads the whole list (the regular-file case).
    pub fn read_all(&mut self, fd: BorrowedFd<'_>) -> Result<(), ListError> {
        while !self.eof {
            self.more(fd)?;
        }
        Ok(())
    }

    /// The names in what has been read so far, without consuming them.
    #[inline(always)]
    pub fn peek_all(&self) -> Tokens<'_> {
        Tokens {
            data: &self.buf[self.start..self.end],
        }
    }

    /// The next name, reading more as needed; None at the end of the list.
    pub fn next(&mut self, fd: BorrowedFd<'_>) -> Option<Result<&[u8], ListError>> {
        loop {
            let pending = &self.buf[self.start..self.end];
            let nul = pending.iter().position(|&c| c == 0);
            // A name ends at its NUL, or (the last one) at the end of the list.
            if nul.is_some() || (self.eof && !pending.is_empty()) {
                let (s, len) = (self.start, nul.unwrap_or(pending.len()));
                self.start = self.end.min(s + len + 1);
                self.taken += 1;
                return Some(Ok(&self.buf[s..s + len]));
            }
            if self.eof {
                return None;
            }
            if let Err(e) = self.more(fd) {
                self.eof = true;
                self.start = self.end;
                return Some(Err(e));
            }
        }
    }
}

/// The names of a fully read list.
pub struct Tokens<'d> {
    data: &'d [u8],
}

impl<'d> Iterator for Tokens<'d> {
    type Item = &'d [u8];
    fn next(&mut self) -> Option<&'d [u8]> {
        if self.data.is_empty() {
            return None;
        }
        match self.data.iter().position(|&c| c == 0) {
            Some(k) => {
                let t = &self.data[..k];
                self.data = &self.data[k + 1..];
                Some(t)
            }
            None => {
                let t = self.data;
                self.data = &[];
                Some(t)
            }
        }
    }
}

/// Whether a list on a descriptor with this stat is read whole first.
pub fn read_whole(info: Option<super::input::Info>) -> bool {
    matches!(info, Some(i) if i.regular && i.size <= WHOLE_LIMIT)
}
