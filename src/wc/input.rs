//! Counting one open input: the byte-count shortcuts (st_size; splice for pipes),
//! the newline loop, and the read loop of the full counter.

use super::classes::Classes;
use super::count::{Counter, Counts, Progress};
use super::job::{Column, Job, Method};
use crate::fmt::kind::Kind;
use crate::hot;
use crate::sys::file::{self, Stat};
use crate::sys::iobuf::{CARRY, READ_SIZE};
use crate::sys::{map, BorrowedFd, Errno, OwnedFd};

/// What the up-front stat of an input found (GNU's `fstatus`).
#[derive(Clone, Copy, Debug)]
pub enum PreStat {
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

impl PreStat {
    /// What the up-front stat found, or (not tried) what fstat of `fd` finds now.
    fn info(self, fd: BorrowedFd<'_>) -> Option<Info> {
        match self {
            PreStat::Known(i) => Some(i),
            PreStat::Failed => None,
            PreStat::NotTried => file::fstat(fd).ok().map(|st| Info::of(&st)),
        }
    }
}

impl Info {
    /// What wc uses of `st`: its type (read as `fmt::kind` reads every mode) and
    /// sizes.
    pub fn of(st: &Stat) -> Info {
        let kind = Kind::from_mode(st.st_mode);
        Info {
            regular: kind == Kind::Regular,
            fifo: kind == Kind::Fifo,
            size: st.st_size,
            #[allow(clippy::unnecessary_cast)] // i32 on some targets
            blksize: st.st_blksize as i64,
        }
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
    // Not inlined: at opt-level "z" inlining it cost bytes (tools/inline-sweep.py).
    #[inline(never)]
    pub fn new(buf: &'r mut [u8], classes: Option<&'r mut Classes>) -> Reader<'r> {
        Reader {
            buf,
            classes,
            null: None,
        }
    }

    /// Counts `fd` for `job`, the way `job.method()` says. `pre` is the up-front
    /// stat; `stdin` says the input is fd 0, whose offset is not known to be 0.
    pub fn count(&mut self, job: &Job, fd: BorrowedFd<'_>, pre: PreStat, stdin: bool) -> Outcome {
        let method = job.method();
        let mut counts = Counts::default();
        let error = if method == Method::BytesOnly {
            self.bytes_only(fd, pre, stdin, &mut counts)
        } else {
            if let PreStat::Known(i) = pre {
                if i.regular && i.size > READ_SIZE as i64 {
                    file::advise(fd, file::Advice::Sequential);
                }
            }
            if method != Method::Lines {
                return self.full(job, fd, pre, stdin);
            }
            let error = self.lines(fd, pre, stdin, &mut counts);
            if error.is_some() && !job.shows(Column::Chars) {
                // GNU's loop for lines (and bytes) gives nothing back when a read
                // fails: the file's counts are 0 (its other loops keep theirs).
                counts = Counts::default();
            }
            error
        };
        Outcome { counts, error }
    }

    /// `-c` alone (or `-m` in C): st_size when it can be trusted, else read.
    #[inline(never)]
    fn bytes_only(
        &mut self,
        fd: BorrowedFd<'_>,
        pre: PreStat,
        stdin: bool,
        c: &mut Counts,
    ) -> Option<Errno> {
        if let Some(i) = pre.info(fd) {
            if i.regular && i.size >= 0 {
                let end = i.size;
                let cur: i64 = if stdin {
                    file::tell(fd).map(|c| c as i64).unwrap_or(-1)
                } else {
                    0
                };
                if end % file::page_size() as i64 != 0 {
                    // st_size is exact; as 9.1, the offset is left where it is.
                    c.bytes = if end < cur { 0 } else { (end - cur) as u64 };
                    return None;
                }
                // A size that is a page multiple may be approximate (procfs,
                // sysfs): skip to one block before the end and read the rest.
                // 9.1 moves there relative to the current offset.
                let hi = end - end % (i.blksize + 1);
                if 0 <= cur && cur < hi && file::seek_forward(fd, hi as u64).is_ok() {
                    c.bytes = (hi - cur) as u64;
                }
            }
            if i.fifo {
                return self.splice_count(fd, c);
            }
        }
        self.read_rest(fd, c, false)
    }

    /// Reads to end of file, adding the bytes read (and the newlines in them, when
    /// `lines`) to `c`.
    fn read_rest(&mut self, fd: BorrowedFd<'_>, c: &mut Counts, lines: bool) -> Option<Errno> {
        let buf = &mut self.buf[CARRY..];
        loop {
            match file::read(fd, buf) {
                Ok(0) => return None,
                Ok(n) => {
                    c.bytes += n as u64;
                    if lines {
                        c.lines += hot::count_newlines(&buf[..n]);
                    }
                }
                Err(e) => return Some(e),
            }
        }
    }

    /// Counts a pipe's bytes by splicing them to /dev/null (no copy to user
    /// space); falls back to reading when the kernel refuses.
    fn splice_count(&mut self, fd: BorrowedFd<'_>, c: &mut Counts) -> Option<Errno> {
        if self.null.is_none() {
            self.null = Some(file::open_write(c"/dev/null"));
            // A bigger pipe means fewer, larger splices.
            let _ = file::set_pipe_size(fd, PIPE_SIZE);
        }
        if let Some(Ok(null)) = &self.null {
            use crate::sys::AsFd;
            let null = null.as_fd();
            loop {
                match file::splice(fd, null, SPLICE_CHUNK) {
                    Ok(0) => return None,
                    Ok(n) => c.bytes += n as u64,
                    Err(Errno::INVAL) | Err(Errno::NOSYS) => break,
                    Err(e) => return Some(e),
                }
            }
        }
        self.read_rest(fd, c, false)
    }

    /// Lines (and bytes): the vector newline count, over mapped windows of a large
    /// regular file, then over 256 KiB reads to the end.
    fn lines(
        &mut self,
        fd: BorrowedFd<'_>,
        pre: PreStat,
        stdin: bool,
        c: &mut Counts,
    ) -> Option<Errno> {
        if let Some(size) = mappable(fd, pre) {
            let mut newlines = Newlines {
                n: 0,
                saved: [0; 2],
            };
            c.bytes = mapped(fd, size, stdin, &mut newlines);
            c.lines = newlines.n;
        }
        self.read_rest(fd, c, true)
    }

    /// Words, characters, line widths: the full counter, carrying a character
    /// split between two reads.
    #[inline(never)]
    fn full(&mut self, job: &Job, fd: BorrowedFd<'_>, pre: PreStat, stdin: bool) -> Outcome {
        let Some(classes) = self.classes.as_deref_mut() else {
            // Not reached: the caller gives a cache whenever this path can run.
            return Outcome {
                counts: Counts::default(),
                error: None,
            };
        };
        let mut counter = Counter::with_words(
            job.utf8,
            job.shows(Column::MaxLen),
            job.shows(Column::Words),
            classes,
        );
        let mut bytes = 0u64;
        if let Some(size) = mappable(fd, pre) {
            let saved = [counter.progress(); 2];
            let mut sink = CounterSink {
                counter: &mut counter,
                saved,
            };
            bytes = mapped(fd, size, stdin, &mut sink);
        }
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
                        self.buf
                            .copy_within(CARRY + n - kept..CARRY + n, CARRY - kept);
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

/// What reads mapped windows: a counter that can be rewound when a window turns
/// out to hold zeroes instead of the file (the file shrank). One `mapped` serves
/// both sinks through `dyn` (a call per 64 MiB window).
trait WindowSink {
    /// Counts `bytes`; returns how many were used (the rest, a character cut off at
    /// the end, is passed again at the start of the next window).
    fn feed(&mut self, bytes: &[u8]) -> usize;
    /// Remembers the counts so far as checkpoint `at` (INITIAL or WINDOW).
    fn save(&mut self, at: usize);
    /// Goes back to checkpoint `at`.
    fn rewind(&mut self, at: usize);
}

/// The checkpoints of `mapped`: before the first window, before the current one.
const INITIAL: usize = 0;
const WINDOW: usize = 1;

/// `wc -l`: the newlines.
struct Newlines {
    n: u64,
    saved: [u64; 2],
}

impl WindowSink for Newlines {
    fn feed(&mut self, bytes: &[u8]) -> usize {
        self.n += hot::count_newlines(bytes);
        bytes.len()
    }
    fn save(&mut self, at: usize) {
        self.saved[at] = self.n;
    }
    fn rewind(&mut self, at: usize) {
        self.n = self.saved[at];
    }
}

/// The full counter, with its checkpoints.
struct CounterSink<'a, 'c> {
    counter: &'a mut Counter<'c>,
    saved: [Progress; 2],
}

impl WindowSink for CounterSink<'_, '_> {
    fn feed(&mut self, bytes: &[u8]) -> usize {
        self.counter.feed(bytes)
    }
    fn save(&mut self, at: usize) {
        self.saved[at] = self.counter.progress();
    }
    fn rewind(&mut self, at: usize) {
        self.counter.rewind(self.saved[at]);
    }
}

/// The size of `fd` when it is a regular file large enough to map (one fstat if
/// the up-front stat was not made).
fn mappable(fd: BorrowedFd<'_>, pre: PreStat) -> Option<u64> {
    pre.info(fd)
        .filter(|i| i.regular && i.size >= MAP_MIN as i64)
        .map(|i| i.size as u64)
}

/// Feeds `fd` from its offset up to `size` to `sink` through mapped windows and
/// leaves the offset after what was used (as reading would), so that the read loop
/// that follows takes a character cut off at the end and whatever the file has
/// gained since. Returns the bytes used: 0 if the offset cannot be learned or
/// moved, or the first mapping fails.
fn mapped(fd: BorrowedFd<'_>, size: u64, stdin: bool, sink: &mut dyn WindowSink) -> u64 {
    let start = if stdin {
        match file::tell(fd) {
            Ok(o) => o,
            Err(_) => return 0,
        }
    } else {
        0
    };
    let page = file::page_size() as u64;
    sink.save(INITIAL);
    let mut pos = start;
    while pos < size {
        let at = pos - pos % page;
        let len = core::cmp::min(size - at, MAP_WINDOW as u64) as usize;
        let Ok(w) = map::Window::map(fd, at, len) else {
            break;
        };
        sink.save(WINDOW);
        let used = sink.feed(&w.bytes()[(pos - at) as usize..]);
        if w.truncated() {
            // The file shrank: what is left of it is read from `pos`.
            sink.rewind(WINDOW);
            break;
        }
        if used == 0 {
            break;
        }
        pos += used as u64;
    }
    if pos != start && file::seek_to(fd, pos).is_err() {
        // Not reached for a regular file; the read loop starts over from `start`.
        sink.rewind(INITIAL);
        return 0;
    }
    pos - start
}

/// Regular files at least this large are counted through mappings by `wc -l`.
const MAP_MIN: usize = 4 << 20;
/// Bytes mapped at a time.
const MAP_WINDOW: usize = 64 << 20;

/// The pipe size asked for with F_SETPIPE_SZ (the default limit for users).
const PIPE_SIZE: usize = 1 << 20;
/// Bytes asked for per splice.
const SPLICE_CHUNK: usize = 1 << 30;
