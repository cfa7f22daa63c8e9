//! The conversions gnulib hands to glibc's own strftime in coreutils (names, `%c`,
//! `%x`, `%X`, `%r`, `%p`, and the `E`/`O` forms of numbers), as glibc 2.36 prints
//! them in the C locale, or with an installed LC_TIME's names and formats (not its
//! eras or alternative digits).

use super::{iso_week, numeric, put_signed, run, tm_year, Buf, Spec, When};
use crate::fmt::Sink;

/// The day names (from Sunday), then the month names, each ending in a space.
const NAMES: &[u8] = b"Sunday Monday Tuesday Wednesday Thursday Friday Saturday \
    January February March April May June July August September October November December ";

/// Where each name of [`NAMES`] starts, and where the last one ends (+ 1).
const NAME_AT: [u8; 20] = {
    let mut at = [0u8; 20];
    let (mut i, mut k) = (0, 1);
    while i < NAMES.len() {
        if NAMES[i] == b' ' {
            at[k] = i as u8 + 1;
            k += 1;
        }
        i += 1;
    }
    at
};

/// Name `k` of [`NAMES`], or its first three letters when `short`.
fn name(k: usize, short: bool) -> &'static [u8] {
    let start = usize::from(NAME_AT[k % 19]);
    let end = if short {
        start + 3
    } else {
        usize::from(NAME_AT[k % 19 + 1]) - 1
    };
    NAMES.get(start..end).unwrap_or_default()
}

/// What glibc's own strftime prints for `%c`-style conversions and the `E`/`O`
/// forms in the C locale (where gnulib lets glibc do it).
pub(super) fn glibc(conv: u8, w: &When, out: &mut Buf) {
    let tm = w.tm;
    let year = tm_year(tm);
    let (wday, mon) = (usize::from(tm.wday % 7), usize::from(tm.mon % 12));
    // The locale's item for the names and texts.
    let item = match conv {
        b'a' => wday,
        b'A' => 7 + wday,
        b'b' | b'h' => 14 + mon,
        b'B' => 26 + mon,
        b'p' | b'P' => 38 + usize::from(tm.hour > 11),
        b'c' => 40,
        b'x' => 41,
        b'X' => 42,
        b'r' => 43,
        _ => usize::MAX,
    };
    if let Some(text) = (w.names.text)(item) {
        if item < 40 {
            return out.put(text);
        }
        // The locale's format, formatted in turn (glibc takes `%I:%M:%S %p` for an
        // empty T_FMT_AMPM).
        let sub = if text.is_empty() && conv == b'r' {
            &b"%I:%M:%S %p"[..]
        } else {
            text
        };
        if w.depth < 4 {
            let deeper = When {
                depth: w.depth + 1,
                ..*w
            };
            run(sub, &deeper, out);
        }
        return;
    }
    match conv {
        b'a' | b'A' => out.put(name(wday, conv == b'a')),
        b'b' | b'h' | b'B' => out.put(name(7 + mon, conv != b'B')),
        b'p' | b'P' => out.put(if tm.hour > 11 { b"PM" } else { b"AM" }),
        b'c' | b'x' | b'X' | b'r' => {
            let parts: &[u8] = match conv {
                b'c' => b"a b e X Y",
                b'x' => b"m/d/y",
                b'X' => b"H:M:S",
                _ => b"I:M:S p",
            };
            for &c in parts {
                if c.is_ascii_alphabetic() {
                    glibc(c, w, out);
                } else {
                    out.put_byte(c);
                }
            }
        }
        b'y' | b'Y' | b'C' | b'g' | b'G' | b'z' => {
            let iso = if conv == b'g' || conv == b'G' {
                iso_week(tm).0
            } else {
                0
            };
            let (v, digits) = match conv {
                b'y' | b'g' => ((year + iso).rem_euclid(100), 2),
                b'C' => (year.div_euclid(100) + 19, 1),
                b'z' => {
                    out.put(if tm.gmtoff < 0 { b"-" } else { b"+" });
                    let minutes = tm.gmtoff.abs() / 60;
                    (minutes / 60 * 100 + minutes % 60, 4)
                }
                // glibc's %Y and %G work in int: the year wraps around past INT_MAX.
                _ => (
                    i64::from((year as i32).wrapping_add(1900).wrapping_add(iso as i32)),
                    1,
                ),
            };
            put_signed(out, v, digits);
        }
        b'd' | b'e' | b'H' | b'I' | b'k' | b'l' | b'm' | b'M' | b'S' | b'j' | b'u' | b'w'
        | b'U' | b'W' | b'V' => numeric(conv, &Spec::DEFAULT, w, out),
        // glibc does not know `%Oq` or `%O:` and prints them as they are.
        b'q' => out.put(b"%Oq"),
        _ => out.put(b"%O:"),
    }
}
