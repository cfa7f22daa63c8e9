//! Messages on stderr as GNU's programs write them, for every applet: `PROG: ` first,
//! names quoted as gnulib's `quotef`/`quoteaf`/`quote` quote them in this locale,
//! `Try 'PROG --help'...`, and the end of a run (stdout flushed, a write error
//! reported, the exit status), errno texts included (`ErrnoText`, from
//! crate::texts). A thin layer over `sys::err::Line`'s public API. The two standard
//! streams as `fmt::Sink`s live here too (`Stdout`, and `Line`), so that `fmt` stays
//! pure.

use crate::fmt::quote::{quote, Quoting};
use crate::fmt::Sink;
use crate::sys::err::{self, Line};
use crate::sys::{out, Errno};
use crate::texts;

/// Standard output as a sink (`sys::out`'s buffer).
pub struct Stdout;

impl Sink for Stdout {
    fn put(&mut self, bytes: &[u8]) {
        out::bytes(bytes);
    }
    fn put_byte(&mut self, b: u8) {
        out::byte(b);
    }
}

/// A stderr message as a sink.
impl Sink for Line {
    fn put(&mut self, bytes: &[u8]) {
        self.push(bytes);
    }
}

/// A message's errno text: `sys::err::Line` holds and writes the bytes, and knows
/// no texts (they are crate::texts's, and `sys` names nothing above it).
pub trait ErrnoText {
    /// Appends glibc's text for `e`.
    fn errno(&mut self, e: Errno) -> &mut Self;
}

impl ErrnoText for Line {
    fn errno(&mut self, e: Errno) -> &mut Line {
        let n = e.raw_os_error();
        match texts::errno::text(n) {
            Some(text) => text.put(&mut |b| {
                self.push(b);
            }),
            None => {
                self.push(texts::errno::UNKNOWN).push_int(i64::from(n));
            }
        }
        self
    }
}

/// Starts a message: `PROG: `.
pub fn start(prog: &[u8]) -> Line {
    let mut l = Line::new();
    l.push(prog).push(b": ");
    l
}

/// Appends `name` quoted as gnulib's `how` (`Quoting::quoteaf`, `Quoting::quotef`,
/// `Quoting::quote`) quotes it in this locale.
pub fn quoted(l: &mut Line, name: &[u8], how: fn(bool) -> Quoting) {
    quote(&how(crate::locale::ctype_utf8()), name, l);
}

/// Appends `text` in the locale's quotation marks (gnulib's `quote`: ‘…’ in a
/// UTF-8 locale, '…' otherwise, with C escapes inside), as option values are
/// shown in messages.
pub fn locale_quoted(l: &mut Line, text: &[u8]) {
    quoted(l, text, Quoting::quote);
}

/// `PROG: WHAT NAME: ERRNO`, NAME quoted as `how` says.
pub fn failed(prog: &[u8], what: &[u8], name: &[u8], how: fn(bool) -> Quoting, e: Errno) {
    let mut l = start(prog);
    l.push(what);
    quoted(&mut l, name, how);
    l.push(b": ").errno(e).push(b"\n").send();
}

/// Prints `Try 'PROG --help' for more information.`
pub fn try_help(prog: &[u8]) {
    let mut l = Line::new();
    l.push(b"Try '")
        .push(prog)
        .push(b" --help' for more information.\n")
        .send();
}

/// How an applet reports a failed write to stdout at the end of its run.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum WriteError {
    /// `PROG: write error: TEXT` (the front end).
    Errno,
    /// As a fully buffered stdio stream (ls): a failed write empties glibc's
    /// buffer, so close_stdout's fclose sees an error with nothing to write and
    /// says the bare `PROG: write error` unless bytes came after the failure (its
    /// write fails again: `: TEXT`) or closing fd 1 fails.
    Stdio,
    /// `PROG: write error`, and `: TEXT` only when closing fd 1 fails too (wc: its
    /// stdout is line-buffered, so gnulib's close_stdout sees only the close).
    Close,
}

/// Ends a run as GNU's close_stdout does at exit: flushes stdout and returns
/// `status`; after a write error, the message `how` says and `failure`; `failure`
/// too when a message could not be written (stderr closed or full).
pub fn finish(prog: &[u8], status: i32, failure: i32, how: WriteError) -> i32 {
    let pending = out::pending();
    out::flush();
    let Some(e) = out::error() else {
        return if err::failed() { failure } else { status };
    };
    let mut l = start(prog);
    l.push(b"write error");
    match how {
        WriteError::Errno => {
            l.push(b": ").errno(e);
        }
        WriteError::Stdio if pending => {
            l.push(b": ").errno(e);
        }
        WriteError::Close | WriteError::Stdio => {
            if let Err(e) = out::close() {
                l.push(b": ").errno(e);
            }
        }
    }
    l.push(b"\n").send();
    failure
}
