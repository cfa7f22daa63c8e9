//! Counting one open input: the byte-count shortcuts (st_size; splice for pipes),
//! the newline loop, and the read loop of the full counter.

use super::classes::Classes;
use super::count::{Counter, Counts};
use super::Job;
use crate::sys::file::{self, Stat};
use crate::sys::iobuf::{CARRY, READ_SIZE};
use crate::sys::{map, simd, BorrowedFd, Errno, OwnedFd};

/// What the up-front stat of an input found (GNU's `fstatus`).
#[derive(Clone, Copy, Debug)]
pub enum Pre {
    /// Not looked at (a single input with a single count).
    NotTried,
    /// stat/fstat failed.
    Failed,
    /// File type and sizes.
    Known(Info),
}

/// The parts of a stat wc uses.
#[derive(Clone, Copy, Debug)]
pub struct Info {
    pub regular: bool,
    pub fifo: bool,
    pub size: i64,
    pub blksize: i64,
}

impl Info {
    pub fn of(st: &Stat) -> Info {
        let fmt = st.st_mode & 0o170000;
        Info { regular: fmt == 0o100000, fifo: fmt == 0o010000, size: st.st_size, blksize: st.st_blksize as i64 }
    }
}

/// The per-process reading state: the buffer, the splice sink, the char cache.
pub struct Reader<'r> {
    buf: &'r mut [u8],
    classes: Option<&'r mut Classes>,
    /// /dev/null for splice, opened on first use; Err once it failed.
    null: Option<Result<OwnedFd, Errno>>,
}

/// What counting an input produced: its numbers and the read error, if any.
pub struct Outcome {
    pub counts: Counts,
    pub error: Option<Errno>,
}

impl<'r> Reader<'r> {
    pub fn new(buf: &'r mut [u8], classes: Option<&'r mut Classes>) -> Reader<'r> {
        Reader { buf, classes, null: None }
    }

    /// Counts `fd` for `job`. `pre` is the up-front stat; `stdin` says the input
    /// is fd 0, whose offset is not known to be 0.
    pub fn count(&mut self, job: &Job, fd: BorrowedFd<'_>, pre: Pre, stdin: bool) -> Outcome {
        let count_bytes = job.bytes || (job.chars && !job.utf8);
        let count_chars = job.chars && job.utf8;
        let complicated = job.words || job.max_len;
        if count_bytes && !count_chars && !job.lines && !complicated {
            return self.bytes_only(fd, pre, stdin);
        }
        if let Pre::Known(i) = pre {
            if i.regular && i.size > READ_SIZE as i64 {
                file::advise(fd, file::Advice::Sequential);
            }
        }
        if !count_chars && !complicated {
            if job.debug {
                // 9.1 says it for every input counted this way.
                super::debug_message(simd::has_avx2());
            }
            return self.lines(fd, pre, stdin);
        }
        self.full(job, fd)
    }

    /// `-c` alone (or `-m` in C): st_size when it can be trusted, else read.
    fn bytes_only(&mut self, fd: BorrowedFd<'_>, pre: Pre, stdin: bool) -> Outcome {
        let info = match pre {
            Pre::Known(i) => Some(i),
            Pre::Failed => None,
            Pre::NotTried => file::fstat(fd).ok().map(|st| Info::of(&st)),
        };
        let mut bytes = 0u64;
        if let Some(i) = info {
            if i.regular && i.size >= 0 {
                let end = i.size;
                let cur: i64 = if stdin { file::tell(fd).map(|c| c as i64).unwrap_or(-1) } else { 0 };
                if end % file::page_size() as i64 != 0 {
                    // st_size is exact; as 9.1, the offset is left where it is.
                    let n = if end < cur { 0 } else { end - cur };
                    return Outcome { counts: Counts { bytes: n as u64, ..Counts::default() }, error: None };
                }
                // A size that is a page multiple may be approximate (procfs,
                // sysfs): skip to one block before the end and read the rest.
                // 9.1 moves there relative to the current offset.
                let hi = end - end % (i.blksize + 1);
                if 0 <= cur && cur < hi && file::seek_forward(fd, hi as u64).is_ok() {
                    bytes = (hi - cur) as u64;
                }
            }
            if i.fifo {
                return self.splice_count(fd);
            }
        }
        let (n, error) = self.read_all(fd);
        Outcome { counts: Counts { bytes: bytes + n, ..Counts::default() }, error }
    }

    /// Reads to end of file, counting bytes only.
    fn read_all(&mut self, fd: BorrowedFd<'_>) -> (u64, Option<Errno>) {
        let mut total = 0u64;
        let buf = &mut self.buf[CARRY..];
        loop {
            match file::read(fd, buf) {
                Ok(0) => return (total, None),
                Ok(n) => total += n as u64,
                Err(e) => return (total, Some(e)),
            }
        }
    }

    /// Counts a pipe's bytes by splicing them to /dev/null (no copy to user
    /// space); falls back to reading when the kernel refuses.
    fn splice_count(&mut self, fd: BorrowedFd<'_>) -> Outcome {
        if self.null.is_none() {
            self.null = Some(file::open_write(c"/dev/null"));
            // A bigger pipe means fewer, larger splices.
            let _ = file::set_pipe_size(fd, PIPE_SIZE);
        }
        let mut total = 0u64;
        if let Some(Ok(null)) = &self.null {
            use crate::sys::AsFd;
            let null = null.as_fd();
            loop {
                match file::splice(fd, null, SPLICE_CHUNK) {
                    Ok(0) => return Outcome { counts: Counts { bytes: total, ..Counts::default() }, error: None },
                    Ok(n) => total += n as u64,
                    Err(Errno::INVAL) | Err(Errno::NOSYS) => break,
                    Err(e) => return Outcome { counts: Counts { bytes: total, ..Counts::default() }, error: Some(e) },
                }
            }
        }
        let (n, error) = self.read_all(fd);
        Outcome { counts: Counts { bytes: total + n, ..Counts::default() }, error }
    }

    /// Lines (and bytes): the vector newline count, over mapped windows of a large
    /// regular file, then over 256 KiB reads to the end.
    fn lines(&mut self, fd: BorrowedFd<'_>, pre: Pre, stdin: bool) -> Outcome {
        let mut c = Counts::default();
        let info = match pre {
            Pre::Known(i) => Some(i),
            Pre::Failed => None,
            Pre::NotTried => file::fstat(fd).ok().map(|st| Info::of(&st)),
        };
        if let Some(i) = info {
            if i.regular && i.size >= MAP_MIN as i64 {
                c = mapped_lines(fd, i.size as u64, stdin);
            }
        }
        let buf = &mut self.buf[CARRY..];
        loop {
            match file::read(fd, buf) {
                Ok(0) => return Outcome { counts: c, error: None },
                Ok(n) => {
                    c.bytes += n as u64;
                    c.lines += simd::count_newlines(&buf[..n]);
                }
                Err(e) => return Outcome { counts: c, error: Some(e) },
            }
        }
    }

    /// Words, characters, line widths: the full counter, carrying a character
    /// split between two reads.
    fn full(&mut self, job: &Job, fd: BorrowedFd<'_>) -> Outcome {
        let mut spare;
        let classes: &mut Classes = match self.classes.as_deref_mut() {
            Some(c) => c,
            None => {
                // Not reached: the caller gives a cache whenever this path can run.
                spare = Classes::new(false);
                &mut spare
            }
        };
        let mut counter = Counter::with_words(job.utf8, job.max_len, job.words, classes);
        let mut bytes = 0u64;
        let mut kept = 0usize;
        let mut error = None;
        loop {
            match file::read(fd, &mut self.buf[CARRY..]) {
                Ok(0) => break,
                Ok(n) => {
                    bytes += n as u64;
                    let start = CARRY - kept;
                    let used = counter.feed(&self.buf[start..CARRY + n]);
                    kept = CARRY + n - (start + used);
                    if kept > 0 {
                        // An incomplete character (at most 5 bytes) goes in front
                        // of the next read.
                        self.buf.copy_within(CARRY + n - kept..CARRY + n, CARRY - kept);
                    }
                }
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        let mut counts = counter.finish();
        counts.bytes = bytes;
        Outcome { counts, error }
    }
}

/// Counts the newlines of `fd` from its offset to `size` through mapped windows and
/// leaves the offset after what was counted (as reading would), so that the read loop
/// that follows sees what the file has gained since. Counts nothing if the offset
/// cannot be learned or moved, or the first mapping fails.
fn mapped_lines(fd: BorrowedFd<'_>, size: u64, stdin: bool) -> Counts {
    let mut c = Counts::default();
    let start = if stdin {
        match file::tell(fd) {
            Ok(o) => o,
            Err(_) => return c,
        }
    } else {
        0
    };
    let page = file::page_size() as u64;
    let mut at = start - start % page;
    let mut skip = (start - at) as usize;
    while at < size {
        let len = core::cmp::min(size - at, MAP_WINDOW as u64) as usize;
        let Ok(w) = map::Window::map(fd, at, len) else { break };
        let bytes = &w.bytes()[skip..];
        let lines = simd::count_newlines(bytes);
        if w.truncated() {
            // The file shrank: what is left of it is read from here.
            break;
        }
        c.bytes += bytes.len() as u64;
        c.lines += lines;
        skip = 0;
        at += len as u64;
    }
    let end = start + c.bytes;
    if c.bytes > 0 && file::seek_to(fd, end).is_err() {
        return Counts::default();
    }
    c
}

/// Regular files at least this large are counted through mappings by `wc -l`.
const MAP_MIN: usize = 4 << 20;
/// Bytes mapped at a time.
const MAP_WINDOW: usize = 64 << 20;

/// The pipe size asked for with F_SETPIPE_SZ (the default limit for users).
const PIPE_SIZE: usize = 1 << 20;
/// Bytes asked for per splice.
const SPLICE_CHUNK: usize = 1 << 30;
