//! ls's side of `--color` and `--hyperlink`: the facts each entry gives the color
//! rules, and the bytes around names.
//!
//! The database comes with the plan (options::resolve sets it up). `Render` holds
//! a `Paint`; the formats call `Render::painted_name` where they print a name,
//! `Render::paint_normal` before each entry, and `Render::painted_target` for a
//! symlink's target in `-l`. `finish` writes the closing sequence once at exit.

use super::Render;
use crate::ls::entry::Entry;
use crate::ls::values::colors::{Database, Facts, Painter, Stat};
use crate::msg::Stdout;
use crate::sys::out;
use core::cell::RefCell;

/// Color sequences into stdout, not counted by `out::position` (GNU's --dired
/// offsets and its clear-to-end-of-line arithmetic leave them out).
struct Escapes;

impl crate::fmt::Sink for Escapes {
    fn put(&mut self, bytes: &[u8]) {
        out::escapes(bytes);
    }
}

/// The color state of one run.
pub struct Paint {
    db: &'static Database<'static>,
    painter: RefCell<Painter<'static, 'static>>,
}

impl Paint {
    pub fn of(db: Option<&'static Database<'static>>) -> Option<Paint> {
        db.map(|db| Paint {
            db,
            painter: RefCell::new(Painter::new(db)),
        })
    }

    /// At exit, after all output; whether any color was written.
    pub fn finish(&self) -> bool {
        self.painter.borrow_mut().finish(&mut Escapes)
    }
}

/// What the color rules know about `e`.
fn facts(e: &Entry) -> Facts {
    let stat = e.meta.map(|m| Stat {
        mode: m.mode,
        nlink: m.nlink,
    });
    // (GNU's linkok: the target text names a file; 0 otherwise.)
    let target_mode = Some(e.target_mode()).filter(|&m| m != 0);
    Facts {
        file_type: e.kind,
        stat,
        has_capability: false,
        target_mode,
    }
}

impl Render {
    /// Before an entry (its prefixes, or its long-format line): `no`'s sequence.
    pub(super) fn paint_normal(&self) {
        if let Some(p) = &self.paint {
            p.painter.borrow_mut().normal(&mut Escapes);
        }
    }

    /// Prints `e`'s name, colored and linked as the options say. `space`: the
    /// group aligns names on quotes (unquoted names get a leading space; the caller
    /// already wrote it when `pad_done`). `col`: the column the entry started at.
    /// Returns the bytes of the name with its alignment space (GNU's length for `cl`).
    pub(super) fn painted_name(&self, e: &Entry, space: bool, col: usize, pad_done: bool) -> usize {
        let pad = (space && !e.quoted) as usize;
        if pad == 1 && !pad_done {
            out::byte(b' ');
        }
        let seq = self
            .paint
            .as_ref()
            .and_then(|p| p.db.name_sequence(&facts(e), e.name()));
        if let Some(p) = &self.paint {
            p.painter.borrow_mut().begin_name(&mut Escapes, seq);
        }
        let len = self.quoted_text(e, e.name(), space).0 + pad;
        if let Some(p) = &self.paint {
            p.painter
                .borrow_mut()
                .end_name(&mut Escapes, seq.is_some(), col, len, self.show.width);
        }
        len
    }

    /// Prints a symlink's target text in `-l`, colored by what it points to and
    /// linked like the name. `aligned`: the group aligns names on quotes.
    #[inline(never)]
    pub(super) fn painted_target(&self, e: &Entry, target: &[u8], col: usize, aligned: bool) {
        let seq = self
            .paint
            .as_ref()
            .and_then(|p| p.db.target_sequence(&facts(e), target));
        if let Some(p) = &self.paint {
            p.painter.borrow_mut().begin_name(&mut Escapes, seq);
        }
        let (len, quoted) = self.quoted_text(e, target, aligned);
        // GNU counts the alignment space an unquoted target would get (it is not
        // printed) when it decides whether to clear to the end of the line.
        let len = len + (aligned && !quoted) as usize;
        if let Some(p) = &self.paint {
            p.painter
                .borrow_mut()
                .end_name(&mut Escapes, seq.is_some(), col, len, self.show.width);
        }
    }
}

impl Render {
    /// Writes `text` (`e`'s name or target) quoted, inside `e`'s link when
    /// --hyperlink is on; returns the bytes of the quoted text and whether it was
    /// quoted. `aligned`: the group aligns names on quotes.
    fn quoted_text(&self, e: &Entry, text: &[u8], aligned: bool) -> (usize, bool) {
        let write = |s: &mut dyn crate::fmt::Sink| -> bool {
            if self.show.raw_names {
                s.put(text);
                false
            } else {
                crate::fmt::quote::quote(&self.show.quoting, text, s).quoted
            }
        };
        match &self.links {
            Some(l) => l.around(e, aligned, &write),
            None => {
                let start = out::position();
                let quoted = write(&mut Stdout);
                ((out::position() - start) as usize, quoted)
            }
        }
    }
}
