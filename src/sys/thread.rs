//! Worker threads: a few threads made with clone(2) on stacks we map, that take
//! the parts of a job the main thread hands out (`for_each_chunk`) and sleep on a
//! futex between jobs. Nothing is made until the first job big enough to share
//! (`plan` sets how many); where clone is refused (seccomp, RLIMIT_NPROC, an
//! architecture without the call wired) the main thread does the whole job, as it
//! does when the plan asks for no worker.
//!
//! What a worker may do is what the job gives it: a job is `Fn + Sync`, and the
//! ls code that makes one hands it only syscalls on borrowed descriptors and
//! writes to its own part of a slice. Workers never write to stdout or stderr,
//! block every signal (a signal sent to the process goes to the main thread, as
//! in a process without threads), and end when the process does (exit_group).

use super::arch::{block_signals, exit_thread, futex_wait, futex_wait_shared, futex_wake, spawn};

mod pool;
mod slots;
use core::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, AtomicUsize, Ordering::SeqCst};
pub use pool::{Lease, Pool};
use rustix::fd::{FromRawFd, IntoRawFd, OwnedFd};
pub use slots::{Post, Slots, Task};

/// At most this many workers.
pub const MAX_WORKERS: usize = 16;
/// Each worker's stack (a task reads a directory into a 32 KiB buffer on it),
/// with one guard page below it.
const STACK: usize = 128 << 10;
const GUARD: usize = 4 << 10;

/// The job being shared, and the words the threads meet on.
struct Shared {
    /// Bumped for each job: the futex word idle workers sleep on.
    generation: AtomicU32,
    /// Workers inside a job (between reading `job` and being done with it): the
    /// futex word the main thread sleeps on at the end of a job.
    busy: AtomicU32,
    /// The address of the running job's `Job` (on the main thread's stack), or
    /// 0 between jobs.
    job: AtomicUsize,
    /// The next part to hand out, and how many parts the job has.
    next: AtomicUsize,
    total: AtomicUsize,
    /// Workers wanted, made, the most `grow` makes, and those that spin.
    wanted: AtomicUsize,
    made: AtomicUsize,
    limit: AtomicUsize,
    spinners: AtomicUsize,
    /// Making them was tried.
    tried: AtomicBool,
    /// Workers asleep (or about to be) on `generation`, and spinning.
    sleeping: AtomicU32,
    spinning: AtomicU32,
    /// The main thread sleeps on a task's state.
    waiting: AtomicBool,
    /// The workers are to exit (`retire`).
    retiring: AtomicBool,
}

static SHARED: Shared = Shared {
    generation: AtomicU32::new(0),
    busy: AtomicU32::new(0),
    job: AtomicUsize::new(0),
    next: AtomicUsize::new(0),
    total: AtomicUsize::new(0),
    wanted: AtomicUsize::new(0),
    made: AtomicUsize::new(0),
    limit: AtomicUsize::new(0),
    spinners: AtomicUsize::new(0),
    tried: AtomicBool::new(false),
    sleeping: AtomicU32::new(0),
    spinning: AtomicU32::new(0),
    waiting: AtomicBool::new(false),
    retiring: AtomicBool::new(false),
};

/// Each worker's id while it runs, 0 once it has exited (the kernel's
/// CLONE_CHILD_CLEARTID).
static TIDS: [AtomicU32; MAX_WORKERS] = [const { AtomicU32::new(0) }; MAX_WORKERS];

/// One job: part `i` of it is `run(i)`.
struct Job<'f> {
    run: &'f (dyn Fn(usize) + Sync),
}

/// How many CPUs this thread may run on (sched_getaffinity; 1 where it fails).
pub fn cpus() -> usize {
    super::arch::cpus()
}

/// Asks for `n` workers (at most `MAX_WORKERS`), made at the first shared job,
/// of which the first `spinners` look for work a while before they sleep (one
/// per CPU to spare: more would take CPU time from those that work), and for
/// up to `limit` in all as `grow` asks (for a slow disk). 0: none. Only before
/// that job.
pub fn plan(n: usize, spinners: usize, limit: usize) {
    let s = &SHARED;
    s.wanted.store(n.min(MAX_WORKERS), SeqCst);
    s.spinners.store(spinners, SeqCst);
    s.limit.store(limit.clamp(n, MAX_WORKERS), SeqCst);
}

/// How many workers run (making them on the first call when some are planned).
/// Only the main thread calls this.
pub fn count() -> usize {
    let s = &SHARED;
    if !s.tried.swap(true, SeqCst) {
        let n = s.wanted.load(SeqCst);
        while s.made.load(SeqCst) < n && make() {}
    }
    s.made.load(SeqCst)
}

/// Whether workers run (none is made here).
pub fn alive() -> bool {
    SHARED.made.load(SeqCst) > 0
}

/// Ends every worker for good and returns once they have exited (a worker
/// finishes the task or part it runs first); from then on the process has one
/// thread. Only the main thread calls this, outside a job.
pub fn retire() {
    let s = &SHARED;
    s.tried.store(true, SeqCst);
    s.limit.store(0, SeqCst);
    s.retiring.store(true, SeqCst);
    s.generation.fetch_add(1, SeqCst);
    futex_wake(&s.generation, i32::MAX as u32);
    for tid in &TIDS[..s.made.load(SeqCst)] {
        loop {
            let t = tid.load(SeqCst);
            if t == 0 {
                break;
            }
            futex_wait_shared(tid, t);
        }
    }
    s.made.store(0, SeqCst);
    closed();
}

/// Adds a worker, up to the limit `plan` set: the main thread waited for a
/// task long enough to sleep, so the workers wait for the disk rather than
/// for the CPU. Only the main thread calls this.
pub fn grow() {
    let s = &SHARED;
    if s.made.load(SeqCst) < s.limit.load(SeqCst) && !make() {
        s.limit.store(0, SeqCst);
    }
}

/// Maps a stack and clones a worker on it; false when either is refused.
fn make() -> bool {
    let Ok(stack) = super::mem::reserve(STACK + GUARD) else {
        return false;
    };
    let (guard, stack) = stack.split_at_mut(GUARD);
    // SAFETY: the guard page is part of the fresh mapping `reserve` made and
    // nothing refers to it; without access, it stops a stack that overflows.
    let guarded = unsafe {
        rustix::mm::mprotect(
            guard.as_mut_ptr().cast(),
            GUARD,
            rustix::mm::MprotectFlags::empty(),
        )
    };
    if guarded.is_err() {
        return false;
    }
    let top = stack.as_mut_ptr_range().end as usize & !15;
    let index = SHARED.made.load(SeqCst);
    let Some(tid) = TIDS.get(index) else {
        return false;
    };
    // SAFETY: the stack is this worker's alone (the mapping is never unmapped
    // and nothing else refers to it), and `worker` only reads `SHARED` and runs
    // jobs and tasks, which are `Sync` and `Send`.
    if unsafe { spawn(top, worker, index, tid) }.is_err() {
        return false;
    }
    SHARED.made.store(index + 1, SeqCst);
    true
}

/// A worker's life: sleeps until a job or a task comes, takes the job's parts
/// until none is left, then the queued tasks (the highest rank first), and
/// sleeps again. The first `spinners` look again a while before they sleep.
extern "C" fn worker(index: usize) -> ! {
    block_signals();
    let s = &SHARED;
    let spins = if index < s.spinners.load(SeqCst) {
        SPINS
    } else {
        0
    };
    let mut seen = 0;
    loop {
        if s.retiring.load(SeqCst) {
            exit_thread();
        }
        let g = s.generation.load(SeqCst);
        if g != seen {
            seen = g;
            if s.job.load(SeqCst) != 0 {
                share(s);
            }
        }
        if slots::serve() {
            continue;
        }
        if close_pending() {
            continue;
        }
        // Most tasks come soon after the last: look again a while before
        // sleeping (waking a thread costs more than the spin).
        s.spinning.fetch_add(1, SeqCst);
        let woke = (0..spins).any(|_| {
            core::hint::spin_loop();
            s.generation.load(SeqCst) != seen
        });
        s.spinning.fetch_sub(1, SeqCst);
        if woke {
            continue;
        }
        s.sleeping.fetch_add(1, SeqCst);
        futex_wait(&s.generation, seen);
        s.sleeping.fetch_sub(1, SeqCst);
    }
}

/// Takes the running job's parts, if there is a job.
fn share(s: &Shared) {
    s.busy.fetch_add(1, SeqCst);
    let at = s.job.load(SeqCst);
    if at != 0 {
        // SAFETY: `job` holds the address of a live `Job` from the moment
        // `run_parts` stores it until it stores 0 again, and `run_parts` does
        // not return (the `Job` is not dropped) before `busy`, counting this
        // worker since before it read `job`, is back to 0.
        let job = unsafe { &*(at as *const Job) };
        let total = s.total.load(SeqCst);
        loop {
            let i = s.next.fetch_add(1, SeqCst);
            if i >= total {
                break;
            }
            (job.run)(i);
        }
    }
    if s.busy.fetch_sub(1, SeqCst) == 1 {
        futex_wake(&s.busy, 1);
    }
}

/// Runs `run(i)` for every `i` in `0..total`, each once, on the main thread and
/// on the workers; returns when all are done. With no worker (or one part), the
/// main thread runs them in order.
pub fn run_parts(total: usize, run: &(dyn Fn(usize) + Sync)) {
    let n = if total > 1 { count() } else { 0 };
    if n == 0 {
        (0..total).for_each(run);
        return;
    }
    let s = &SHARED;
    let job = Job { run };
    s.next.store(0, SeqCst);
    s.total.store(total, SeqCst);
    s.job.store(&job as *const Job as usize, SeqCst);
    s.generation.fetch_add(1, SeqCst);
    futex_wake(&s.generation, n.min(total - 1) as u32);
    loop {
        let i = s.next.fetch_add(1, SeqCst);
        if i >= total {
            break;
        }
        run(i);
    }
    // No worker reads the job from here on; wait for those that did.
    s.job.store(0, SeqCst);
    loop {
        let b = s.busy.load(SeqCst);
        if b == 0 {
            break;
        }
        futex_wait(&s.busy, b);
    }
}

/// A pointer to the items of `for_each_chunk`, shared with the workers.
struct Items<T>(*mut T);

// SAFETY: the workers only make disjoint `&mut` parts of the items from it (see
// `for_each_chunk`), which is sound when the items may be sent to another thread.
unsafe impl<T: Send> Sync for Items<T> {}

/// Calls `f(start, part)` for each part of `items` of `chunk` items (the last may
/// be shorter), `start` the index of its first item, on the main thread and the
/// workers; returns when all are done.
pub fn for_each_chunk<T: Send>(
    items: &mut [T],
    chunk: usize,
    f: &(dyn Fn(usize, &mut [T]) + Sync),
) {
    let len = items.len();
    let chunk = chunk.max(1);
    let base = Items(items.as_mut_ptr());
    let base = &base;
    run_parts(len.div_ceil(chunk), &|i| {
        let start = i * chunk;
        let n = chunk.min(len - start);
        // SAFETY: `run_parts` hands out each `i` once, so the parts are disjoint
        // and inside `items`, which is borrowed mutably until it returns.
        let part = unsafe { core::slice::from_raw_parts_mut(base.0.add(start), n) };
        f(start, part);
    });
}

/// Checks of a word before a thread sleeps on it (a hand-off takes a few
/// microseconds; waking a thread costs more than the spin).
const SPINS: u32 = 4_000;

/// Tells the workers a task was queued: wakes one if one sleeps and none
/// looks for work.
fn announce() {
    let s = &SHARED;
    s.generation.fetch_add(1, SeqCst);
    if s.sleeping.load(SeqCst) > 0 && s.spinning.load(SeqCst) == 0 {
        futex_wake(&s.generation, 1);
    }
}

/// Descriptors the main thread is done with, plus one, for a worker to close
/// (0: none):
/// closing a directory read whole frees what the kernel kept of it, time the
/// walk need not spend.
static TO_CLOSE: [AtomicI32; 32] = [const { AtomicI32::new(0) }; 32];
static CLOSING: AtomicU32 = AtomicU32::new(0);

/// Closes `fd`: a worker does, when workers run and one can take it; else now.
/// Only the main thread calls this; none is left to close once `retire`
/// returns.
pub fn close_later(fd: OwnedFd) {
    if SHARED.made.load(SeqCst) == 0 || SHARED.retiring.load(SeqCst) {
        drop(fd);
        return;
    }
    let raw = fd.into_raw_fd();
    for at in &TO_CLOSE {
        if at.compare_exchange(0, raw + 1, SeqCst, SeqCst).is_ok() {
            CLOSING.fetch_add(1, SeqCst);
            return;
        }
    }
    // SAFETY: `raw` came from the OwnedFd just given up and went nowhere else.
    drop(unsafe { OwnedFd::from_raw_fd(raw) });
}

/// Closes the descriptors left by `close_later`; false when it found none (one
/// another thread took may still be closing).
fn close_pending() -> bool {
    if CLOSING.load(SeqCst) == 0 {
        return false;
    }
    let mut closed = false;
    for at in &TO_CLOSE {
        let raw = at.swap(0, SeqCst) - 1;
        if raw >= 0 {
            // SAFETY: `close_later` moved the ownership of `raw` into the array;
            // the swap took it out, so this thread alone owns it.
            drop(unsafe { OwnedFd::from_raw_fd(raw) });
            CLOSING.fetch_sub(1, SeqCst);
            closed = true;
        }
    }
    closed
}

/// Returns once every descriptor given to `close_later` is closed (only the
/// main thread calls this): before a descriptor is opened whose number shows
/// (an operand, that may be /proc/self/fd), as GNU would number it.
pub fn closed() {
    close_pending();
    while CLOSING.load(SeqCst) != 0 {
        core::hint::spin_loop();
    }
}
