//! The conversions gnulib hands to glibc's own strftime in coreutils (names, `%c`,
//! `%x`, `%X`, `%r`, `%p`, and the `E`/`O` forms of numbers), as glibc 2.36 prints
//! them in the C locale.

use super::{hour12, iso_week, number, put_signed, tm_year, Buf, When};
use crate::fmt::Sink;

const DAYS: [&[u8]; 7] = [
    b"Sunday",
    b"Monday",
    b"Tuesday",
    b"Wednesday",
    b"Thursday",
    b"Friday",
    b"Saturday",
];
const MONTHS: [&[u8]; 12] = [
    b"January",
    b"February",
    b"March",
    b"April",
    b"May",
    b"June",
    b"July",
    b"August",
    b"September",
    b"October",
    b"November",
    b"December",
];

/// What glibc's own strftime prints for `%c`-style conversions and the `E`/`O`
/// forms in the C locale (where gnulib lets glibc do it).
pub(super) fn glibc(conv: u8, w: &When, out: &mut Buf) {
    let tm = w.tm;
    let year = tm_year(tm);
    // glibc's %Y works in int: the year wraps around past INT_MAX.
    let glibc_year = i64::from((year as i32).wrapping_add(1900));
    let two = |out: &mut Buf, v: u64| number(out, b'0', 2, 2, false, v, false, 0);
    let space2 = |out: &mut Buf, v: u64| number(out, b'_', 2, 2, false, v, false, 0);
    let mod100 = |y: i64| y.rem_euclid(100) as u64;
    match conv {
        b'a' => out.put(&DAYS[usize::from(tm.wday % 7)][..3]),
        b'A' => out.put(DAYS[usize::from(tm.wday % 7)]),
        b'b' | b'h' => out.put(&MONTHS[usize::from(tm.mon % 12)][..3]),
        b'B' => out.put(MONTHS[usize::from(tm.mon % 12)]),
        b'p' => out.put(if tm.hour > 11 { b"PM" } else { b"AM" }),
        b'c' => {
            glibc(b'a', w, out);
            out.put(b" ");
            glibc(b'b', w, out);
            out.put(b" ");
            space2(out, u64::from(tm.mday));
            out.put(b" ");
            glibc(b'X', w, out);
            out.put(b" ");
            put_signed(out, glibc_year, 1);
        }
        b'x' => {
            two(out, u64::from(tm.mon) + 1);
            out.put(b"/");
            two(out, u64::from(tm.mday));
            out.put(b"/");
            two(out, mod100(year));
        }
        b'X' => {
            two(out, u64::from(tm.hour));
            out.put(b":");
            two(out, u64::from(tm.min));
            out.put(b":");
            two(out, u64::from(tm.sec));
        }
        b'r' => {
            two(out, hour12(tm));
            out.put(b":");
            two(out, u64::from(tm.min));
            out.put(b":");
            two(out, u64::from(tm.sec));
            out.put(b" ");
            glibc(b'p', w, out);
        }
        b'd' => two(out, u64::from(tm.mday)),
        b'e' => space2(out, u64::from(tm.mday)),
        b'H' => two(out, u64::from(tm.hour)),
        b'I' => two(out, hour12(tm)),
        b'k' => space2(out, u64::from(tm.hour)),
        b'l' => space2(out, hour12(tm)),
        b'm' => two(out, u64::from(tm.mon) + 1),
        b'M' => two(out, u64::from(tm.min)),
        b'S' => two(out, u64::from(tm.sec)),
        b'j' => number(out, b'0', 3, 3, false, u64::from(tm.yday) + 1, false, 0),
        b'u' => put_signed(out, (i64::from(tm.wday) + 6) % 7 + 1, 1),
        b'w' => put_signed(out, i64::from(tm.wday), 1),
        b'U' => two(
            out,
            ((i64::from(tm.yday) - i64::from(tm.wday) + 7) / 7) as u64,
        ),
        b'W' => two(
            out,
            ((i64::from(tm.yday) - (i64::from(tm.wday) + 6) % 7 + 7) / 7) as u64,
        ),
        b'V' => two(out, (iso_week(tm).1 / 7 + 1) as u64),
        b'y' => two(out, mod100(year)),
        b'Y' => put_signed(out, glibc_year, 1),
        b'C' => put_signed(out, year.div_euclid(100) + 19, 1),
        b'g' => two(out, mod100(year + iso_week(tm).0)),
        b'G' => put_signed(
            out,
            i64::from(
                (year as i32)
                    .wrapping_add(1900)
                    .wrapping_add(iso_week(tm).0 as i32),
            ),
            1,
        ),
        b'z' => {
            let minutes = tm.gmtoff.unsigned_abs() / 60;
            out.put(if tm.gmtoff < 0 { b"-" } else { b"+" });
            number(
                out,
                b'0',
                4,
                4,
                false,
                minutes / 60 * 100 + minutes % 60,
                false,
                0,
            );
        }
        // glibc does not know `%Oq` or `%O:` and prints them as they are.
        b'q' => out.put(b"%Oq"),
        _ => out.put(b"%O:"),
    }
}
