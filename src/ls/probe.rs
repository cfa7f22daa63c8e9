//! What a stat does not say, for the entries that need it: the ACL /
//! security-context marker and the context from at most one xattr listing (the
//! long format, -Z), and a symlink's target text and what it names (the long
//! format, colors, --group-directories-first). `read` calls these while it
//! gathers; the output only prints what they found.

use super::entry::{Entry, Kind, Meta};
use super::plan::Probe;
use crate::fmt::num::u64_dec;
use crate::sys::arena::{Arena, Exhausted};
use crate::sys::stat::{readlink_at, statx_at, StatxFlags};
use crate::sys::{xattr, BorrowedFd, Errno};
use core::ffi::CStr;
use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The last filesystem that answered ENOTSUP to an xattr call: not asked again.
static UNSUPPORTED_DEV: AtomicU64 = AtomicU64::new(u64::MAX);
/// listxattrat answered ENOSYS (a kernel before 6.13): list by path instead.
static NO_LIST_AT: AtomicBool = AtomicBool::new(false);

const ACL_ACCESS: &[u8] = b"system.posix_acl_access";
const ACL_DEFAULT: &[u8] = b"system.posix_acl_default";
const SELINUX: &[u8] = b"security.selinux";

/// Buffers `probe` reuses for every entry of a directory: the path the xattr calls
/// name (the directory's path and a slash written once), and the list of names.
#[derive(Clone, Copy)]
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

/// What listing an entry's extended attributes found: which of those that
/// matter it has (`ACCESS_ACL`, `DEFAULT_ACL`, `LABEL`), or the error.
pub type Listed = Result<u8, Errno>;
const ACCESS_ACL: u8 = 1;
const DEFAULT_ACL: u8 = 2;
const LABEL: u8 = 4;

/// Which of the names in `list` (NUL-separated) matter.
fn classify(list: &[u8]) -> u8 {
    let mut found = 0;
    for a in list.split(|&b| b == 0) {
        for (bit, name) in [ACL_ACCESS, ACL_DEFAULT, SELINUX].iter().enumerate() {
            if a == *name {
                found |= 1 << bit;
            }
        }
    }
    found
}

/// Lists the extended attributes of the entry `name_z` (with its NUL) in `dir`
/// (listxattrat), as `probe` starts: None when its file system (`dev`) said it
/// has none. A worker thread may call this (it touches only atomics).
pub fn listing(dir: BorrowedFd<'_>, name_z: &[u8], follow: bool, dev: u64) -> Option<Listed> {
    if UNSUPPORTED_DEV.load(Ordering::Relaxed) == dev {
        return None;
    }
    if NO_LIST_AT.load(Ordering::Relaxed) {
        return Some(Err(Errno::NOSYS));
    }
    let Ok(name) = CStr::from_bytes_with_nul(name_z) else {
        return Some(Err(Errno::NOSYS));
    };
    let mut list = [0u8; 512];
    let listed = xattr::names_at(dir, name, follow, &mut list);
    if listed == Err(Errno::NOSYS) {
        NO_LIST_AT.store(true, Ordering::Relaxed);
    }
    Some(listed.map(|n| classify(&list[..n])))
}

/// Looks up what the long format or -Z shows beyond `m` for the entry `e` (a name
/// in the directory `dir`, whose path `scratch` was started with) with one xattr
/// listing (`listed`, when it was made already): sets the ACL / context marker,
/// and returns the security context when -Z shows it (None: `?`), and the
/// listing's error that GNU reports (not ENOTSUP, ENODATA, nor ERANGE: more names
/// than the buffer holds).
pub fn probe<'a>(
    region: &Arena<'a>,
    dir: BorrowedFd<'_>,
    scratch: &mut Scratch,
    e: &Entry<'a>,
    m: &mut Meta,
    p: &Probe,
    listed: Option<Listed>,
) -> Result<(Option<&'a [u8]>, Option<Errno>), Exhausted> {
    let symlink = Kind::from_mode(m.mode) == Kind::Symlink;
    let mut context = None;
    let mut error = None;
    if let Some(mut listed) = listed.or_else(|| listing(dir, e.name_z(), p.follow, m.dev)) {
        let Scratch { path, prefix, list } = scratch;
        if let Some(path) = path_of(path, *prefix, e.name()) {
            let (mut acl, mut label) = (false, false);
            if listed == Err(Errno::NOSYS) {
                listed = xattr::names(path, p.follow, &mut list[..]).map(|n| classify(&list[..n]));
            }
            match listed {
                Ok(found) => {
                    acl = found & ACCESS_ACL != 0
                        || (found & DEFAULT_ACL != 0 && Kind::from_mode(m.mode) == Kind::Dir);
                    label = found & LABEL != 0;
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
                Err(Errno::NODATA) => {}
                Err(e) => error = Some(e),
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
    Ok((context, error))
}

/// A symlink's target as GNU 9.1 sees it: the link is read, and when `stat` the
/// target text is stat'd as a path (after `prefix`, the directory part of an
/// operand, when the text is relative), not the link: a /proc magic link such
/// as `3 -> pipe:[N]` names nothing and counts as dangling. Returns the text and
/// the mode found (0 when not stat'd or not found), or readlink's error.
pub fn read_link<'a>(
    region: &Arena<'a>,
    dir: BorrowedFd<'_>,
    prefix: &[u8],
    name: &CStr,
    stat: bool,
) -> Result<Result<(&'a [u8], u32), Errno>, Exhausted> {
    // Targets are shorter than PATH_MAX; /proc's magic links are at most a page.
    let mut buf = [0u8; 4096];
    let read = readlink_at(dir, name, &mut buf).map(|t| t.len());
    let text: &'a mut [u8] = match read {
        Err(e) => return Ok(Err(e)),
        Ok(n) if n < buf.len() => {
            buf[n] = 0;
            region.copy(&buf[..=n])?
        }
        Ok(_) => {
            let mut size = 2 * buf.len();
            loop {
                let big = region.alloc_slice(size, 0u8)?;
                match readlink_at(dir, name, big) {
                    Err(e) => return Ok(Err(e)),
                    Ok(t) if t.len() < size => {
                        let n = t.len();
                        break &mut big[..=n];
                    }
                    Ok(_) if size < 1 << 20 => size *= 2,
                    Ok(_) => return Ok(Err(Errno::NAMETOOLONG)),
                }
            }
        }
    };
    let n = text.len() - 1;
    let mut mode = 0;
    if stat {
        let relative = text.first() != Some(&b'/') && !prefix.is_empty();
        let path: &[u8] = if relative {
            let p = region.alloc_slice(prefix.len() + text.len(), 0u8)?;
            p[..prefix.len()].copy_from_slice(prefix);
            p[prefix.len()..].copy_from_slice(text);
            p
        } else {
            text
        };
        if let Ok(path) = CStr::from_bytes_with_nul(path) {
            if let Ok(s) = statx_at(dir, path, true, StatxFlags::TYPE | StatxFlags::MODE) {
                mode = s.stx_mode as u32;
            }
        }
    }
    Ok(Ok((&text[..n], mode)))
}

#[cfg(test)]
mod tests;
