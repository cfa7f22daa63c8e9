//! Messages on stderr, and the text of every errno exactly as glibc's strerror
//! prints it (GNU's messages end in these strings).

use super::out;
use super::Errno;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicBool, Ordering};

/// Some message could not be written (stderr closed, or open read-only).
static FAILED: AtomicBool = AtomicBool::new(false);

/// True when a write to stderr has failed. GNU's close_stdout then ends the
/// process with the applet's failure status, even when all else went well.
pub fn failed() -> bool {
    FAILED.load(Ordering::Relaxed)
}

/// glibc 2.36 `strerror` texts for errno 0..=133, in order, each ended by a NUL: one
/// string, not a table of 134 slices (16 bytes of pointer and length each).
const STRERROR: &str = concat!(
    "Success\0",
    "Operation not permitted\0",
    "No such file or directory\0",
    "No such process\0",
    "Interrupted system call\0",
    "Input/output error\0",
    "No such device or address\0",
    "Argument list too long\0",
    "Exec format error\0",
    "Bad file descriptor\0",
    "No child processes\0",
    "Resource temporarily unavailable\0",
    "Cannot allocate memory\0",
    "Permission denied\0",
    "Bad address\0",
    "Block device required\0",
    "Device or resource busy\0",
    "File exists\0",
    "Invalid cross-device link\0",
    "No such device\0",
    "Not a directory\0",
    "Is a directory\0",
    "Invalid argument\0",
    "Too many open files in system\0",
    "Too many open files\0",
    "Inappropriate ioctl for device\0",
    "Text file busy\0",
    "File too large\0",
    "No space left on device\0",
    "Illegal seek\0",
    "Read-only file system\0",
    "Too many links\0",
    "Broken pipe\0",
    "Numerical argument out of domain\0",
    "Numerical result out of range\0",
    "Resource deadlock avoided\0",
    "File name too long\0",
    "No locks available\0",
    "Function not implemented\0",
    "Directory not empty\0",
    "Too many levels of symbolic links\0",
    "Unknown error 41\0",
    "No message of desired type\0",
    "Identifier removed\0",
    "Channel number out of range\0",
    "Level 2 not synchronized\0",
    "Level 3 halted\0",
    "Level 3 reset\0",
    "Link number out of range\0",
    "Protocol driver not attached\0",
    "No CSI structure available\0",
    "Level 2 halted\0",
    "Invalid exchange\0",
    "Invalid request descriptor\0",
    "Exchange full\0",
    "No anode\0",
    "Invalid request code\0",
    "Invalid slot\0",
    "Unknown error 58\0",
    "Bad font file format\0",
    "Device not a stream\0",
    "No data available\0",
    "Timer expired\0",
    "Out of streams resources\0",
    "Machine is not on the network\0",
    "Package not installed\0",
    "Object is remote\0",
    "Link has been severed\0",
    "Advertise error\0",
    "Srmount error\0",
    "Communication error on send\0",
    "Protocol error\0",
    "Multihop attempted\0",
    "RFS specific error\0",
    "Bad message\0",
    "Value too large for defined data type\0",
    "Name not unique on network\0",
    "File descriptor in bad state\0",
    "Remote address changed\0",
    "Can not access a needed shared library\0",
    "Accessing a corrupted shared library\0",
    ".lib section in a.out corrupted\0",
    "Attempting to link in too many shared libraries\0",
    "Cannot exec a shared library directly\0",
    "Invalid or incomplete multibyte or wide character\0",
    "Interrupted system call should be restarted\0",
    "Streams pipe error\0",
    "Too many users\0",
    "Socket operation on non-socket\0",
    "Destination address required\0",
    "Message too long\0",
    "Protocol wrong type for socket\0",
    "Protocol not available\0",
    "Protocol not supported\0",
    "Socket type not supported\0",
    "Operation not supported\0",
    "Protocol family not supported\0",
    "Address family not supported by protocol\0",
    "Address already in use\0",
    "Cannot assign requested address\0",
    "Network is down\0",
    "Network is unreachable\0",
    "Network dropped connection on reset\0",
    "Software caused connection abort\0",
    "Connection reset by peer\0",
    "No buffer space available\0",
    "Transport endpoint is already connected\0",
    "Transport endpoint is not connected\0",
    "Cannot send after transport endpoint shutdown\0",
    "Too many references: cannot splice\0",
    "Connection timed out\0",
    "Connection refused\0",
    "Host is down\0",
    "No route to host\0",
    "Operation already in progress\0",
    "Operation now in progress\0",
    "Stale file handle\0",
    "Structure needs cleaning\0",
    "Not a XENIX named type file\0",
    "No XENIX semaphores available\0",
    "Is a named type file\0",
    "Remote I/O error\0",
    "Disk quota exceeded\0",
    "No medium found\0",
    "Wrong medium type\0",
    "Operation canceled\0",
    "Required key not available\0",
    "Key has expired\0",
    "Key has been revoked\0",
    "Key was rejected by service\0",
    "Owner died\0",
    "State not recoverable\0",
    "Operation not possible due to RF-kill\0",
    "Memory page has hardware error\0",
);

/// The text of errno `i` (0..=133), without its NUL.
fn strerror_text(i: usize) -> Option<&'static [u8]> {
    STRERROR.as_bytes().split(|&c| c == 0).take(134).nth(i)
}

/// The glibc text for `e`; `Unknown error N` style for numbers glibc does not name.
pub fn strerror(e: Errno) -> Strerror {
    Strerror(e.raw_os_error())
}

/// A displayable errno text (a known string, or `Unknown error N`).
#[derive(Clone, Copy)]
pub struct Strerror(i32);

impl Strerror {
    /// Appends the text to `line`.
    pub fn push_to(self, line: &mut Line) {
        match usize::try_from(self.0).ok().and_then(strerror_text) {
            Some(s) => {
                line.push(s);
            }
            None => {
                line.push(b"Unknown error ");
                line.push_int(self.0 as i64);
            }
        }
    }
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

    /// Appends errno's glibc text.
    pub fn errno(&mut self, e: Errno) -> &mut Line {
        strerror(e).push_to(self);
        self
    }

    fn spill(&mut self) {
        out::flush();
        if self.len > 0 && out::write_fd(super::file::stderr(), self.text()).is_err() {
            FAILED.store(true, Ordering::Relaxed);
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
mod tests {
    use super::*;

    /// Every text is glibc's, as the running system's strerror (through Python, which
    /// calls it) prints it.
    #[test]
    fn strerror_matches_glibc() {
        let py = std::process::Command::new("python3")
            .arg("-c")
            .arg("import os\nfor i in range(134): print(os.strerror(i))")
            .output();
        let py = match py {
            Ok(o) if o.status.success() => o.stdout,
            _ => {
                eprintln!("python3 not available: comparing with fixed samples only");
                Vec::new()
            }
        };
        for (i, line) in py.split(|&c| c == b'\n').take(134).enumerate() {
            assert_eq!(strerror_text(i), Some(line), "errno {i}");
        }
        assert_eq!(strerror_text(2), Some(&b"No such file or directory"[..]));
        assert_eq!(strerror_text(28), Some(&b"No space left on device"[..]));
        assert_eq!(strerror_text(32), Some(&b"Broken pipe"[..]));
    }

    #[test]
    fn unknown_errno_text() {
        let mut l = Line::new();
        strerror(Errno::from_raw_os_error(200)).push_to(&mut l);
        assert_eq!(l.text(), b"Unknown error 200");
        let mut l = Line::new();
        strerror(Errno::from_raw_os_error(134)).push_to(&mut l);
        assert_eq!(l.text(), b"Unknown error 134");
        assert_eq!(
            strerror_text(133),
            Some(&b"Memory page has hardware error"[..])
        );
    }

    #[test]
    fn integers() {
        for (v, text) in [
            (0, "0"),
            (7, "7"),
            (10, "10"),
            (-42, "-42"),
            (1_000_000, "1000000"),
            (i64::MAX, "9223372036854775807"),
            (i64::MIN, "-9223372036854775808"),
        ] {
            let mut l = Line::new();
            l.push_int(v);
            assert_eq!(l.text(), text.as_bytes());
        }
    }
}
