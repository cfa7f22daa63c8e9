//! User and group names from the contents of /etc/passwd and /etc/group, read the way
//! glibc's `files` NSS service reads them (a static binary has no NSS).
//!
//! A line is `name:password:id:...`. As glibc does, leading white space is skipped,
//! empty lines and `#` comments are ignored, malformed lines are skipped, NIS compat
//! lines (a name starting with `+` or `-`) never match, and the first match wins.

use crate::fmt::num::strtoul;

/// The name of user `uid` in the passwd file contents `passwd`. A passwd line needs a
/// numeric group id as its fourth field, or glibc ignores it.
pub fn user_name(passwd: &[u8], uid: u32) -> Option<&[u8]> {
    name_for_id(passwd, uid, true)
}

/// The name of group `gid` in the group file contents `group`.
pub fn group_name(group: &[u8], gid: u32) -> Option<&[u8]> {
    name_for_id(group, gid, false)
}

/// The first valid line of `db` whose third field is `id`; `passwd` asks for the
/// passwd-only check of the fourth field.
fn name_for_id(db: &[u8], id: u32, passwd: bool) -> Option<&[u8]> {
    db.split(|&b| b == b'\n')
        .find_map(|line| match parse_line(line, passwd) {
            Some((name, line_id)) if line_id == id => Some(name),
            _ => None,
        })
}

/// C `isspace` in the C locale.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Splits off the field before the next `:`; at the end of the line the field is the
/// rest and what follows is empty (glibc's string fields never fail).
fn field(line: &[u8]) -> (&[u8], &[u8]) {
    match line.iter().position(|&b| b == b':') {
        Some(i) => (&line[..i], &line[i + 1..]),
        None => (line, &line[line.len()..]),
    }
}

/// An integer field as glibc reads it: `strtoul` base 10 (leading white space and a
/// sign allowed, saturating at `u64::MAX`), truncated to 32 bits, and it must be
/// followed by `:` or the end of the line. Returns the value and the rest.
fn int_field(s: &[u8]) -> Option<(u32, &[u8])> {
    let (v, overflow, negative, i) = strtoul(s, 0)?;
    let v = if negative && !overflow {
        v.wrapping_neg()
    } else {
        v
    };
    match s.get(i) {
        None => Some((v as u32, &s[i..])),
        Some(b':') => Some((v as u32, &s[i + 1..])),
        Some(_) => None,
    }
}

/// `(name, id)` of a line that glibc would accept and could match, else None.
fn parse_line(line: &[u8], passwd: bool) -> Option<(&[u8], u32)> {
    // glibc's string functions stop at a NUL byte.
    let line = match line.iter().position(|&b| b == 0) {
        Some(i) => &line[..i],
        None => line,
    };
    let start = line.iter().position(|&b| !is_space(b))?;
    let line = &line[start..];
    if line[0] == b'#' {
        return None;
    }
    let (name, rest) = field(line);
    if name.first().is_some_and(|&b| b == b'+' || b == b'-') {
        return None;
    }
    let (_password, rest) = field(rest);
    let (id, rest) = int_field(rest)?;
    if passwd {
        int_field(rest)?; // the primary group id
    }
    Some((name, id))
}

#[cfg(test)]
mod tests;
