//! POSIX TZ strings (`EST5EDT,M3.2.0,M11.1.0`, `<+0530>-5:30`), parsed and applied
//! exactly as glibc 2.36 does, including what it does with malformed strings: a bad
//! name gives an unnamed UTC, a bad offset gives the name at offset 0, and a bad rule
//! leaves that rule as "day 0 of the year at 00:00".

use crate::fmt::num::strtoul;

/// How a rule names its day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DayKind {
    /// `n`: zero-based day of the year, counting February 29.
    Zero,
    /// `Jn`: one-based day of the year, never counting February 29.
    Julian,
    /// `Mm.n.d`: weekday `d` of week `n` (5 = last) of month `m`.
    Month,
}

/// One change: into DST (rule 0, applied in standard time) or out of it (rule 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rule {
    kind: DayKind,
    day: u16,
    week: u16,
    month: u16,
    /// Local time of day of the change, in seconds (may be negative or past 24h).
    secs: i64,
}

/// An unparsed rule as glibc leaves it: day 0 of the year, at midnight.
const ZERO_RULE: Rule = Rule {
    kind: DayKind::Zero,
    day: 0,
    week: 0,
    month: 0,
    secs: 0,
};

/// A parsed TZ string. Index 0 is standard time, 1 daylight saving time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PosixTz<'a> {
    pub(super) names: [&'a [u8]; 2],
    /// Seconds east of UTC.
    pub(super) offsets: [i64; 2],
    rules: [Rule; 2],
    /// A DST name with no rules: glibc then takes the transitions from the
    /// `posixrules` zone file when there is one.
    pub(super) wants_default_rules: bool,
}

impl PosixTz<'static> {
    /// UTC, named "UTC" (glibc's zone when nothing else is found).
    pub const UTC: PosixTz<'static> = PosixTz {
        names: [b"UTC", b"UTC"],
        offsets: [0, 0],
        rules: [ZERO_RULE, ZERO_RULE],
        wants_default_rules: false,
    };
}

/// `sscanf("%hu")` at `s[i..]`: white space, a sign, digits (strtoul semantics,
/// then truncated to 16 bits). Returns the value and the index after it.
fn scan_u16(s: &[u8], i: usize) -> Option<(u16, usize)> {
    let (v, _, negative, i) = strtoul(s, i)?;
    let v = if negative { v.wrapping_neg() } else { v };
    Some((v as u16, i))
}

/// `sscanf("%hu%n:%hu%n:%hu%n")` (`sep` for `:`): up to three numbers separated by
/// `sep`. Returns the numbers found (missing ones are None) and the index after the
/// last one.
fn scan_hms(s: &[u8], i: usize, sep: u8) -> ([Option<u16>; 3], usize) {
    let mut out = [None; 3];
    let mut end = i;
    let mut at = i;
    for (k, slot) in out.iter_mut().enumerate() {
        if k > 0 {
            if s.get(at) != Some(&sep) {
                break;
            }
            at += 1;
        }
        match scan_u16(s, at) {
            Some((v, next)) => {
                *slot = Some(v);
                at = next;
                end = next;
            }
            None => break,
        }
    }
    (out, end)
}

/// A zone name: three or more letters, or `<...>` around three or more of
/// `[A-Za-z0-9+-]`.
fn parse_name(s: &[u8], i: usize) -> Option<(&[u8], usize)> {
    let letters = s[i..]
        .iter()
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    if letters >= 3 {
        return Some((&s[i..i + letters], i + letters));
    }
    if s.get(i) != Some(&b'<') {
        return None;
    }
    let start = i + 1;
    let len = s[start..]
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'+' || b == b'-')
        .count();
    if s.get(start + len) != Some(&b'>') || len < 3 {
        return None;
    }
    Some((&s[start..start + len], start + len + 1))
}

impl<'a> PosixTz<'a> {
    /// Parses `spec` as glibc's tzset does when no zone file of that name exists.
    /// Never fails: whatever glibc makes of a malformed string, this makes too.
    pub fn parse(spec: &'a [u8]) -> PosixTz<'a> {
        let mut tz = PosixTz {
            names: [b"", b""],
            offsets: [0, 0],
            rules: [ZERO_RULE, ZERO_RULE],
            wants_default_rules: false,
        };
        let s = spec;
        let Some((std_name, i)) = parse_name(s, 0) else {
            return tz;
        };
        tz.names[0] = std_name;
        let Some(mut i) = tz.parse_offset(s, i, 0) else {
            return tz;
        };
        if i >= s.len() {
            tz.names[1] = tz.names[0];
            tz.offsets[1] = tz.offsets[0];
            return tz;
        }
        if let Some((dst_name, j)) = parse_name(s, i) {
            tz.names[1] = dst_name;
            i = tz.parse_offset(s, j, 1).unwrap_or(j);
            let rest = &s[i..];
            if rest.is_empty() || rest == b"," {
                tz.wants_default_rules = true;
            }
        }
        if let Some(j) = tz.parse_rule(s, i, 0) {
            tz.parse_rule(s, j, 1);
        }
        tz
    }

    /// The offset after a name; for DST a missing offset means one hour ahead.
    fn parse_offset(&mut self, s: &[u8], mut i: usize, which: usize) -> Option<usize> {
        let c = s.get(i).copied();
        if which == 0 && !matches!(c, Some(b'+' | b'-' | b'0'..=b'9')) {
            return None;
        }
        // POSIX offsets count west of UTC; we keep seconds east.
        let sign = if c == Some(b'-') { 1 } else { -1 };
        if matches!(c, Some(b'+' | b'-')) {
            i += 1;
        }
        let ([h, m, sec], end) = scan_hms(s, i, b':');
        match h {
            Some(h) => {
                let (m, sec) = (m.unwrap_or(0), sec.unwrap_or(0));
                let secs = i64::from(sec.min(59))
                    + 60 * i64::from(m.min(59))
                    + 3600 * i64::from(h.min(24));
                self.offsets[which] = sign * secs;
                Some(end)
            }
            None if which == 0 => None,
            None => {
                self.offsets[1] = self.offsets[0] + 3600;
                Some(i)
            }
        }
    }

    /// One `,date[/time]` rule; None (leaving what was set so far) when malformed.
    fn parse_rule(&mut self, s: &[u8], mut i: usize, which: usize) -> Option<usize> {
        if s.get(i) == Some(&b',') {
            i += 1;
        }
        let rule = &mut self.rules[which];
        match s.get(i).copied() {
            Some(c @ (b'J' | b'0'..=b'9')) => {
                rule.kind = if c == b'J' {
                    DayKind::Julian
                } else {
                    DayKind::Zero
                };
                if c == b'J' {
                    i += 1;
                    if !s.get(i).is_some_and(u8::is_ascii_digit) {
                        return None;
                    }
                }
                let digits = s[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                let mut d: u64 = 0;
                for &b in &s[i..i + digits] {
                    d = d.saturating_mul(10).saturating_add(u64::from(b - b'0'));
                }
                if d > 365 || (rule.kind == DayKind::Julian && d == 0) {
                    return None;
                }
                rule.day = d as u16;
                i += digits;
            }
            Some(b'M') => {
                rule.kind = DayKind::Month;
                // What was read stays set, even when the rule is then rejected.
                let ([m, w, d], at) = scan_hms(s, i + 1, b'.');
                rule.month = m.unwrap_or(rule.month);
                rule.week = w.unwrap_or(rule.week);
                rule.day = d.unwrap_or(rule.day);
                // (The day comes last: without it the rule is incomplete.)
                if d.is_none()
                    || !(1..=12).contains(&rule.month)
                    || !(1..=5).contains(&rule.week)
                    || rule.day > 6
                {
                    return None;
                }
                i = at;
            }
            None => {
                // No rules at all: the US rules since 2007.
                rule.kind = DayKind::Month;
                (rule.month, rule.week, rule.day) = if which == 0 { (3, 2, 0) } else { (11, 1, 0) };
            }
            Some(_) => return None,
        }
        match s.get(i).copied() {
            None | Some(b',') => rule.secs = 7200,
            Some(b'/') => {
                i += 1;
                if i >= s.len() {
                    return None;
                }
                let negative = s[i] == b'-';
                if negative {
                    i += 1;
                }
                let ([h, m, sec], end) = scan_hms(s, i, b':');
                let secs = 3600 * i64::from(h.unwrap_or(2))
                    + 60 * i64::from(m.unwrap_or(0))
                    + i64::from(sec.unwrap_or(0));
                rule.secs = if negative { -secs } else { secs };
                i = end;
            }
            Some(_) => return None,
        }
        Some(i)
    }

    /// The instant (seconds since the epoch) rule `which` takes effect in `year`,
    /// computed as glibc does (which treats every year up to 1970 as 1970).
    fn change(&self, which: usize, year: i64) -> i64 {
        let rule = &self.rules[which];
        let leap = is_leap(year);
        // glibc sums the days in C int arithmetic.
        let y = year as i32;
        let mut t: i64 = if y > 1970 {
            let days = (y - 1970)
                .wrapping_mul(365)
                .wrapping_add((y - 1) / 4 - 1970 / 4)
                .wrapping_sub((y - 1) / 100 - 1970 / 100)
                .wrapping_add((y - 1) / 400 - 1970 / 400);
            i64::from(days) * 86400
        } else {
            0
        };
        match rule.kind {
            DayKind::Julian => {
                t += (i64::from(rule.day) - 1) * 86400;
                if rule.day >= 60 && leap {
                    t += 86400;
                }
            }
            DayKind::Zero => t += i64::from(rule.day) * 86400,
            DayKind::Month => {
                // Cumulative days before each month, common and leap, as one table
                // (glibc indexes it the same way, even for a month out of range).
                const MONTH_START: [u16; 26] = [
                    0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365, //
                    0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366,
                ];
                let at = usize::from(leap) * 13 + usize::from(rule.month);
                let day = |k: usize| i64::from(MONTH_START.get(k).copied().unwrap_or(0));
                let (before, end) = (day(at.wrapping_sub(1)), day(at));
                t += before * 86400;
                // Zeller's congruence: the weekday of the month's first day.
                let m = i64::from(rule.month);
                let m1 = (m + 9) % 12 + 1;
                let yy0 = if m <= 2 {
                    i64::from(y) - 1
                } else {
                    i64::from(y)
                };
                let (yy1, yy2) = (yy0 / 100, yy0 % 100);
                let mut dow = ((26 * m1 - 2) / 10 + 1 + yy2 + yy2 / 4 + yy1 / 4 - 2 * yy1) % 7;
                if dow < 0 {
                    dow += 7;
                }
                let mut d = i64::from(rule.day) - dow;
                if d < 0 {
                    d += 7;
                }
                for _ in 1..rule.week {
                    if d + 7 >= end - before {
                        break;
                    }
                    d += 7;
                }
                t += d * 86400;
            }
        }
        t - self.offsets[which] + rule.secs
    }

    /// Whether DST is in effect at `t`, whose UTC year is `utc_year` (glibc computes
    /// both changes in the UTC year, then tells the hemispheres apart by their order).
    pub(super) fn is_dst(&self, t: i64, utc_year: i64) -> bool {
        let start = self.change(0, utc_year);
        let end = self.change(1, utc_year);
        if start > end {
            t < end || t >= start
        } else {
            t >= start && t < end
        }
    }
}

/// Whether `y` is a leap year of the Gregorian calendar.
pub fn is_leap(y: i64) -> bool {
    // (A multiple of 100 is a multiple of 400 when it is one of 16.)
    y & 3 == 0 && (y % 100 != 0 || y & 15 == 0)
}
