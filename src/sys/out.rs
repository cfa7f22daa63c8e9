//! Standard output through one fixed 64 KiB buffer.
//!
//! Bytes are appended to the buffer; write(2) is called only when it is full, when
//! an applet asks (`flush`, e.g. before a message goes to stderr or at the end of a
//! directory on a terminal), and at exit. EINTR and short writes are retried. The
//! first write error is kept: later output is dropped and the applet reports the
//! error the GNU way at exit (see `error`).

use super::{BorrowedFd, Errno};

/// The stdout buffer's size: one write(2) per 64 KiB of output.
pub const BUF_SIZE: usize = 64 * 1024;

/// In declared order (`repr(C)`): the counters before the buffer, so that they
/// share its first page, which any output touches (Rust's own layout put them
/// after the 64 KiB, a page more to fault in on every run).
#[repr(C)]
struct State {
    len: usize,
    /// Bytes handed to write(2) so far (for `position`).
    written: u64,
    /// Bytes appended with `escapes`, which `position` does not count.
    escapes: u64,
    error: Option<Errno>,
    buf: [u8; BUF_SIZE],
}

impl State {
    const fn new() -> State {
        State {
            len: 0,
            written: 0,
            escapes: 0,
            error: None,
            buf: [0; BUF_SIZE],
        }
    }

    #[inline(always)]
    fn push(&mut self, data: &[u8]) {
        if data.len() <= BUF_SIZE - self.len {
            super::mem::copy_bytes(&mut self.buf[self.len..self.len + data.len()], data);
            self.len += data.len();
        } else {
            self.push_slow(data);
        }
    }

    #[inline(never)]
    fn push_slow(&mut self, mut data: &[u8]) {
        let room = BUF_SIZE - self.len;
        self.buf[self.len..].copy_from_slice(&data[..room]);
        self.len = BUF_SIZE;
        data = &data[room..];
        self.flush();
        while data.len() >= BUF_SIZE {
            self.emit(&data[..BUF_SIZE]);
            data = &data[BUF_SIZE..];
        }
        self.buf[..data.len()].copy_from_slice(data);
        self.len = data.len();
    }

    #[inline(always)]
    fn push_byte(&mut self, c: u8) {
        if self.len == BUF_SIZE {
            self.flush();
        }
        self.buf[self.len] = c;
        self.len += 1;
    }

    /// Writes `data` (not from the buffer) unless a write failed before.
    fn emit(&mut self, data: &[u8]) {
        self.written += data.len() as u64;
        if self.error.is_none() {
            if let Err(e) = write_fd(super::file::stdout(), data) {
                self.error = Some(e);
            }
        }
    }

    fn flush(&mut self) {
        let n = self.len;
        self.len = 0;
        self.written += n as u64;
        if n > 0 && self.error.is_none() {
            if let Err(e) = write_fd(super::file::stdout(), &self.buf[..n]) {
                self.error = Some(e);
            }
        }
    }
}

#[cfg(not(test))]
struct Global(core::cell::UnsafeCell<State>);
// SAFETY: the binary runs on one thread (nothing in it starts another), and the
// state is only reached through `with`.
#[cfg(not(test))]
unsafe impl Sync for Global {}
#[cfg(not(test))]
#[link_section = ".bss.big.out"]
static OUT: Global = Global(core::cell::UnsafeCell::new(State::new()));

// Unit tests run on many threads: each has its own buffer.
#[cfg(test)]
std::thread_local! {
    static OUT: core::cell::RefCell<State> = const { core::cell::RefCell::new(State::new()) };
}

/// The one way to the state: `f` gets the only reference to it for its duration.
/// Every `f` below is a `State` method or a field access, and no `State` method
/// calls back into this module's public functions, so calls never nest.
#[inline(always)]
fn with<R>(f: impl FnOnce(&mut State) -> R) -> R {
    #[cfg(not(test))]
    {
        // SAFETY: one thread (see Global), and no call of `with` nests in another
        // (above), so no other reference to the state exists while `f` runs.
        f(unsafe { &mut *OUT.0.get() })
    }
    #[cfg(test)]
    {
        OUT.with(|s| f(&mut s.borrow_mut()))
    }
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

/// Appends `data` to standard output.
#[inline(never)]
pub fn bytes(data: &[u8]) {
    with(|s| s.push(data));
}

/// Appends one byte.
#[inline]
pub fn byte(c: u8) {
    with(|s| s.push_byte(c));
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

/// The number of bytes appended to standard output so far, not counting those
/// appended with `escapes` (ls --dired offsets, which GNU counts without colors).
pub fn position() -> u64 {
    with(|s| s.written + s.len as u64 - s.escapes)
}

/// Appends terminal escape sequences (colors): like `bytes`, but not counted by
/// `position`.
pub fn escapes(data: &[u8]) {
    with(|s| {
        s.push(data);
        s.escapes += data.len() as u64;
    });
}

/// Writes out what is buffered.
pub fn flush() {
    with(State::flush);
}

/// Whether bytes wait in the buffer (a `flush` would write them).
pub fn pending() -> bool {
    with(|s| s.len > 0)
}

/// The first write error seen, if any (after a final `flush`).
pub fn error() -> Option<Errno> {
    with(|s| s.error)
}

/// Whether any byte was handed to write(2) (escapes included).
pub fn wrote() -> bool {
    with(|s| s.written > 0)
}

/// close(2) on fd 2, at exit, after the last message.
pub fn close_stderr() -> Result<(), Errno> {
    // SAFETY: fd 2 is never used again by this process (the caller exits next);
    // closing an fd that is not open only fails with EBADF.
    unsafe { rustix::io::try_close(2) }
}

/// close(2) on fd 1, for an applet that reports a write error as GNU's
/// `close_stdout` does: its errno text depends on whether closing fails (EBADF
/// when fd 1 was never open). Nothing may be written afterwards.
pub fn close() -> Result<(), Errno> {
    // SAFETY: fd 1 is never used again by this process (the caller exits next);
    // closing an fd that is not open only fails with EBADF.
    unsafe { rustix::io::try_close(1) }
}
