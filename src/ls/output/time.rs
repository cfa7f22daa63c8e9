//! The date column of the long format: the style's two formats, the local time zone (loaded
//! on first use, as glibc's tzset would: $TZ, TZif files under $TZDIR or
//! /usr/share/zoneinfo, /etc/localtime, POSIX TZ strings, UTC when nothing fits)
//! and GNU's six-months rule, with the clock read lazily. `tz` converts an instant
//! to local time (TZif files, POSIX TZ strings) and `strtime` is strftime for
//! +FORMAT styles; both are pure.

use crate::fmt::unicode::{decode, mbswidth, unibyte_width, width, Decoded};
use crate::fmt::{Fixed, Sink};
use crate::locale;
use crate::sys::{env, file, map, time};
use core::cell::{Cell, OnceCell};
use core::ffi::CStr;
use strtime::{c_case, format_bounded, Names, LS_MAX};
use tz::{Tm, Tz};

pub mod strtime;
pub mod tz;

/// Half of a Gregorian year (365.2425 days) in seconds.
const SIX_MONTHS: i64 = 31_556_952 / 2;

/// The two date formats (for old and for recent files) and the state of the clock.
pub struct Clock {
    /// [0]: not recent (or in the future); [1]: within the past six months.
    formats: [&'static [u8]; 2],
    zone: OnceCell<Tz<'static>>,
    /// The cached current time; (i64::MIN, 0) until the first time stamp.
    now: Cell<(i64, u32)>,
    /// The width of the old format applied to time 0 (for unprintable times).
    fallback: OnceCell<usize>,
    /// LC_CTYPE is UTF-8 (for that width).
    utf8: bool,
    /// Where GNU puts the month's name in each format (see `first_percent_b`).
    percent_b: [Option<u8>; 2],
    /// The columns the first `%b` pads the month's name to (see `abmon`).
    widest: u8,
    /// LC_TIME's texts for strftime (`c_names` in C and C.UTF-8).
    names: Names,
    /// An installed LC_TIME: no `quick` formatting with C's names.
    local: bool,
}

/// LC_TIME item `i` of the installed locale.
fn lc_time(i: usize) -> Option<&'static [u8]> {
    locale::string(locale::TIME, i)
}

/// The installed LC_CTYPE's toupper (`upper`) or tolower of `b`: its TOUPPER or
/// TOLOWER table (items 1 and 3, 384 words for -128..255); C's without them.
fn lc_case(b: u8, upper: bool) -> u8 {
    let table = if upper { 1 } else { 3 };
    let at = (usize::from(b) + 128) * 4;
    locale::item(locale::CTYPE, table)
        .and_then(|t| t.get(at..at + 4))
        .and_then(|w| u8::try_from(i32::from_ne_bytes(w.try_into().ok()?)).ok())
        .unwrap_or_else(|| c_case(b, upper))
}

/// The bytes and columns of `name` cut to at most 12 columns (wcwidth's in
/// UTF-8, bytes otherwise: mbsalign's unibyte rule); None for a name with `%`,
/// or (`utf8`) not valid UTF-8 or (a difference: GNU prints U+FFFD for them)
/// with unprintable characters.
#[inline(never)]
fn cut(name: &[u8], utf8: bool) -> Option<(usize, u8)> {
    if name.contains(&b'%') {
        return None;
    }
    let (mut n, mut w) = (0, 0);
    while n < name.len() {
        let (len, cw) = if utf8 {
            match decode(&name[n..]) {
                // (wcwidth is -1 for the unprintable, but for U+0000: not in a name.)
                Decoded::Char(cp, len) => (len, u8::try_from(width(cp)).ok()?),
                _ => return None,
            }
        } else {
            (1, 1)
        };
        if w + cw > 12 {
            break;
        }
        (n, w) = (n + len, w + cw);
    }
    Some((n, w))
}

/// How coreutils' abmon_init pads ABMON_1..12 of `names` (with gnulib's
/// mbsalign): each `cut`, then padded to the widest (the columns returned), after
/// the name, or before it when it starts with an ASCII digit; and the bytes of
/// the longest padded name. None where GNU gives up padding: a name `cut` refuses,
/// or of 128 bytes or more once padded.
fn abmon(names: Names, utf8: bool) -> Option<(u8, usize)> {
    let (mut widest, mut extra) = (0, 0);
    for i in 14..26 {
        let name = (names.text)(i)?;
        let (n, w) = cut(name, utf8)?;
        widest = widest.max(w);
        // (A column takes at least a byte.)
        extra = extra.max(n - usize::from(w));
    }
    let longest = usize::from(widest) + extra;
    (longest < 128).then_some((widest, longest))
}

/// GNU ls puts the month's abbreviation in place of each format's first `%b` (as
/// its scan finds it: `%%` is skipped) before strftime reads the format, when both
/// formats then fit its 128-byte buffers. That reads otherwise than strftime's own
/// `%b` only where the `%` ends a bad conversion (`%5%b` is `%5Dec`: `%5D` then
/// `ec`), which `quick` never accepts.
/// `longest`: the bytes of the longest padded month (None: GNU gives up).
#[inline(never)]
fn first_percent_b(formats: [&[u8]; 2], longest: Option<usize>) -> [Option<u8>; 2] {
    let at = formats.map(|f| {
        let mut i = 0;
        while i + 1 < f.len() {
            match (f[i], f[i + 1]) {
                // (Kept only when below 128.)
                (b'%', b'b') => return Some(i as u8),
                (b'%', b'%') => i += 2,
                _ => i += 1,
            }
        }
        None
    });
    // GNU: the month's bytes replace the 2 of `%b`, with room for a NUL.
    let fits = |k: usize| longest.is_some_and(|l| formats[k].len() + at[k].map_or(2, |_| l) < 130);
    if fits(0) && fits(1) {
        at
    } else {
        [None; 2]
    }
}

/// True when (sec, nsec) lies within the six months before `now` (exclusive).
pub fn is_recent(t: (i64, u32), now: (i64, u32)) -> bool {
    let ago = (now.0.saturating_sub(SIX_MONTHS), now.1);
    ago < t && t < now
}

impl Clock {
    /// A clock that formats old times with `formats[0]`, recent ones with
    /// `formats[1]`; `utf8`: LC_CTYPE is UTF-8.
    pub fn new(formats: [&'static [u8]; 2], utf8: bool) -> Clock {
        let names = Names {
            text: lc_time,
            case: lc_case,
        };
        Clock::with(formats, utf8, names, locale::data(locale::TIME).is_some())
    }

    /// [`Clock::new`] with `names`, those of an installed LC_TIME when `local`.
    #[inline(never)]
    fn with(formats: [&'static [u8]; 2], utf8: bool, names: Names, local: bool) -> Clock {
        let pads = if local {
            abmon(names, utf8)
        } else {
            Some((3, 3))
        };
        let percent_b = first_percent_b(formats, pads.map(|p| p.1));
        let widest = pads.map_or(0, |p| p.0);
        Clock {
            utf8,
            formats,
            percent_b,
            widest,
            names,
            local,
            zone: OnceCell::new(),
            now: Cell::new((i64::MIN, 0)),
            fallback: OnceCell::new(),
        }
    }

    fn zone(&self) -> &Tz<'static> {
        self.zone.get_or_init(load_zone)
    }

    /// Formats the time stamp (sec, nsec) into `buf`; None when the local time is
    /// out of range or the text is longer than GNU's buffer (GNU then prints the
    /// seconds, see `fallback_width`).
    pub fn format<'b>(&self, sec: i64, nsec: u32, buf: &'b mut [u8; LS_MAX]) -> Option<&'b [u8]> {
        let tm = self.zone().localtime(sec)?;
        let mut now = self.now.get();
        if now < (sec, nsec) {
            now = time::now();
            self.now.set(now);
        }
        let recent = is_recent((sec, nsec), now);
        let fmt = self.formats[recent as usize];
        let quick = match self.local {
            false => quick(fmt, &tm, nsec, buf),
            true => None,
        };
        let n = match quick {
            Some(n) => n,
            None => self.strftime(recent as usize, &tm, sec, nsec, buf)?,
        };
        Some(&buf[..n])
    }

    /// strftime with format `which` (0 old, 1 recent), as GNU gives it the format:
    /// its first `%b` replaced by the month (`first_percent_b`).
    fn strftime(
        &self,
        which: usize,
        tm: &Tm,
        sec: i64,
        nsec: u32,
        buf: &mut [u8],
    ) -> Option<usize> {
        let fmt = self.formats[which];
        let Some(p) = self.percent_b[which] else {
            return format_bounded(fmt, tm, sec, nsec, self.names, buf);
        };
        let name = self.names.get(14 + usize::from(tm.mon) % 12)?;
        let (len, w) = cut(name, self.utf8)?;
        let pad = usize::from(self.widest.saturating_sub(w));
        let before = if name.first().is_some_and(u8::is_ascii_digit) {
            pad
        } else {
            0
        };
        // The format with the padded name in place of `%b`, the padding being the
        // spaces `f` starts with.
        let mut f = [b' '; 256];
        let p = usize::from(p);
        let rest = fmt.get(p + 2..)?;
        let at = p + pad + len;
        let n = at + rest.len();
        f.get_mut(..p)?.copy_from_slice(fmt.get(..p)?);
        f.get_mut(p + before..p + before + len)?
            .copy_from_slice(name.get(..len)?);
        f.get_mut(at..n)?.copy_from_slice(rest);
        format_bounded(f.get(..n)?, tm, sec, nsec, self.names, buf)
    }

    /// The width of the old format applied to time 0 (0 when that fails too), as
    /// gnulib's mbsnwidth counts it: a control character takes no column.
    #[inline(always)]
    pub fn fallback_width(&self) -> usize {
        *self.fallback.get_or_init(|| {
            let Some(tm) = self.zone().localtime(0) else {
                return 0;
            };
            let mut buf = [0u8; LS_MAX];
            match self.strftime(0, &tm, 0, 0, &mut buf) {
                Some(n) => match locale::byte_classes() {
                    Some(classes) => unibyte_width(&buf[..n], classes),
                    None => mbswidth(&buf[..n], self.utf8),
                },
                None => 0,
            }
        })
    }
}

const MONTHS: &[u8; 36] = b"JanFebMarAprMayJunJulAugSepOctNovDec";

/// The formats of the built-in styles (`%b %e %H:%M`, `%Y-%m-%d %H:%M:%S.%N %z`...)
/// without the general strftime: only `%b %e %d %m %H %M %S %N %z %Y` and plain
/// bytes, four-digit years and whole-minute offsets. None: use `strtime`.
#[inline(never)]
fn quick(fmt: &[u8], tm: &Tm, nsec: u32, buf: &mut [u8]) -> Option<usize> {
    if fmt.len() > 40 || !(1000..=9999).contains(&tm.year) {
        return None;
    }
    let mut n = 0;
    let two = |v: u8, pad: u8, buf: &mut [u8], n: &mut usize| {
        buf[*n] = if v >= 10 { b'0' + v / 10 } else { pad };
        buf[*n + 1] = b'0' + v % 10;
        *n += 2;
    };
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        if c != b'%' {
            buf[n] = c;
            n += 1;
            i += 1;
            continue;
        }
        match fmt.get(i + 1)? {
            b'b' => {
                let m = tm.mon as usize * 3;
                buf[n..n + 3].copy_from_slice(&MONTHS[m..m + 3]);
                n += 3;
            }
            b'e' => two(tm.mday, b' ', buf, &mut n),
            b'd' => two(tm.mday, b'0', buf, &mut n),
            b'm' => two(tm.mon + 1, b'0', buf, &mut n),
            b'H' => two(tm.hour, b'0', buf, &mut n),
            b'M' => two(tm.min, b'0', buf, &mut n),
            b'S' => two(tm.sec, b'0', buf, &mut n),
            b'Y' => {
                let y = tm.year as u32;
                two((y / 100) as u8, b'0', buf, &mut n);
                two((y % 100) as u8, b'0', buf, &mut n);
            }
            b'N' => {
                let mut v = nsec;
                for k in (0..9).rev() {
                    buf[n + k] = b'0' + (v % 10) as u8;
                    v /= 10;
                }
                n += 9;
            }
            b'z' => {
                let off = tm.gmtoff;
                if off % 60 != 0
                    || (off == 0 && tm.abbr.first() == Some(&b'-'))
                    || off.abs() >= 100 * 3600
                {
                    return None;
                }
                buf[n] = if off < 0 { b'-' } else { b'+' };
                n += 1;
                let a = off.unsigned_abs();
                two((a / 3600) as u8, b'0', buf, &mut n);
                two((a / 60 % 60) as u8, b'0', buf, &mut n);
            }
            _ => return None,
        }
        i += 2;
    }
    Some(n)
}

/// Maps the zone file `name`: absolute, or relative to $TZDIR (when set and not
/// empty) or the zoneinfo directory. A set-user-ID run (AT_SECURE) reads zone
/// files as glibc's does there: TZDIR is not looked at (the loader removed it), and
/// a name with `../`, or absolute outside the zoneinfo directory and not
/// /etc/localtime, is not read at all.
fn read_zone(name: &[u8]) -> Option<&'static [u8]> {
    let secure = env::secure();
    if secure
        && ((name.first() == Some(&b'/')
            && name != b"/etc/localtime"
            && !name.starts_with(tz::ZONEINFO))
            || name.windows(3).any(|w| w == b"../"))
    {
        return None;
    }
    let mut room = [0u8; 4096];
    let mut path = Fixed::new(&mut room);
    if name.first() != Some(&b'/') {
        let dir = env::get(b"TZDIR")
            .filter(|d| !d.is_empty() && !secure)
            .unwrap_or(tz::ZONEINFO);
        path.put(dir);
        path.put(b"/");
    }
    path.put(name);
    path.put(b"\0");
    if path.lost {
        return None;
    }
    let c = CStr::from_bytes_with_nul(path.text()).ok()?;
    map::whole_file(file::cwd(), c).ok()
}

/// The local zone, as glibc's tzset settles it (see `tz`).
fn load_zone() -> Tz<'static> {
    let tz_env = env::get(b"TZ");
    if let Some(name) = tz::zone_file(tz_env) {
        if let Some(z) = read_zone(name).and_then(Tz::from_tzif) {
            return z;
        }
    }
    let z = Tz::without_file(tz_env);
    if z.wants_default_rules() {
        if let Some(bytes) = read_zone(tz::DEFAULT_RULES) {
            return z.with_default_rules(bytes);
        }
    }
    z
}

#[cfg(test)]
mod tests;
