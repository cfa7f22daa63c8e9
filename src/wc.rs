//! wc: options -> per input: fast path or read loop -> count -> render.
//!
//! GNU coreutils 9.1's wc, byte for byte, plus 9.2's `--total=WHEN`.

#[cfg(not(feature = "fuzzing"))]
mod classes;
#[cfg(feature = "fuzzing")]
pub mod classes;
#[cfg(not(feature = "fuzzing"))]
mod count;
#[cfg(feature = "fuzzing")]
pub mod count;
mod files0;
mod input;
mod job;
mod options;
mod render;

use crate::cli::{argmatch, Args, Item, Parser};
use crate::fmt::quote::{QUOTEAF, QUOTEF};
use crate::hot;
use crate::locale::COREUTILS;
use crate::msg::{self, try_help};
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::{env, file, iobuf, stat, AsFd, BorrowedFd, Errno, OwnedFd};
use count::Counts;
use files0::{List, ListError};
use input::{Info, PreStat, Reader};
use job::{Job, Method, Total};
pub use options::OPTS;
use options::{Act, Column, TOTALS};
use render::{counts_line, file_error, number_width, push_name, report};

/// The command line, read once.
struct Command {
    job: Job,
    files0: Option<&'static [u8]>,
    /// The file operands in order (in the arena), unless they did not fit.
    operands: Result<&'static [&'static [u8]], Exhausted>,
    /// How many there were, and the first (for the usage message).
    count: usize,
    first_operand: &'static [u8],
}

/// Runs wc with its arguments starting at argv[first]; `prog` names it in messages.
pub fn main(prog: &'static [u8], first: usize) -> i32 {
    let Some(mut root) = Arena::root() else {
        // Not reached: wc runs once per process, and takes the root first.
        return 1;
    };
    let cmd = match parse(prog, first, &mut root) {
        Ok(cmd) => cmd,
        Err(status) => return status,
    };
    let job = &cmd.job;
    if cmd.files0.is_some() && cmd.count > 0 {
        report(
            job,
            b"extra operand %s",
            Some((cmd.first_operand, QUOTEAF)),
            None,
        );
        let mut l = crate::sys::err::Line::new();
        msg::say(
            &mut l,
            COREUTILS,
            b"file operands cannot be combined with --files0-from",
            &[],
        );
        l.push(b"\n").send();
        try_help(prog);
        return 1;
    }

    let buf = match iobuf::take() {
        Some(b) => b,
        None => return 1,
    };
    // The full counter's character classes (in C too: it takes them, unread).
    let needs_classes = job.method() == Method::Full;
    let mut cache;
    let classes = if needs_classes {
        let Some(c) = classes::new(env::get(b"POSIXLY_CORRECT").is_some()) else {
            // Not reached: wc runs once per process, and makes its cache once.
            return 1;
        };
        cache = c;
        Some(&mut cache)
    } else {
        None
    };
    let mut run = Run {
        reader: Reader::new(buf, classes),
        total: Counts::default(),
        width: 1,
        stdin_closed: false,
    };
    let ok = match (cmd.files0, cmd.operands) {
        (Some(list), _) => run.files0(job, list, &root),
        (None, Ok(names)) => run.operands(job, names, &root),
        (None, Err(Exhausted)) => memory_exhausted(job),
    };
    let mut status = if ok { 0 } else { 1 };
    let stdin_closed = run.stdin_closed;
    // The process ends next: no need to close the splice sink.
    core::mem::forget(run);
    // GNU closes standard input at the end when it was read, and says `-: TEXT`
    // when that fails: after a read that failed with EBADF, fd 0 is closed (`<&-`)
    // or open only for writing (`0>FILE`, whose close succeeds).
    if stdin_closed {
        if let Err(e) = file::close_stdin() {
            report(job, b"-", None, Some(e));
            status = 1;
        }
    }
    finish(job, status)
}

/// Reads argv from `first` into the job and its inputs (the operands go to
/// `root`). Err: the status to exit with at once (--help, --version, a usage
/// error, whose message is written).
fn parse(prog: &'static [u8], first: usize, root: &mut Arena<'static>) -> Result<Command, i32> {
    let mut job = Job {
        prog,
        shown: 0,
        utf8: crate::locale::ctype_utf8(),
        debug: false,
        total: Total::Auto,
    };
    let mut files0: Option<&'static [u8]> = None;
    let mut operands = root.vec::<&'static [u8]>();
    let mut fits = Ok(());
    let mut count = 0usize;
    let mut first_operand: &'static [u8] = b"";
    for item in Parser::new(prog, &OPTS, Args::Process { first }) {
        match item {
            Item::Opt(a @ (Act::Lines | Act::Words | Act::Chars | Act::Bytes | Act::MaxLen), _) => {
                job.shown |= a.column().map_or(0, Column::bit)
            }
            Item::Opt(Act::Files0, v) => files0 = v,
            Item::Opt(Act::Total, v) => {
                match argmatch(prog, b"--total", v.unwrap_or(b""), &TOTALS) {
                    Some(t) => job.total = t,
                    None => {
                        try_help(prog);
                        return Err(1);
                    }
                }
            }
            Item::Opt(Act::Debug, _) => job.debug = true,
            Item::Opt(Act::Help, _) => {
                options::help(prog);
                return Err(finish(&job, 0));
            }
            Item::Opt(Act::Version, _) => {
                options::version();
                return Err(finish(&job, 0));
            }
            Item::Operand(s) => {
                if count == 0 {
                    first_operand = s;
                }
                count += 1;
                // Once one does not fit, the list is given up.
                fits = fits.and_then(|()| operands.push(s));
            }
            Item::Error => {
                try_help(prog);
                return Err(1);
            }
        }
    }
    if job.shown == 0 {
        job.shown = Column::Lines.bit() | Column::Words.bit() | Column::Bytes.bit();
    }
    let operands = fits.map(|()| &*operands.finish());
    Ok(Command {
        job,
        files0,
        operands,
        count,
        first_operand,
    })
}

/// The state of one run over its inputs.
struct Run<'r> {
    reader: Reader<'r>,
    total: Counts,
    width: usize,
    stdin_closed: bool,
}

impl Run<'_> {
    /// Operands from the command line (or standard input when there are none).
    fn operands(&mut self, job: &Job, names: &[&[u8]], root: &Arena<'static>) -> bool {
        let n = names.len();
        if n == 0 {
            let pre = if job.selected() == 1 {
                PreStat::NotTried
            } else {
                stat_input(None)
            };
            self.width = number_width(&[pre]);
            let ok = self.input(job, None, pre);
            self.print_total(job, 1);
            return ok;
        }
        let stats = match self.stat_all(job, root, n, &mut names.iter().copied()) {
            Ok(p) => p,
            Err(Exhausted) => return memory_exhausted(job),
        };
        let mut ok = true;
        for (i, &name) in names.iter().enumerate() {
            if name.is_empty() {
                report(job, b"invalid zero-length file name", None, None);
                ok = false;
                continue;
            }
            ok &= self.input(job, Some(name), pre_stat_of(stats, i));
        }
        self.print_total(job, n);
        ok
    }

    /// GNU's up-front stats of the `n` inputs `names` gives (none when one input
    /// is counted once or only the total is printed), and the width they make.
    fn stat_all<'p>(
        &mut self,
        job: &Job,
        root: &'p Arena<'static>,
        n: usize,
        names: &mut dyn Iterator<Item = &[u8]>,
    ) -> Result<&'p mut [PreStat], Exhausted> {
        let mut stats: &mut [PreStat] = &mut [];
        if n > 0 && !(n == 1 && job.selected() == 1) && job.total != Total::Only {
            stats = root.alloc_slice(n, PreStat::NotTried)?;
            for (p, name) in stats.iter_mut().zip(names) {
                *p = stat_input(Some(name));
            }
        }
        self.width = number_width(stats);
        Ok(stats)
    }

    /// Names from `--files0-from=F`.
    #[inline(never)]
    fn files0(&mut self, job: &Job, list_name: &'static [u8], root: &Arena<'static>) -> bool {
        let from_stdin = list_name == b"-";
        let mut opened: Option<OwnedFd> = None;
        if !from_stdin {
            match open_name(list_name) {
                Ok(f) => opened = Some(f),
                Err(e) => {
                    report(
                        job,
                        b"cannot open %s for reading",
                        Some((list_name, QUOTEAF)),
                        Some(e),
                    );
                    return false;
                }
            }
        }
        let mut names = match List::new(root) {
            Ok(l) => l,
            Err(_) => return memory_exhausted(job),
        };
        let info = file::fstat(list_fd(&opened)).ok().map(|st| Info::of(&st));
        let whole = files0::read_whole(info);
        let mut stats: &mut [PreStat] = &mut [];
        if whole {
            // GNU reads a whole list with stdio and closes it before counting: a
            // failed close is a failed read. (The names are all in memory then:
            // `names.next` reads no more.)
            let read = names.read_all(list_fd(&opened)).and_then(|()| {
                opened
                    .take()
                    .map_or(Ok(()), file::close)
                    .map_err(ListError::Read)
            });
            match read {
                Ok(()) => {}
                Err(ListError::Memory) => return memory_exhausted(job),
                Err(ListError::Read(_)) => {
                    report(
                        job,
                        b"cannot read file names from %s",
                        Some((list_name, QUOTEAF)),
                        None,
                    );
                    return false;
                }
            }
            let n = names.peek_all().count();
            stats = match self.stat_all(job, root, n, &mut names.peek_all()) {
                Ok(p) => p,
                Err(Exhausted) => return memory_exhausted(job),
            };
        }
        let mut ok = true;
        loop {
            let i = names.taken;
            let name = match names.next(list_fd(&opened)) {
                None => break,
                Some(Ok(name)) => name,
                Some(Err(ListError::Memory)) => return memory_exhausted(job),
                Some(Err(ListError::Read(e))) => {
                    report(job, b"%s: read error", Some((list_name, QUOTEF)), Some(e));
                    ok = false;
                    break;
                }
            };
            if from_stdin && name == b"-" {
                report(
                    job,
                    b"when reading file names from stdin, no file name of %s allowed",
                    Some((name, QUOTEAF)),
                    None,
                );
                ok = false;
                continue;
            }
            if name.is_empty() {
                let mut l = msg::start(job.prog);
                push_name(&mut l, job, list_name);
                l.push(b":").push_int((i + 1) as i64).push(b": ");
                msg::say(&mut l, COREUTILS, b"invalid zero-length file name", &[]);
                l.push(b"\n").send();
                ok = false;
                continue;
            }
            ok &= self.input(job, Some(name), pre_stat_of(stats, i));
        }
        self.print_total(job, names.taken);
        ok
    }

    /// Counts one input and prints its line. `None` is standard input without
    /// a name; `-` is standard input named `-`.
    fn input(&mut self, job: &Job, name: Option<&[u8]>, pre: PreStat) -> bool {
        let stdin = matches!(name, None | Some(b"-"));
        let mut opened: Option<OwnedFd> = None;
        if !stdin {
            let name = name.unwrap_or(b"");
            match open_name(name) {
                Ok(fd) => opened = Some(fd),
                Err(e) => {
                    file_error(job, name, e);
                    return false;
                }
            }
        }
        if job.debug && job.method() == Method::Lines {
            // 9.1 says it for every input counted this way.
            debug_message(job, hot::has_avx2());
        }
        let fd = opened.as_ref().map_or(file::stdin(), |f| f.as_fd());
        let outcome = self.reader.count(job, fd, pre, stdin);
        // As GNU: a file's close is checked, and reported after its counts.
        let closed = opened.map_or(Ok(()), file::close);
        let mut counts = outcome.counts;
        if job.shows(Column::Chars) && !job.utf8 {
            counts.chars = counts.bytes;
        }
        if let Some(e) = outcome.error {
            let stdin_name = msg::translated(b"standard input");
            file_error(job, name.unwrap_or(&stdin_name), e);
            if stdin && e == Errno::BADF {
                self.stdin_closed = true;
            }
        }
        if job.total != Total::Only {
            counts_line(job, self.width, &counts, name);
        }
        self.total.add(&counts);
        if let Err(e) = closed {
            file_error(job, name.unwrap_or(b""), e);
            return false;
        }
        outcome.error.is_none()
    }

    /// The total line, when `--total` and the number of inputs ask for it.
    fn print_total(&mut self, job: &Job, inputs: usize) {
        let print = match job.total {
            Total::Never => false,
            Total::Auto => inputs > 1,
            Total::Always | Total::Only => true,
        };
        if print {
            let word = msg::translated(b"total");
            let label = if job.total == Total::Only {
                None
            } else {
                Some(&word[..])
            };
            let width = if job.total == Total::Only {
                1
            } else {
                self.width
            };
            counts_line(job, width, &self.total, label);
        }
    }
}

/// Input `i`'s up-front stat (not tried when `stat_all` made none).
fn pre_stat_of(stats: &[PreStat], i: usize) -> PreStat {
    stats.get(i).copied().unwrap_or(PreStat::NotTried)
}

/// GNU's up-front stat of an input (stat by name, fstat for standard input).
fn stat_input(name: Option<&[u8]>) -> PreStat {
    let st = match name {
        None | Some(b"-") => file::fstat(file::stdin()),
        Some(n) => c_path(n, &mut [0; 4096]).and_then(|p| stat::stat_at(file::cwd(), p, true)),
    };
    match st {
        Ok(st) => PreStat::Known(Info::of(&st)),
        Err(_) => PreStat::Failed,
    }
}

/// `name` as a NUL-terminated path in `buf`; names too long for any path fail as
/// the kernel would fail them.
#[inline(never)]
fn c_path<'b>(name: &[u8], buf: &'b mut [u8; 4096]) -> Result<&'b core::ffi::CStr, Errno> {
    if name.len() >= buf.len() {
        return Err(Errno::NAMETOOLONG);
    }
    buf[..name.len()].copy_from_slice(name);
    buf[name.len()] = 0;
    core::ffi::CStr::from_bytes_until_nul(&buf[..]).map_err(|_| Errno::NOENT)
}

/// The descriptor a list of names is read from: the file opened, else stdin.
fn list_fd(opened: &Option<OwnedFd>) -> BorrowedFd<'_> {
    opened.as_ref().map_or(file::stdin(), |f| f.as_fd())
}

/// Opens `name` for reading.
fn open_name(name: &[u8]) -> Result<OwnedFd, Errno> {
    file::open_read(file::cwd(), c_path(name, &mut [0; 4096])?)
}

/// `PROG: memory exhausted`; returns false (the run failed).
fn memory_exhausted(job: &Job) -> bool {
    report(job, b"memory exhausted", None, None);
    false
}

/// `--debug`'s report on the newline kernel (GNU 9.1's wording), named by argv[0]
/// as every message is.
fn debug_message(job: &Job, avx2: bool) {
    let text: &[u8] = if avx2 {
        b"using avx2 hardware support"
    } else {
        b"avx2 support not detected"
    };
    report(job, text, None, None);
}

/// Flushes stdout; a write error is `PROG: write error` and status 1. GNU's wc
/// stdout is line-buffered, so its failed write happened before the final close,
/// and gnulib's close_stdout then adds an errno text only when closing fd 1 fails:
/// `write error: Bad file descriptor` when fd 1 was closed, the bare `write error`
/// for /dev/full, a reader gone or fd 1 open read-only. So ours closes fd 1 here too.
/// A message that could not be written (stderr closed) makes the status 1, as
/// close_stdout's check of stderr does.
fn finish(job: &Job, status: i32) -> i32 {
    msg::finish(job.prog, status, 1, msg::WriteError::Close)
}
