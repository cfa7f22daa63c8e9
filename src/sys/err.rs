//! Messages on stderr, and the text of every errno exactly as glibc's strerror
//! prints it (GNU's messages end in these strings).

use super::out;
use super::Errno;
use core::cell::UnsafeCell;
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

const LINE_CAP: usize = 4096;

struct LineBuf(UnsafeCell<[u8; LINE_CAP]>);
// SAFETY: the process is single-threaded; the buffer is only touched through Line.
unsafe impl Sync for LineBuf {}
static LINE: LineBuf = LineBuf(UnsafeCell::new([0; LINE_CAP]));

/// One stderr message under construction. It is written with as few write(2) calls
/// as its length allows (one for any message under 4 KiB), after stdout is flushed
/// so that both streams interleave as GNU's do when they share a file.
pub struct Line {
    len: usize,
}

impl Line {
    /// Starts a message. Only one Line may exist at a time.
    pub fn new() -> Line {
        Line { len: 0 }
    }

    fn buf(&mut self) -> &mut [u8; LINE_CAP] {
        // SAFETY: single-threaded, and Line is the only user of LINE; `&mut self`
        // keeps this borrow unique for its duration.
        unsafe { &mut *LINE.0.get() }
    }

    /// Appends bytes.
    pub fn push(&mut self, mut b: &[u8]) -> &mut Line {
        while !b.is_empty() {
            if self.len == LINE_CAP {
                self.spill();
            }
            let n = (LINE_CAP - self.len).min(b.len());
            let at = self.len;
            self.buf()[at..at + n].copy_from_slice(&b[..n]);
            self.len += n;
            b = &b[n..];
        }
        self
    }

    /// Appends one byte.
    pub fn byte(&mut self, c: u8) -> &mut Line {
        self.push(&[c])
    }

    /// Appends a decimal integer.
    pub fn push_int(&mut self, v: i64) -> &mut Line {
        let mut tmp = [0u8; 24];
        let s = crate::fmt::num::i64_dec(v, &mut tmp);
        self.push(s)
    }

    /// Appends errno's glibc text.
    pub fn errno(&mut self, e: Errno) -> &mut Line {
        strerror(e).push_to(self);
        self
    }

    fn spill(&mut self) {
        out::flush();
        let n = self.len;
        let data: &[u8] = &self.buf()[..n];
        if n > 0 && out::write_fd(super::file::stderr(), data).is_err() {
            FAILED.store(true, Ordering::Relaxed);
        }
        self.len = 0;
    }

    /// Writes the message (the caller supplies the final newline).
    pub fn send(&mut self) {
        self.spill();
    }
}

impl crate::fmt::Sink for Line {
    fn put(&mut self, bytes: &[u8]) {
        self.push(bytes);
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
        let n = l.len;
        assert_eq!(&l.buf()[..n], b"Unknown error 200");
    }
}
