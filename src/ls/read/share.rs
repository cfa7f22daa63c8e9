//! When a directory's stat calls are shared with worker threads (`sys::thread`):
//! how many workers, and from how many calls on. Settled once per run.
//!
//! By default, a worker per CPU this process may run on beyond the first (none
//! on one CPU), and more, up to `IO_WORKERS`, when they wait for the disk; a
//! directory's stat calls are shared from `MIN_SHARED` on: below that the
//! hand-off costs more than it saves. BAREUTILS_THREADS=N asks for N workers
//! (0: none) and shares every directory of two calls or more, so that tests and
//! the fuzzer reach the shared path with small fixtures.

use crate::sys::once::Once;
use crate::sys::{env, file, thread, BorrowedFd};

/// The fewest stat calls shared by default.
const MIN_SHARED: usize = 32;
/// The fewest calls in a part (each part but the first opens the directory
/// again).
const MIN_PART: usize = 16;
/// Workers at most when they wait for the disk (`thread::grow`).
const IO_WORKERS: usize = 16;
/// The fewest descriptors the process may open for workers to be made (the
/// walk's at most 14, and about 160 more with workers; see `settle`).
const MIN_NOFILE: u64 = 256;

/// BAREUTILS_THREADS, once read.
static FORCED: Once<Option<usize>> = Once::unset();

/// The fewest calls shared in this run, once settled.
static MIN: Once<usize> = Once::unset();

/// The number of workers BAREUTILS_THREADS asks for, if it does (read once).
pub fn forced() -> Option<usize> {
    FORCED.get().unwrap_or_else(|| {
        let n = env::get(b"BAREUTILS_THREADS").and_then(number);
        FORCED.set(n);
        n
    })
}

/// The fewest calls shared in this run, settled on the first call (and the
/// workers planned).
fn min() -> usize {
    MIN.get().unwrap_or_else(|| {
        let min = settle();
        MIN.set(min);
        min
    })
}

/// Whether worker threads are planned in this run.
pub fn workers() -> bool {
    min() != usize::MAX
}

/// How many parts to share `n` stat calls in the directory open at `dir` (one
/// per thread, of at least `MIN_PART` calls but when forced), or None to make
/// them on this thread. (Nothing is asked of the kernel below the threshold.)
pub fn parts(n: usize, dir: BorrowedFd<'_>) -> Option<usize> {
    let floor = if forced().is_some() { 2 } else { MIN_SHARED };
    if n < floor || n < min() || on_procfs(dir) {
        return None;
    }
    let most = if floor == 2 { n } else { n / MIN_PART };
    Some((thread::count() + 1).min(most))
}

/// Whether the directory open at `dir` is on procfs (fstatfs), where the workers
/// would show (/proc/self/task's link count): then they end, for good.
fn on_procfs(dir: BorrowedFd<'_>) -> bool {
    let procfs = file::on_procfs(dir);
    if procfs {
        thread::retire();
    }
    procfs
}

/// Plans the workers; returns the fewest calls shared (usize::MAX: never).
///
/// No worker where a standard descriptor is closed (a worker's directory could
/// take its number while the walk writes to it or closes it) or fewer than
/// `MIN_NOFILE` descriptors may be open (the directories read ahead hold one
/// each, up to `ahead::SLOTS`, and the workers one more each: the walk's own
/// would be refused).
fn settle() -> usize {
    let spare = thread::cpus() - 1;
    let (workers, min) = match forced() {
        Some(n) => (n, 2),
        None => (spare, MIN_SHARED),
    };
    if workers == 0 || !file::standard_open() || file::open_limit().is_some_and(|n| n < MIN_NOFILE)
    {
        return usize::MAX;
    }
    thread::plan(workers, workers.min(spare), IO_WORKERS);
    min
}

/// A decimal number of at most four digits.
fn number(s: &[u8]) -> Option<usize> {
    if s.is_empty() || s.len() > 4 {
        return None;
    }
    s.iter().try_fold(0usize, |n, &b| match b {
        b'0'..=b'9' => Some(n * 10 + usize::from(b - b'0')),
        _ => None,
    })
}
