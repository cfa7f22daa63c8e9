//! The long format (-l, -g, -o, -n, -G, --author, -Z): what each entry needs beyond
//! its stat record (`probe`: the symlink target, the ACL / security-context marker
//! from at most one xattr call, the context), and the lines themselves with GNU's
//! column widths computed over the whole group.
//!
//! A line is `[INODE ][BLOCKS ]MODE[ACL] NLINK [OWNER ][GROUP ][AUTHOR ][CONTEXT ]
//! SIZE DATE NAME[ -> TARGET][INDICATOR]`. Names (owners, groups, the context) are
//! left-aligned and followed by at least one space; numbers are right-aligned.

use super::entry::{Entry, Kind, Meta, QUOTED};
use super::ids::Ids;
use super::output::Render;
use super::plan::{IndicatorStyle as Indicator, Probe};
use super::zone::{display_width, Clock};
use crate::fmt::kind::indicator_for;
use crate::fmt::mode::mode_string;
use crate::fmt::num::{dec_width, u64_dec};
use crate::fmt::size::{format_scaled, BlockSize};
use crate::fmt::strtime::LS_MAX;
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::{out, xattr, BorrowedFd, Errno};
use core::ffi::CStr;
use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The long-format settings and the state shared by every line (zone, clock, names).
pub struct Long {
    pub owner: bool,
    pub group: bool,
    pub author: bool,
    pub numeric: bool,
    /// The unit of the size column.
    pub file_block: BlockSize,
    clock: Clock,
    ids: Ids,
    /// --dired offsets.
    pub dired: super::dired::Dired,
}

impl Long {
    /// The state for `plan`; `dired`: --dired is on, names quoted in `style`.
    pub fn new(plan: &super::plan::Long, dired: bool, style: crate::fmt::quote::Style) -> Long {
        Long {
            owner: plan.owner,
            group: plan.group,
            author: plan.author,
            numeric: plan.numeric,
            file_block: plan.file_block,
            clock: Clock::new(plan.times),
            ids: Ids::new(),
            dired: super::dired::Dired::new(dired, style),
        }
    }
}

/// The last filesystem that answered ENOTSUP to an xattr call: not asked again.
static UNSUPPORTED_DEV: AtomicU64 = AtomicU64::new(u64::MAX);
/// listxattrat answered ENOSYS (a kernel before 6.13): list by path instead.
static NO_LIST_AT: AtomicBool = AtomicBool::new(false);

const ACL_ACCESS: &[u8] = b"system.posix_acl_access";
const ACL_DEFAULT: &[u8] = b"system.posix_acl_default";
const SELINUX: &[u8] = b"security.selinux";
const UNKNOWN_CONTEXT: &[u8] = b"?";

/// Buffers `probe` reuses for every entry of a directory: the path the xattr calls
/// name (the directory's path and a slash written once), and the list of names.
pub struct Scratch {
    path: [u8; 4096],
    /// Bytes of `path` before the entry's name.
    prefix: usize,
    list: [u8; 512],
}

impl Scratch {
    pub fn new() -> Scratch {
        Scratch {
            path: [0; 4096],
            prefix: 0,
            list: [0; 512],
        }
    }

    /// Starts a directory: names are `at/NAME` (or just NAME when `at` is empty),
    /// or `/proc/self/fd/N/NAME` when `at` is too long for the kernel.
    pub fn start(&mut self, at: &[u8], dir: BorrowedFd<'_>) {
        let p = &mut self.path;
        let mut n = 0;
        if !at.is_empty() && at.len() < 2048 {
            p[..at.len()].copy_from_slice(at);
            n = at.len();
            if at.last() != Some(&b'/') {
                p[n] = b'/';
                n += 1;
            }
        } else if !at.is_empty() {
            use rustix::fd::AsRawFd;
            let mut t = [0u8; 20];
            let fd = u64_dec(dir.as_raw_fd() as u64, &mut t);
            for part in [&b"/proc/self/fd/"[..], fd, b"/"] {
                p[n..n + part.len()].copy_from_slice(part);
                n += part.len();
            }
        }
        self.prefix = n;
    }
}

/// The path of `name` after the `prefix` bytes of `path`, with its NUL; None when
/// it is too long.
fn path_of<'p>(path: &'p mut [u8; 4096], prefix: usize, name: &[u8]) -> Option<&'p CStr> {
    let end = prefix + name.len();
    if end >= path.len() {
        return None;
    }
    crate::sys::mem::copy_bytes(&mut path[prefix..end], name);
    path[end] = 0;
    CStr::from_bytes_with_nul(&path[..=end]).ok()
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch::new()
    }
}

/// Looks up what the long format or -Z shows beyond `m` for the entry `e` (a name
/// in the directory `dir`, whose path `scratch` was started with) with one xattr
/// listing: sets the ACL / context marker, and returns the security context when
/// -Z shows it (None: `?`).
pub fn probe<'a>(
    region: &Arena<'a>,
    dir: BorrowedFd<'_>,
    scratch: &mut Scratch,
    e: &Entry<'a>,
    m: &mut Meta,
    p: &Probe,
) -> Result<Option<&'a [u8]>, Exhausted> {
    let symlink = Kind::from_mode(m.mode) == Kind::Symlink;
    let mut context = None;
    if UNSUPPORTED_DEV.load(Ordering::Relaxed) != m.dev {
        let Scratch { path, prefix, list } = scratch;
        let mut listed = Err(Errno::NOSYS);
        if !NO_LIST_AT.load(Ordering::Relaxed) {
            if let Ok(name) = CStr::from_bytes_with_nul(e.name_z()) {
                listed = xattr::names_at(dir, name, p.follow, &mut list[..]);
                if listed == Err(Errno::NOSYS) {
                    NO_LIST_AT.store(true, Ordering::Relaxed);
                }
            }
        }
        if let Some(path) = path_of(path, *prefix, e.name()) {
            let (mut acl, mut label) = (false, false);
            if listed == Err(Errno::NOSYS) {
                listed = xattr::names(path, p.follow, &mut list[..]);
            }
            match listed {
                Ok(n) => {
                    for a in list[..n].split(|&b| b == 0) {
                        acl |= a == ACL_ACCESS
                            || (a == ACL_DEFAULT && Kind::from_mode(m.mode) == Kind::Dir);
                        label |= a == SELINUX;
                    }
                }
                Err(Errno::RANGE) => {
                    // More names than the buffer holds: ask for the two that matter.
                    let mut none = [0u8; 0];
                    let q = |n: &CStr, none: &mut [u8; 0]| {
                        matches!(
                            xattr::value(path, n, p.follow, none),
                            Ok(_) | Err(Errno::RANGE)
                        )
                    };
                    label = q(c"security.selinux", &mut none);
                    acl = q(c"system.posix_acl_access", &mut none)
                        || (Kind::from_mode(m.mode) == Kind::Dir
                            && q(c"system.posix_acl_default", &mut none));
                }
                Err(Errno::NOTSUP) => UNSUPPORTED_DEV.store(m.dev, Ordering::Relaxed),
                Err(_) => {}
            }
            acl &= !symlink;
            if label {
                let mut v = [0u8; 256];
                if let Ok(n) = xattr::value(path, c"security.selinux", p.follow, &mut v) {
                    let v = &v[..n];
                    let v = &v[..v.iter().position(|&b| b == 0).unwrap_or(v.len())];
                    if v != b"unlabeled" {
                        if p.context {
                            context = Some(&*region.copy(v)?);
                        }
                    } else {
                        label = false;
                    }
                } else {
                    label = false;
                }
            }
            if p.marker {
                m.marker = if acl {
                    b'+'
                } else if label {
                    b'.'
                } else {
                    0
                };
            }
        }
    }
    Ok(context)
}

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

fn user_text<'n>(l: &Long, id: u32, t: &'n mut [u8; 20]) -> (&'n [u8], bool) {
    match if l.numeric { None } else { l.ids.user(id) } {
        Some(n) => (n, true),
        None => (u64_dec(id as u64, t), false),
    }
}

fn group_text<'n>(l: &Long, id: u32, t: &'n mut [u8; 20]) -> (&'n [u8], bool) {
    match if l.numeric { None } else { l.ids.group(id) } {
        Some(n) => (n, true),
        None => (u64_dec(id as u64, t), false),
    }
}

fn context_of<'a>(e: &Entry<'a>) -> &'a [u8] {
    e.extra.map_or(UNKNOWN_CONTEXT, |x| x.context)
}

fn is_device(m: &Meta) -> bool {
    matches!(Kind::from_mode(m.mode), Kind::CharDev | Kind::BlockDev)
}

/// Measures the columns over `entries`.
pub fn widths(r: &Render, l: &Long, entries: &[Entry]) -> Widths {
    let mut w = Widths {
        inode: 1,
        ..Widths::default()
    };
    let mut t = [0u8; 20];
    let mut sb = Digits([0; 20], [0; 64]);
    let (mut last_uid, mut last_gid) = (None, None);
    for e in entries {
        if r.context {
            w.context = w.context.max(display_width(context_of(e)));
        }
        let Some(m) = e.meta else { continue };
        w.marker |= m.marker != 0;
        if r.inode {
            w.inode = w.inode.max(dec_width(m.ino));
        }
        if r.size {
            w.blocks = w.blocks.max(scaled(m.blocks, 512, &r.block, &mut sb).len());
        }
        w.nlink = w.nlink.max(dec_width(m.nlink));
        // (Most entries share their owner with the one before.)
        if (l.owner || l.author) && last_uid != Some(m.uid) {
            last_uid = Some(m.uid);
            let (s, name) = user_text(l, m.uid, &mut t);
            let width = if name { name_width(s) } else { s.len() };
            if l.owner {
                w.owner = w.owner.max(width);
            }
            if l.author {
                w.author = w.author.max(width);
            }
        }
        if l.group && last_gid != Some(m.gid) {
            last_gid = Some(m.gid);
            let (s, name) = group_text(l, m.gid, &mut t);
            w.group = w.group.max(if name { name_width(s) } else { s.len() });
        }
        if is_device(m) {
            w.major = w.major.max(dec_width(m.rdev_major as u64));
            w.minor = w.minor.max(dec_width(m.rdev_minor as u64));
            w.size = w.size.max(w.major + 2 + w.minor);
        } else {
            w.size = w.size.max(scaled(m.size, 1, &l.file_block, &mut sb).len());
        }
    }
    w
}

/// `value` units of `unit` bytes as the size or block column shows it in `bs`
/// units (plain decimal digits without the general formatter when nothing scales).
fn scaled<'b>(value: u64, unit: u64, bs: &BlockSize, buf: &'b mut Digits) -> &'b [u8] {
    if bs.human.is_none()
        && bs.factor == unit
        && bs.suffix == crate::fmt::size::Suffix::None
        && !bs.grouping
    {
        return u64_dec(value, &mut buf.0);
    }
    let mut v: heapless::Vec<u8, 64> = heapless::Vec::new();
    format_scaled(value, unit, bs, &mut v);
    let n = v.len().min(buf.1.len());
    buf.1[..n].copy_from_slice(&v[..n]);
    &buf.1[..n]
}

/// Room for one number as `scaled` writes it.
struct Digits([u8; 20], [u8; 64]);

fn right(text: &[u8], width: usize) {
    out::repeat(b' ', width.saturating_sub(text.len()));
    out::bytes(text);
    out::byte(b' ');
}

/// GNU's width of a name in the owner, group, author and context columns
/// (gnulib's `mbswidth(NAME, 0)`: a control character counts 0).
fn name_width(text: &[u8]) -> usize {
    crate::fmt::unicode::mbswidth(text, crate::locale::ctype_utf8())
}

/// A name padded on the right to `width` columns, then a space; a number (or `?`
/// for a failed stat, which GNU pads as a name) right-aligned.
fn owner_field(text: &[u8], name: bool, width: usize) {
    if name {
        out::bytes(text);
        out::repeat(b' ', width.saturating_sub(name_width(text)) + 1);
    } else {
        right(text, width);
    }
}

/// The indicator GNU prints after a symlink's target, from the target's mode.
fn target_indicator(style: Indicator, mode: u32) -> Option<u8> {
    indicator_for(style, Kind::from_mode(mode), mode & 0o111 != 0)
}

/// Prints one group in the long format. `space`: unquoted names get a leading
/// space because others in the group are quoted.
pub fn group(r: &Render, l: &Long, entries: &[Entry], w: &Widths, space: bool) {
    let mut t = [0u8; 20];
    let mut sb = Digits([0; 20], [0; 64]);
    let mut tb = [0u8; LS_MAX];
    for e in entries {
        r.paint_normal();
        l.dired.indent();
        // Where GNU's line buffer starts: colors' clear-to-end-of-line decision counts
        // the bytes from here to the name. GNU 9.1 writes the owner, group, author
        // and context fields straight to stdout and restarts its buffer after each,
        // so the count then starts after the last of them.
        let mut line = out::position();
        if r.inode {
            match e.meta {
                Some(m) => right(u64_dec(m.ino, &mut t), w.inode),
                None => right(b"?", w.inode),
            }
        }
        if r.size {
            match e.meta {
                Some(m) => {
                    right(scaled(m.blocks, 512, &r.block, &mut sb), w.blocks);
                }
                None => right(b"?", w.blocks),
            }
        }
        let mut mode = [0u8; 10];
        match e.meta {
            Some(m) => {
                mode_string(m.mode, &mut mode);
                out::bytes(&mode);
                if w.marker {
                    out::byte(if m.marker == 0 { b' ' } else { m.marker });
                }
                out::byte(b' ');
                right(u64_dec(m.nlink, &mut t), w.nlink);
                if l.owner {
                    let (s, name) = user_text(l, m.uid, &mut t);
                    owner_field(s, name, w.owner);
                    line = out::position();
                }
                if l.group {
                    let (s, name) = group_text(l, m.gid, &mut t);
                    owner_field(s, name, w.group);
                    line = out::position();
                }
                if l.author {
                    let (s, name) = user_text(l, m.uid, &mut t);
                    owner_field(s, name, w.author);
                    line = out::position();
                }
                if r.context {
                    owner_field(context_of(e), true, w.context);
                    line = out::position();
                }
                if is_device(m) {
                    let extra = w.size.saturating_sub(w.major + 2 + w.minor);
                    let maj = u64_dec(m.rdev_major as u64, &mut t);
                    out::repeat(b' ', (w.major + extra).saturating_sub(maj.len()));
                    out::bytes(maj);
                    out::bytes(b", ");
                    right(u64_dec(m.rdev_minor as u64, &mut t), w.minor);
                } else {
                    right(scaled(m.size, 1, &l.file_block, &mut sb), w.size);
                }
                let text = if m.time_unknown {
                    None
                } else {
                    l.clock.format(m.time_sec, m.time_nsec, &mut tb)
                };
                match text {
                    Some(s) => {
                        out::bytes(s);
                        out::byte(b' ');
                    }
                    None if m.time_unknown => right(b"?", l.clock.fallback_width()),
                    None => {
                        let mut t24 = [0u8; 24];
                        right(
                            crate::fmt::num::i64_dec(m.time_sec, &mut t24),
                            l.clock.fallback_width(),
                        );
                    }
                }
            }
            None => {
                out::byte(e.kind.letter());
                out::repeat(b'?', if w.marker { 10 } else { 9 });
                out::byte(b' ');
                right(b"?", w.nlink);
                for (on, width) in [(l.owner, w.owner), (l.group, w.group), (l.author, w.author)] {
                    if on {
                        owner_field(b"?", true, width);
                        line = out::position();
                    }
                }
                if r.context {
                    owner_field(context_of(e), true, w.context);
                    line = out::position();
                }
                right(b"?", w.size);
                right(b"?", l.clock.fallback_width());
            }
        }
        // (The alignment space goes before the name's --dired offset.)
        let pad = (space && e.width & QUOTED == 0) as usize;
        let col = (out::position() - line) as usize;
        if pad == 1 {
            out::byte(b' ');
        }
        l.dired.mark_name();
        let name_len = r.painted_name(e, space, col, true);
        l.dired.mark_name();
        if e.kind == Kind::Symlink {
            // GNU prints a symlink's indicator after its target, by the target's
            // type, and none when the link was not read or not stat'd.
            if let Some(t) = e.target() {
                out::bytes(b" -> ");
                r.painted_target(e, t, col + name_len + 4, space);
                if let Some(c) = target_indicator(r.indicator, e.target_mode()) {
                    out::byte(c);
                }
            }
        } else if let Some(c) = r.indicator_of(e) {
            out::byte(c);
        }
        out::byte(r.eol);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indicators_after_link_targets() {
        use Indicator::{Classify, FileType, Slash};
        let (reg, exe, dir, lnk, fifo, sock, chr) = (
            0o100644, 0o100755, 0o40755, 0o120777, 0o10644, 0o140755, 0o20644,
        );
        assert_eq!(target_indicator(Classify, exe), Some(b'*'));
        assert_eq!(target_indicator(FileType, exe), None);
        assert_eq!(target_indicator(Classify, reg), None);
        assert_eq!(target_indicator(Slash, dir), Some(b'/'));
        assert_eq!(target_indicator(Slash, fifo), None);
        assert_eq!(target_indicator(FileType, lnk), Some(b'@'));
        assert_eq!(target_indicator(Classify, fifo), Some(b'|'));
        assert_eq!(target_indicator(Classify, sock), Some(b'='));
        assert_eq!(target_indicator(Classify, chr), None);
        // A dangling link (mode 0): nothing.
        assert_eq!(target_indicator(Classify, 0), None);
    }

    #[test]
    fn xattr_paths() {
        let cwd = crate::sys::file::cwd();
        let mut s = Scratch::new();
        s.start(b"", cwd);
        assert_eq!(
            path_of(&mut s.path, s.prefix, b"name").unwrap().to_bytes(),
            b"name"
        );
        s.start(b"dir/sub", cwd);
        assert_eq!(
            path_of(&mut s.path, s.prefix, b"f").unwrap().to_bytes(),
            b"dir/sub/f"
        );
        assert_eq!(
            path_of(&mut s.path, s.prefix, b"longer")
                .unwrap()
                .to_bytes(),
            b"dir/sub/longer"
        );
        s.start(b"/", cwd);
        assert_eq!(
            path_of(&mut s.path, s.prefix, b"etc").unwrap().to_bytes(),
            b"/etc"
        );
        // Too long for the kernel: through the directory's descriptor.
        s.start(&[b'd'; 3000], cwd);
        let p = path_of(&mut s.path, s.prefix, b"f")
            .unwrap()
            .to_bytes()
            .to_vec();
        assert!(
            p.starts_with(b"/proc/self/fd/") && p.ends_with(b"/f"),
            "{p:?}"
        );
        s.start(b"x", cwd);
        assert!(path_of(&mut s.path, s.prefix, &[b'n'; 5000]).is_none());
    }
}
