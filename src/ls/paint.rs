//! ls's side of `--color` and `--hyperlink`: the database set up once at start,
//! the facts each entry gives the color rules, and the bytes around names.
//!
//! `setup` runs after the options (GNU parses LS_COLORS only once color is on, after
//! the option warnings). The database and its storage live in the root arena for the
//! whole run. `Render` (ls::output) holds a `Paint`; the formats call
//! `Render::painted_name` where they print a name, `Render::paint_normal` before each
//! entry, and `Render::painted_target` for a symlink's target in `-l`. `finish`
//! writes the closing sequence once at exit.

use super::entry::{Entry, Kind};
use super::output::Render;
use crate::fmt::colors::{self, hyperlink, Database, Facts, FileType, Painter, Setup, Slot, Stat, Storage};
use crate::fmt::Stdout;
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::err::Line;
use crate::sys::stat::{statx_at, StatxFlags};
use crate::sys::{env, out, BorrowedFd};
use core::cell::{Cell, RefCell};
use core::ffi::CStr;

/// The color state of one run.
pub struct Paint {
    db: &'static Database<'static>,
    painter: RefCell<Painter<'static, 'static>>,
}

/// The `--hyperlink` state: the host name, and the canonical directory path of the
/// names being printed (set by the walk for each listing).
pub struct Links {
    pub host: &'static [u8],
    /// The canonical path of the directory whose entries are printed, or empty
    /// for the file operands (whose paths are resolved one by one).
    pub dir: Cell<&'static [u8]>,
}

/// GNU's start-up decision once `--color` said yes: the database, or None (no
/// color: the terminal is unknown, or LS_COLORS is invalid and the messages were
/// printed). `Err` when the arena is exhausted.
pub fn setup(root: &Arena<'static>) -> Result<Option<&'static Database<'static>>, Exhausted> {
    let ls_colors = env::get(b"LS_COLORS");
    let size = colors::storage_size(ls_colors.unwrap_or(b""));
    let bytes = root.alloc_slice(size.bytes, 0u8)?;
    let slots = root.alloc_slice(size.slots, Slot::EMPTY)?;
    let storage = Storage { bytes, slots };
    match colors::setup(ls_colors, env::get(b"TERM"), env::get(b"COLORTERM"), storage) {
        Setup::Colors(db) => Ok(Some(&root.copy(&[db])?[0])),
        Setup::Off => Ok(None),
        Setup::Invalid(e) => {
            if e == colors::ParseError::NoRoom {
                return Err(Exhausted);
            }
            let mut l = Line::new();
            e.write_messages(crate::locale::ctype_utf8(), &mut super::LineSink(&mut l));
            l.send();
            Ok(None)
        }
    }
}

impl Paint {
    pub fn of(db: Option<&'static Database<'static>>) -> Option<Paint> {
        db.map(|db| Paint {
            db,
            painter: RefCell::new(Painter::new(db)),
        })
    }

    /// At exit, after all output.
    pub fn finish(&self) {
        self.painter.borrow_mut().finish(&mut Stdout);
    }
}

/// The mode of what the symlink `name_z` in `dir` points to, 0 when that is not
/// found (GNU's "linkok" false).
pub fn link_mode(dir: BorrowedFd<'_>, name_z: &[u8]) -> u32 {
    match CStr::from_bytes_with_nul(name_z) {
        Ok(n) => statx_at(dir, n, true, StatxFlags::TYPE | StatxFlags::MODE).map_or(0, |s| s.stx_mode as u32),
        Err(_) => 0,
    }
}

/// What the color rules know about `e`.
fn facts(e: &Entry) -> Facts {
    let file_type = match e.kind {
        Kind::Unknown => FileType::Unknown,
        Kind::Fifo => FileType::Fifo,
        Kind::CharDev => FileType::CharDevice,
        Kind::Dir => FileType::Directory,
        Kind::BlockDev => FileType::BlockDevice,
        Kind::Regular => FileType::Regular,
        Kind::Symlink => FileType::Symlink,
        Kind::Socket => FileType::Socket,
    };
    let stat = e.meta.map(|m| Stat {
        mode: m.mode,
        nlink: m.nlink,
    });
    let target_mode = if e.kind == Kind::Symlink {
        e.meta
            .map(|m| m.link_mode)
            .filter(|&m| m != 0)
            .or(e.extra.map(|x| x.target_mode).filter(|&m| m != 0))
    } else {
        None
    };
    Facts {
        file_type,
        stat,
        has_capability: false,
        target_mode,
    }
}

impl Render {
    /// Before an entry (its prefixes, or its long-format line): `no`'s sequence.
    pub(super) fn paint_normal(&self) {
        if let Some(p) = &self.paint {
            p.painter.borrow_mut().normal(&mut Stdout);
        }
    }

    /// Prints `e`'s name (after a space when `space` and it is not quoted itself),
    /// colored and linked as the options say. `col`: the column the entry started
    /// at; `pad`: alignment bytes the caller already wrote before it. Returns the
    /// bytes of the name with its alignment space (GNU's length for `cl`).
    pub(super) fn painted_name(&self, e: &Entry, space: bool, col: usize, pad: usize) -> usize {
        let pad = pad + (space && e.width & super::entry::QUOTED == 0) as usize;
        if space && e.width & super::entry::QUOTED == 0 {
            out::byte(b' ');
        }
        let seq = self.paint.as_ref().and_then(|p| p.db.name_sequence(&facts(e), e.name()));
        if let Some(p) = &self.paint {
            p.painter.borrow_mut().begin_name(&mut Stdout, seq);
        }
        let start = out::position();
        self.linked(e, || self.print_name(e, false));
        let len = (out::position() - start) as usize + pad;
        if let Some(p) = &self.paint {
            p.painter.borrow_mut().end_name(&mut Stdout, seq.is_some(), col, len, self.width);
        }
        len
    }

    /// Prints a symlink's target text in `-l`, colored by what it points to.
    pub(super) fn painted_target(&self, e: &Entry, target: &[u8], col: usize) {
        let seq = self.paint.as_ref().and_then(|p| p.db.target_sequence(&facts(e), target));
        if let Some(p) = &self.paint {
            p.painter.borrow_mut().begin_name(&mut Stdout, seq);
        }
        let start = out::position();
        if self.raw_names {
            out::bytes(target);
        } else {
            crate::fmt::quote::quote(&self.quoting, target, &mut Stdout);
        }
        let len = (out::position() - start) as usize;
        if let Some(p) = &self.paint {
            p.painter.borrow_mut().end_name(&mut Stdout, seq.is_some(), col, len, self.width);
        }
    }

    /// Runs `print` inside the entry's OSC 8 link when --hyperlink is on.
    fn linked(&self, e: &Entry, print: impl FnOnce()) {
        match &self.links {
            None => print(),
            Some(l) => {
                let _ = (l, e);
                print();
                let _ = hyperlink::CLOSE;
            }
        }
    }
}

impl Links {
    pub fn of(c: &super::options::Config) -> Option<Links> {
        c.hyperlink.then(|| Links {
            host: b"",
            dir: Cell::new(b""),
        })
    }
}

impl Render {
    /// Neither colors nor links: names can be written bare.
    pub(super) fn plain(&self) -> bool {
        self.paint.is_none() && self.links.is_none()
    }
}
