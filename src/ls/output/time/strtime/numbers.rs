//! The numeric conversions as gnulib's nstrftime writes them: the years (%C %y %Y
//! %G %g, negative ones included), the other numbers (%d %H %M %S %m %I %U %W %V %j
//! %u %w %q %e %k %l %s) and the nanoseconds (%N), padded as its flags and widths
//! say. (The zone offsets, %z and its colon forms, are in strtime.rs: `%Oz` hands
//! them to glibc.rs, which writes its numbers with this file.)

use super::{fill, is_in, letters, pad_to, Spec, When};
use crate::fmt::Sink;
use crate::ls::output::time::tz::{is_leap, Tm};

/// A number as gnulib pads it: `digits` is the default width; `negative` and
/// `always_sign` choose the sign; each set bit of `colons` puts a `:` before the
/// digit of that position (from the right).
#[allow(clippy::too_many_arguments)]
pub(super) fn number(
    out: &mut dyn Sink,
    pad: u8,
    width: i32,
    digits: i32,
    negative: bool,
    mut mag: u64,
    always_sign: bool,
    mut colons: u32,
) {
    let mut buf = [0u8; 32];
    let mut at = buf.len();
    loop {
        if colons & 1 != 0 {
            at -= 1;
            buf[at] = b':';
        }
        colons >>= 1;
        at -= 1;
        buf[at] = b'0' + (mag % 10) as u8;
        mag /= 10;
        if mag == 0 && colons == 0 {
            break;
        }
    }
    let num = &buf[at..];
    let pad = if pad == 0 { b'0' } else { pad };
    let mut width = if width < 0 { digits } else { width };
    let sign = if negative {
        Some(b'-')
    } else if always_sign {
        Some(b'+')
    } else {
        None
    };
    if let Some(sign) = sign {
        let shortage = width as i64 - 1 - num.len() as i64;
        if pad == b'_' && shortage > 0 {
            fill(out, shortage as usize, false);
            width -= shortage as i32;
        }
        out.put_byte(sign);
        width -= 1;
    }
    pad_to(out, pad, width, num.len());
    out.put(num);
}

/// `tm_year` as C's `int` (the year minus 1900).
pub(super) fn tm_year(tm: &Tm) -> i64 {
    i64::from((tm.year - 1900) as i32)
}

/// The ISO 8601 week-based year's offset from the calendar year (-1, 0, 1) and the
/// days since that ISO year's first Monday.
pub(super) fn iso_week(tm: &Tm) -> (i64, i64) {
    let wday = i64::from(tm.wday);
    // Days since the Monday of week 1 (the week with the year's first Thursday); the
    // 54 weeks added keep the remainder's operand positive.
    let days_since_week1 = |yday: i64| yday - (yday - wday + 4 + 54 * 7) % 7 + 3;
    let year_len = |y: i64| 365 + i64::from(is_leap(y));
    let yday = i64::from(tm.yday);
    let days = days_since_week1(yday);
    if days < 0 {
        return (-1, days_since_week1(yday + year_len(tm.year - 1)));
    }
    let next = days_since_week1(yday - year_len(tm.year));
    if next >= 0 {
        (1, next)
    } else {
        (0, days)
    }
}

fn hour12(tm: &Tm) -> i64 {
    let h = i64::from(tm.hour) % 12;
    if h == 0 {
        12
    } else {
        h
    }
}

/// A signed decimal with at least `digits` digits (zero padded), as C's `%0*d`.
pub(super) fn put_signed(out: &mut dyn Sink, v: i64, digits: i32) {
    number(out, b'0', digits, digits, v < 0, v.unsigned_abs(), false, 0);
}

/// %C %y %Y %G %g as gnulib writes them (negative years included).
pub(super) fn year(conv: u8, spec: &Spec, tm: &Tm, out: &mut dyn Sink) {
    let year = tm_year(tm);
    let year_negative = year < -1900;
    // %Y and %y are %G and %g in a year whose ISO year is the calendar year.
    let adjust = if conv == b'G' || conv == b'g' {
        iso_week(tm).0
    } else {
        0
    };
    let (digits, negative, v) = match conv {
        b'C' => {
            let zero_thru_1899 = !year_negative && year < 0;
            let century = (year - if zero_thru_1899 { 99 } else { 0 }) / 100 + 19;
            (2, year_negative, century)
        }
        b'Y' | b'G' => {
            let y = year + 1900 + adjust;
            (4, y < 0, y)
        }
        _ => {
            let yy = (year % 100 + adjust) % 100;
            let v = if yy >= 0 {
                yy
            } else if year < -1900 - adjust {
                -yy
            } else {
                yy + 100
            };
            (2, false, v)
        }
    };
    // `+` shows a sign on years wider than their default digits, or when the width
    // is larger than those.
    let (mag, width) = (v.unsigned_abs(), spec.width);
    let pad = if spec.pad == 0 { b'0' } else { spec.pad };
    let limit = if digits == 2 { 99 } else { 9999 };
    let always_sign = pad == b'+' && (mag > limit || digits < width);
    number(out, pad, width, digits, negative, mag, always_sign, 0);
}

/// The numeric conversions: %d %H %M %S %m %I %U %W %V %j %u %w %q (zero padded),
/// %e %k %l (space padded), %s (the seconds since the epoch).
pub(super) fn numeric(conv: u8, spec: &Spec, w: &When, out: &mut dyn Sink) {
    let tm = w.tm;
    let (yday, wday) = (i64::from(tm.yday), i64::from(tm.wday));
    let v = match conv {
        b'd' | b'e' => i64::from(tm.mday),
        b'H' | b'k' => i64::from(tm.hour),
        b'I' | b'l' => hour12(tm),
        b'M' => i64::from(tm.min),
        b'S' => i64::from(tm.sec),
        b'm' => i64::from(tm.mon) + 1,
        b'U' => (yday - wday + 7) / 7,
        b'W' => (yday - (wday + 6) % 7 + 7) / 7,
        b'V' => iso_week(tm).1 / 7 + 1,
        b'j' => yday + 1,
        b'u' => (wday + 6) % 7 + 1,
        b'w' => wday,
        b's' => w.secs,
        _ => i64::from(tm.mon) / 3 + 1,
    };
    let digits = match conv {
        b'j' => 3,
        _ if is_in(conv, const { letters(b"uwqs") }) => 1,
        _ => 2,
    };
    let pad = match spec.pad {
        0 if is_in(conv, const { letters(b"ekl") }) => b'_',
        p => p,
    };
    number(
        out,
        pad,
        spec.width,
        digits,
        v < 0,
        v.unsigned_abs(),
        false,
        0,
    );
}

/// `%N`: the first `width` digits (default 9) of the nanoseconds, trailing zeros
/// replaced by the pad (so `%_3N` can end in spaces and `%-N` be shorter).
pub(super) fn nanoseconds(out: &mut dyn Sink, spec: &Spec, nsec: u32) {
    let pad = if spec.pad == 0 { b'0' } else { spec.pad };
    let width = if spec.width <= 0 { 9 } else { spec.width };
    let mut digits = 9;
    let mut n = nsec.min(999_999_999);
    while width < digits || (digits > 1 && n.is_multiple_of(10)) {
        digits -= 1;
        n /= 10;
    }
    number(out, b'0', digits, digits, false, u64::from(n), false, 0);
    if pad != b'-' {
        fill(out, (width - digits) as usize, pad == b'0' || pad == b'+');
    }
}
