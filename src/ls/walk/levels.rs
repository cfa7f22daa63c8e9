//! The directories on the path being walked and the subdirectories each has yet
//! to list: a stack of `Level`s (the operand first) and a byte stack of pending
//! names (as GNU keeps its pending directories in a list), both off the call
//! stack, so the depth is bounded by the address space and not by `ulimit -s`.
//! Also the loop check: a directory whose identity an ancestor has.

use crate::ls::entry::Entry;
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::mem::Stack;
use core::mem::MaybeUninit;

/// Levels and bytes of pending names held in the arena before the stacks move to
/// a reservation.
const LEVELS_START: usize = 32;
const NAMES_START: usize = 4 << 10;

/// One directory on the path being walked; its depth is its index in the stack
/// (its descriptor, if kept, is in `fds`).
#[derive(Clone, Copy)]
pub(super) struct Level {
    /// path[..path_end] is this directory's path.
    pub(super) path_end: usize,
    /// (st_dev, st_ino) for loop detection.
    pub(super) id: (u64, u64),
    /// One of our own descriptor tables in /proc (see `Descriptors::own_table`):
    /// its descriptor is not kept, and its subdirectories are opened by whole path.
    pub(super) by_path: bool,
    /// A mount point (counted in `crossings`).
    pub(super) crossed: bool,
    /// The hyperlink directory to go back to when it is done.
    pub(super) mark: Option<crate::ls::output::Mark>,
    /// Its key among the directories read ahead (`ahead`).
    pub(super) key: u64,
    /// Its pending subdirectories are `names[next..]` (below those of the
    /// level above it), records of d_ino (8 bytes) and the name with its NUL.
    next: usize,
    /// Where its records began (dropped when it is done).
    names_start: usize,
}

impl Level {
    /// An operand's level, its path ending at `path_end`.
    pub(super) fn operand(path_end: usize) -> Level {
        Level {
            path_end,
            id: (0, 0),
            by_path: false,
            crossed: false,
            mark: None,
            key: 0,
            next: 0,
            names_start: 0,
        }
    }
}

/// What the top of the stack asks for next.
pub(super) enum Next<'l> {
    /// The top level (at the depth given) and everything below it are done: it
    /// was popped.
    Done(Level, usize),
    /// The top level's next pending subdirectory (its d_ino and name), taken off
    /// its list.
    Child(Level, u64, &'l [u8]),
}

pub(super) struct Levels {
    /// The directories on the path being walked, the operand first.
    levels: Stack<Level>,
    /// The subdirectories each level has yet to list (see `Level::next`).
    names: Stack<u8>,
    /// Mount points among the directories being listed (see `needs_check`).
    crossings: usize,
}

impl Levels {
    pub(super) fn new(root: &Arena<'static>) -> Result<Levels, Exhausted> {
        Ok(Levels {
            levels: Stack::new(root.alloc_slice(LEVELS_START, MaybeUninit::uninit())?),
            names: Stack::new(root.alloc_slice(NAMES_START, MaybeUninit::uninit())?),
            crossings: 0,
        })
    }

    /// Empties both stacks and pushes an operand's level.
    pub(super) fn start(&mut self, top: Level) -> Result<(), Exhausted> {
        self.levels.truncate(0);
        self.names.truncate(0);
        self.levels.push(top)
    }

    /// The depth of the top level.
    pub(super) fn depth(&self) -> usize {
        self.levels.len() - 1
    }

    /// The level at `depth`.
    pub(super) fn at(&self, depth: usize) -> &Level {
        &self.levels.as_slice()[depth]
    }

    /// What the top level asks for next (None: the stack is empty).
    pub(super) fn next(&mut self) -> Option<Next<'_>> {
        let &level = self.levels.as_slice().last()?;
        if level.next == self.names.len() {
            // Done with it (and with everything below it).
            self.levels.pop();
            self.crossings -= level.crossed as usize;
            self.names.truncate(level.names_start);
            return Some(Next::Done(level, self.levels.len()));
        }
        let (ino, len) = self.pending(level.next);
        let depth = self.depth();
        self.levels.as_mut_slice()[depth].next = level.next + 8 + len + 1;
        let name = &self.names.as_slice()[level.next + 8..][..len];
        Some(Next::Child(level, ino, name))
    }

    /// The pending subdirectory at `names[at..]`: its d_ino and name length.
    fn pending(&self, at: usize) -> (u64, usize) {
        let r = &self.names.as_slice()[at..];
        let mut ino = [0; 8];
        ino.copy_from_slice(&r[..8]);
        let len = r[8..].iter().position(|&b| b == 0).unwrap_or(r.len() - 8);
        (u64::from_ne_bytes(ino), len)
    }

    /// A child level of `parent` (its d_ino `ino`), its path ending at `path_end`,
    /// with no pending subdirectories yet.
    pub(super) fn child(&self, parent: &Level, ino: u64, path_end: usize, crossed: bool) -> Level {
        Level {
            path_end,
            // Within one mount a directory is (its parent's st_dev, d_ino).
            id: (parent.id.0, ino),
            by_path: false,
            crossed,
            mark: None,
            key: 0,
            next: self.names.len(),
            names_start: self.names.len(),
        }
    }

    /// Sets the key of the top level.
    pub(super) fn set_key(&mut self, key: u64) {
        let depth = self.depth();
        self.levels.as_mut_slice()[depth].key = key;
    }

    /// Pushes a level opened below the top.
    pub(super) fn push(&mut self, child: Level) -> Result<(), Exhausted> {
        self.crossings += child.crossed as usize;
        self.levels.push(child)
    }

    /// Adds the subdirectories among `entries` (but `.` and `..`) to the top
    /// level's pending names; returns whether there were any.
    pub(super) fn add_pending(&mut self, entries: &[Entry]) -> Result<bool, Exhausted> {
        let start = self.names.len();
        for e in entries.iter() {
            if e.is_dir() && !dot_or_dotdot(e.name()) {
                self.names.extend(&e.d_ino.to_ne_bytes())?;
                self.names.extend(e.name_z())?;
            }
        }
        Ok(self.names.len() != start)
    }

    /// Calls `f(name)` for each pending subdirectory of the top level, in the
    /// order they will be listed, while it returns true.
    pub(super) fn top_pending<'s>(&'s self, mut f: impl FnMut(&'s [u8]) -> bool) {
        let mut at = self.at(self.depth()).next;
        while at < self.names.len() {
            let (_, len) = self.pending(at);
            if !f(&self.names.as_slice()[at + 8..][..len]) {
                return;
            }
            at += 8 + len + 1;
        }
    }

    /// Whether a directory below a mount point is being listed: then every
    /// directory's identity is checked (a bind mount can show an ancestor again).
    pub(super) fn below_mount(&self) -> bool {
        self.crossings > 0
    }

    /// Whether a level on the stack has identity `id`.
    pub(super) fn listed(&self, id: (u64, u64)) -> bool {
        self.levels.as_slice().iter().any(|x| x.id == id)
    }
}

pub(super) fn dot_or_dotdot(name: &[u8]) -> bool {
    name == b"." || name == b".."
}
