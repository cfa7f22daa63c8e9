//! The bytes ls writes around names when coloring, as GNU 9.1 writes them.
//!
//! A [`Painter`] remembers whether anything was written yet: the first sequence of
//! the run is preceded by one "reset" (`ec` if set, else `lc rs rc`: `\e[0m` by
//! default). Names that are not colored are written bare.
//!
//! When ls calls what (each call writes to the same sink as the listing):
//! - [`Painter::normal`]: once per entry, before anything of it. In `-l`, at the start
//!   of each entry line (before the mode string); in the other formats just before
//!   the entry's inode/size/context columns (or its name). Writes `lc no rc` only when
//!   `no` is colored.
//! - [`Painter::begin_name`] with the entry's sequence ([`Database::name_sequence`]):
//!   right before the name's bytes, after any alignment space ls writes for quoted
//!   names, and before the hyperlink's opening OSC 8. With a sequence it writes
//!   `lc rc` first if `no` is colored, then `lc SEQ rc`; with `None` nothing.
//! - [`Painter::end_name`]: right after the name (after the hyperlink's closing OSC 8),
//!   before any `-F` indicator. When the name was colored or `no` is colored it writes
//!   the reset (`ec`, or `lc rs rc`), then `cl` if the name may have wrapped.
//! - The same begin/end pair around the target after ` -> ` in `-l`
//!   ([`Database::target_sequence`]), with its own start column.
//! - [`Painter::finish`]: once at exit, after all output (after the last newline):
//!   writes `lc rc` if anything was written and lc/rc are not `\e[`/`m`.
//!
//! Directory headers, `total` lines, separators and indicators are never colored.

use super::{Database, Key};
use crate::fmt::Sink;

/// Writes color sequences for one ls run (see the module documentation).
pub struct Painter<'d, 'a> {
    db: &'d Database<'a>,
    started: bool,
}

impl<'d, 'a> Painter<'d, 'a> {
    pub fn new(db: &'d Database<'a>) -> Painter<'d, 'a> {
        Painter { db, started: false }
    }

    /// One key's sequence, preceded by the run's first reset if this is the first.
    fn put(&mut self, out: &mut dyn Sink, key: Key) {
        self.put_bytes(out, self.db.get(key).unwrap_or(b""));
    }

    fn put_bytes(&mut self, out: &mut dyn Sink, bytes: &[u8]) {
        if !self.started {
            self.started = true;
            self.reset(out);
        }
        out.put(bytes);
    }

    /// GNU's "prepare for non-filename text": `ec`, or `lc rs rc`.
    fn reset(&mut self, out: &mut dyn Sink) {
        if self.db.get(Key::End).is_some() {
            self.put(out, Key::End);
        } else {
            self.put(out, Key::Left);
            self.put(out, Key::Reset);
            self.put(out, Key::Right);
        }
    }

    /// Before an entry: `lc no rc` if `no` is colored.
    pub fn normal(&mut self, out: &mut dyn Sink) {
        if self.db.is_colored(Key::Normal) {
            self.put(out, Key::Left);
            self.put(out, Key::Normal);
            self.put(out, Key::Right);
        }
    }

    /// Before a name: `[lc rc] lc SEQ rc` when `seq` is `Some`.
    pub fn begin_name(&mut self, out: &mut dyn Sink, seq: Option<&[u8]>) {
        if let Some(seq) = seq {
            if self.db.is_colored(Key::Normal) {
                self.put(out, Key::Left);
                self.put(out, Key::Right);
            }
            self.put(out, Key::Left);
            self.put_bytes(out, seq);
            self.put(out, Key::Right);
        }
    }

    /// After a name. `colored`: `begin_name` had a sequence. `start_col`: the column
    /// the name started at (0-based, counting bytes as GNU does: for `-l` the length
    /// of the line before the name); `len`: the bytes ls wrote for the name, quotes and
    /// alignment space included; `line_width`: the output width (0: unlimited).
    pub fn end_name(
        &mut self,
        out: &mut dyn Sink,
        colored: bool,
        start_col: usize,
        len: usize,
        line_width: usize,
    ) {
        if colored || self.db.is_colored(Key::Normal) {
            self.reset(out);
            if may_wrap(start_col, len, line_width) {
                self.put(out, Key::ClearToEol);
            }
        }
    }

    /// At exit: `lc rc` unless nothing was written or lc/rc are the defaults.
    /// Returns whether any color was written (GNU's `used_color`).
    pub fn finish(&mut self, out: &mut dyn Sink) -> bool {
        if self.started
            && !(self.db.get(Key::Left) == Some(b"\x1b[") && self.db.get(Key::Right) == Some(b"m"))
        {
            self.put(out, Key::Left);
            self.put(out, Key::Right);
        }
        self.started
    }
}

/// Whether a name of `len` bytes starting at `start_col` crosses a multiple of the
/// line width (GNU compares byte counts, not display widths; `len` 0 counts as
/// crossing, as GNU's unsigned arithmetic has it).
pub fn may_wrap(start_col: usize, len: usize, line_width: usize) -> bool {
    line_width != 0
        && start_col / line_width != start_col.wrapping_add(len).wrapping_sub(1) / line_width
}
