//! Messages on stderr: the line buffer each is built in and written from, and
//! whether one failed. Not their wording (crate::msg), nor the errno texts
//! (crate::texts::errno, which msg appends).

use super::out;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicBool, Ordering};

/// Some message could not be written (stderr closed, or open read-only).
static FAILED: AtomicBool = AtomicBool::new(false);

/// Some message was written (or tried): stderr is closed and checked at exit.
static WROTE: AtomicBool = AtomicBool::new(false);

/// True when some message went to stderr (GNU's close_stdout then closes it, and
/// a close that fails makes the status the applet's failure).
pub fn wrote() -> bool {
    WROTE.load(Ordering::Relaxed)
}

/// True when a write to stderr has failed. GNU's close_stdout then ends the
/// process with the applet's failure status, even when all else went well.
pub fn failed() -> bool {
    FAILED.load(Ordering::Relaxed)
}

/// The bytes a `Line` holds before it writes them out.
const LINE_CAP: usize = 4096;

/// One stderr message under construction, in a buffer of its own (on the caller's
/// stack). It is written with as few write(2) calls as its length allows (one for
/// any message under 4 KiB), after stdout is flushed so that both streams
/// interleave as GNU's do when they share a file.
pub struct Line {
    /// `buf[..len]` is written (and nothing after it is read).
    len: usize,
    buf: [MaybeUninit<u8>; LINE_CAP],
}

impl Line {
    /// Starts a message.
    pub fn new() -> Line {
        Line {
            len: 0,
            buf: [MaybeUninit::uninit(); LINE_CAP],
        }
    }

    /// The message so far.
    fn text(&self) -> &[u8] {
        // SAFETY: `push` wrote the first `len` bytes (len <= LINE_CAP), and u8 has
        // the layout of MaybeUninit<u8>.
        unsafe { core::slice::from_raw_parts(self.buf.as_ptr().cast::<u8>(), self.len) }
    }

    /// Appends bytes. (Out of line: messages are rare, and their code should be
    /// small.)
    #[inline(never)]
    pub fn push(&mut self, mut b: &[u8]) -> &mut Line {
        while !b.is_empty() {
            if self.len == LINE_CAP {
                self.spill();
            }
            let n = (LINE_CAP - self.len).min(b.len());
            // SAFETY: `len + n <= LINE_CAP`, so the destination lies in `buf`; the
            // source is `n` bytes of `b`, which cannot overlap our own buffer.
            unsafe {
                let to = self.buf.as_mut_ptr().cast::<u8>().add(self.len);
                core::ptr::copy_nonoverlapping(b.as_ptr(), to, n);
            }
            self.len += n;
            b = &b[n..];
        }
        self
    }

    /// Appends one byte.
    pub fn byte(&mut self, c: u8) -> &mut Line {
        self.push(&[c])
    }

    /// Appends a decimal integer. (`sys` uses nothing of `fmt`, whose
    /// `num::i64_dec` serves everything above it.)
    pub fn push_int(&mut self, v: i64) -> &mut Line {
        let mut text = [b'-'; 20];
        let u = v.unsigned_abs();
        let mut scale = 1u64;
        while u / scale >= 10 {
            scale *= 10;
        }
        let mut n = 1;
        while scale > 0 {
            text[n] = b'0' + (u / scale % 10) as u8;
            n += 1;
            scale /= 10;
        }
        self.push(&text[usize::from(v >= 0)..n])
    }

    fn spill(&mut self) {
        out::flush();
        if self.len > 0 {
            WROTE.store(true, Ordering::Relaxed);
            if out::write_fd(super::file::stderr(), self.text()).is_err() {
                FAILED.store(true, Ordering::Relaxed);
            }
        }
        self.len = 0;
    }

    /// Writes the message (the caller supplies the final newline).
    pub fn send(&mut self) {
        self.spill();
    }
}

impl Default for Line {
    fn default() -> Line {
        Line::new()
    }
}

#[cfg(test)]
mod tests;
