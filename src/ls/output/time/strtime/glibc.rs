//! The conversions gnulib hands to glibc's own strftime in coreutils (names, `%c`,
//! `%x`, `%X`, `%r`, `%p`, and the `E`/`O` forms of numbers), as glibc 2.36 prints
//! them in the C locale, or with an installed LC_TIME's names and formats (not its
//! eras or alternative digits).

use super::{iso_week, numeric, put_signed, run, tm_year, Spec, When};
use crate::fmt::{Fixed, Sink};

/// The C locale's LC_TIME texts, each ending in a NUL: the day names (from
/// Sunday), the month names, AM and PM, and the four formats (`%E` as glibc
/// formats its own years: the year in `int`, `%y` of negative years).
const C_TEXTS: &[u8] = b"Sunday\0Monday\0Tuesday\0Wednesday\0Thursday\0Friday\0Saturday\0\
    January\0February\0March\0April\0May\0June\0July\0August\0September\0October\0\
    November\0December\0AM\0PM\0%a %b %e %H:%M:%S %EY\0%m/%d/%Ey\0%H:%M:%S\0%I:%M:%S %p\0";

/// Where each LC_TIME item of the C locale starts and ends in [`C_TEXTS`] (as
/// [`super::Names::text`] numbers them): the abbreviations are the names' first
/// three letters.
const C_ITEMS: [(u8, u8); 44] = {
    let mut at = [0u8; 26];
    let (mut i, mut k) = (0, 1);
    while i < C_TEXTS.len() {
        if C_TEXTS[i] == 0 {
            at[k] = i as u8 + 1;
            k += 1;
        }
        i += 1;
    }
    let mut items = [(0, 0); 44];
    let mut i = 0;
    while i < 44 {
        let (k, short) = match i {
            0..14 => (i % 7, i < 7),
            14..38 => (7 + (i - 14) % 12, i < 26),
            _ => (i - 19, false),
        };
        let end = if short { at[k] + 3 } else { at[k + 1] - 1 };
        items[i] = (at[k], end);
        i += 1;
    }
    items
};

/// The C locale's LC_TIME item `i`; None past T_FMT_AMPM.
pub fn c_text(i: usize) -> Option<&'static [u8]> {
    let &(start, end) = C_ITEMS.get(i)?;
    C_TEXTS.get(usize::from(start)..usize::from(end))
}

/// What glibc's own strftime prints for `%c`-style conversions and the `E`/`O`
/// forms in the C locale (where gnulib lets glibc do it).
/// Pseudo-conversions for `%Ob` and `%OB`: LC_TIME's ab_alt_mon and alt_mon
/// (items 135 and 111 on; C's are its ordinary names).
pub const ALT_ABMON: u8 = 1;
pub const ALT_MON: u8 = 2;

pub(super) fn glibc(conv: u8, w: &When, out: &mut Fixed) {
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
        ALT_ABMON => 135 + mon,
        ALT_MON => 111 + mon,
        _ => usize::MAX,
    };
    // C has no alt_mon items: its names are the ordinary ones (ABMON_1 is 121
    // items before AB_ALT_MON_1, MON_1 85 before ALT_MON_1).
    let text = w.names.get(item).or_else(|| match conv {
        ALT_ABMON => w.names.get(item - 121),
        ALT_MON => w.names.get(item - 85),
        _ => None,
    });
    if let Some(text) = text {
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
