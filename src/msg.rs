//! Messages on stderr as GNU's programs write them, for every applet: `PROG: ` first,
//! names quoted as gnulib's `quotef`/`quoteaf`/`quote` quote them in this locale,
//! `Try 'PROG --help'...`, and the end of a run (stdout flushed, a write error
//! reported, the exit status), errno texts included (`ErrnoText`, from
//! crate::texts). A thin layer over `sys::err::Line`'s public API. The two standard
//! streams as `fmt::Sink`s live here too (`Stdout`, and `Line`), so that `fmt` stays
//! pure.

use crate::fmt::quote::{quote, Quotes, Quoting, Style, QUOTE};
use crate::fmt::{Buf, Sink};
use crate::locale::{self, COREUTILS, LIBC};
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
            Some(text) => {
                // The C text is the msgid of libc's catalog.
                let mut msgid = Buf::new();
                text.put(&mut |b| msgid.put(b));
                say(self, LIBC, &msgid, &[]);
            }
            None => {
                say(self, LIBC, texts::errno::UNKNOWN, &[]);
                self.push_int(i64::from(n));
            }
        }
        self
    }
}

/// An argument of a message's format, put in where its conversion stands.
#[derive(Clone, Copy)]
pub enum Arg<'a> {
    /// Bytes as they are (`%s`, `%c`).
    Bytes(&'a [u8]),
    /// Text quoted as gnulib's `quotef`, `quoteaf` or `quote` quote it (`%s`:
    /// fmt::quote's QUOTEF, QUOTEAF, QUOTE).
    Quoted(&'a [u8], Style),
}

/// Appends the message whose C text is `msgid`, translated when the catalog of
/// `domain` (locale::COREUTILS, LIBC) has it, with `args` put in for the format's
/// conversions (`%s`, `%c`, in order or as `%N$s`), as printf would for GNU.
#[inline(never)]
pub fn say(l: &mut Line, domain: usize, msgid: &[u8], args: &[Arg]) {
    let text = locale::translate(domain, msgid).unwrap_or(msgid);
    let mut next = 0usize;
    // After a `%%`, the next piece is text only.
    let mut plain = true;
    for piece in text.split(|&c| c == b'%') {
        let mut end = 0;
        if !plain {
            if piece.is_empty() {
                l.push(b"%");
                plain = true;
                continue;
            }
            // The conversion: `N$`, flags and length modifiers, its letter.
            let mut k = next;
            let mut n = 0usize;
            for &c in piece {
                end += 1;
                match c {
                    b'0'..=b'9' => n = n.wrapping_mul(10).wrapping_add(usize::from(c - b'0')),
                    b'$' => k = n.wrapping_sub(1),
                    b's' | b'c' | b'd' | b'u' | b'i' => break,
                    _ => {}
                }
            }
            match args.get(k) {
                Some(Arg::Bytes(b)) => {
                    l.push(b);
                }
                Some(&Arg::Quoted(b, how)) => quoted(l, b, how),
                None => {}
            }
            next = k.wrapping_add(1);
        }
        plain = false;
        // (A msgid is ASCII: the same in every codeset.)
        locale::put_text(piece.get(end..).unwrap_or(b""), l);
    }
}

/// The text of `msgid` (coreutils' catalog) in the output codeset, cut at the
/// buffer's size: a word used as a name (`standard input`, `total`).
pub fn translated(msgid: &[u8]) -> Buf {
    let mut b = Buf::new();
    word(&mut b, msgid);
    b
}

/// Appends the text of `msgid` alone (a word of coreutils' catalog).
pub fn word(l: &mut dyn crate::fmt::Sink, msgid: &[u8]) {
    locale::put_text(locale::translate(COREUTILS, msgid).unwrap_or(msgid), l);
}

/// Starts a message: `PROG: `.
pub fn start(prog: &[u8]) -> Line {
    let mut l = Line::new();
    l.push(prog).push(b": ");
    l
}

/// Appends `name` quoted as gnulib's `how` (`QUOTEAF`, `QUOTEF`, `QUOTE`) quotes
/// it in this locale.
pub fn quoted(l: &mut Line, name: &[u8], how: Style) {
    let mut q = Quoting::gnulib(how, locale::ctype_utf8());
    q.quotes = quotes_for(q.style);
    q.high = locale::byte_classes();
    quote(&q, name, l);
}

/// The message catalog's quotes for the locale and clocale styles (none for the
/// others).
pub fn quotes_for(style: Style) -> Quotes {
    if matches!(style, Style::Locale | Style::Clocale) {
        locale::quotes()
    } else {
        [None; 2]
    }
}

/// Appends `text` in the locale's quotation marks (gnulib's `quote`: ‘…’ in a
/// UTF-8 locale, '…' otherwise, with C escapes inside), as option values are
/// shown in messages.
pub fn locale_quoted(l: &mut Line, text: &[u8]) {
    quoted(l, text, QUOTE);
}

/// `PROG: MSGID: ERRNO`, the `%s` of MSGID the name quoted as `how` says.
pub fn failed(prog: &[u8], msgid: &[u8], name: &[u8], how: Style, e: Errno) {
    report(prog, msgid, &[Arg::Quoted(name, how)], Some(e));
}

/// `PROG: MSGID` and a newline: a message of coreutils' catalog, with `args`.
pub fn error(prog: &[u8], msgid: &[u8], args: &[Arg]) {
    report(prog, msgid, args, None);
}

/// `PROG: MSGID` (coreutils' catalog, with `args`), then `: ` and the text of `e`
/// when given, and a newline.
#[inline(never)]
pub fn report(prog: &[u8], msgid: &[u8], args: &[Arg], e: Option<Errno>) {
    let mut l = start(prog);
    say(&mut l, COREUTILS, msgid, args);
    if let Some(e) = e {
        l.push(b": ").errno(e);
    }
    l.push(b"\n").send();
}

/// Prints `Try 'PROG --help' for more information.`
pub fn try_help(prog: &[u8]) {
    let mut l = Line::new();
    say(
        &mut l,
        COREUTILS,
        b"Try '%s --help' for more information.\n",
        &[Arg::Bytes(prog)],
    );
    l.send();
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
        return closed(prog, status, failure, pending);
    };
    let mut l = start(prog);
    say(&mut l, COREUTILS, b"write error", &[]);
    let text = match how {
        WriteError::Errno => Some(e),
        WriteError::Stdio if pending => Some(e),
        WriteError::Close | WriteError::Stdio => out::close().err(),
    };
    if let Some(e) = text {
        l.push(b": ").errno(e);
    }
    l.push(b"\n").send();
    failure
}

/// The end of a run whose writes all succeeded, as close_stdout's: stdout is
/// closed, and a file system that reports a failed write only then (NFS, a
/// quota) gets `PROG: write error: TEXT` and `failure` (EBADF too when bytes were
/// pending, as glibc's fclose); then stderr, whose failed close is `failure`
/// alone. Each only after output went to it: a stream never written has nothing
/// to lose (and the run one close less).
fn closed(prog: &[u8], status: i32, failure: i32, pending: bool) -> i32 {
    let mut status = if err::failed() { failure } else { status };
    if out::wrote() {
        if let Err(e) = out::close() {
            if pending || e != Errno::BADF {
                report(prog, b"write error", &[], Some(e));
                status = failure;
            }
        }
    }
    if err::wrote() && out::close_stderr().is_err_and(|e| e != Errno::BADF) {
        status = failure;
    }
    status
}
