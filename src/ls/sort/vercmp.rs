//! Version order of file names (`ls -v`, `--sort=version`): gnulib's filevercmp as
//! GNU coreutils 9.1 ships it, followed by ls's byte-order tie-break.
//!
//! The rules:
//! - `""` first, then `.`, then `..`, then the other names that start with `.`, then
//!   the rest.
//! - A file suffix, the longest tail matching `(\.[A-Za-z~][A-Za-z0-9~]*)*$`, is set
//!   aside and only compared when the names without it are equal. In 9.1 the tail may
//!   be the whole name (`.A`, `.zz~`), so such dot files sort before `.0` (`.A .Z .0
//!   .9`); 9.2 changed that.
//! - The remaining text alternates runs of non-digits and digits. Non-digit runs are
//!   compared byte by byte: `~` first, then the end of the text, then letters, then
//!   every other byte (in byte order). Digit runs are compared as numbers (leading
//!   zeros ignored, any length).
//! - Names that are still equal (`a01`/`a1`) are ordered by their bytes.

use core::cmp::Ordering;

/// Compares two file names in version order; equal only for equal names.
pub fn filevercmp(a: &[u8], b: &[u8]) -> Ordering {
    match special_rank(a).cmp(&special_rank(b)) {
        Ordering::Equal => {}
        other => return other,
    }
    if a.len() <= 2 && special_rank(a) < 3 {
        // "", "." or "..", equal to each other.
        return a.cmp(b);
    }
    let (pa, pb) = (stem_len(a), stem_len(b));
    let mut order = compare_versions(&a[..pa], &b[..pb]);
    if order == Ordering::Equal && (pa < a.len() || pb < b.len()) {
        order = compare_versions(a, b);
    }
    order.then_with(|| a.cmp(b))
}

/// 0 for "", 1 for ".", 2 for "..", 3 for other dot files, 4 for everything else.
fn special_rank(s: &[u8]) -> u8 {
    match s {
        b"" => 0,
        b"." => 1,
        b".." => 2,
        [b'.', ..] => 3,
        _ => 4,
    }
}

/// The length of `s` without its file suffix (9.1: the suffix may start at 0).
fn stem_len(s: &[u8]) -> usize {
    let starts_part = |i: usize| {
        i + 1 < s.len() && s[i] == b'.' && (s[i + 1].is_ascii_alphabetic() || s[i + 1] == b'~')
    };
    let mut candidate = 0;
    loop {
        // Consume suffix parts from the candidate start; if they reach the end, the
        // suffix starts there. Otherwise no suffix can start before the byte that
        // stopped them.
        let mut i = candidate;
        while starts_part(i) {
            i += 2;
            while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'~') {
                i += 1;
            }
        }
        if i >= s.len() {
            return candidate;
        }
        candidate = i + 1;
    }
}

/// The weight of the byte at `pos` inside a non-digit run (`pos == s.len()` is the end).
fn weight(s: &[u8], pos: usize) -> i32 {
    match s.get(pos) {
        None => -1,
        Some(b'~') => -2,
        Some(&c) if c.is_ascii_digit() => 0,
        Some(&c) if c.is_ascii_alphabetic() => c as i32,
        Some(&c) => c as i32 + 256,
    }
}

fn digit_at(s: &[u8], pos: usize) -> bool {
    s.get(pos).is_some_and(u8::is_ascii_digit)
}

/// The Debian version comparison of `a` and `b`.
fn compare_versions(a: &[u8], b: &[u8]) -> Ordering {
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        // A non-digit run (on either side).
        while (i < a.len() && !digit_at(a, i)) || (j < b.len() && !digit_at(b, j)) {
            let (x, y) = (weight(a, i), weight(b, j));
            if x != y {
                return x.cmp(&y);
            }
            i += 1;
            j += 1;
        }
        // A digit run: longer numbers (without leading zeros) are larger; equal
        // lengths compare by the first differing digit.
        while digit_at(a, i) && a[i] == b'0' {
            i += 1;
        }
        while digit_at(b, j) && b[j] == b'0' {
            j += 1;
        }
        let mut first_difference = Ordering::Equal;
        while digit_at(a, i) && digit_at(b, j) {
            if first_difference == Ordering::Equal {
                first_difference = a[i].cmp(&b[j]);
            }
            i += 1;
            j += 1;
        }
        if digit_at(a, i) {
            return Ordering::Greater;
        }
        if digit_at(b, j) {
            return Ordering::Less;
        }
        if first_difference != Ordering::Equal {
            return first_difference;
        }
    }
    Ordering::Equal
}

#[cfg(test)]
mod tests;
