//! The long format (-l, -g, -o, -n, -G, --author, -Z): the lines, with GNU's
//! column widths computed over the whole group. What a stat does not say (the
//! ACL / security-context marker, the context, symlink targets) ls::probe found
//! while gathering. `mode` writes the mode string.
//!
//! A line is `[INODE ][BLOCKS ]MODE[ACL] NLINK [OWNER ][GROUP ][AUTHOR ][CONTEXT ]
//! SIZE DATE NAME[ -> TARGET][INDICATOR]`. Names (owners, groups, the context) are
//! left-aligned and followed by at least one space; numbers are right-aligned.

use super::ids::Ids;
use super::time::strtime::LS_MAX;
use super::Render;
use crate::fmt::kind::indicator_for;
use crate::fmt::num::{dec_width, i64_dec, u64_dec};
use crate::fmt::unicode::mbswidth;
use crate::ls::entry::{Entry, Kind, Meta};
use crate::ls::plan::IndicatorStyle as Indicator;
use crate::ls::values::size::{scaled, BlockSize, Suffix, LONGEST};
use crate::sys::out;
use mode::mode_string;

mod mode;

/// Column widths over one group.
#[derive(Default, Clone, Copy)]
pub struct Widths {
    inode: usize,
    blocks: usize,
    nlink: usize,
    owner: usize,
    group: usize,
    author: usize,
    context: usize,
    size: usize,
    major: usize,
    minor: usize,
    marker: bool,
}

/// Room for the numbers of one line: ids, inode and link counts (`t`), sizes as
/// `scaled` writes them (`digits`, `text`), the date (`time`).
struct Bufs {
    t: [u8; 20],
    digits: [u8; 20],
    text: [u8; LONGEST],
    time: [u8; LS_MAX],
}

impl Bufs {
    fn new() -> Bufs {
        Bufs {
            t: [0; 20],
            digits: [0; 20],
            text: [0; LONGEST],
            time: [0; LS_MAX],
        }
    }

    /// `value` units of `unit` bytes as the size or block column shows it in `bs`
    /// units (plain decimal digits without the general formatter when nothing
    /// scales).
    fn scaled(&mut self, value: u64, unit: u64, bs: &BlockSize) -> &[u8] {
        if bs.human.is_none() && bs.factor == unit && bs.suffix == Suffix::None && !bs.grouping {
            return u64_dec(value, &mut self.digits);
        }
        scaled(value, unit, bs, &mut self.text)
    }
}

impl Render {
    /// The name `lookup` (Ids::user or Ids::group) gives `id` (true), or its number
    /// (false).
    #[inline(never)]
    fn id_text<'n>(
        &self,
        id: u32,
        lookup: fn(&Ids, u32) -> Option<&'static [u8]>,
        t: &'n mut [u8; 20],
    ) -> (&'n [u8], bool) {
        // (No caches with -n: `Render::ids`.)
        let name = self.ids.and_then(|ids| lookup(ids, id));
        match name {
            Some(n) => (n, true),
            None => (u64_dec(id as u64, t), false),
        }
    }

    /// GNU's width of a name in the owner, group, author and context columns
    /// (gnulib's `mbswidth(NAME, 0)`: a control character counts 0).
    fn name_width(&self, text: &[u8]) -> usize {
        match self.show.quoting.high {
            Some(classes) => crate::fmt::unicode::unibyte_width(text, classes),
            None => mbswidth(text, self.show.quoting.utf8),
        }
    }

    /// A name padded on the right to `width` columns, then a space; a number (or
    /// `?` for a failed stat, which GNU pads as a name) right-aligned.
    fn owner_field(&self, text: &[u8], name: bool, width: usize) {
        if name {
            out::bytes(text);
            out::repeat(b' ', width.saturating_sub(self.name_width(text)) + 1);
        } else {
            right(text, width);
        }
    }
}

fn is_device(m: &Meta) -> bool {
    matches!(Kind::from_mode(m.mode), Kind::CharDev | Kind::BlockDev)
}

/// Measures the columns over `entries`.
#[inline(never)]
pub fn widths(r: &Render, entries: &[Entry]) -> Widths {
    let (show, l) = (&r.show, &r.show.long);
    let mut w = Widths {
        inode: 1,
        ..Widths::default()
    };
    let mut b = Bufs::new();
    let (mut last_uid, mut last_gid) = (None, None);
    for e in entries {
        if show.context {
            w.context = w.context.max(r.text_width(e.context()));
        }
        let Some(m) = e.meta else { continue };
        w.marker |= m.marker != 0;
        if show.inode {
            w.inode = w.inode.max(dec_width(m.ino));
        }
        if show.size {
            w.blocks = w
                .blocks
                .max(r.text_width(b.scaled(m.blocks, 512, &show.block)));
        }
        w.nlink = w.nlink.max(dec_width(m.nlink));
        // (Most entries share their owner with the one before.)
        if (l.owner || l.author) && last_uid != Some(m.uid) {
            last_uid = Some(m.uid);
            let (s, name) = r.id_text(m.uid, Ids::user, &mut b.t);
            let width = if name { r.name_width(s) } else { s.len() };
            if l.owner {
                w.owner = w.owner.max(width);
            }
            if l.author {
                w.author = w.author.max(width);
            }
        }
        if l.group && last_gid != Some(m.gid) {
            last_gid = Some(m.gid);
            let (s, name) = r.id_text(m.gid, Ids::group, &mut b.t);
            w.group = w.group.max(if name { r.name_width(s) } else { s.len() });
        }
        if is_device(m) {
            w.major = w.major.max(dec_width(m.rdev_major as u64));
            w.minor = w.minor.max(dec_width(m.rdev_minor as u64));
            w.size = w.size.max(w.major + 2 + w.minor);
        } else {
            w.size = w.size.max(r.text_width(b.scaled(m.size, 1, &l.file_block)));
        }
    }
    w
}

fn right(text: &[u8], width: usize) {
    out::repeat(b' ', width.saturating_sub(text.len()));
    out::bytes(text);
    out::byte(b' ');
}

/// The indicator GNU prints after a symlink's target, from the target's mode.
fn target_indicator(style: Indicator, mode: u32) -> Option<u8> {
    indicator_for(style, Kind::from_mode(mode), mode & 0o111 != 0)
}

/// Prints one group in the long format. `space`: unquoted names get a leading
/// space because others in the group are quoted.
#[inline(never)]
pub fn lines(r: &Render, entries: &[Entry], w: &Widths, space: bool) {
    let mut b = Bufs::new();
    for e in entries {
        r.paint_normal();
        r.dired.indent();
        // Where GNU's line buffer starts: colors' clear-to-end-of-line decision counts
        // the bytes from here to the name. GNU 9.1 writes the owner, group, author
        // and context fields straight to stdout and restarts its buffer after each,
        // so the count then starts after the last of them.
        let line = match e.meta {
            Some(m) => r.stat_columns(e, m, w, &mut b),
            None => r.unknown_columns(e, w),
        };
        r.name_and_target(e, space, (out::position() - line) as usize);
    }
}

impl Render {
    /// `text` right-aligned to `width` columns (a size may hold a multibyte
    /// separator), and a space.
    fn right_cols(&self, text: &[u8], width: usize) {
        right(text, width + text.len() - self.text_width(text));
    }

    /// The columns before the name of an entry that was stat'd; returns where
    /// GNU's line buffer starts (see `lines`).
    #[inline(never)]
    fn stat_columns(&self, e: &Entry, m: &Meta, w: &Widths, b: &mut Bufs) -> u64 {
        let (show, l) = (&self.show, &self.show.long);
        let mut line = out::position();
        if show.inode {
            right(u64_dec(m.ino, &mut b.t), w.inode);
        }
        if show.size {
            self.right_cols(b.scaled(m.blocks, 512, &show.block), w.blocks);
        }
        let mut mode = [0u8; 10];
        mode_string(m.mode, &mut mode);
        out::bytes(&mode);
        if w.marker {
            out::byte(if m.marker == 0 { b' ' } else { m.marker });
        }
        out::byte(b' ');
        right(u64_dec(m.nlink, &mut b.t), w.nlink);
        if l.owner {
            let (s, name) = self.id_text(m.uid, Ids::user, &mut b.t);
            self.owner_field(s, name, w.owner);
            line = out::position();
        }
        if l.group {
            let (s, name) = self.id_text(m.gid, Ids::group, &mut b.t);
            self.owner_field(s, name, w.group);
            line = out::position();
        }
        if l.author {
            let (s, name) = self.id_text(m.uid, Ids::user, &mut b.t);
            self.owner_field(s, name, w.author);
            line = out::position();
        }
        if show.context {
            self.owner_field(e.context(), true, w.context);
            line = out::position();
        }
        if is_device(m) {
            let extra = w.size.saturating_sub(w.major + 2 + w.minor);
            let maj = u64_dec(m.rdev_major as u64, &mut b.t);
            out::repeat(b' ', (w.major + extra).saturating_sub(maj.len()));
            out::bytes(maj);
            out::bytes(b", ");
            right(u64_dec(m.rdev_minor as u64, &mut b.t), w.minor);
        } else {
            self.right_cols(b.scaled(m.size, 1, &l.file_block), w.size);
        }
        self.date(m, b);
        line
    }

    /// The date column: the time in the style's format; `?` for an unknown time,
    /// and the seconds when the date cannot be formatted (both right-aligned to
    /// the width of a formatted date).
    #[inline(never)]
    fn date(&self, m: &Meta, b: &mut Bufs) {
        if !m.time_unknown {
            if let Some(s) = self.clock.format(m.time_sec, m.time_nsec, &mut b.time) {
                out::bytes(s);
                out::byte(b' ');
                return;
            }
        }
        let mut t24 = [0u8; 24];
        let s = match m.time_unknown {
            true => b"?",
            false => i64_dec(m.time_sec, &mut t24),
        };
        right(s, self.clock.fallback_width());
    }

    /// The columns before the name of an entry whose stat failed: its type from
    /// the directory, `?` elsewhere; returns where GNU's line buffer starts.
    #[inline(never)]
    fn unknown_columns(&self, e: &Entry, w: &Widths) -> u64 {
        let (show, l) = (&self.show, &self.show.long);
        let mut line = out::position();
        if show.inode {
            right(b"?", w.inode);
        }
        if show.size {
            right(b"?", w.blocks);
        }
        out::byte(e.kind.letter());
        out::repeat(b'?', if w.marker { 10 } else { 9 });
        out::byte(b' ');
        right(b"?", w.nlink);
        for (on, width) in [(l.owner, w.owner), (l.group, w.group), (l.author, w.author)] {
            if on {
                self.owner_field(b"?", true, width);
                line = out::position();
            }
        }
        if show.context {
            self.owner_field(e.context(), true, w.context);
            line = out::position();
        }
        right(b"?", w.size);
        right(b"?", self.clock.fallback_width());
        line
    }

    /// The name (with --dired's offsets around it), a symlink's ` -> TARGET`, the
    /// indicator and the end of the line; `col`: GNU's line buffer so far.
    #[inline(never)]
    fn name_and_target(&self, e: &Entry, space: bool, col: usize) {
        // (The alignment space goes before the name's --dired offset.)
        if space && !e.quoted {
            out::byte(b' ');
        }
        self.dired.mark_name();
        let name_len = self.painted_name(e, space, col, true);
        self.dired.mark_name();
        if e.kind == Kind::Symlink {
            // GNU prints a symlink's indicator after its target, by the target's
            // type, and none when the link was not read or not stat'd.
            if let Some(t) = e.target() {
                out::bytes(b" -> ");
                self.painted_target(e, t, col + name_len + 4, space);
                if let Some(c) = target_indicator(self.show.indicator, e.target_mode()) {
                    out::byte(c);
                }
            }
        } else if let Some(c) = self.indicator_of(e) {
            out::byte(c);
        }
        out::byte(self.show.eol);
    }
}

#[cfg(test)]
mod tests;
