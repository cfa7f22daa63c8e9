//! The formats but -l: one name per line (-1), columns filled down (-C) or across
//! (-x) with GNU's layout and tab padding, and comma-separated lines (-m); each
//! name after its -i, -s and -Z columns and before its indicator. `columns` is
//! GNU's choice of columns and its tab padding.

use super::{Fields, Render};
use crate::fmt::num::{dec_width, u64_dec};
use crate::ls::entry::Entry;
use crate::ls::plan::Format;
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::out;
use columns::{layout, max_columns, pad, Fill};

mod columns;

impl Render {
    /// Prints `entries` in the plan's format (not -l).
    pub(super) fn grid(
        &self,
        region: &mut Arena<'_>,
        entries: &[Entry],
        f: &Fields,
    ) -> Result<(), Exhausted> {
        match self.show.format {
            Format::Long | Format::OnePerLine => self.one_per_line(entries, f),
            Format::Columns | Format::Across if self.show.width == 0 => {
                for (i, e) in entries.iter().enumerate() {
                    if i > 0 {
                        out::bytes(b"  ");
                    }
                    self.print_entry(e, f, 0);
                }
                out::byte(self.show.eol);
            }
            Format::Commas => self.commas(entries, f),
            Format::Columns => self.columns(region, entries, f, Fill::Down)?,
            Format::Across => self.columns(region, entries, f, Fill::Across)?,
        }
        Ok(())
    }

    fn one_per_line(&self, entries: &[Entry], f: &Fields) {
        for e in entries.iter() {
            self.line(e, f);
        }
    }

    /// -m: names separated by `, `, a line ending when the next would not fit.
    #[inline(never)]
    fn commas(&self, entries: &[Entry], f: &Fields) {
        let width = self.show.width;
        let mut pos = 0;
        for (i, e) in entries.iter().enumerate() {
            let w = self.full_width(e, f);
            if i > 0 {
                if width == 0 || pos + w + 2 < width {
                    out::bytes(b", ");
                    pos += 2;
                } else {
                    out::byte(b',');
                    out::byte(self.show.eol);
                    pos = 0;
                }
            }
            self.print_entry(e, f, pos);
            pos += w;
        }
        out::byte(self.show.eol);
    }

    /// -C and -x: as many columns as fit the line width.
    fn columns(
        &self,
        region: &mut Arena<'_>,
        entries: &[Entry],
        f: &Fields,
        fill: Fill,
    ) -> Result<(), Exhausted> {
        let n = entries.len();
        let sub = region.sub();
        let widths = sub.alloc_slice(n, 0usize)?;
        for (w, e) in widths.iter_mut().zip(entries.iter()) {
            *w = self.full_width(e, f);
        }
        let colw = sub.alloc_slice(max_columns(n, self.show.width), 0usize)?;
        let cols = layout(n, |i| widths[i], self.show.width, fill, colw);
        let tab = self.show.tabsize;
        // One loop for both fills: row by row, each entry padded to its column's
        // width when another follows it on the line.
        let rows = n.div_ceil(cols);
        let down = fill == Fill::Down;
        for row in 0..rows {
            let mut pos = 0;
            let mut col = 0;
            let mut i = if down { row } else { row * cols };
            loop {
                self.print_entry(&entries[i], f, pos);
                let next = if down { i + rows } else { i + 1 };
                col += 1;
                if col == cols || next >= n {
                    break;
                }
                let w = colw[col - 1];
                pad(pos + widths[i], pos + w, tab, out::byte);
                pos += w;
                i = next;
            }
            out::byte(self.show.eol);
        }
        Ok(())
    }

    /// The printed width of `e` with its prefixes and indicator (-m measures each
    /// entry's own prefixes).
    fn full_width(&self, e: &Entry, f: &Fields) -> usize {
        let show = &self.show;
        let own = show.format == Format::Commas;
        let mut w = e.width as usize;
        if f.space && !e.quoted {
            w += 1;
        }
        if show.inode {
            w += 1 + if own {
                e.meta.map_or(1, |m| dec_width(m.ino))
            } else {
                f.inode
            };
        }
        if show.size {
            w += 1 + if own {
                e.meta.map_or(1, |m| self.blocks_width(m.blocks))
            } else {
                f.blocks
            };
        }
        if show.context {
            w += 1 + if own {
                self.text_width(e.context())
            } else {
                f.context
            };
        }
        if self.indicator_of(e).is_some() {
            w += 1;
        }
        w
    }

    /// Prints `e` with its prefix columns and indicator; `col`: the column the
    /// entry starts at (for colors' clear-to-end-of-line).
    pub(super) fn print_entry(&self, e: &Entry, f: &Fields, col: usize) {
        self.paint_normal();
        if self.show.inode {
            let mut t = [0u8; 20];
            let text = e.meta.map_or(&b"?"[..], |m| u64_dec(m.ino, &mut t));
            out::repeat(b' ', f.inode.saturating_sub(text.len()));
            out::bytes(text);
            out::byte(b' ');
        }
        if self.show.size {
            match e.meta {
                Some(m) => {
                    self.blocks_text(m.blocks, f.blocks);
                }
                None => {
                    out::repeat(b' ', f.blocks.saturating_sub(1));
                    out::byte(b'?');
                }
            }
            out::byte(b' ');
        }
        if self.show.context {
            let ctx = e.context();
            out::repeat(b' ', f.context.saturating_sub(self.text_width(ctx)));
            out::bytes(ctx);
            out::byte(b' ');
        }
        self.painted_name(e, f.space, col, false);
        if let Some(c) = self.indicator_of(e) {
            out::byte(c);
        }
    }
}
