//! Tasks for the workers: a fixed set of slots, each holding one value (a
//! request, then its result), posted by the main thread or by a worker, run by
//! a worker (the highest rank first), and taken back by the main thread.
//!
//! A slot's state says who may touch its value: the thread that moved it from
//! FREE to FILLING (to write a request), the worker that moved it from QUEUED
//! to RUNNING, the main thread when it is DONE (or QUEUED: it may take it back
//! to run itself). `parent` and `tag` say what a slot holds without reading the
//! value: the main thread finds a task by its tag, and gives up all the tasks of
//! a parent at once. Whoever frees a slot first clears its value (`Task`): what
//! it holds (a descriptor) is given up with it.

use super::{announce, futex_wait, futex_wake, SHARED, SPINS};
use core::cell::UnsafeCell;
use core::marker::PhantomData;
use core::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering::SeqCst};

/// A wait for a task longer than this (nanoseconds) is a wait for the disk.
const LONG_WAIT: u64 = 500_000;

const FREE: u32 = 0;
const FILLING: u32 = 1;
const QUEUED: u32 = 2;
const RUNNING: u32 = 3;
const DONE: u32 = 4;
/// Running, its result no longer wanted: the worker frees it.
const DROPPED: u32 = 5;

/// A slot's value.
pub trait Task: Send + 'static {
    /// Gives up what the value holds, as its slot is freed.
    fn clear(&mut self);
}

/// One task's place.
struct Slot<T> {
    state: AtomicU32,
    /// Workers take the queued task of the highest rank.
    rank: AtomicU64,
    /// What the poster said the task belongs to, and is (0 when free).
    parent: AtomicU64,
    tag: AtomicU64,
    value: UnsafeCell<T>,
}

// SAFETY: a slot's value is touched by one thread at a time, as its state says
// (see the module), and moves between threads only so: sound when T is Send.
unsafe impl<T: Send> Sync for Slot<T> {}

/// The right to post tasks (every thread has it).
pub struct Post<T: 'static> {
    all: &'static [Slot<T>],
}

/// The main thread's hold on the slots: taking results back and giving tasks
/// up. Not Send nor Sync: only the thread that made it holds it.
pub struct Slots<T: 'static> {
    post: Post<T>,
    _main: PhantomData<*mut ()>,
}

/// The slots the workers serve: their address and number, and the function
/// that serves slots of their type (0: none yet).
static ALL: AtomicUsize = AtomicUsize::new(0);
static COUNT: AtomicUsize = AtomicUsize::new(0);
static RUN: AtomicUsize = AtomicUsize::new(0);
static SERVE: AtomicUsize = AtomicUsize::new(0);
/// No task may be posted any more (`Slots::close`).
static CLOSED: AtomicBool = AtomicBool::new(false);

impl<T: Task> Post<T> {
    /// Posts a task into a free slot: `fill` writes its request (false: no
    /// task after all). Returns false when no slot is free.
    pub fn post(
        &self,
        parent: u64,
        tag: u64,
        rank: u64,
        fill: &mut dyn FnMut(&mut T) -> bool,
    ) -> bool {
        for slot in self.all {
            if slot.state.load(SeqCst) != FREE
                || slot
                    .state
                    .compare_exchange(FREE, FILLING, SeqCst, SeqCst)
                    .is_err()
            {
                continue;
            }
            // SAFETY: this thread moved the slot from FREE to FILLING: the value
            // is its alone until it stores QUEUED or FREE.
            if CLOSED.load(SeqCst) || !fill(unsafe { &mut *slot.value.get() }) {
                slot.state.store(FREE, SeqCst);
                return false;
            }
            slot.rank.store(rank, SeqCst);
            slot.parent.store(parent, SeqCst);
            slot.tag.store(tag, SeqCst);
            slot.state.store(QUEUED, SeqCst);
            announce();
            return true;
        }
        false
    }
}

impl<T: Task> Slots<T> {
    /// `n` slots made by `init`, whose queued values the workers hand to `run`
    /// (with the right to post more), when there are workers (made here if need
    /// be); None when there are none, slots were made before, or memory is
    /// short.
    pub fn new(
        n: usize,
        mut init: impl FnMut() -> T,
        run: fn(&mut T, &Post<T>),
    ) -> Option<Slots<T>> {
        if super::count() == 0 || SERVE.load(SeqCst) != 0 {
            return None;
        }
        let room = super::super::mem::reserve_uninit::<Slot<T>>(n).ok()?;
        for r in room.iter_mut() {
            r.write(Slot {
                state: AtomicU32::new(FREE),
                rank: AtomicU64::new(0),
                parent: AtomicU64::new(0),
                tag: AtomicU64::new(0),
                value: UnsafeCell::new(init()),
            });
        }
        // SAFETY: every slot was initialised above; the reservation is never
        // unmapped, and is not used through `room` again.
        let all: &'static [Slot<T>] =
            unsafe { core::slice::from_raw_parts(room.as_ptr() as *const Slot<T>, n) };
        ALL.store(all.as_ptr() as usize, SeqCst);
        COUNT.store(n, SeqCst);
        RUN.store(run as usize, SeqCst);
        SERVE.store(serve_slots::<T> as *const () as usize, SeqCst);
        Some(Slots {
            post: Post { all },
            _main: PhantomData,
        })
    }

    /// The right to post.
    pub fn poster(&self) -> &Post<T> {
        &self.post
    }

    /// The slot of a task tagged `tag` (queued, running or done), if any.
    pub fn find(&self, tag: u64) -> Option<usize> {
        self.post.all.iter().position(|s| {
            s.tag.load(SeqCst) == tag && matches!(s.state.load(SeqCst), QUEUED | RUNNING | DONE)
        })
    }

    /// Waits for the task in slot `i`: its value once a worker is done with
    /// it; None (and the slot free) when no worker had taken it yet. While a
    /// worker runs it, runs other queued tasks, or spins a while, then sleeps.
    pub fn wait(&mut self, i: usize) -> Option<&mut T> {
        let slot = &self.post.all[i];
        let mut spins = 0u32;
        loop {
            match slot.state.compare_exchange(QUEUED, FILLING, SeqCst, SeqCst) {
                Ok(_) => {
                    free(slot);
                    return None;
                }
                // SAFETY: a DONE slot is the main thread's, and this borrow of
                // `self` is exclusive.
                Err(DONE) => return Some(unsafe { &mut *slot.value.get() }),
                Err(RUNNING) if serve_timed() => {}
                Err(RUNNING) if spins < SPINS => {
                    spins += 1;
                    core::hint::spin_loop();
                }
                Err(RUNNING) => {
                    spins = 0;
                    let start = super::super::time::monotonic();
                    SHARED.waiting.store(true, SeqCst);
                    futex_wait(&slot.state, RUNNING);
                    SHARED.waiting.store(false, SeqCst);
                    // A long wait: the workers wait for the disk, more of them
                    // can keep it busier.
                    if super::super::time::monotonic().wrapping_sub(start) > LONG_WAIT {
                        super::grow();
                    }
                }
                Err(_) => return None,
            }
        }
    }

    /// Gives the task in slot `i` up: free again, or freed by its worker when
    /// it is done.
    pub fn release(&mut self, i: usize) {
        let slot = &self.post.all[i];
        loop {
            match slot.state.load(SeqCst) {
                s @ (QUEUED | DONE) => {
                    if slot
                        .state
                        .compare_exchange(s, FILLING, SeqCst, SeqCst)
                        .is_ok()
                    {
                        free(slot);
                        return;
                    }
                }
                RUNNING => {
                    slot.tag.store(0, SeqCst);
                    if slot
                        .state
                        .compare_exchange(RUNNING, DROPPED, SeqCst, SeqCst)
                        .is_ok()
                    {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    /// Gives up every task for good, and returns once no worker runs one: from
    /// then on, the workers hold no descriptor (the walk lists its own
    /// descriptor table).
    pub fn close(&mut self) {
        CLOSED.store(true, SeqCst);
        loop {
            let mut busy = None;
            for i in 0..self.post.all.len() {
                self.release(i);
                let s = self.post.all[i].state.load(SeqCst);
                if s != FREE {
                    busy = Some((i, s));
                }
            }
            let Some((i, s)) = busy else {
                return;
            };
            SHARED.waiting.store(true, SeqCst);
            if s != FILLING {
                futex_wait(&self.post.all[i].state, s);
            }
            SHARED.waiting.store(false, SeqCst);
        }
    }

    /// Gives up every task posted for `parent`.
    pub fn release_all(&mut self, parent: u64) {
        for i in 0..self.post.all.len() {
            let s = &self.post.all[i];
            if s.parent.load(SeqCst) == parent && s.state.load(SeqCst) != FREE {
                self.release(i);
            }
        }
    }
}

/// Frees a slot this thread holds (it moved it to FILLING, or ran it and
/// found it DROPPED), its value cleared.
fn free<T: Task>(slot: &Slot<T>) {
    // SAFETY: as said above, the value is this thread's alone until the store
    // of FREE below.
    unsafe { &mut *slot.value.get() }.clear();
    slot.tag.store(0, SeqCst);
    slot.parent.store(0, SeqCst);
    slot.state.store(FREE, SeqCst);
}

/// `serve` on the main thread: a task that took longer than `LONG_WAIT` waited
/// for the disk, and more workers can keep it busier (as after a long wait).
fn serve_timed() -> bool {
    let start = super::super::time::monotonic();
    let served = serve();
    if served && super::super::time::monotonic().wrapping_sub(start) > LONG_WAIT {
        super::grow();
    }
    served
}

/// Runs one queued task if there is one (the highest rank); false when none.
pub(super) fn serve() -> bool {
    let f = SERVE.load(SeqCst);
    if f == 0 {
        return false;
    }
    // SAFETY: SERVE holds 0 or the address of `serve_slots::<T>` for the T of
    // the slots in ALL (stored by `Slots::new` before this address).
    let f = unsafe { core::mem::transmute::<usize, fn() -> bool>(f) };
    f()
}

/// `serve` for slots of T.
fn serve_slots<T: Task>() -> bool {
    // SAFETY: `Slots::new` stored the address and number of slots that live for
    // the process, and the `run` given with them, before storing this function.
    let (all, run) = unsafe {
        (
            core::slice::from_raw_parts(ALL.load(SeqCst) as *const Slot<T>, COUNT.load(SeqCst)),
            core::mem::transmute::<usize, fn(&mut T, &Post<T>)>(RUN.load(SeqCst)),
        )
    };
    let mut best: Option<(u64, &Slot<T>)> = None;
    for slot in all {
        if slot.state.load(SeqCst) == QUEUED {
            let r = slot.rank.load(SeqCst);
            if best.is_none_or(|(b, _)| r > b) {
                best = Some((r, slot));
            }
        }
    }
    let Some((_, slot)) = best else {
        return false;
    };
    if slot
        .state
        .compare_exchange(QUEUED, RUNNING, SeqCst, SeqCst)
        .is_err()
    {
        return true;
    }
    // SAFETY: this thread moved the slot from QUEUED to RUNNING: the value is
    // its alone until it stores DONE or FREE below.
    run(unsafe { &mut *slot.value.get() }, &Post { all });
    if slot
        .state
        .compare_exchange(RUNNING, DONE, SeqCst, SeqCst)
        .is_err()
    {
        // Dropped meanwhile: nobody wants the result.
        free(slot);
    }
    if SHARED.waiting.load(SeqCst) {
        futex_wake(&slot.state, 1);
    }
    true
}
