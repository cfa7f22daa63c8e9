//! The name order of `sort` under an installed locale's LC_COLLATE, where GNU ls
//! compares names with strcoll: each name's collation key (`collate`) is
//! built once into the arena, and names compare by their keys. The keys hold the
//! first level only (a third of a whole key's bytes and of its cost; it decides
//! almost every pair), and two names equal there are settled by the whole keys of
//! the two of them. Names equal at every level (glibc ignores bytes that are not
//! UTF-8) are left to `sort`, which keeps their input order.

use super::collate::{key, Tables};
use super::{extension, Entry};
use crate::locale;
use crate::sys::arena::{Arena, Exhausted};
use bareutils_hot::keysort::bytes_cmp;
use core::cmp::Ordering;

/// The tables of LC_COLLATE when names are to be collated: an installed locale
/// with at least one level (NRULES 0 is byte order, as in C).
#[inline(never)]
pub fn tables() -> Option<Tables<'static>> {
    Tables::new(locale::word(locale::COLLATE, 0)?, |i| {
        locale::item(locale::COLLATE, i)
    })
}

/// The bytes of the key of `s` for `to` levels from byte `skip` on that fit
/// `buf` (all of them when fewer than WINDOW).
fn window<'b>(
    t: &Tables<'_>,
    s: &[u8],
    to: usize,
    skip: usize,
    buf: &'b mut [u8; WINDOW],
) -> &'b [u8] {
    let n = key(t, s, to, skip, buf).saturating_sub(skip).min(WINDOW);
    &buf[..n]
}

/// Levels the stored keys hold.
const KEPT: usize = 1;
/// Bytes of a key had at a time.
const WINDOW: usize = 512;

/// How the names of some entries (or their extensions) compare: by their
/// collation keys under `t`, name `i`'s being `bytes[at[i]..at[i + 1]]`, else in
/// byte order.
pub struct Keys<'a, 'e, 'n> {
    t: Option<&'e Tables<'static>>,
    entries: &'e [Entry<'n>],
    ext: bool,
    at: &'a [u32],
    bytes: &'a [u8],
}

impl<'a, 'e, 'n> Keys<'a, 'e, 'n> {
    /// The names of `entries` (their extensions when `ext`), collated by `t`
    /// (once `build` made their keys) or in byte order.
    pub fn new(t: Option<&'e Tables<'static>>, entries: &'e [Entry<'n>], ext: bool) -> Self {
        Keys {
            t,
            entries,
            ext,
            at: &[],
            bytes: &[],
        }
    }

    /// Builds the kept levels' keys, when collated.
    pub fn build(&mut self, region: &mut Arena<'a>) -> Result<(), Exhausted> {
        let Some(t) = self.t else {
            return Ok(());
        };
        let at = region.alloc_slice(self.entries.len() + 1, 0u32)?;
        let mut bytes = region.vec::<u8>();
        let mut buf = [0u8; WINDOW];
        for (i, end) in at[1..].iter_mut().enumerate() {
            let mut skip = 0;
            loop {
                let w = window(t, self.part(i), KEPT, skip, &mut buf);
                bytes.extend(w)?;
                if w.len() < WINDOW {
                    break;
                }
                skip += WINDOW;
            }
            *end = u32::try_from(bytes.len()).map_err(|_| Exhausted)?;
        }
        self.at = at;
        self.bytes = bytes.finish();
        Ok(())
    }

    /// The name of entry `i`, or its extension.
    fn part(&self, i: usize) -> &'n [u8] {
        let name = self.entries.get(i).map_or(&[][..], |e| e.name());
        if self.ext {
            extension(name)
        } else {
            name
        }
    }

    /// Key `i` (the name itself in byte order).
    pub fn get(&self, i: usize) -> &[u8] {
        match self.at.get(i..i + 2) {
            Some(&[s, e]) => self.bytes.get(s as usize..e as usize).unwrap_or_default(),
            _ => self.part(i),
        }
    }

    /// The order of entries `i` and `j`.
    #[inline(never)]
    pub fn cmp(&self, i: usize, j: usize) -> Ordering {
        bytes_cmp(self.get(i), self.get(j)).then_with(|| {
            let Some(t) = self.t else {
                return Ordering::Equal;
            };
            // Equal at the kept levels: the whole keys, a window at a time.
            let (x, y) = (self.part(i), self.part(j));
            let (mut a, mut b) = ([0u8; WINDOW], [0u8; WINDOW]);
            let mut skip = 0;
            loop {
                let m = window(t, x, usize::MAX, skip, &mut a);
                let n = window(t, y, usize::MAX, skip, &mut b);
                match bytes_cmp(m, n) {
                    Ordering::Equal if m.len() == WINDOW => skip += WINDOW,
                    o => return o,
                }
            }
        })
    }
}
