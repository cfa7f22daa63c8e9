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

/// glibc 2.36 `strerror` texts, indexed by errno (0..=133).
static STRERROR: [&[u8]; 134] = [
    b"Success",
    b"Operation not permitted",
    b"No such file or directory",
    b"No such process",
    b"Interrupted system call",
    b"Input/output error",
    b"No such device or address",
    b"Argument list too long",
    b"Exec format error",
    b"Bad file descriptor",
    b"No child processes",
    b"Resource temporarily unavailable",
    b"Cannot allocate memory",
    b"Permission denied",
    b"Bad address",
    b"Block device required",
    b"Device or resource busy",
    b"File exists",
    b"Invalid cross-device link",
    b"No such device",
    b"Not a directory",
    b"Is a directory",
    b"Invalid argument",
    b"Too many open files in system",
    b"Too many open files",
    b"Inappropriate ioctl for device",
    b"Text file busy",
    b"File too large",
    b"No space left on device",
    b"Illegal seek",
    b"Read-only file system",
    b"Too many links",
    b"Broken pipe",
    b"Numerical argument out of domain",
    b"Numerical result out of range",
    b"Resource deadlock avoided",
    b"File name too long",
    b"No locks available",
    b"Function not implemented",
    b"Directory not empty",
    b"Too many levels of symbolic links",
    b"Unknown error 41",
    b"No message of desired type",
    b"Identifier removed",
    b"Channel number out of range",
    b"Level 2 not synchronized",
    b"Level 3 halted",
    b"Level 3 reset",
    b"Link number out of range",
    b"Protocol driver not attached",
    b"No CSI structure available",
    b"Level 2 halted",
    b"Invalid exchange",
    b"Invalid request descriptor",
    b"Exchange full",
    b"No anode",
    b"Invalid request code",
    b"Invalid slot",
    b"Unknown error 58",
    b"Bad font file format",
    b"Device not a stream",
    b"No data available",
    b"Timer expired",
    b"Out of streams resources",
    b"Machine is not on the network",
    b"Package not installed",
    b"Object is remote",
    b"Link has been severed",
    b"Advertise error",
    b"Srmount error",
    b"Communication error on send",
    b"Protocol error",
    b"Multihop attempted",
    b"RFS specific error",
    b"Bad message",
    b"Value too large for defined data type",
    b"Name not unique on network",
    b"File descriptor in bad state",
    b"Remote address changed",
    b"Can not access a needed shared library",
    b"Accessing a corrupted shared library",
    b".lib section in a.out corrupted",
    b"Attempting to link in too many shared libraries",
    b"Cannot exec a shared library directly",
    b"Invalid or incomplete multibyte or wide character",
    b"Interrupted system call should be restarted",
    b"Streams pipe error",
    b"Too many users",
    b"Socket operation on non-socket",
    b"Destination address required",
    b"Message too long",
    b"Protocol wrong type for socket",
    b"Protocol not available",
    b"Protocol not supported",
    b"Socket type not supported",
    b"Operation not supported",
    b"Protocol family not supported",
    b"Address family not supported by protocol",
    b"Address already in use",
    b"Cannot assign requested address",
    b"Network is down",
    b"Network is unreachable",
    b"Network dropped connection on reset",
    b"Software caused connection abort",
    b"Connection reset by peer",
    b"No buffer space available",
    b"Transport endpoint is already connected",
    b"Transport endpoint is not connected",
    b"Cannot send after transport endpoint shutdown",
    b"Too many references: cannot splice",
    b"Connection timed out",
    b"Connection refused",
    b"Host is down",
    b"No route to host",
    b"Operation already in progress",
    b"Operation now in progress",
    b"Stale file handle",
    b"Structure needs cleaning",
    b"Not a XENIX named type file",
    b"No XENIX semaphores available",
    b"Is a named type file",
    b"Remote I/O error",
    b"Disk quota exceeded",
    b"No medium found",
    b"Wrong medium type",
    b"Operation canceled",
    b"Required key not available",
    b"Key has expired",
    b"Key has been revoked",
    b"Key was rejected by service",
    b"Owner died",
    b"State not recoverable",
    b"Operation not possible due to RF-kill",
    b"Memory page has hardware error",
];

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
        match usize::try_from(self.0).ok().and_then(|i| STRERROR.get(i)) {
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
            assert_eq!(STRERROR[i], line, "errno {i}");
        }
        assert_eq!(STRERROR[2], b"No such file or directory");
        assert_eq!(STRERROR[28], b"No space left on device");
        assert_eq!(STRERROR[32], b"Broken pipe");
    }

    #[test]
    fn unknown_errno_text() {
        let mut l = Line::new();
        strerror(Errno::from_raw_os_error(200)).push_to(&mut l);
        assert_eq!(l.text(), b"Unknown error 200");
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
