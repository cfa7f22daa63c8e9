//! `--hyperlink`: the canonical absolute path of each printed name, found with few
//! syscalls.
//!
//! GNU canonicalizes every name (gnulib's canonicalize with CAN_MISSING: symlinks
//! resolved, `.`/`..` applied, missing components kept). Here the working directory
//! is read once (getcwd, see `cwd`), the canonical path of the directory being
//! listed is kept on a stack that follows the walk, and a name is resolved against
//! it with a readlink only where a symlink can be (symlink entries, operands, -L):
//! the other entries are the directory's path plus their name.

use crate::fmt::{Fixed, Sink};
use crate::ls::entry::{Entry, Kind};
use crate::ls::values::colors::hyperlink;
use crate::msg::Stdout;
use crate::sys::stat::readlink_at;
use crate::sys::{file, host, mem};
use core::cell::{Cell, RefCell};
use core::ffi::CStr;

/// Space for each of the three path buffers (reserved, touched only as used).
const SPACE: usize = 64 << 20;
/// Symlinks followed while resolving one name before giving up (glibc's MAXSYMLINKS).
const MAX_LINKS: usize = 40;

struct Buffers {
    /// The working directory's canonical path, then the current directory's.
    canon: &'static mut [u8],
    /// A name's path being built.
    name: &'static mut [u8],
    /// The remaining components while resolving (kept at the end), and a link target.
    rest: &'static mut [u8],
}

/// Where the walk was: the directory being listed before entering a child.
#[derive(Clone, Copy)]
pub struct Mark {
    start: usize,
    end: usize,
}

/// The `--hyperlink` state of one run.
pub struct Links {
    host: [u8; 65],
    host_len: usize,
    bufs: RefCell<Option<Buffers>>,
    /// canon[..cwd] is the working directory.
    cwd: Cell<usize>,
    /// canon[start..dir] is the directory whose entries are printed: it starts at
    /// `cwd`, or later where a symlink (-L) made a child's path other than its
    /// parent's path and a name.
    start: Cell<usize>,
    dir: Cell<usize>,
    /// The file operands are printed (their names are relative to the working
    /// directory), not a directory's entries.
    operands: Cell<bool>,
    /// -L: any entry may be a symlink.
    deref: bool,
    /// Why the working directory has no path (removed: ENOENT). GNU then fails to
    /// canonicalize every relative name: a message, and the name without a link.
    cwd_error: Option<crate::sys::Errno>,
    /// The directory being listed was reached by a relative name while `cwd_error`.
    dir_failed: Cell<bool>,
}

/// Resolves `rel` against the canonical path `out[..*len]` (empty: `/`). After
/// MAX_LINKS symlinks the rest is taken as written. Returns false when a buffer is
/// too small.
fn resolve(out: &mut [u8], len: &mut usize, rel: &[u8], check: bool, rest: &mut [u8]) -> bool {
    let (rest, link) = rest.split_at_mut(rest.len() / 2);
    let end = rest.len();
    if rel.len() > end || out.is_empty() {
        return false;
    }
    let mut pos = end - rel.len();
    rest[pos..].copy_from_slice(rel);
    if rel.first() == Some(&b'/') {
        *len = 0;
    }
    let mut links = 0;
    loop {
        while pos < end && rest[pos] == b'/' {
            pos += 1;
        }
        if pos == end {
            return true;
        }
        let stop = rest[pos..]
            .iter()
            .position(|&b| b == b'/')
            .map_or(end, |i| pos + i);
        let comp = &rest[pos..stop];
        pos = stop;
        if comp == b"." {
            continue;
        }
        if comp == b".." {
            while *len > 0 && out[*len - 1] != b'/' {
                *len -= 1;
            }
            *len = len.saturating_sub(1);
            continue;
        }
        let before = *len;
        if before + 1 + comp.len() + 1 > out.len() {
            return false;
        }
        out[before] = b'/';
        out[before + 1..before + 1 + comp.len()].copy_from_slice(comp);
        *len = before + 1 + comp.len();
        if !check {
            continue;
        }
        out[*len] = 0;
        let Ok(path) = CStr::from_bytes_with_nul(&out[..=*len]) else {
            continue;
        };
        if links >= MAX_LINKS {
            // Symlinks that loop: GNU keeps the component as written.
            continue;
        }
        if let Ok(target) = readlink_at(file::cwd(), path, link) {
            links += 1;
            if target.len() + 1 > pos {
                return false;
            }
            *len = if target.first() == Some(&b'/') {
                0
            } else {
                before
            };
            pos -= 1;
            rest[pos] = b'/';
            pos -= target.len();
            rest[pos..pos + target.len()].copy_from_slice(target);
        }
    }
}

impl Links {
    /// The state for --hyperlink when `on`; `deref`: -L.
    pub fn of(on: bool, deref: bool) -> Option<Links> {
        if !on {
            return None;
        }
        let mut host = [0u8; 65];
        let host_len = host::node_name(&mut host).len();
        let bufs = match (
            mem::reserve(SPACE),
            mem::reserve(SPACE),
            mem::reserve(SPACE),
        ) {
            (Ok(canon), Ok(name), Ok(rest)) => Some(Buffers { canon, name, rest }),
            _ => None,
        };
        let mut links = Links {
            host,
            host_len,
            bufs: RefCell::new(bufs),
            cwd: Cell::new(0),
            start: Cell::new(0),
            dir: Cell::new(0),
            operands: Cell::new(false),
            deref,
            cwd_error: None,
            dir_failed: Cell::new(false),
        };
        if let Some(b) = links.bufs.get_mut().as_mut() {
            // "/" is kept as the empty path.
            let n = super::cwd::working_dir(b.canon).unwrap_or_else(|e| {
                links.cwd_error = Some(e);
                0
            });
            links.cwd.set(n);
            links.start.set(n);
            links.dir.set(n);
        }
        Some(links)
    }

    fn host(&self) -> &[u8] {
        &self.host[..self.host_len]
    }

    /// Why GNU could not canonicalize the operand `name`: it is empty (gnulib's
    /// canonicalize says ENOENT before it looks at anything), or relative while
    /// the working directory has no path.
    #[inline(never)]
    pub fn operand_error(&self, name: &[u8]) -> Option<crate::sys::Errno> {
        match name.first() {
            None => Some(crate::sys::Errno::NOENT),
            Some(&b'/') => None,
            Some(_) => self.cwd_error,
        }
    }

    /// Why GNU could not canonicalize the directory being listed (see
    /// `operand_error`).
    pub fn dir_error(&self) -> Option<crate::sys::Errno> {
        self.cwd_error.filter(|_| self.dir_failed.get())
    }

    /// The file operands are being printed (true) or a directory's entries.
    pub fn set_operands(&self, on: bool) {
        self.operands.set(on);
    }

    /// Starts listing the directory operand `name`.
    #[inline(never)]
    pub fn enter_operand(&self, name: &[u8]) {
        let cwd = self.cwd.get();
        self.dir_failed.set(self.operand_error(name).is_some());
        if let Some(b) = self.bufs.borrow_mut().as_mut() {
            let (base, out) = b.canon.split_at_mut(cwd);
            out[..cwd].copy_from_slice(base);
            let mut len = cwd;
            if !resolve(out, &mut len, name, true, b.rest) {
                // Symlinks that loop: the path as written, as GNU's.
                len = cwd;
                resolve(out, &mut len, name, false, b.rest);
            }
            self.start.set(cwd);
            self.dir.set(cwd + len);
        }
    }

    /// Starts listing the subdirectory `name` of the current directory; returns
    /// the mark for `leave`. The parent's path stays in place below the child's
    /// (the walk comes back to it): the child's is resolved in the scratch buffer
    /// and stored as the parent's plus the rest, or whole after the parent's when
    /// a symlink (-L) led elsewhere.
    #[inline(never)]
    pub fn enter_child(&self, name: &[u8]) -> Mark {
        let mark = Mark {
            start: self.start.get(),
            end: self.dir.get(),
        };
        if let Some(b) = self.bufs.borrow_mut().as_mut() {
            let parent = &b.canon[mark.start..mark.end];
            if parent.len() >= b.name.len() {
                return mark;
            }
            b.name[..parent.len()].copy_from_slice(parent);
            let mut len = parent.len();
            if !resolve(b.name, &mut len, name, self.deref, b.rest) {
                return mark;
            }
            let path = &b.name[..len];
            let (start, from) = if path.starts_with(parent) {
                (mark.start, parent.len())
            } else {
                (mark.end, 0)
            };
            let tail = &path[from..];
            let Some(room) = b.canon.get_mut(mark.end..mark.end + tail.len()) else {
                return mark;
            };
            room.copy_from_slice(tail);
            self.start.set(start);
            self.dir.set(mark.end + tail.len());
        }
        mark
    }

    /// Back to the directory that was current at `mark`.
    pub fn leave(&self, mark: Mark) {
        self.start.set(mark.start);
        self.dir.set(mark.end);
    }

    /// Writes the opening OSC 8 for the directory being listed (its header);
    /// false when it has no link.
    pub fn open_dir(&self) -> bool {
        if self.dir_error().is_some() {
            return false;
        }
        if let Some(b) = self.bufs.borrow().as_ref() {
            hyperlink::open(
                &mut Stdout,
                self.host(),
                &b.canon[self.start.get()..self.dir.get()],
            );
        }
        true
    }

    /// Writes the opening OSC 8 for `e`; false when it has no link.
    fn open_entry(&self, e: &Entry) -> bool {
        let failed = if self.operands.get() {
            self.operand_error(e.name()).is_some()
        } else {
            self.dir_error().is_some()
        };
        if failed {
            return false;
        }
        let mut bufs = self.bufs.borrow_mut();
        let Some(b) = bufs.as_mut() else { return true };
        let cwd = self.cwd.get();
        let base = if self.operands.get() {
            &b.canon[..cwd]
        } else {
            &b.canon[self.start.get()..self.dir.get()]
        };
        if base.len() >= b.name.len() {
            return true;
        }
        b.name[..base.len()].copy_from_slice(base);
        let mut len = base.len();
        let check =
            self.operands.get() || self.deref || matches!(e.kind, Kind::Symlink | Kind::Unknown);
        if !resolve(b.name, &mut len, e.name(), check, b.rest) {
            // Symlinks that loop: the path as written, as GNU's.
            len = base.len();
            resolve(b.name, &mut len, e.name(), false, b.rest);
        }
        hyperlink::open(&mut Stdout, self.host(), &b.name[..len]);
        true
    }

    /// Prints a name (or `e`'s symlink target) through `quote`, which says whether
    /// it quoted it, inside `e`'s link. `aligned`: the group aligns names on
    /// quotes; GNU then keeps a quoted name's outer quotes outside the link.
    /// Returns the bytes of the quoted text, and whether `quote` quoted it.
    pub fn around(
        &self,
        e: &Entry,
        aligned: bool,
        quote: &dyn Fn(&mut dyn Sink) -> bool,
    ) -> (usize, bool) {
        let mut tmp = [0u8; 4096];
        let mut b = Fixed::new(&mut tmp);
        let quoted = quote(&mut b);
        let (n, lost) = (b.len, b.lost);
        if lost {
            // Longer than the buffer: written directly, quotes inside the link.
            let linked = self.open_entry(e);
            let start = crate::sys::out::position();
            let quoted = quote(&mut Stdout);
            let n = (crate::sys::out::position() - start) as usize;
            if linked {
                hyperlink::close(&mut Stdout);
            }
            return (n, quoted);
        }
        if aligned && quoted && n >= 2 {
            crate::sys::out::byte(tmp[0]);
            let linked = self.open_entry(e);
            crate::sys::out::bytes(&tmp[1..n - 1]);
            if linked {
                hyperlink::close(&mut Stdout);
            }
            crate::sys::out::byte(tmp[n - 1]);
        } else {
            let linked = self.open_entry(e);
            crate::sys::out::bytes(&tmp[..n]);
            if linked {
                hyperlink::close(&mut Stdout);
            }
        }
        (n, quoted)
    }
}
