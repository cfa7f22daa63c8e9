//! Printing: one group of entries (the file operands, or one directory) in the
//! plan's format, the directory headers and `total` lines, and at the end the
//! color reset and the --dired trailer. Each part has its file: `grid` (one per
//! line, -C, -x, -m), `long` (-l), `paint` (colors), `links` (--hyperlink, with
//! `cwd`), `dired`, `time` (the date column, with time zones and strftime) and
//! `ids` (owner and group names, from /etc/passwd and /etc/group).

mod cwd;
mod dired;
mod grid;
mod ids;
mod links;
mod long;
mod paint;
pub(super) mod time;

use super::entry::Entry;
use super::plan::{Format, IndicatorStyle, Show, SortKey};
use crate::fmt::kind::indicator_for;
use crate::fmt::num::dec_width;
use crate::fmt::quote::{quote, Quoted, Quoting};
use crate::fmt::unicode::display_width;
use crate::fmt::Sink;
use crate::ls::values::colors::hyperlink;
use crate::ls::values::size::{scaled, LONGEST};
use crate::msg::Stdout;
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::{out, Errno};
use dired::Dired;
pub use ids::Ids;
use links::Links;
pub use links::Mark;
use paint::Paint;
use time::Clock;

/// A sink that drops what it is given (quote() then only measures).
struct Discard;
impl Sink for Discard {
    fn put(&mut self, _: &[u8]) {}
}

/// What the lines show, and the state printing keeps for the whole run.
pub struct Render {
    show: Show,
    /// The long format's date column.
    clock: Clock,
    /// The long format's owner and group names (in the arena: 3 KB the stack
    /// of every other listing does not carry).
    ids: Option<&'static Ids>,
    dired: Dired,
    /// --color, when colors are on.
    paint: Option<Paint>,
    /// --hyperlink.
    links: Option<Links>,
    /// Names are printed as they are, with nothing before or after them.
    bare: bool,
}

/// The widths one group's entries share.
pub struct Fields {
    inode: usize,
    blocks: usize,
    /// A leading space before unquoted names.
    space: bool,
    /// The -Z column.
    context: usize,
    /// The long format's columns.
    long: Option<long::Widths>,
}

impl Fields {
    /// No alignment (a streamed listing).
    const NONE: Fields = Fields {
        inode: 0,
        blocks: 0,
        space: false,
        context: 0,
        long: None,
    };
}

impl Render {
    /// The printing state for `show`; `deref`: -L (hyperlinks resolve every name);
    /// `ids`: the names' caches (`Render::ids`).
    // Not inlined: at opt-level "z" inlining it cost bytes (tools/inline-sweep.py).
    #[inline(never)]
    pub fn new(show: &Show, deref: bool, ids: Option<&'static Ids>) -> Render {
        let paint = Paint::of(show.colors);
        let links = Links::of(show.hyperlink, deref);
        // (Built in one expression: 160 bytes less at opt-level "z" than building
        // it and then setting `bare`. Bare: neither colors nor links.)
        Render {
            bare: show.raw_names
                && !show.inode
                && !show.size
                && !show.context
                && show.indicator == IndicatorStyle::None
                && paint.is_none()
                && links.is_none(),
            show: *show,
            clock: Clock::new(show.long.times, show.quoting.utf8),
            ids,
            dired: Dired::new(show.dired, show.quoting.style),
            paint,
            links,
        }
    }

    /// The owner and group names' caches `show` needs (the long format's, unless
    /// -n), kept in `root`.
    pub fn ids(show: &Show, root: &Arena<'static>) -> Result<Option<&'static Ids>, Exhausted> {
        Ok(match show.format == Format::Long && !show.long.numeric {
            true => Some(root.keep(Ids::new())?),
            false => None,
        })
    }

    fn indicator_of(&self, e: &Entry) -> Option<u8> {
        indicator_for(self.show.indicator, e.kind, e.executable())
    }

    /// Measures the names before sorting when the order depends on their width.
    /// GNU sorts by the width a name is printed in, the column of an unquoted
    /// name's alignment included when quotes are aligned and some name of the
    /// group (`quoted_elsewhere`: one that is not among `entries`) is quoted.
    /// The widths then hold that column until `frame` measures them again.
    pub fn measure_for_sort(&self, entries: &mut [Entry], key: SortKey, quoted_elsewhere: bool) {
        if key != SortKey::Width {
            return;
        }
        let any_quoted = self.measure(entries) | quoted_elsewhere;
        if self.show.align_quotes && any_quoted {
            for e in entries.iter_mut().filter(|e| !e.quoted) {
                e.width += 1;
            }
        }
    }

    /// Whether `name` is quoted, for the alignment of the other names: GNU
    /// counts an operand it cannot access too.
    pub fn aligns_others(&self, name: &[u8]) -> bool {
        self.show.align_quotes && quote(&self.show.quoting, name, &mut Discard).quoted
    }

    /// Sets each entry's width (and quoted flag) from its quoted name, and returns
    /// whether any name was quoted.
    fn measure(&self, entries: &mut [Entry]) -> bool {
        let mut any = false;
        for e in entries.iter_mut() {
            let q = if self.show.raw_names && e.name().iter().all(|&b| (0x20..0x7f).contains(&b)) {
                Quoted {
                    width: e.name().len(),
                    quoted: false,
                }
            } else {
                quote(&self.show.quoting, e.name(), &mut Discard)
            };
            any |= q.quoted;
            e.width = q.width as u32;
            e.quoted = q.quoted;
        }
        any
    }

    /// Measures `entries` and gives the widths they share; `quoted_elsewhere`:
    /// a name of the group that is not listed is quoted.
    pub fn frame(&self, entries: &mut [Entry], quoted_elsewhere: bool) -> Fields {
        let any_quoted = self.show.needs_width && self.measure(entries) | quoted_elsewhere;
        let mut f = Fields {
            space: self.show.align_quotes && any_quoted,
            ..Fields::NONE
        };
        match self.show.format {
            Format::Long => f.long = Some(long::widths(self, entries)),
            Format::Commas => {}
            _ => {
                for e in entries {
                    self.widen(&mut f, e);
                }
            }
        }
        f
    }

    /// Widens the prefix columns of `f` to fit `e`'s. GNU measures only the
    /// entries it could stat: the `?`s of the others stick out of the columns
    /// (and the layout counts them in the columns' widths, not their own).
    #[inline(never)]
    fn widen(&self, f: &mut Fields, e: &Entry) {
        let Some(m) = e.meta else {
            return;
        };
        if self.show.context {
            f.context = f.context.max(self.text_width(e.context()));
        }
        if self.show.inode {
            f.inode = f.inode.max(dec_width(m.ino));
        }
        if self.show.size {
            f.blocks = f.blocks.max(self.blocks_width(m.blocks));
        }
    }

    /// Columns taken by `text` in this locale.
    #[inline(always)]
    fn text_width(&self, text: &[u8]) -> usize {
        if !self.show.quoting.utf8 {
            return text.len();
        }
        display_width(text, true)
    }

    /// The columns of the block count (GNU: mbswidth).
    fn blocks_width(&self, blocks: u64) -> usize {
        self.text_width(scaled(blocks, 512, &self.show.block, &mut [0; LONGEST]))
    }

    /// Prints the block count after spaces up to `width` less its bytes (GNU:
    /// printf's `%*s`).
    fn blocks_text(&self, blocks: u64, width: usize) {
        let mut buf = [0; LONGEST];
        let text = scaled(blocks, 512, &self.show.block, &mut buf);
        out::repeat(b' ', width.saturating_sub(text.len()));
        out::bytes(text);
    }

    /// Prints one directory's entries, after its `total` line where -s or -l
    /// shows one.
    pub fn group(&self, region: &mut Arena<'_>, entries: &mut [Entry]) -> Result<(), Exhausted> {
        if self.show.size || self.show.format == Format::Long {
            self.total(entries);
        }
        if entries.is_empty() {
            return Ok(());
        }
        let f = self.frame(entries, false);
        self.print_group(region, entries, &f)
    }

    /// Prints `total N`: the blocks of `entries`.
    fn total(&self, entries: &[Entry]) {
        let sum: u64 = entries
            .iter()
            .filter_map(|e| e.meta)
            .map(|m| m.blocks)
            .sum();
        self.dired.indent();
        crate::msg::word(&mut Stdout, b"total");
        out::byte(b' ');
        self.blocks_text(sum, 0);
        out::byte(self.show.eol);
    }

    /// Prints one group with the widths `f`.
    pub fn print_group(
        &self,
        region: &mut Arena<'_>,
        entries: &[Entry],
        f: &Fields,
    ) -> Result<(), Exhausted> {
        if entries.is_empty() {
            return Ok(());
        }
        match &f.long {
            Some(w) => {
                long::lines(self, entries, w, f.space);
                Ok(())
            }
            None => self.grid(region, entries, f),
        }
    }

    /// Prints one entry of a streamed listing (-1 -U): no alignment.
    pub fn one(&self, e: &Entry) {
        self.line(e, &Fields::NONE);
    }

    /// Prints `e` on a line of its own with the widths `f`.
    #[inline(always)]
    fn line(&self, e: &Entry, f: &Fields) {
        if self.bare {
            out::bytes(e.name());
        } else {
            self.print_entry(e, f, 0);
        }
        out::byte(self.show.eol);
    }

    /// Starts a directory's listing: a blank line unless it is the first thing
    /// printed, and with `headers` the start of its header line. Returns why its
    /// name has no hyperlink (GNU reports that before the name).
    pub fn header_start(&self, first: bool, headers: bool) -> Option<Errno> {
        if !first {
            out::byte(b'\n');
        }
        if !headers {
            return None;
        }
        self.dired.indent();
        self.dired.mark_header();
        self.links.as_ref().and_then(|l| l.dir_error())
    }

    /// The header line `PATH:` of the directory at `path`.
    pub fn header(&self, path: &[u8]) {
        let linked = self.links.as_ref().is_some_and(|l| l.open_dir());
        if self.show.raw_names {
            out::bytes(path);
        } else {
            let q = Quoting {
                extra: b":",
                ..self.show.quoting
            };
            quote(&q, path, &mut Stdout);
        }
        if linked {
            hyperlink::close(&mut Stdout);
        }
        self.dired.mark_header();
        out::bytes(b":\n");
    }

    /// At the end: the colors' closing sequence, then the --dired trailer.
    pub fn finish(&self) {
        if self.paint.as_ref().is_some_and(|p| p.finish()) {
            // GNU flushes stdout here when it wrote colors: a write that fails now
            // leaves nothing for the end but the --dired trailer (msg::finish).
            out::flush();
        }
        self.dired.finish();
    }

    /// Why the operand `name` has no hyperlink (see Links::operand_error).
    pub fn link_error(&self, name: &[u8]) -> Option<Errno> {
        self.links.as_ref().and_then(|l| l.operand_error(name))
    }

    /// The file operands are printed (true), or a directory's entries.
    pub fn printing_operands(&self, on: bool) {
        if let Some(l) = &self.links {
            l.set_operands(on);
        }
    }

    /// The directory operand `name` is listed next.
    pub fn enter_operand(&self, name: &[u8]) {
        if let Some(l) = &self.links {
            l.enter_operand(name);
        }
    }

    /// The subdirectory `name` of the directory being listed is listed next;
    /// `leave` with the mark returned goes back.
    pub fn enter_child(&self, name: &[u8]) -> Option<Mark> {
        self.links.as_ref().map(|l| l.enter_child(name))
    }

    /// Back to the directory that was listed at `mark`.
    pub fn leave(&self, mark: Option<Mark>) {
        if let (Some(l), Some(m)) = (&self.links, mark) {
            l.leave(m);
        }
    }
}
