//! Standard output through one fixed 64 KiB buffer.
//!
//! Bytes are appended to the buffer; write(2) is called only when it is full, when
//! an applet asks (`flush`, e.g. before a message goes to stderr or at the end of a
//! directory on a terminal), and at exit. EINTR and short writes are retried. The
//! first write error is kept: later output is dropped and the applet reports the
//! error the GNU way at exit (see `error`).

use super::{BorrowedFd, Errno};
use core::cell::UnsafeCell;

/// The stdout buffer's size: one write(2) per 64 KiB of output.
pub const BUF_SIZE: usize = 64 * 1024;

struct State {
    len: usize,
    /// Bytes handed to write(2) so far (for `position`).
    written: u64,
    /// Bytes appended with `escapes`, which `position` does not count.
    escapes: u64,
    error: Option<Errno>,
    buf: [u8; BUF_SIZE],
}

struct Global(UnsafeCell<State>);
// SAFETY: the process is single-threaded; only this module touches the state, and no
// function here hands out a reference that outlives its call.
unsafe impl Sync for Global {}

static OUT: Global = Global(UnsafeCell::new(State { len: 0, written: 0, escapes: 0, error: None, buf: [0; BUF_SIZE] }));

fn state() -> &'static mut State {
    // SAFETY: single-threaded; every caller below uses the reference only within its
    // own body and never calls back into a function that takes it again.
    unsafe { &mut *OUT.0.get() }
}

/// Writes all of `data` to `fd`, retrying EINTR and short writes.
pub fn write_fd(fd: BorrowedFd<'_>, mut data: &[u8]) -> Result<(), Errno> {
    while !data.is_empty() {
        match rustix::io::write(fd, data) {
            Ok(0) => return Err(Errno::NOSPC),
            Ok(n) => data = &data[n..],
            Err(Errno::INTR) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

fn emit(s: &mut State, data: &[u8]) {
    s.written += data.len() as u64;
    if s.error.is_some() {
        return;
    }
    if let Err(e) = write_fd(super::file::stdout(), data) {
        s.error = Some(e);
    }
}

/// Appends `data` to standard output.
#[inline]
pub fn bytes(data: &[u8]) {
    let s = state();
    if data.len() <= BUF_SIZE - s.len {
        super::mem::copy_bytes(&mut s.buf[s.len..s.len + data.len()], data);
        s.len += data.len();
    } else {
        bytes_slow(s, data);
    }
}

#[inline(never)]
fn bytes_slow(s: &mut State, mut data: &[u8]) {
    let room = BUF_SIZE - s.len;
    s.buf[s.len..].copy_from_slice(&data[..room]);
    s.len = BUF_SIZE;
    data = &data[room..];
    flush_state(s);
    while data.len() >= BUF_SIZE {
        emit(s, &data[..BUF_SIZE]);
        data = &data[BUF_SIZE..];
    }
    s.buf[..data.len()].copy_from_slice(data);
    s.len = data.len();
}

/// Appends one byte.
#[inline]
pub fn byte(c: u8) {
    let s = state();
    if s.len == BUF_SIZE {
        flush_state(s);
    }
    s.buf[s.len] = c;
    s.len += 1;
}

/// Appends `n` copies of `c` (padding).
pub fn repeat(c: u8, mut n: usize) {
    let chunk = [c; 64];
    while n > 0 {
        let k = n.min(chunk.len());
        bytes(&chunk[..k]);
        n -= k;
    }
}

/// Appends an unsigned decimal integer.
pub fn uint(v: u64) {
    let mut tmp = [0u8; 20];
    bytes(crate::fmt::num::u64_dec(v, &mut tmp));
}

fn flush_state(s: &mut State) {
    let n = s.len;
    s.len = 0;
    s.written += n as u64;
    if n > 0 {
        // Split borrow: the buffer's bytes are copied out of `s` by reference.
        let State { buf, error, .. } = s;
        if error.is_none() {
            if let Err(e) = write_fd(super::file::stdout(), &buf[..n]) {
                *error = Some(e);
            }
        }
    }
}

/// The number of bytes appended to standard output so far, not counting those
/// appended with `escapes` (ls --dired offsets, which GNU counts without colors).
pub fn position() -> u64 {
    let s = state();
    s.written + s.len as u64 - s.escapes
}

/// Appends terminal escape sequences (colors): like `bytes`, but not counted by
/// `position`.
pub fn escapes(data: &[u8]) {
    bytes(data);
    state().escapes += data.len() as u64;
}

/// Writes out what is buffered.
pub fn flush() {
    flush_state(state());
}

/// Bytes waiting in the buffer.
pub fn pending() -> usize {
    state().len
}

/// The first write error seen, if any (after a final `flush`).
pub fn error() -> Option<Errno> {
    state().error
}

/// close(2) on fd 1, for an applet that reports a write error as GNU's
/// `close_stdout` does: its errno text depends on whether closing fails (EBADF
/// when fd 1 was never open). Nothing may be written afterwards.
pub fn close() -> Result<(), Errno> {
    // SAFETY: fd 1 is never used again by this process (the caller exits next);
    // closing an fd that is not open only fails with EBADF.
    unsafe { rustix::io::try_close(1) }
}
