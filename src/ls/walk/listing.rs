//! One directory's listing, in the path the plan chose for it (`Listing`): its
//! header, then its entries read, stat'd, sorted and printed (or streamed, or
//! printed from packed names), with the buffers kept from one directory to the
//! next.

use super::ahead::Ahead;
use super::path::Path;
use super::report::Report;
use crate::ls::entry::Entry;
use crate::ls::output::{Ids, Render};
use crate::ls::plan::{Deref, Listing, Plan};
use crate::ls::probe::Scratch;
use crate::ls::read::{entries_of, pack, read, stat_entries, stream, Event};
use crate::ls::sort::{sort, sort_packed, Key};
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::{out, AsFd, OwnedFd};
use core::mem::MaybeUninit;

pub(super) struct Lister<'c> {
    plan: &'c Plan,
    pub(super) render: Render,
    dirent: &'static mut [MaybeUninit<u8>],
    /// The probe's buffers (for -l, -Z), made once; None when the plan needs no
    /// probe.
    scratch: Option<&'static mut Scratch>,
    /// Nothing has been printed yet (no blank line before the next header).
    first: bool,
    /// Print `dir:` headers.
    pub(super) headers: bool,
}

impl<'c> Lister<'c> {
    /// A lister printing as `plan` says, reading into `dirent`, probing with
    /// `scratch` when the plan needs a probe.
    pub(super) fn new(
        plan: &'c Plan,
        dirent: &'static mut [MaybeUninit<u8>],
        scratch: Option<&'static mut Scratch>,
        ids: Option<&'static Ids>,
    ) -> Lister<'c> {
        Lister {
            plan,
            render: Render::new(&plan.show, plan.deref == Deref::All, ids),
            dirent,
            scratch,
            first: true,
            headers: plan.recursive,
        }
    }

    /// Starts a directory's listing: the blank line before it, and its header.
    fn header(&mut self, operand: bool, path: &Path, report: &mut Report) {
        let unlinked = self.render.header_start(self.first, self.headers);
        self.first = false;
        if let Some(e) = unlinked {
            let status = if operand { 2 } else { 1 };
            report.failed_at(b"error canonicalizing %s", path, e, status);
        }
        if self.headers {
            self.render.header(path.bytes());
        }
    }

    /// Reads, stats, sorts and prints the directory open at `fd`, whose path is
    /// `path`; returns its entries when the listing keeps them (`Listing::Full`).
    pub(super) fn gather<'a>(
        &mut self,
        sub: &mut Arena<'a>,
        fd: &OwnedFd,
        operand: bool,
        path: &mut Path,
        report: &mut Report,
        ahead: Option<Ahead<'a>>,
    ) -> Result<Option<&'a mut [Entry<'a>]>, Exhausted> {
        self.header(operand, path, report);
        let listed = self.entries(sub, fd, operand, path, report, ahead);
        if self.plan.tty {
            out::flush();
        }
        listed
    }

    /// The probe's buffers (taken: `self.scratch` gets them back), started at the
    /// directory open at `fd`.
    fn start_scratch(&mut self, fd: &OwnedFd, path: &Path) -> Option<&'static mut Scratch> {
        let mut scratch = self.scratch.take();
        if let Some(s) = &mut scratch {
            s.start(path.bytes(), fd.as_fd());
        }
        scratch
    }

    /// `gather` without the header and the flush.
    fn entries<'a>(
        &mut self,
        sub: &mut Arena<'a>,
        fd: &OwnedFd,
        operand: bool,
        path: &mut Path,
        report: &mut Report,
        ahead: Option<Ahead<'a>>,
    ) -> Result<Option<&'a mut [Entry<'a>]>, Exhausted> {
        let filter = self.plan.filter;
        if self.plan.listing == Listing::Stream {
            let needs = self.plan.needs;
            let dirent = core::mem::take(&mut self.dirent);
            let mut scratch = self.start_scratch(fd, path);
            let r = stream(
                sub,
                fd.as_fd(),
                dirent,
                &filter,
                &needs,
                scratch.as_deref_mut(),
                &mut |ev| match ev {
                    Event::Entry(e) => self.render.one(e),
                    Event::Failed(name, err, why) => report.entry(path, name, err, why),
                },
            );
            self.dirent = dirent;
            self.scratch = scratch;
            if let Some(e) = r? {
                report.read_error(path, e, operand);
            }
            return Ok(None);
        }
        if self.plan.listing == Listing::Compact {
            // A million names cost about 24 bytes each here (12 packed, 12 of key),
            // against 80 as entries.
            let packed = pack(sub, fd.as_fd(), self.dirent, &filter, false)?;
            if let Some(e) = packed.error {
                report.read_error(path, e, operand);
            }
            if let Some(keys) = sort_packed(&packed, sub)? {
                let print = |k: &Key| {
                    let r = packed.record(k.at()).0;
                    self.render.one(&Entry::new(r.name_z, r.kind));
                };
                if self.plan.order.reverse {
                    keys.iter().rev().for_each(print);
                } else {
                    keys.iter().for_each(print);
                }
                return Ok(None);
            }
            let entries = entries_of(sub, &packed)?;
            sort(entries, self.plan.order, sub)?;
            self.render.group(sub, entries)?;
            return Ok(None);
        }
        let (entries, error, given) = match ahead {
            Some(a) => (entries_of(sub, &a.packed)?, a.packed.error, a.results),
            None => {
                let (entries, error) = read(sub, fd.as_fd(), self.dirent, &filter)?;
                (entries, error, None)
            }
        };
        if let Some(e) = error {
            report.read_error(path, e, operand);
        }
        let needs = self.plan.needs;
        let mut scratch = self.start_scratch(fd, path);
        let s = scratch.as_deref_mut();
        let r = stat_entries(
            sub,
            fd.as_fd(),
            entries,
            &needs,
            s,
            given,
            &mut |name, e, why| report.entry(path, name, e, why),
        );
        self.scratch = scratch;
        r?;
        self.render
            .measure_for_sort(entries, self.plan.order.key, false);
        sort(entries, self.plan.order, sub)?;
        self.render.group(sub, entries)?;
        Ok(Some(entries))
    }
}
