//! Whether glibc would load one category of a named locale, and with which codeset:
//! the search `_nl_find_locale` makes for every name other than C and POSIX.
//!
//! - Without LOCPATH: the locale archive (/usr/lib/locale/locale-archive), under the
//!   name with its codeset normalized (`en_US.UTF-8` is stored as `en_US.utf8`);
//!   then the name's alias from /usr/share/locale/locale.alias, in the archive too;
//!   then directories in /usr/lib/locale.
//! - With LOCPATH (ignored in set-user-ID programs, whose loader removes it): no
//!   archive; the alias, else the name, in the directories of LOCPATH and then in
//!   /usr/lib/locale.
//! - Directories: the name's parts `language[_territory][.codeset][@modifier]` are
//!   dropped from the right in glibc's order (codeset, normalized codeset, territory,
//!   modifier): `en_US.UTF-8` tries en_US.UTF-8, en_US.utf8, en_US, en.UTF-8, en.utf8,
//!   en, each in every directory, and the first DIR/NAME/LC_xxx that opens and holds a
//!   valid file is taken (LC_xxx may be a directory holding SYS_LC_xxx). When the name
//!   has a codeset, that file's codeset must be the same one (`en_US.UTF-8` does not
//!   take an ISO-8859-1 `en_US`); glibc compares them through iconv's alias table,
//!   we compare the names normalized, which agree for every spelling of one name
//!   (UTF-8, utf8; ISO-8859-1, iso88591) but not for other aliases (latin1).
//!
//! Every file is mapped whole (open, fstat, mmap, close), as glibc maps it.

use crate::sys::{env, file, map};
use dirs::Dirs;

mod dirs;
use core::ffi::CStr;

const DEFAULT_PATH: &[u8] = b"/usr/lib/locale";
const ARCHIVE: &CStr = c"/usr/lib/locale/locale-archive";
const ALIASES: &CStr = c"/usr/share/locale/locale.alias";

/// How many items each category has in glibc 2.36 (`_NL_ITEM_INDEX(_NL_NUM_LC_xxx)`
/// in <langinfo.h>): a file must hold at least that many, and, but for LC_CTYPE,
/// no more.
const ITEMS: [u8; 13] = [86, 6, 159, 19, 46, 5, 0, 3, 7, 13, 5, 2, 16];

/// Where each category's file keeps the name of its codeset (the index of
/// CODESET, _NL_NUMERIC_CODESET, _NL_TIME_CODESET, ... in <langinfo.h>).
const CODESET_ITEM: [u8; 13] = [14, 5, 110, 18, 45, 4, 0, 2, 6, 12, 4, 1, 15];

fn codeset_item(cat: usize) -> usize {
    usize::from(CODESET_ITEM[cat])
}

/// The magic number the archive starts with, in this machine's byte order: an
/// archive written on a machine of the other order finds nothing.
const ARCHIVE_MAGIC: u32 = 0xde02_0109;

/// The magic number a category's file starts with.
fn magic(cat: usize) -> u32 {
    let base = match cat {
        0 => 0x2009_0720,
        3 => 0x2005_1014,
        _ => 0x2003_1115,
    };
    base ^ cat as u32
}

/// Bytes names and paths are built in (PATH_MAX: longer paths cannot be opened).
const PATH_MAX: usize = 4096;

/// One search, for all the categories of one `setlocale(LC_ALL, "")`: the archive
/// and the alias file are mapped at most once.
pub struct Search {
    archive: Option<&'static [u8]>,
    archive_tried: bool,
    aliases: Option<&'static [u8]>,
    /// The last name looked up in the alias file (its address and length: every
    /// category asks for the same environment string) and what it found.
    last_alias: (usize, usize, Option<&'static [u8]>),
    /// LOCPATH when it counts, read once.
    locpath: Option<Option<&'static [u8]>>,
    path: [u8; PATH_MAX],
}

impl Search {
    // Not inlined: at opt-level "z" inlining it cost bytes (tools/inline-sweep.py).
    #[inline(never)]
    pub fn new() -> Search {
        Search {
            archive: None,
            archive_tried: false,
            aliases: None,
            last_alias: (0, 0, None),
            locpath: None,
            path: [0; PATH_MAX],
        }
    }

    /// Category `cat` of the locale `name` (neither C nor POSIX), as glibc would
    /// load it: None when it cannot be loaded, else its data (a valid file).
    #[inline(never)]
    pub fn load(&mut self, name: &[u8], cat: usize) -> Option<&'static [u8]> {
        if !valid_name(name) {
            return None;
        }
        let locpath = *self.locpath.get_or_insert_with(|| {
            env::get(b"LOCPATH").filter(|p| !p.is_empty() && !env::secure())
        });
        let name = match locpath {
            None => {
                if let Some(data) = self.in_archive(name, cat) {
                    return Some(data);
                }
                let alias = self.alias(name);
                if let Some(data) = alias.and_then(|a| self.in_archive(a, cat)) {
                    return Some(data);
                }
                alias.unwrap_or(name)
            }
            Some(_) => self.alias(name).unwrap_or(name),
        };
        self.in_dirs(name, locpath.unwrap_or(b""), cat)
    }

    /// The category's data in the archive, under `name` with its codeset normalized.
    fn in_archive(&mut self, name: &[u8], cat: usize) -> Option<&'static [u8]> {
        if !self.archive_tried {
            self.archive_tried = true;
            self.archive = map::whole_file(file::cwd(), ARCHIVE).ok();
        }
        let archive = self.archive?;
        let mut buf = [0u8; PATH_MAX];
        let key = archive_name(name, &mut buf)?;
        archive_lookup(archive, key, cat)
    }

    /// The value `name` has in the alias file (compared ignoring ASCII case).
    fn alias(&mut self, name: &[u8]) -> Option<&'static [u8]> {
        let key = (name.as_ptr() as usize, name.len());
        if (self.last_alias.0, self.last_alias.1) == key {
            return self.last_alias.2;
        }
        let text = *self
            .aliases
            .get_or_insert_with(|| map::whole_file(file::cwd(), ALIASES).unwrap_or(&[]));
        let found = alias_of(text, name);
        self.last_alias = (key.0, key.1, found);
        found
    }

    /// The first candidate file for `name` in the directories of `locpath` and the
    /// default one, checked against the codeset the name asks for.
    #[inline(never)]
    fn in_dirs(&mut self, name: &[u8], locpath: &[u8], cat: usize) -> Option<&'static [u8]> {
        let parts = Parts::of(name);
        let mut norm = [0; 256];
        let (norm, mask) = parts.normalized(&mut norm);
        for bits in (0..=mask).rev() {
            if bits & !mask != 0 || bits & (CODESET | NORM_CODESET) == CODESET | NORM_CODESET {
                continue;
            }
            for dir in Dirs::new(locpath) {
                let Some(data) = self.candidate(dir, &parts, norm, bits, cat) else {
                    continue;
                };
                let cs = codeset(data, cat);
                return match parts.codeset {
                    Some(want) if !same_codeset(want, cs) => None,
                    _ => Some(data),
                };
            }
        }
        None
    }

    /// The message catalogs gettext finds for one entry of its list (a LANGUAGE
    /// entry or the category's locale name), most specific first: the entry's alias
    /// from locale.alias in its place (glibc does not try the entry itself then),
    /// its parts dropped as for locale directories, each name as
    /// `/usr/share/locale/NAME/TAIL`; every file that maps goes to `found`.
    pub fn catalogs(&mut self, entry: &[u8], tail: &[u8], found: &mut dyn FnMut(&'static [u8])) {
        if !valid_name(entry) {
            return;
        }
        let name = self.alias(entry).unwrap_or(entry);
        let parts = Parts::of(name);
        let mut norm = [0; 256];
        let (norm, mask) = parts.normalized(&mut norm);
        for bits in (0..=mask).rev() {
            if bits & !mask != 0 || bits & (CODESET | NORM_CODESET) == CODESET | NORM_CODESET {
                continue;
            }
            let mut b = Builder {
                buf: &mut self.path,
                len: 0,
            };
            let opened = b
                .push(b"/usr/share/locale/")
                .and_then(|()| b.name(&parts, norm, bits))
                .and_then(|()| b.push(tail))
                .and_then(|()| b.open().ok());
            if let Some(data) = opened {
                found(data);
            }
        }
    }

    /// DIR/CANDIDATE/LC_xxx (or LC_xxx/SYS_LC_xxx when that is a directory), when it
    /// opens and is a valid file for the category.
    #[inline(never)]
    fn candidate(
        &mut self,
        dir: &[u8],
        p: &Parts,
        norm: &[u8],
        bits: u8,
        cat: usize,
    ) -> Option<&'static [u8]> {
        let mut b = Builder {
            buf: &mut self.path,
            len: 0,
        };
        b.push(dir)?;
        b.push(b"/")?;
        b.name(p, norm, bits)?;
        b.push(b"/")?;
        b.push(super::category_name(cat))?;
        let data = match b.open() {
            Err(e) if e == crate::sys::Errno::INVAL => {
                b.push(b"/SYS_")?;
                b.push(super::category_name(cat))?;
                b.open().ok()?
            }
            other => other.ok()?,
        };
        valid_data(data, cat)
    }
}

/// A NUL-terminated path put together in a fixed buffer.
struct Builder<'a> {
    buf: &'a mut [u8; PATH_MAX],
    len: usize,
}

impl Builder<'_> {
    /// Appends `part`; None when the path (with its NUL) would not fit. (Out of
    /// line: inlined, each of the many calls copied its bounds checks.)
    #[inline(never)]
    fn push(&mut self, part: &[u8]) -> Option<()> {
        let end = self.len + part.len();
        self.buf.get_mut(self.len..end)?.copy_from_slice(part);
        self.len = end;
        Some(())
    }

    /// Appends the name made of the parts of `p` that `bits` keeps (the codeset
    /// as given or, with NORM_CODESET, as `norm`).
    #[inline(never)]
    fn name(&mut self, p: &Parts, norm: &[u8], bits: u8) -> Option<()> {
        self.push(p.language)?;
        if bits & TERRITORY != 0 {
            self.push(b"_")?;
            self.push(p.territory.unwrap_or(b""))?;
        }
        if bits & (CODESET | NORM_CODESET) != 0 {
            self.push(b".")?;
            self.push(if bits & CODESET != 0 {
                p.codeset.unwrap_or(b"")
            } else {
                norm
            })?;
        }
        if bits & MODIFIER != 0 {
            self.push(b"@")?;
            self.push(p.modifier.unwrap_or(b""))?;
        }
        Some(())
    }

    /// Maps the file the path names so far (the path stays as it is).
    fn open(&mut self) -> Result<&'static [u8], crate::sys::Errno> {
        let nul = self
            .buf
            .get_mut(self.len)
            .ok_or(crate::sys::Errno::NAMETOOLONG)?;
        *nul = 0;
        let c = CStr::from_bytes_with_nul(&self.buf[..=self.len])
            .map_err(|_| crate::sys::Errno::INVAL)?;
        map::whole_file(file::cwd(), c)
    }
}

/// glibc's check of a locale name taken from the environment: at most 255 bytes, no
/// `..` path component, and a `/` only in an absolute name.
#[inline(never)]
pub fn valid_name(name: &[u8]) -> bool {
    name.len() <= 255
        && !name.windows(4).any(|w| w == b"/../")
        && name != b".."
        && !name.starts_with(b"../")
        && !name.ends_with(b"/..")
        && (name.first() == Some(&b'/') || !name.contains(&b'/'))
}

const NORM_CODESET: u8 = 1;
const CODESET: u8 = 2;
const TERRITORY: u8 = 4;
const MODIFIER: u8 = 8;

/// A locale name taken apart as glibc's `_nl_explode_name` does.
#[derive(Debug, PartialEq)]
struct Parts<'a> {
    language: &'a [u8],
    territory: Option<&'a [u8]>,
    /// Present (maybe empty) when the name has a `.` after its language.
    codeset: Option<&'a [u8]>,
    modifier: Option<&'a [u8]>,
    /// Which non-empty parts are there (TERRITORY, CODESET, MODIFIER).
    mask: u8,
}

impl<'a> Parts<'a> {
    #[inline(never)]
    fn of(name: &'a [u8]) -> Parts<'a> {
        let lang_end = name
            .iter()
            .position(|&c| matches!(c, b'_' | b'.' | b'@'))
            .unwrap_or(name.len());
        let mut p = Parts {
            language: name,
            territory: None,
            codeset: None,
            modifier: None,
            mask: 0,
        };
        if lang_end == 0 {
            // No language: the whole name is taken as it is (perhaps an alias).
            return p;
        }
        p.language = &name[..lang_end];
        let mut rest = &name[lang_end..];
        if let Some(r) = rest.strip_prefix(b"_") {
            let end = r
                .iter()
                .position(|&c| c == b'.' || c == b'@')
                .unwrap_or(r.len());
            p.territory = Some(&r[..end]);
            rest = &r[end..];
        }
        if let Some(r) = rest.strip_prefix(b".") {
            let end = r.iter().position(|&c| c == b'@').unwrap_or(r.len());
            p.codeset = Some(&r[..end]);
            rest = &r[end..];
        }
        if let Some(r) = rest.strip_prefix(b"@") {
            p.modifier = Some(r);
        }
        for (part, bit) in [
            (p.territory, TERRITORY),
            (p.codeset, CODESET),
            (p.modifier, MODIFIER),
        ] {
            if part.is_some_and(|s| !s.is_empty()) {
                p.mask |= bit;
            }
        }
        p
    }
}

impl Parts<'_> {
    /// The normalized codeset (when there is one) and the mask of parts to try:
    /// NORM_CODESET joins it when the normalized codeset differs from the given one.
    fn normalized<'b>(&self, buf: &'b mut [u8; 256]) -> (&'b [u8], u8) {
        let norm = self
            .codeset
            .filter(|c| !c.is_empty())
            .and_then(|c| normalize(c, buf));
        let mut mask = self.mask;
        if norm.is_some_and(|n| Some(n) != self.codeset) {
            mask |= NORM_CODESET;
        }
        (norm.unwrap_or(b""), mask)
    }
}

/// glibc's `_nl_normalize_codeset`: letters lowercased, digits kept, the rest
/// dropped, and `iso` in front when no letter is left (`8859-1` is `iso88591`).
/// None when that does not fit in `buf` (no valid name has such a codeset).
#[inline(never)]
pub fn normalize<'b>(codeset: &[u8], buf: &'b mut [u8; 256]) -> Option<&'b [u8]> {
    let mut n = 0;
    if !codeset.iter().any(u8::is_ascii_alphabetic) {
        buf[..3].copy_from_slice(b"iso");
        n = 3;
    }
    for &c in codeset.iter().filter(|c| c.is_ascii_alphanumeric()) {
        *buf.get_mut(n)? = c.to_ascii_lowercase();
        n += 1;
    }
    Some(&buf[..n])
}

/// Whether `codeset` is a spelling of UTF-8 (`UTF-8`, `utf8`, ...).
#[inline(never)]
pub fn codeset_is_utf8(codeset: &[u8]) -> bool {
    codeset_is(codeset, b"utf8")
}

/// Whether `codeset`, normalized, is `norm`.
#[inline(never)]
pub fn codeset_is(codeset: &[u8], norm: &[u8]) -> bool {
    normalize(codeset, &mut [0; 256]) == Some(norm)
}

/// Whether two codeset names are spellings of one name.
fn same_codeset(a: &[u8], b: &[u8]) -> bool {
    let mut x = [0; 256];
    let a = normalize(a, &mut x);
    a.is_some() && a == normalize(b, &mut [0; 256])
}

/// The name the archive is searched under: the codeset (after the first `.`, up to
/// `@`) normalized. None when it does not fit in `buf`.
fn archive_name<'b>(name: &[u8], buf: &'b mut [u8; PATH_MAX]) -> Option<&'b [u8]> {
    let dot = name
        .iter()
        .position(|&c| c == b'.')
        .filter(|&d| !matches!(name.get(d + 1), None | Some(b'@')));
    let mut b = Builder { buf, len: 0 };
    match dot {
        None => b.push(name)?,
        Some(dot) => {
            let (head, rest) = name.split_at(dot + 1);
            let end = rest.iter().position(|&c| c == b'@').unwrap_or(rest.len());
            let (codeset, modifier) = rest.split_at(end);
            b.push(head)?;
            b.push(normalize(codeset, &mut [0; 256])?)?;
            b.push(modifier)?;
        }
    }
    let len = b.len;
    buf.get(..len)
}

fn u32_at(b: &[u8], off: usize) -> Option<u32> {
    let w = b.get(off..off.checked_add(4)?)?;
    Some(u32::from_ne_bytes([w[0], w[1], w[2], w[3]]))
}

fn usize_at(b: &[u8], off: usize) -> Option<usize> {
    u32_at(b, off).map(|v| v as usize)
}

/// glibc's hash of a name in the archive's table.
fn archive_hash(name: &[u8]) -> u32 {
    let h = name.iter().fold(name.len() as u32, |h, &c| {
        h.rotate_left(9).wrapping_add(c as u32)
    });
    if h == 0 {
        !0
    } else {
        h
    }
}

/// The data of category `cat` of the locale stored under `key` in the archive `ar`
/// (glibc's locarchive.h: a header of u32 fields, then an open-addressing table of
/// (hash, name offset, record offset) entries; a record holds (offset, length) of
/// each category's data). As glibc does, a header whose tables do not fit in the
/// file finds nothing, and neither does a record with a category outside it.
pub fn archive_lookup<'a>(ar: &'a [u8], key: &[u8], cat: usize) -> Option<&'a [u8]> {
    const ENTRY: usize = 12;
    const RECORD: usize = 4 + 13 * 8;
    if u32_at(ar, 0)? != ARCHIVE_MAGIC {
        return None;
    }
    let table = usize_at(ar, 8)?;
    let size = usize_at(ar, 16)?;
    let table_end = size.checked_mul(ENTRY)?.checked_add(table)?;
    let strings_end = usize_at(ar, 20)?.checked_add(usize_at(ar, 24)?)?;
    let records_end = usize_at(ar, 36)?
        .checked_mul(RECORD)?
        .checked_add(usize_at(ar, 32)?)?;
    if size <= 2 || table_end.max(strings_end).max(records_end) > ar.len() {
        return None;
    }
    let hash = archive_hash(key);
    let mut idx = hash as usize % size;
    let step = 1 + hash as usize % (size - 2);
    for _ in 0..size {
        let e = table + idx * ENTRY;
        let name = usize_at(ar, e + 4)?;
        if name == 0 {
            return None;
        }
        let stored = ar.get(name..).and_then(|s| s.split(|&c| c == 0).next());
        if u32_at(ar, e)? == hash && stored == Some(key) {
            let rec = usize_at(ar, e + 8)?;
            let mut data = None;
            for c in (0..13).filter(|&c| c != 6 && rec != 0) {
                let off = usize_at(ar, rec + 4 + 8 * c)?;
                let d = ar.get(off..off.checked_add(usize_at(ar, rec + 8 + 8 * c)?)?)?;
                if c == cat {
                    data = Some(d);
                }
            }
            return valid_data(data?, cat);
        }
        idx = (idx + step) % size;
    }
    None
}

/// The alias file's value for `name`: lines `ALIAS VALUE`, `#` comments, the alias
/// compared ignoring ASCII case; the first 399 bytes of a line count.
fn alias_of(text: &'static [u8], name: &[u8]) -> Option<&'static [u8]> {
    let space = |c: &u8| matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
    for line in text.split(|&c| c == b'\n') {
        let line = &line[..line.len().min(399)];
        let mut words = line.split(space).filter(|w| !w.is_empty());
        let (Some(alias), Some(value)) = (words.next(), words.next()) else {
            continue;
        };
        if !alias.starts_with(b"#") && alias.eq_ignore_ascii_case(name) {
            return Some(value);
        }
    }
    None
}

/// The category's data when it is a valid locale file (glibc's
/// `_nl_intern_locale_data`): the magic number, as many items as the category has
/// (more only in LC_CTYPE), a table of offsets that ends before the data does, every
/// offset inside the file.
pub fn valid_data(data: &[u8], cat: usize) -> Option<&[u8]> {
    let n = usize_at(data, 4)?;
    let table_end = n.checked_mul(4)?.checked_add(8)?;
    let items = usize::from(ITEMS[cat]);
    let ok = u32_at(data, 0)? == magic(cat)
        && table_end < data.len()
        && n >= items
        && (cat == 0 || n == items)
        && (0..n).all(|i| usize_at(data, 8 + 4 * i).is_some_and(|off| off <= data.len()));
    ok.then_some(data)
}

/// The codeset named in a valid category file.
#[inline(never)]
pub fn codeset(data: &[u8], cat: usize) -> &[u8] {
    string(data, codeset_item(cat)).unwrap_or(b"")
}

/// Item `i` of a valid category file: its bytes from its offset to the end of the
/// data (a table's size is its own business).
pub fn item(data: &[u8], i: usize) -> Option<&[u8]> {
    if i >= usize_at(data, 4)? {
        return None;
    }
    data.get(usize_at(data, 8 + 4 * i)?..)
}

/// Item `i` as a string: its bytes up to the NUL (or the end of the data).
pub fn string(data: &[u8], i: usize) -> Option<&[u8]> {
    let s = item(data, i)?;
    Some(&s[..s.iter().position(|&c| c == 0).unwrap_or(s.len())])
}

/// Item `i` as a 32-bit word, which glibc requires to be 4-aligned.
pub fn word(data: &[u8], i: usize) -> Option<u32> {
    let off = usize_at(data, 8 + 4 * i)?;
    if i >= usize_at(data, 4)? || off % 4 != 0 {
        return None;
    }
    u32_at(data, off)
}

#[cfg(test)]
mod tests;
