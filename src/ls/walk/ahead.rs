//! Reading ahead (-R): worker threads (`sys::thread`) read the directories the
//! walk will list next and make their stat calls, while this thread sorts and
//! prints. A directory read by a worker has its subdirectories posted at once
//! (so the workers go down the tree ahead of the walk, the newest first); one
//! the walk read itself has them posted by the walk. The walk enters each
//! directory in its order (its loop checks and messages are as without
//! threads); where a worker has read that directory, the walk takes the
//! worker's descriptor, names and stat results instead of opening and reading
//! it again.
//!
//! A worker opens the directory by its path from the working directory and
//! tells its identity (fstat): the walk takes the result only for the identity
//! it expects (the parent's device and the entry's d_ino), so a directory
//! renamed or replaced meanwhile, or a mount point, is opened and read again by
//! the walk. A descriptor not taken is closed as its slot is freed.
//! The results are bounded: `SLOTS` directories ahead, each of at most
//! `NAMES_CAP` bytes of names (or one of the few `BIG` buffers; a bigger one is
//! read by the walk) and stat results for at most `ENTRIES_CAP` entries (for a
//! bigger one, the walk makes the stat calls, shared: `read::share`). Tasks are found by a tag,
//! a hash of their parent's key and their name; those of a directory the walk
//! is done with are given up.

use super::levels::{dot_or_dotdot, Levels};
use super::path::Path;
use crate::ls::entry::{Kind, Packed};
use crate::ls::plan::Filter;
use crate::ls::read::{self, share, StatPlan, Stated};
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::mem::{reserve_uninit, Stack};
use crate::sys::once::Once;
use crate::sys::thread::{self, Lease, Pool, Post, Slots, Task};
use crate::sys::{file, AsFd, Errno, OwnedFd};
use core::ffi::CStr;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Directories read ahead at most.
const SLOTS: usize = 96;
/// The buffers of names of the directories read ahead that outgrow their
/// slot's (`NAMES_CAP`): at most this many at a time, of this size.
static BIG: Pool<4, { 32 << 10 }> = Pool::empty();
/// Bytes of packed names, entries, and bytes of path of one directory read ahead.
const NAMES_CAP: usize = 2 << 10;
const ENTRIES_CAP: usize = 32;
const PATH_CAP: usize = 512;
/// Directories listed before reading ahead starts (a small tree is walked on
/// this thread alone).
const START_AFTER: usize = 8;

/// What the workers need to read a directory as the walk would.
#[derive(Clone, Copy)]
struct Context {
    filter: Filter,
    stat: StatPlan,
}

static CONTEXT: Once<Context> = Once::unset();

/// The last key given to a directory, and the last batch of tasks posted.
static KEYS: AtomicU64 = AtomicU64::new(0);
static BATCHES: AtomicU64 = AtomicU64::new(0);

/// A new key for a directory.
fn new_key() -> u64 {
    KEYS.fetch_add(1, Relaxed) + 1
}

/// The tag of the task for the subdirectory `name` of the directory `parent`
/// (FNV-1a; never 0).
pub(super) fn tag(parent: u64, name: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in parent.to_le_bytes().iter().chain(name) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h | 1
}

/// Posts a task for the subdirectory `name` of the directory `parent` (its
/// key) at `path`, the `i`th of those posted at once (`batch`: the later the
/// batch, the sooner it is run; in a batch, the first first). False when the
/// slots are full.
#[inline(never)]
fn post_subdir(
    post: &Post<Work>,
    parent: u64,
    path: &[u8],
    name: &[u8],
    batch: u64,
    i: usize,
) -> bool {
    let rank = batch << 8 | (255 - i.min(255) as u64);
    post.post(parent, tag(parent, name), rank, &mut |w| {
        request(w, path, name)
    })
}

/// A new batch of tasks.
fn batch() -> u64 {
    BATCHES.fetch_add(1, Relaxed) + 1
}

/// One directory to read ahead: the request (its key and path), then what
/// was read.
pub(super) struct Work {
    /// The key its subdirectories are posted under.
    key: u64,
    path: Stack<u8>,
    /// The directory was read to its end or to an error (else nothing holds).
    read: bool,
    /// Its (st_dev, st_ino), and its descriptor once read whole.
    id: (u64, u64),
    fd: Option<OwnedFd>,
    /// The error that ended reading early.
    error: Option<Errno>,
    /// Its names, packed with their d_ino (see `Packed`), their number, and
    /// one stat result per name when `stated` (else the walk makes the stat
    /// calls: a directory of more than `ENTRIES_CAP` entries, or one whose
    /// listing stats nothing).
    names: Names,
    count: usize,
    results: Stack<Stated>,
    stated: bool,
}

/// Bytes of names (records of `read::record`): in the slot's own buffer, moved
/// to a buffer of `BIG` for a directory whose names outgrow it.
struct Names {
    own: Stack<u8>,
    big: Option<(Lease, usize)>,
}

impl Names {
    fn clear(&mut self) {
        self.own.truncate(0);
        self.big = None;
    }

    fn as_slice(&self) -> &[u8] {
        match &self.big {
            Some((lease, len)) => &lease.read()[..*len],
            None => self.own.as_slice(),
        }
    }
}

impl read::Extend for Names {
    fn put(&mut self, b: &[u8]) -> bool {
        let own = &self.own;
        if self.big.is_none() && own.len() + b.len() > own.capacity() {
            let Some(mut lease) = BIG.lend() else {
                return false;
            };
            let Some(to) = lease.bytes().get_mut(..own.len()) else {
                return false;
            };
            to.copy_from_slice(own.as_slice());
            self.big = Some((lease, own.len()));
        }
        match &mut self.big {
            Some((lease, len)) => match lease.bytes().get_mut(*len..*len + b.len()) {
                Some(to) => {
                    to.copy_from_slice(b);
                    *len += b.len();
                    true
                }
                None => false,
            },
            None => self.own.extend(b).is_ok(),
        }
    }
}

/// Reads the directory of `w`'s request (on a worker thread), and posts its
/// subdirectories.
fn run(w: &mut Work, post: &Post<Work>) {
    w.read = false;
    w.stated = false;
    w.error = None;
    w.names.clear();
    w.results.truncate(0);
    let Some(cx) = CONTEXT.get() else {
        return;
    };
    let Ok(path) = CStr::from_bytes_with_nul(w.path.as_slice()) else {
        return;
    };
    let Ok(fd) = file::open_dir(file::cwd(), path, false) else {
        return;
    };
    let Ok(st) = file::fstat(fd.as_fd()) else {
        return;
    };
    #[allow(clippy::unnecessary_cast)] // u32 on some targets
    let id = (st.st_dev as u64, st.st_ino as u64);
    w.id = id;
    let mut buf = [MaybeUninit::<u8>::uninit(); 8 << 10];
    let mut count = 0;
    let (mut full, mut stats) = (false, false);
    // Subdirectories are posted as they are read: other workers start on them.
    let (batch, mut posted, mut room) = (batch(), 0, true);
    let (names, path) = (&mut w.names, w.path.as_slice());
    let path = &path[..path.len() - 1];
    w.error = read::names(fd.as_fd(), &mut buf, &cx.filter, &mut |mode, ino, name| {
        full = !read::record(names, mode, ino, name, true);
        stats |= cx.stat.wants(Kind::from_mode(mode));
        count += 1;
        let name = &name[..name.len() - 1];
        if room && Kind::from_mode(mode) == Kind::Dir && !dot_or_dotdot(name) {
            room = post_subdir(post, w.key, path, name, batch, posted);
            posted += 1;
        }
        !full
    });
    if full {
        return;
    }
    w.count = count;
    if count > ENTRIES_CAP || !stats {
        w.read = true;
        w.fd = Some(fd);
        return;
    }
    let packed = Packed {
        bytes: w.names.as_slice(),
        count,
        ino: true,
        error: None,
    };
    let mut at = 0;
    for _ in 0..count {
        let (r, next) = packed.record(at);
        if w.results
            .push(cx.stat.stat(fd.as_fd(), r.name_z, r.kind))
            .is_err()
        {
            return;
        }
        at = next;
    }
    w.read = true;
    w.stated = true;
    w.fd = Some(fd);
}

impl Task for Work {
    fn clear(&mut self) {
        self.fd = None;
        self.names.big = None;
    }
}

/// What a worker read of a directory, copied into the walk's region.
pub(super) struct Ahead<'a> {
    pub(super) packed: Packed<'a>,
    pub(super) results: Option<&'a mut [Stated]>,
}

/// The walk's side of reading ahead.
pub(super) struct Reader {
    slots: Option<Slots<Work>>,
    /// Directories listed so far, until `start_after` (usize::MAX: reading
    /// ahead is off).
    listed: usize,
    start_after: usize,
    context: Context,
}

impl Reader {
    /// A reader for a walk that reads ahead when `on` (-R, no -L, listings kept
    /// whole) with `filter` and `stat`, when there are workers.
    pub(super) fn new(on: bool, filter: Filter, stat: StatPlan) -> Reader {
        let start_after = match share::forced() {
            _ if !on => usize::MAX,
            Some(_) => 0,
            None => START_AFTER,
        };
        Reader {
            slots: None,
            listed: 0,
            start_after,
            context: Context { filter, stat },
        }
    }

    /// After the walk listed the directory at `path` (the top of `levels`):
    /// posts its subdirectories that no worker posted.
    #[inline(never)]
    pub(super) fn listed(&mut self, levels: &Levels, path: &Path) {
        if self.start_after == usize::MAX {
            return;
        }
        if self.listed < self.start_after {
            self.listed += 1;
            return;
        }
        if self.slots.is_none() {
            if share::workers() {
                CONTEXT.set(self.context);
                self.slots = make_slots();
            }
            if self.slots.is_none() {
                self.start_after = usize::MAX;
                return;
            }
        }
        let Some(slots) = &self.slots else {
            return;
        };
        let top = levels.at(levels.depth());
        if top.by_path {
            return;
        }
        let (batch, mut i) = (batch(), 0);
        levels.top_pending(|name| {
            if slots.find(tag(top.key, name)).is_some() {
                return true;
            }
            i += 1;
            post_subdir(slots.poster(), top.key, path.bytes(), name, batch, i - 1)
        });
    }

    /// The descriptor of the directory tagged `tag` (`tag(parent key, name)`)
    /// when a worker read it whole and its identity is `id` (its results are
    /// then `take`n after). Waits for a worker that is reading it.
    #[inline(never)]
    pub(super) fn claim(&mut self, tag: u64, id: (u64, u64)) -> Option<OwnedFd> {
        let slots = self.slots.as_mut()?;
        let i = slots.find(tag)?;
        slots.wait(i).filter(|w| w.read && w.id == id)?.fd.take()
    }

    /// The directory tagged `tag` (`tag(parent key, name)`), read ahead, copied
    /// into `region`, and its key: None when it was not read whole, or is not
    /// the one whose identity is `id`; a new key when no task was posted for it.
    #[inline(never)]
    pub(super) fn take<'a>(
        &mut self,
        region: &Arena<'a>,
        tag: u64,
        id: (u64, u64),
    ) -> Result<(Option<Ahead<'a>>, u64), Exhausted> {
        let Some(slots) = &mut self.slots else {
            return Ok((None, new_key()));
        };
        let Some(i) = slots.find(tag) else {
            return Ok((None, new_key()));
        };
        let (got, key) = match slots.wait(i) {
            Some(w) if w.read && w.id == id => (
                Some(Ahead {
                    packed: Packed {
                        bytes: region.copy(w.names.as_slice())?,
                        count: w.count,
                        ino: true,
                        error: w.error,
                    },
                    results: match w.stated {
                        true => Some(region.copy(w.results.as_slice())?),
                        false => None,
                    },
                }),
                w.key,
            ),
            // (Its subdirectories' tasks, if any, are given up with it.)
            Some(w) => (None, w.key),
            None => (None, new_key()),
        };
        slots.release(i);
        Ok((got, key))
    }

    /// A new key, for an operand.
    pub(super) fn key(&self) -> u64 {
        new_key()
    }

    /// Gives up the task tagged `tag` (its directory could not be opened).
    pub(super) fn forget(&mut self, tag: u64) {
        if let Some(slots) = &mut self.slots {
            if let Some(i) = slots.find(tag) {
                slots.release(i);
            }
        }
    }

    /// Stops reading ahead for good and ends the workers: the walk is about to
    /// list procfs, where they would show (/proc/self/task and its link count,
    /// a worker's descriptor in /proc/self/fd). What was read ahead is given up.
    pub(super) fn stop(&mut self) {
        if self.start_after == usize::MAX && !thread::alive() {
            return;
        }
        self.start_after = usize::MAX;
        if let Some(slots) = &mut self.slots {
            slots.close();
        }
        thread::retire();
    }

    /// Gives up the tasks posted for the subdirectories of the directory whose
    /// key is `key` (the walk is done with it).
    pub(super) fn done(&mut self, key: u64) {
        if let Some(slots) = &mut self.slots {
            slots.release_all(key);
        }
    }
}

/// Writes the request for the directory `name` in `parent` (a path) into `w`,
/// with a new key; false when the path is too long for it.
fn request(w: &mut Work, parent: &[u8], name: &[u8]) -> bool {
    let slash = parent.last() != Some(&b'/');
    if parent.len() + 2 + name.len() > w.path.capacity() {
        return false;
    }
    w.key = new_key();
    w.path.truncate(0);
    let _ = w.path.extend(parent);
    if slash {
        let _ = w.path.push(b'/');
    }
    let _ = w.path.extend(name);
    let _ = w.path.push(0);
    true
}

/// The slots and their buffers (one reservation each for paths, names and
/// results, touched only as they are used), and the workers.
fn make_slots() -> Option<Slots<Work>> {
    BIG.reserve();
    let paths = reserve_uninit::<u8>(SLOTS * PATH_CAP).ok()?;
    let names = reserve_uninit::<u8>(SLOTS * NAMES_CAP).ok()?;
    let results = reserve_uninit::<Stated>(SLOTS * ENTRIES_CAP).ok()?;
    let mut paths = paths.chunks_exact_mut(PATH_CAP);
    let mut names = names.chunks_exact_mut(NAMES_CAP);
    let mut results = results.chunks_exact_mut(ENTRIES_CAP);
    Slots::new(
        SLOTS,
        || Work {
            key: 0,
            path: Stack::new(paths.next().unwrap_or_default()),
            read: false,
            id: (0, 0),
            fd: None,
            error: None,
            names: Names {
                own: Stack::new(names.next().unwrap_or_default()),
                big: None,
            },
            count: 0,
            results: Stack::new(results.next().unwrap_or_default()),
            stated: false,
        },
        run,
    )
}
