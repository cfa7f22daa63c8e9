//! Local time without libc: TZif zone files and POSIX TZ strings, giving what glibc
//! 2.36's `localtime_r` gives for every `i64` instant (leap seconds included).
//!
//! Nothing here reads files. The caller follows glibc's `tzset`:
//! 1. [`zone_file`] says which file `$TZ` names (a relative name lives under
//!    `$TZDIR` when that is set and not empty, else [`ZONEINFO`]); if it reads and
//!    [`Tz::from_tzif`] accepts it, done.
//! 2. Otherwise [`Tz::without_file`]`($TZ)`; if that zone
//!    [`wants_default_rules`](Tz::wants_default_rules), read [`DEFAULT_RULES`] from
//!    the same directory and pass it to [`Tz::with_default_rules`].
//!
//! A [`Tz`] borrows the bytes it was made from (zone file, TZ string) and decodes
//! the file lazily: no allocation and no size limit.

mod posix;
#[cfg(test)]
mod tests;

pub use posix::{is_leap, PosixTz};

/// The directory glibc looks in for a relative zone name.
pub const ZONEINFO: &[u8] = b"/usr/share/zoneinfo";
/// The zone file whose rules apply to a TZ string that has a DST name but no rules.
pub const DEFAULT_RULES: &[u8] = b"posixrules";
/// The zone file used when TZ is unset.
pub const LOCALTIME: &[u8] = b"/etc/localtime";

/// A broken-down local time, as glibc's `struct tm` (with the full year).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tm<'a> {
    pub year: i64,
    /// 0 = January.
    pub mon: u8,
    /// 1..=31.
    pub mday: u8,
    pub hour: u8,
    pub min: u8,
    /// 0..=60 (60 during a leap second).
    pub sec: u8,
    /// 0 = Sunday.
    pub wday: u8,
    /// 0 = January 1.
    pub yday: u16,
    pub isdst: bool,
    /// Seconds east of UTC.
    pub gmtoff: i64,
    /// The zone abbreviation (`EST`, `+0530`; may be empty).
    pub abbr: &'a [u8],
}

/// The file glibc's tzset reads for the value of `$TZ` (None when TZ is unset):
/// `/etc/localtime` when unset, `Universal` when empty, else the value without a
/// leading `:`. None: no file at all (`TZ=:`), which means UTC.
pub fn zone_file(tz_env: Option<&[u8]>) -> Option<&[u8]> {
    match tz_env {
        None => Some(LOCALTIME),
        Some(b"") => Some(b"Universal"),
        Some(v) => {
            let v = v.strip_prefix(b":").unwrap_or(v);
            if v.is_empty() {
                None
            } else {
                Some(v)
            }
        }
    }
}

/// A time zone.
#[derive(Clone, Copy, Debug)]
pub struct Tz<'a> {
    zone: Zone<'a>,
}

// No allocator to box with; a zone is made once per run.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug)]
enum Zone<'a> {
    Rule(PosixTz<'a>),
    File(TzFile<'a>),
}

impl Tz<'static> {
    /// UTC, abbreviated "UTC".
    pub const UTC: Tz<'static> = Tz {
        zone: Zone::Rule(PosixTz::UTC),
    };
}

impl<'a> Tz<'a> {
    /// The zone of a POSIX TZ string, as glibc reads it (never fails).
    pub fn from_posix(spec: &'a [u8]) -> Tz<'a> {
        Tz {
            zone: Zone::Rule(PosixTz::parse(spec)),
        }
    }

    /// The zone glibc uses for `$TZ` when [`zone_file`] gave no usable file.
    pub fn without_file(tz_env: Option<&'a [u8]>) -> Tz<'a> {
        match zone_file(tz_env) {
            None => Tz::UTC,
            Some(name) if name == LOCALTIME || tz_env.is_none() => Tz::UTC,
            Some(name) => Tz::from_posix(name),
        }
    }

    /// A zone from the contents of a TZif file (versions 1 to 4); None when glibc
    /// would reject the file.
    pub fn from_tzif(bytes: &'a [u8]) -> Option<Tz<'a>> {
        Some(Tz {
            zone: Zone::File(TzFile::parse(bytes)?),
        })
    }

    /// True for a TZ string with a DST name and no rules (`ABC5DEF`): glibc then
    /// takes the change times from the [`DEFAULT_RULES`] file.
    pub fn wants_default_rules(&self) -> bool {
        matches!(self.zone, Zone::Rule(p) if p.wants_default_rules)
    }

    /// This TZ-string zone with the transitions of the `posixrules` file `bytes`,
    /// shifted to this zone's offsets. Unchanged when the file is unusable (glibc
    /// then applies the US rules of 2007).
    pub fn with_default_rules(self, bytes: &'a [u8]) -> Tz<'a> {
        let Zone::Rule(p) = self.zone else {
            return self;
        };
        match TzFile::parse(bytes) {
            Some(mut f) if f.type_count >= 2 => {
                f.rebase = Some(p);
                Tz {
                    zone: Zone::File(f),
                }
            }
            _ => self,
        }
    }

    /// The local time at `t` seconds since the epoch; None when the year does not
    /// fit glibc's `int tm_year` (where localtime_r fails with EOVERFLOW).
    pub fn localtime(&self, t: i64) -> Option<Tm<'a>> {
        match &self.zone {
            Zone::Rule(p) => rule_localtime(p, t, 0, 0),
            Zone::File(f) => f.localtime(t),
        }
    }
}

/// Local time under a TZ-string zone, `correction` seconds of leap corrections back
/// (and `hit` leap seconds being inserted).
fn rule_localtime<'a>(p: &PosixTz<'a>, t: i64, correction: i64, hit: u8) -> Option<Tm<'a>> {
    let utc = civil(t, 0)?;
    let dst = usize::from(p.is_dst(t, utc.year));
    zoned(t, correction, hit, (p.offsets[dst], dst == 1, p.names[dst]))
}

/// The local time at `t` in `zone` (offset, isdst, abbreviation), `correction`
/// seconds of leap corrections back, `hit` leap seconds being inserted.
fn zoned<'a>(t: i64, correction: i64, hit: u8, zone: (i64, bool, &'a [u8])) -> Option<Tm<'a>> {
    let (gmtoff, isdst, abbr) = zone;
    let mut tm = civil(t, gmtoff - correction)?;
    tm.sec = tm.sec.saturating_add(hit);
    tm.isdst = isdst;
    tm.gmtoff = gmtoff;
    tm.abbr = abbr;
    Some(tm)
}

/// The calendar time of `t + offset` (no zone fields set).
fn civil(t: i64, offset: i64) -> Option<Tm<'static>> {
    // Unsigned arithmetic from here: the days move up by whole 400-year eras (and
    // the seconds by whole days) so that nothing is negative. |t| / 86400 and any
    // offset (within 2^33 seconds) are far from overflowing.
    const ERAS: i64 = 1 << 30;
    const DAYS: i64 = 1 << 20;
    let secs = (t.rem_euclid(86400) + offset + DAYS * 86400) as u64;
    // Days since 0000-03-01 in the proleptic Gregorian calendar, plus ERAS eras.
    let z = (t.div_euclid(86400) + 719_468 + ERAS * 146_097 - DAYS) as u64 + secs / 86400;
    let secs = secs % 86400;
    let day_of_era = z % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year_from_march =
        day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year_from_march + 2) / 153;
    let mday = day_of_year_from_march - (153 * month_from_march + 2) / 5 + 1;
    let january = month_from_march >= 10;
    let year = ((z / 146_097) as i64 - ERAS) * 400 + year_of_era as i64 + i64::from(january);
    i32::try_from(year - 1900).ok()?;
    // March 1 is day 59 of a common year; January 1 is day 306 from March. Eras
    // start at a multiple of 400 years, so the era's year tells a leap year.
    let leap =
        year_of_era.is_multiple_of(4) && (!year_of_era.is_multiple_of(100) || year_of_era == 0);
    let (mon, yday) = if january {
        (month_from_march - 10, day_of_year_from_march - 306)
    } else {
        (
            month_from_march + 2,
            day_of_year_from_march + 59 + u64::from(leap),
        )
    };
    Some(Tm {
        year,
        mon: mon as u8,
        mday: mday as u8,
        hour: (secs / 3600) as u8,
        min: (secs / 60 % 60) as u8,
        sec: (secs % 60) as u8,
        // 146,097 days are whole weeks; 0000-03-01 was a Wednesday.
        wday: ((z + 3) % 7) as u8,
        yday: yday as u16,
        isdst: false,
        gmtoff: 0,
        abbr: b"",
    })
}

/// A TZif file, decoded on demand.
#[derive(Clone, Copy, Debug)]
struct TzFile<'a> {
    /// Seconds size of a transition time: 4 (version 1 data) or 8.
    width: usize,
    transitions: &'a [u8],
    type_of_transition: &'a [u8],
    /// 6 bytes per type: utoff (i32 BE), isdst, abbreviation index.
    types: &'a [u8],
    type_count: usize,
    abbrs: &'a [u8],
    /// `width + 4` bytes per record: the instant, the total correction.
    leaps: &'a [u8],
    std_flags: &'a [u8],
    ut_flags: &'a [u8],
    /// The footer's TZ string, for instants at or after the last transition.
    footer: Option<PosixTz<'a>>,
    /// Set when this file is `posixrules` applied to a TZ string's names and offsets.
    rebase: Option<PosixTz<'a>>,
}

/// Reads the header counts of a TZif block at `at`: (isut, isstd, leap, time, type,
/// char) counts.
fn header(b: &[u8], at: usize) -> Option<[usize; 6]> {
    let h = b.get(at..at + 44)?;
    if &h[..4] != b"TZif" {
        return None;
    }
    let mut counts = [0usize; 6];
    for (k, c) in counts.iter_mut().enumerate() {
        let o = 20 + 4 * k;
        *c = be_i32(&h[o..]) as u32 as usize;
    }
    Some(counts)
}

fn block_len(c: &[usize; 6], width: usize) -> Option<usize> {
    let [isut, isstd, leap, time, types, chars] = *c;
    time.checked_mul(width + 1)?
        .checked_add(types.checked_mul(6)?)?
        .checked_add(chars)?
        .checked_add(leap.checked_mul(width + 4)?)?
        .checked_add(isstd)?
        .checked_add(isut)
}

fn be_i32(b: &[u8]) -> i64 {
    be_time(b, 4)
}

/// The big-endian signed number in the first `width` bytes of `b` (4 or 8; fewer
/// when `b` is shorter, which the parser rules out).
fn be_time(b: &[u8], width: usize) -> i64 {
    let negative = b.first().is_some_and(|&x| x >= 0x80);
    b.iter()
        .take(width)
        .fold(-i64::from(negative), |v, &x| v << 8 | i64::from(x))
}

/// One local time type of a zone file.
#[derive(Clone, Copy)]
struct TimeType {
    utoff: i64,
    isdst: bool,
    abbr_at: usize,
}

impl<'a> TzFile<'a> {
    fn parse(b: &'a [u8]) -> Option<TzFile<'a>> {
        let mut counts = header(b, 0)?;
        let mut at = 44;
        let mut width = 4;
        let version = b[4];
        if version != 0 {
            // Skip the 32-bit data to the 64-bit header and data.
            at += block_len(&counts, 4)?;
            counts = header(b, at)?;
            at += 44;
            width = 8;
        }
        let [isut, isstd, leap, time, types, chars] = counts;
        if types == 0 || types > 256 || isstd > types || isut > types {
            return None;
        }
        let data = b.get(at..at.checked_add(block_len(&counts, width)?)?)?;
        let mut rest = data;
        // (The lengths add up to the data's: `min` only spares a panic path.)
        let mut split = |n: usize| {
            let (head, tail) = rest.split_at(n.min(rest.len()));
            rest = tail;
            head
        };
        let transitions = split(time * width);
        let type_of_transition = split(time);
        let type_bytes = split(types * 6);
        let abbrs = split(chars);
        let leaps = split(leap * (width + 4));
        let std_flags = split(isstd);
        let ut_flags = split(isut);
        let file = TzFile {
            width,
            transitions,
            type_of_transition,
            types: type_bytes,
            type_count: types,
            abbrs,
            leaps,
            std_flags,
            ut_flags,
            footer: None,
            rebase: None,
        };
        if type_of_transition.iter().any(|&i| usize::from(i) >= types) {
            return None;
        }
        for t in type_bytes.chunks_exact(6) {
            if let [_, _, _, _, isdst, abbr] = *t {
                if isdst > 1 || usize::from(abbr) > chars {
                    return None;
                }
            }
        }
        let footer = if width == 8 {
            // glibc wants at least two bytes after the data (`\n`, the TZ string and
            // a final `\n`) and takes the string to be all of them but the first and
            // the last, up to any NUL.
            let tail = &b[at + data.len()..];
            if tail.len() < 2 {
                return None;
            }
            if tail[0] == b'\n' {
                let text = &tail[1..tail.len() - 1];
                let spec = &text[..text.iter().position(|&c| c == 0).unwrap_or(text.len())];
                (!spec.is_empty()).then(|| PosixTz::parse(spec))
            } else {
                None
            }
        } else {
            None
        };
        Some(TzFile { footer, ..file })
    }

    fn transition_count(&self) -> usize {
        self.type_of_transition.len()
    }

    fn raw_type(&self, k: usize) -> TimeType {
        let t = &self.types[6 * k..6 * k + 6];
        TimeType {
            utoff: be_i32(t),
            isdst: t[4] == 1,
            abbr_at: usize::from(t[5]),
        }
    }

    fn abbr(&self, at: usize) -> &'a [u8] {
        let s = &self.abbrs[at.min(self.abbrs.len())..];
        &s[..s.iter().position(|&c| c == 0).unwrap_or(s.len())]
    }

    /// The reference offsets glibc subtracts when it shifts `posixrules` to other
    /// offsets: the last standard type's offset, and (measured on glibc 2.36, the DST
    /// reference is never set) 0 for DST.
    fn rule_offsets(&self) -> (i64, i64) {
        let n = self.transition_count();
        let std = (0..n)
            .rev()
            .map(|i| self.raw_type(usize::from(self.type_of_transition[i])))
            .find(|ty| !ty.isdst)
            .map_or(if n == 0 { self.raw_type(0).utoff } else { 0 }, |ty| {
                ty.utoff
            });
        (std, 0)
    }

    /// Transition `i`'s instant (shifted when rebased).
    fn transition(&self, i: usize, rule_offsets: (i64, i64)) -> i64 {
        let raw = be_time(&self.transitions[i * self.width..], self.width);
        let Some(p) = &self.rebase else { return raw };
        let k = usize::from(self.type_of_transition[i]);
        let flag = |flags: &[u8]| flags.get(k).is_some_and(|&f| f != 0);
        let previous_dst = i > 0
            && self
                .raw_type(usize::from(self.type_of_transition[i - 1]))
                .isdst;
        if flag(self.ut_flags) {
            raw
        } else if previous_dst && !flag(self.std_flags) {
            raw.saturating_add(p.offsets[1] - rule_offsets.1)
        } else {
            raw.saturating_add(p.offsets[0] - rule_offsets.0)
        }
    }

    /// The (offset, isdst, abbreviation) of type `k`, or of the DST flavour of type
    /// `k` when rebased.
    fn zone_type(&self, k: usize) -> (i64, bool, &'a [u8]) {
        let ty = self.raw_type(k);
        match &self.rebase {
            Some(p) => {
                let d = usize::from(ty.isdst);
                (p.offsets[d], ty.isdst, p.names[d])
            }
            None => (ty.utoff, ty.isdst, self.abbr(ty.abbr_at)),
        }
    }

    /// (correction, leap seconds being inserted right now) at `t`.
    #[inline(never)]
    fn leap_correction(&self, t: i64) -> (i64, u8) {
        let rec = self.width + 4;
        let n = self.leaps.len() / rec;
        let at = |i: usize| be_time(&self.leaps[i * rec..], self.width);
        let change = |i: usize| be_i32(&self.leaps[i * rec + self.width..]);
        // The last record at or before t.
        let count = partition_point(n, |i| at(i) <= t);
        let Some(mut i) = count.checked_sub(1) else {
            return (0, 0);
        };
        let correction = change(i);
        let mut hit = 0u8;
        if t == at(i) && ((i == 0 && change(i) > 0) || (i > 0 && change(i) > change(i - 1))) {
            hit = 1;
            while i > 0 && at(i) == at(i - 1) + 1 && change(i) == change(i - 1) + 1 {
                hit = hit.saturating_add(1);
                i -= 1;
            }
        }
        (correction, hit)
    }

    fn localtime(&self, t: i64) -> Option<Tm<'a>> {
        let n = self.transition_count();
        let offsets = if self.rebase.is_some() {
            self.rule_offsets()
        } else {
            (0, 0)
        };
        let (correction, hit) = self.leap_correction(t);
        let k = if n == 0 || t < self.transition(0, offsets) {
            // Before any transition: the first standard-time type.
            if let Some(p) = &self.rebase {
                return zoned(t, correction, hit, (p.offsets[0], false, p.names[0]));
            }
            (0..self.type_count)
                .find(|&k| !self.raw_type(k).isdst)
                .unwrap_or(0)
        } else if t >= self.transition(n - 1, offsets) {
            match &self.footer {
                // glibc falls back to the last type only when t has no UTC date.
                Some(footer) if civil(t, 0).is_some() => {
                    return rule_localtime(footer, t, correction, hit);
                }
                _ => {}
            }
            usize::from(self.type_of_transition[n - 1])
        } else {
            let after = partition_point(n, |i| self.transition(i, offsets) <= t);
            usize::from(self.type_of_transition[after - 1])
        };
        zoned(t, correction, hit, self.zone_type(k))
    }
}

/// The first index in `0..n` where `pred` is false (`pred` is true then false).
fn partition_point(n: usize, pred: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if pred(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}
