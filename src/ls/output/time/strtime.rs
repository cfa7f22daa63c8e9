//! `strftime` for `ls --time-style=+FORMAT` in the C/POSIX locale, byte for byte as
//! GNU coreutils 9.1 formats it: gnulib's nstrftime (flags `_ - 0 + ^ #`, widths,
//! `E`/`O` modifiers, `%N`, `%:z`...), which hands a few conversions (`%a %b %c %p
//! %x %X %r`, and `O`-modified numbers) to glibc's strftime and pads what it returns.
//! Here: the format loop, flags and padding; `numbers` the numeric conversions,
//! `glibc` what glibc's strftime writes.

use super::tz::Tm;
use crate::fmt::{Fixed, Sink};

mod glibc;
mod numbers;
#[cfg(test)]
mod tests;

use glibc::{c_text, glibc};
use numbers::{iso_week, nanoseconds, number, numeric, put_signed, tm_year, year};

/// What strftime takes from the locale.
#[derive(Clone, Copy)]
pub struct Names {
    /// LC_TIME's texts by `nl_langinfo`'s index within LC_TIME (ABDAY_1 0, DAY_1
    /// 7, ABMON_1 14, MON_1 26, AM_STR 38, PM_STR 39, D_T_FMT 40, D_FMT 41, T_FMT
    /// 42, T_FMT_AMPM 43); None gives the C locale's.
    pub text: fn(usize) -> Option<&'static [u8]>,
    /// LC_CTYPE's toupper (true) or tolower (false) of a byte.
    pub case: fn(u8, bool) -> u8,
}

impl Names {
    /// LC_TIME's item `i`, or the C locale's where it has none.
    pub fn get(&self, i: usize) -> Option<&'static [u8]> {
        (self.text)(i).or_else(|| c_text(i))
    }
}

/// The C locale's.
#[cfg(test)]
pub const C_NAMES: Names = Names {
    text: |_| None,
    case: c_case,
};

/// The C locale's toupper (`upper`) or tolower of `b`.
pub fn c_case(b: u8, upper: bool) -> u8 {
    match upper {
        true => b.to_ascii_uppercase(),
        false => b.to_ascii_lowercase(),
    }
}

/// Writes `tm` (the local time of `secs` seconds since the epoch, plus `nsec`
/// nanoseconds) as `fmt` says, with the names and formats of `names`.
pub fn format(fmt: &[u8], tm: &Tm, secs: i64, nsec: u32, names: Names, out: &mut dyn Sink) {
    let when = When {
        tm,
        secs,
        nsec,
        names,
        depth: 0,
    };
    run(fmt, &when, out);
}

/// [`format`] with `w`'s time and names.
fn run(fmt: &[u8], w: &When, out: &mut dyn Sink) {
    let mut i = 0;
    while i < fmt.len() {
        let Some(rel) = fmt[i..].iter().position(|&b| b == b'%') else {
            out.put(&fmt[i..]);
            return;
        };
        out.put(&fmt[i..i + rel]);
        i = conversion(fmt, i + rel, w, out);
    }
}

/// The longest time stamp GNU ls prints: it formats into a 1001-byte buffer, and
/// when the result does not fit it prints the seconds since the epoch instead.
pub const LS_MAX: usize = 1000;

/// Formats into `buf` as [`format`] does; None when the result is longer than `buf`
/// (for ls, a buffer of [`LS_MAX`] bytes). Fast even for absurd widths.
pub fn format_bounded(
    fmt: &[u8],
    tm: &Tm,
    secs: i64,
    nsec: u32,
    names: Names,
    buf: &mut [u8],
) -> Option<usize> {
    if widest_padding(fmt) > buf.len() {
        return None;
    }
    let mut sink = Fixed::new(buf);
    format(fmt, tm, secs, nsec, names, &mut sink);
    (!sink.lost).then_some(sink.len)
}

/// The largest width in `fmt` that pads (every conversion with a width and no `-`
/// flag is at least that wide). A loop of its own, not `spec_of`: it runs for
/// every time stamp.
fn widest_padding(fmt: &[u8]) -> usize {
    let mut widest = 0;
    let mut i = 0;
    while let Some(rel) = fmt[i..].iter().position(|&b| b == b'%') {
        i += rel + 1;
        let start = i;
        let mut pad = 0;
        while let Some(&c @ (b'_' | b'-' | b'+' | b'0' | b'^' | b'#')) = fmt.get(i) {
            if c != b'^' && c != b'#' {
                pad = c;
            }
            i += 1;
        }
        let mut width: usize = 0;
        while let Some(&c) = fmt.get(i).filter(|c| c.is_ascii_digit()) {
            width = width
                .saturating_mul(10)
                .saturating_add(usize::from(c - b'0'));
            i += 1;
        }
        if pad != b'-' {
            widest = widest.max(width);
        }
        // `%%` is one conversion; a `%` after flags or a width starts the next one
        // (as `conversion` reads it; a modifier stops this scan before such a `%`).
        if i == start && fmt.get(i) == Some(&b'%') {
            i += 1;
        }
    }
    widest
}

#[derive(Clone, Copy)]
struct When<'t, 'a> {
    tm: &'t Tm<'a>,
    secs: i64,
    nsec: u32,
    names: Names,
    /// How deep in the locale's own formats (`%c` in D_T_FMT...) this is.
    depth: u8,
}

/// The flags, width and modifier of one conversion.
#[derive(Clone, Copy)]
struct Spec {
    /// 0 (the conversion's default), `_`, `-`, `0` or `+`.
    pad: u8,
    /// -1 when not given.
    width: i32,
    upper: bool,
    swap_case: bool,
    /// 0, `E` or `O`.
    modifier: u8,
}

impl Spec {
    /// No flags, no width, no modifier.
    const DEFAULT: Spec = Spec {
        pad: 0,
        width: -1,
        upper: false,
        swap_case: false,
        modifier: 0,
    };
}

/// Room for one conversion's text (what does not fit is dropped).
const CONV_MAX: usize = 256;

/// `n` copies of a space or of `0`.
#[inline(never)]
fn fill(out: &mut dyn Sink, n: usize, zero: bool) {
    let chunk: &[u8; 32] = if zero {
        b"00000000000000000000000000000000"
    } else {
        b"                                "
    };
    let mut left = n;
    while left > 0 {
        let k = left.min(chunk.len());
        out.put(&chunk[..k]);
        left -= k;
    }
}

/// Left padding to `width` for `len` bytes: gnulib's rule for text.
fn pad_to(out: &mut dyn Sink, pad: u8, width: i32, len: usize) {
    if pad != b'-' && width > 0 && (width as usize) > len {
        fill(out, width as usize - len, pad == b'0' || pad == b'+');
    }
}

/// Text, padded to the width, with the case changed by `case` (lower case wins).
fn text(
    out: &mut dyn Sink,
    spec: &Spec,
    s: &[u8],
    lower: bool,
    upper: bool,
    case: fn(u8, bool) -> u8,
) {
    pad_to(out, spec.pad, spec.width, s.len());
    if lower || upper {
        for &b in s {
            out.put_byte(case(b, !lower));
        }
    } else {
        out.put(s);
    }
}

/// Reads the flags, width and modifier of the conversion at `fmt[at]` (a `%`);
/// returns them and the index of the conversion letter.
#[inline(never)]
fn spec_of(fmt: &[u8], at: usize) -> (Spec, usize) {
    let mut spec = Spec::DEFAULT;
    let mut i = at + 1;
    while let Some(&c) = fmt.get(i) {
        match c {
            b'_' | b'-' | b'+' | b'0' => spec.pad = c,
            b'^' => spec.upper = true,
            b'#' => spec.swap_case = true,
            _ => break,
        }
        i += 1;
    }
    if fmt.get(i).is_some_and(u8::is_ascii_digit) {
        let mut width: i32 = 0;
        while let Some(&c) = fmt.get(i).filter(|c| c.is_ascii_digit()) {
            width = width
                .checked_mul(10)
                .and_then(|x| x.checked_add(i32::from(c - b'0')))
                .unwrap_or(i32::MAX);
            i += 1;
        }
        spec.width = width;
    }
    if let Some(&m @ (b'E' | b'O')) = fmt.get(i) {
        spec.modifier = m;
        i += 1;
    }
    (spec, i)
}

/// The set of conversion letters in `s`, one bit each from `A`.
const fn letters(s: &[u8]) -> u64 {
    let mut set = 0;
    let mut i = 0;
    while i < s.len() {
        set |= 1 << (s[i] - b'A');
        i += 1;
    }
    set
}

/// Whether `c` is one of the letters of `set` (made by [`letters`] in a `const`
/// block: called at run time it loops over its string).
fn is_in(c: u8, set: u64) -> bool {
    let k = c.wrapping_sub(b'A');
    k < 64 && set >> k & 1 != 0
}

/// Parses and formats the conversion at `fmt[at]` (a `%`); returns the index after it.
#[inline(never)]
fn conversion(fmt: &[u8], at: usize, w: &When, out: &mut dyn Sink) -> usize {
    let (spec, i) = spec_of(fmt, at);
    let Some(&conv) = fmt.get(i) else {
        // A conversion cut short by the end of the format is printed as it is.
        bad(out, &spec, &fmt[at..]);
        return fmt.len();
    };
    if conv == b'%' && i > at + 1 {
        // gnulib takes `%` after flags, a width or a modifier for a bad conversion
        // that ends before it: the text up to it is copied (padded), and that `%`
        // starts the next conversion (`%1%%` prints `%1%`).
        bad(out, &spec, &fmt[at..i]);
        return i;
    }
    let end = i + 1;
    let tm = w.tm;
    let (mut lower, mut upper) = (false, spec.upper);
    let mut room = [0u8; CONV_MAX];
    let mut buf = Fixed::new(&mut room);
    let s: &[u8] = if !modifier_allowed(conv, spec.modifier) {
        // gnulib has already applied `#` to month names when it sees the modifier.
        upper |= spec.swap_case && is_in(conv, const { letters(b"bBh") });
        &fmt[at..end]
    } else if by_glibc(conv, spec.modifier, tm) {
        // The names and locale texts, and the conversions gnulib leaves to glibc,
        // with gnulib's case flags.
        lower = conv == b'P';
        if spec.swap_case {
            if is_in(conv, const { letters(b"aAbBh") }) {
                (upper, lower) = (true, false);
            } else if conv == b'p' || conv == b'P' {
                (upper, lower) = (false, true);
            }
        }
        // `%Ob`, `%Oh`, `%OB`: the month names for standing alone (alt_mon).
        let conv = match (spec.modifier, conv) {
            (b'O', b'b' | b'h') => glibc::ALT_ABMON,
            (b'O', b'B') => glibc::ALT_MON,
            _ => conv,
        };
        glibc(conv, w, &mut buf);
        buf.text()
    } else {
        match conv {
            b'%' => b"%",
            b'n' => b"\n",
            b't' => b"\t",
            b'Z' => {
                (lower, upper) = (spec.swap_case, upper && !spec.swap_case);
                tm.abbr
            }
            b'z' | b':' => return zone_offset(fmt, at, i, &spec, w, out),
            b'C' | b'y' | b'Y' | b'G' | b'g' => {
                year(conv, &spec, tm, out);
                return end;
            }
            b'N' => {
                nanoseconds(out, &spec, w.nsec);
                return end;
            }
            b'D' | b'F' | b'R' | b'T' => {
                subformat(conv, &spec, w, out);
                return end;
            }
            _ if is_in(conv, const { letters(b"dHMSmIUWVjuwqekls") }) => {
                numeric(conv, &spec, w, out);
                return end;
            }
            _ => &fmt[at..end],
        }
    };
    text(out, &spec, s, lower, upper, w.names.case);
    end
}

/// Whether glibc's strftime writes conversion `conv` with modifier `m` (0, `E`,
/// `O`): the names and locale texts (%a %A %b %B %h %c %x %X %r %p %P), `%EC %Ey
/// %EY`, and O-modified numbers that are not negative.
fn by_glibc(conv: u8, m: u8, tm: &Tm) -> bool {
    is_in(conv, const { letters(b"aAbBhcxXrpP") })
        || match m {
            b'E' => is_in(conv, const { letters(b"CyY") }),
            b'O' => is_in(conv, const { letters(b"deHIklmMSUuVWwjygCGq") }) && glibc_year(conv, tm),
            _ => false,
        }
}

/// Whether glibc formats the O-modified conversion `conv`: gnulib formats years
/// that are negative for it, and `%OY`.
fn glibc_year(conv: u8, tm: &Tm) -> bool {
    match conv {
        b'C' => tm_year(tm) >= -1900,
        b'G' => tm_year(tm) + iso_week(tm).0 >= -1900,
        b'Y' => false,
        _ => true,
    }
}

/// Whether gnulib accepts modifier `m` (0, `E`, `O`) on conversion `c`.
fn modifier_allowed(c: u8, m: u8) -> bool {
    match m {
        b'E' => !is_in(c, const { letters(b"aAbBdDeFgGhHIjklmMNSUVwW") }),
        b'O' => !is_in(c, const { letters(b"aAcDFxXY") }),
        _ => true,
    }
}

/// An unknown or malformed conversion: its text, padded to the width.
fn bad(out: &mut dyn Sink, spec: &Spec, s: &[u8]) {
    text(out, spec, s, false, spec.upper, c_case);
}

/// `%D %F %R %T`: formatted as gnulib formats a sub-format (the pad also pads the
/// year, and `%F` gives the year the width beyond `-mm-dd`), then padded as a whole.
fn subformat(conv: u8, spec: &Spec, w: &When, out: &mut dyn Sink) {
    let (parts, pad, width): (&[u8], _, _) = match conv {
        b'D' => (b"m/d/y", spec.pad, -1),
        b'F' if spec.pad == 0 && spec.width < 0 => (b"Y-m-d", b'+', 4),
        b'F' => (b"Y-m-d", spec.pad, (spec.width - 6).max(0)),
        b'R' => (b"H:M", 0, -1),
        _ => (b"H:M:S", 0, -1),
    };
    let year_spec = Spec {
        pad,
        width,
        ..Spec::DEFAULT
    };
    let each = |sink: &mut dyn Sink| {
        for &c in parts {
            match c {
                b'y' | b'Y' => year(c, &year_spec, w.tm, sink),
                b'/' | b'-' | b':' => sink.put_byte(c),
                _ => numeric(c, &Spec::DEFAULT, w, sink),
            }
        }
    };
    if spec.width > 0 {
        let mut count = crate::fmt::Counter::default();
        each(&mut count);
        pad_to(out, spec.pad, spec.width, count.0);
    }
    each(out);
}

/// `%z`, `%:z`, `%::z`, `%:::z`; `i` is at the `z` or the first `:`. Returns the
/// index after the conversion.
#[inline(never)]
fn zone_offset(
    fmt: &[u8],
    at: usize,
    i: usize,
    spec: &Spec,
    w: &When,
    out: &mut dyn Sink,
) -> usize {
    let colons = fmt[i..].iter().take_while(|&&b| b == b':').count();
    let z_at = i + colons;
    if fmt.get(z_at) != Some(&b'z') {
        bad(out, spec, &fmt[at..i + 1]);
        return i + 1;
    }
    let tm = w.tm;
    let diff = tm.gmtoff;
    let negative = diff < 0 || (diff == 0 && tm.abbr.first() == Some(&b'-'));
    if spec.modifier == b'O' && !negative {
        let mut room = [0u8; CONV_MAX];
        let mut buf = Fixed::new(&mut room);
        glibc(if colons == 0 { b'z' } else { b':' }, w, &mut buf);
        text(out, spec, buf.text(), false, spec.upper, w.names.case);
        return z_at + 1;
    }
    let (h, m, s) = (diff / 3600, diff / 60 % 60, diff % 60);
    let kind = match colons {
        3 if s != 0 => 2,
        3 if m != 0 => 1,
        c => c,
    };
    let (digits, mask, v) = match kind {
        0 => (5, 0, h * 100 + m),
        1 => (6, 0o4, h * 100 + m),
        2 => (9, 0o24, h * 10000 + m * 100 + s),
        3 => (3, 0, h),
        _ => {
            bad(out, spec, &fmt[at..z_at + 1]);
            return z_at + 1;
        }
    };
    number(
        out,
        spec.pad,
        spec.width,
        digits,
        negative,
        v.unsigned_abs(),
        true,
        mask,
    );
    z_at + 1
}
