//! Printing one group of entries (the file operands, or one directory) in the
//! chosen format: one per line, columns down (-C) or across (-x), or commas (-m),
//! each name with its -i/-s prefixes, quoting and indicator.

use super::entry::{Entry, QUOTED};
use super::plan::{Format, IndicatorStyle as Indicator, Show, SortKey};
use crate::fmt::columns::{layout, max_columns, pad, Fill};
use crate::fmt::kind::indicator_for;
use crate::fmt::num::dec_width;
use crate::fmt::quote::{quote, Quoting};
use crate::fmt::size::{format_scaled, scaled_width, BlockSize};
use crate::fmt::{Sink, Stdout};
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::out;

/// A sink that drops what it is given (quote() then only measures).
struct Discard;
impl Sink for Discard {
    fn put(&mut self, _: &[u8]) {}
}

/// The settings every printed name shares.
pub struct Render {
    pub quoting: Quoting,
    pub indicator: Indicator,
    pub format: Format,
    pub inode: bool,
    pub size: bool,
    /// -Z: the security context column (ls::long::probe reads the contexts).
    pub context: bool,
    pub block: BlockSize,
    pub width: usize,
    pub tabsize: usize,
    pub eol: u8,
    /// Unquoted names get a leading space when others in the group are quoted.
    pub align_quotes: bool,
    /// Names need no quoting work at all: literal and shown as they are.
    pub raw_names: bool,
    /// The width of each name must be known before printing (columns, sort by width).
    pub needs_width: bool,
    /// The long format's settings and state.
    pub long: super::long::Long,
    /// --color, when colors are on (ls::paint).
    pub paint: Option<super::paint::Paint>,
    /// --hyperlink (ls::paint).
    pub links: Option<super::links::Links>,
}

impl Render {
    /// The printing state for `show`; `deref`: -L (hyperlinks resolve every name).
    pub fn new(show: &Show, deref: bool) -> Render {
        Render {
            raw_names: show.raw_names,
            quoting: show.quoting,
            indicator: show.indicator,
            format: show.format,
            inode: show.inode,
            size: show.size,
            context: show.context,
            block: show.block,
            width: show.width,
            tabsize: show.tabsize,
            eol: show.eol,
            align_quotes: show.align_quotes,
            needs_width: show.needs_width,
            long: super::long::Long::new(&show.long, show.dired, show.quoting.style),
            paint: super::paint::Paint::of(show.colors),
            links: super::links::Links::of(show.hyperlink, deref),
        }
    }

    pub(super) fn indicator_of(&self, e: &Entry) -> Option<u8> {
        indicator_for(self.indicator, e.kind, e.executable())
    }

    /// Measures the names before sorting when the order depends on their width.
    pub fn measure_for_sort(&self, entries: &mut [Entry], key: SortKey) -> Option<bool> {
        (key == SortKey::Width).then(|| self.measure(entries))
    }

    /// Sets each entry's width to its quoted name's display width, and returns
    /// whether any name was quoted.
    pub fn measure(&self, entries: &mut [Entry]) -> bool {
        let mut any = false;
        for e in entries.iter_mut() {
            let q = if self.raw_names && e.name().iter().all(|&b| (0x20..0x7f).contains(&b)) {
                crate::fmt::quote::Quoted {
                    width: e.name().len(),
                    quoted: false,
                }
            } else {
                quote(&self.quoting, e.name(), &mut Discard)
            };
            any |= q.quoted;
            e.width = q.width as u32 | if q.quoted { QUOTED } else { 0 };
        }
        any
    }
}

fn name_width(e: &Entry) -> usize {
    e.display_width() as usize
}

/// Prefix field widths for one group.
pub struct Fields {
    inode: usize,
    blocks: usize,
    /// A leading space before unquoted names.
    space: bool,
    /// The -Z column.
    context: usize,
    /// The long format's columns.
    long: Option<super::long::Widths>,
}

/// The security context shown for `e` (`?` when it has none).
fn context_of<'a>(e: &Entry<'a>) -> &'a [u8] {
    e.extra.map_or(&b"?"[..], |x| x.context)
}

fn blocks_text(r: &Render, blocks: u64, out: &mut dyn Sink) -> usize {
    format_scaled(blocks, 512, &r.block, out)
}

fn blocks_width(r: &Render, blocks: u64) -> usize {
    scaled_width(blocks, 512, &r.block)
}

/// Prints `total N` for a directory listed with -s.
pub fn total(r: &Render, entries: &[Entry]) {
    let sum: u64 = entries
        .iter()
        .filter_map(|e| e.meta)
        .map(|m| m.blocks)
        .sum();
    r.long.dired.indent();
    out::bytes(b"total ");
    blocks_text(r, sum, &mut Stdout);
    out::byte(r.eol);
}

impl Render {
    fn fields(&self, entries: &[Entry], any_quoted: bool) -> Fields {
        let mut f = Fields {
            inode: 0,
            blocks: 0,
            space: self.align_quotes && any_quoted,
            context: 0,
            long: None,
        };
        if self.format == Format::Long {
            f.long = Some(super::long::widths(self, &self.long, entries));
            return f;
        }
        if self.format == Format::Commas {
            return f;
        }
        for e in entries {
            if self.context {
                f.context = f.context.max(super::zone::display_width(context_of(e)));
            }
            if self.inode {
                f.inode = f.inode.max(e.meta.map_or(1, |m| dec_width(m.ino)));
            }
            if self.size {
                let w = match e.meta {
                    Some(m) => blocks_width(self, m.blocks),
                    None => 1,
                };
                f.blocks = f.blocks.max(w);
            }
        }
        f
    }

    /// The printed width of `e` with its prefixes and indicator.
    fn full_width(&self, e: &Entry, f: &Fields) -> usize {
        let mut w = name_width(e);
        if f.space && e.width & QUOTED == 0 {
            w += 1;
        }
        if self.inode {
            w += 1 + if self.format == Format::Commas {
                e.meta.map_or(1, |m| dec_width(m.ino))
            } else {
                f.inode
            };
        }
        if self.size {
            w += 1 + if self.format == Format::Commas {
                e.meta.map_or(1, |m| blocks_width(self, m.blocks))
            } else {
                f.blocks
            };
        }
        if self.context {
            w += 1 + if self.format == Format::Commas {
                super::zone::display_width(context_of(e))
            } else {
                f.context
            };
        }
        if self.indicator_of(e).is_some() {
            w += 1;
        }
        w
    }

    /// `col`: the column the entry starts at (for colors' clear-to-end-of-line).
    fn print_entry(&self, e: &Entry, f: &Fields, col: usize) {
        self.paint_normal();
        if self.inode {
            let mut t = [0u8; 20];
            match e.meta {
                Some(m) => {
                    let d = crate::fmt::num::u64_dec(m.ino, &mut t);
                    out::repeat(b' ', f.inode.saturating_sub(d.len()));
                    out::bytes(d);
                }
                None => {
                    out::repeat(b' ', f.inode.saturating_sub(1));
                    out::byte(b'?');
                }
            }
            out::byte(b' ');
        }
        if self.size {
            match e.meta {
                Some(m) => {
                    let w = blocks_width(self, m.blocks);
                    out::repeat(b' ', f.blocks.saturating_sub(w));
                    blocks_text(self, m.blocks, &mut Stdout);
                }
                None => {
                    out::repeat(b' ', f.blocks.saturating_sub(1));
                    out::byte(b'?');
                }
            }
            out::byte(b' ');
        }
        if self.context {
            let ctx = context_of(e);
            out::repeat(
                b' ',
                f.context.saturating_sub(super::zone::display_width(ctx)),
            );
            out::bytes(ctx);
            out::byte(b' ');
        }
        self.painted_name(e, f.space, col, false);
        if let Some(c) = self.indicator_of(e) {
            out::byte(c);
        }
    }

    /// Prints one entry of a streamed listing (-1 -U): no alignment.
    pub fn one(&self, e: &Entry) {
        if self.raw_names
            && !self.inode
            && !self.context
            && self.indicator == Indicator::None
            && self.plain()
        {
            out::bytes(e.name());
        } else {
            self.print_entry(
                e,
                &Fields {
                    inode: 0,
                    blocks: 0,
                    space: false,
                    context: 0,
                    long: None,
                },
                0,
            );
        }
        out::byte(self.eol);
    }

    /// Measures `entries` (unless `measured` already says whether any name is
    /// quoted) and gives the prefix widths and quote alignment they share.
    pub fn frame(&self, entries: &mut [Entry], measured: Option<bool>) -> Fields {
        let any_quoted = match measured {
            Some(q) => q,
            None if self.needs_width => self.measure(entries),
            None => false,
        };
        self.fields(entries, any_quoted)
    }

    /// Prints one directory's entries.
    pub fn group<'a>(
        &self,
        region: &mut Arena<'a>,
        entries: &mut [Entry],
        measured: Option<bool>,
    ) -> Result<(), Exhausted> {
        if entries.is_empty() {
            return Ok(());
        }
        let f = self.frame(entries, measured);
        self.print_group(region, entries, &f)
    }

    /// Prints one group with the prefix widths and alignment `f`.
    pub fn print_group<'a>(
        &self,
        region: &mut Arena<'a>,
        entries: &[Entry],
        f: &Fields,
    ) -> Result<(), Exhausted> {
        if entries.is_empty() {
            return Ok(());
        }
        if let Some(w) = &f.long {
            super::long::group(self, &self.long, entries, w, f.space);
            return Ok(());
        }
        match self.format {
            Format::Long | Format::OnePerLine => {
                if self.raw_names
                    && !self.inode
                    && !self.size
                    && !self.context
                    && self.indicator == Indicator::None
                    && self.plain()
                {
                    for e in entries.iter() {
                        out::bytes(e.name());
                        out::byte(self.eol);
                    }
                } else {
                    for e in entries.iter() {
                        self.print_entry(e, f, 0);
                        out::byte(self.eol);
                    }
                }
            }
            Format::Columns | Format::Across if self.width == 0 => {
                for (i, e) in entries.iter().enumerate() {
                    if i > 0 {
                        out::bytes(b"  ");
                    }
                    self.print_entry(e, f, 0);
                }
                out::byte(self.eol);
            }
            Format::Commas => {
                let mut pos = 0;
                for (i, e) in entries.iter().enumerate() {
                    let w = self.full_width(e, f);
                    if i > 0 {
                        if self.width == 0 || pos + w + 2 < self.width {
                            out::bytes(b", ");
                            pos += 2;
                        } else {
                            out::byte(b',');
                            out::byte(self.eol);
                            pos = 0;
                        }
                    }
                    self.print_entry(e, f, pos);
                    pos += w;
                }
                out::byte(self.eol);
            }
            Format::Columns | Format::Across => {
                let fill = if self.format == Format::Columns {
                    Fill::Down
                } else {
                    Fill::Across
                };
                let n = entries.len();
                let sub = region.sub();
                let widths = sub.alloc_slice(n, 0usize)?;
                for (w, e) in widths.iter_mut().zip(entries.iter()) {
                    *w = self.full_width(e, f);
                }
                let colw = sub.alloc_slice(max_columns(n, self.width), 0usize)?;
                let cols = layout(n, |i| widths[i], self.width, fill, colw);
                let tab = self.tabsize;
                match fill {
                    Fill::Down => {
                        let rows = n.div_ceil(cols);
                        for row in 0..rows {
                            let mut i = row;
                            let mut col = 0;
                            let mut pos = 0;
                            loop {
                                self.print_entry(&entries[i], f, pos);
                                let next = i + rows;
                                if next >= n {
                                    break;
                                }
                                pad(pos + widths[i], pos + colw[col], tab, out::byte);
                                pos += colw[col];
                                col += 1;
                                i = next;
                            }
                            out::byte(self.eol);
                        }
                    }
                    Fill::Across => {
                        let mut pos = 0;
                        for i in 0..n {
                            let col = i % cols;
                            if i > 0 {
                                if col == 0 {
                                    out::byte(self.eol);
                                    pos = 0;
                                } else {
                                    pad(pos + widths[i - 1], pos + colw[col - 1], tab, out::byte);
                                    pos += colw[col - 1];
                                }
                            }
                            self.print_entry(&entries[i], f, pos);
                        }
                        out::byte(self.eol);
                    }
                }
            }
        }
        Ok(())
    }
}
