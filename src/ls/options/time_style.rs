//! The time style (`--time-style`, TIME_STYLE): its two date formats, for files
//! older than six months (or in the future) and for recent ones, as GNU's
//! decode_switches reads the style, and its message for a bad one.

use crate::cli::bad_argument;
use crate::fmt::keyword::{find_index, Mismatch};
use crate::fmt::quote::QUOTE;
use crate::locale::COREUTILS;
use crate::msg::{self, try_help};

/// The `locale` style (the C locale's formats).
pub const LOCALE: [&[u8]; 2] = [b"%b %e  %Y", b"%b %e %H:%M"];

/// The named styles; a unique prefix names one too.
const NAMED: &[(&str, [&[u8]; 2])] = &[
    (
        "full-iso",
        [b"%Y-%m-%d %H:%M:%S.%N %z", b"%Y-%m-%d %H:%M:%S.%N %z"],
    ),
    ("long-iso", [b"%Y-%m-%d %H:%M", b"%Y-%m-%d %H:%M"]),
    ("iso", [b"%Y-%m-%d ", b"%m-%d %H:%M"]),
    ("locale", LOCALE),
];

/// Why a style was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bad<'s> {
    /// `+FORMAT` with more than one newline: the format.
    Format(&'s [u8]),
    /// Not a style name (or a prefix of one names several): the name.
    Name(&'s [u8], Mismatch),
}

/// The (old, recent) formats of `style`. A `posix-` prefix means "only outside
/// the C/POSIX locale": where `time_posix()` says LC_TIME is C or POSIX, the style
/// is the locale's and what follows is not looked at. The `locale` style's
/// formats, when named, are as `translate` gives them (coreutils' catalog under
/// LC_TIME).
#[inline(never)]
pub fn formats<'s>(
    style: &'s [u8],
    time_posix: &dyn Fn() -> bool,
    translate: fn([&'static [u8]; 2]) -> [&'static [u8]; 2],
) -> Result<[&'s [u8]; 2], Bad<'s>> {
    let mut s = style;
    if let Some(rest) = s.strip_prefix(b"posix-") {
        if time_posix() {
            return Ok(LOCALE);
        }
        s = rest;
    }
    if let Some(f) = s.strip_prefix(b"+") {
        return match f.iter().position(|&b| b == b'\n') {
            None => Ok([f, f]),
            Some(i) if !f[i + 1..].contains(&b'\n') => Ok([&f[..i], &f[i + 1..]]),
            Some(_) => Err(Bad::Format(f)),
        };
    }
    let i = find_index(&NAMED, s).map_err(|e| Bad::Name(s, e))?;
    Ok(match NAMED.get(i) {
        Some(&(_, f)) if i + 1 < NAMED.len() => f,
        _ => translate(LOCALE),
    })
}

/// GNU's message for a bad style, and the Try line.
pub fn report(prog: &[u8], bad: Bad) {
    match bad {
        Bad::Format(f) => {
            msg::error(
                prog,
                b"invalid time style format %s",
                &[msg::Arg::Quoted(f, QUOTE)],
            );
        }
        Bad::Name(s, e) => {
            let mut l = bad_argument(prog, b"time style", s, e);
            msg::say(&mut l, COREUTILS, b"Valid arguments are:\n", &[]);
            l.push(b"  - [posix-]full-iso\n  - [posix-]long-iso\n");
            l.push(b"  - [posix-]iso\n  - [posix-]locale\n");
            // Printed with fputs: no conversions.
            msg::word(
                &mut l,
                b"  - +FORMAT (e.g., +%H:%M) for a 'date'-style format\n",
            );
            l.send();
            try_help(prog);
        }
    }
}

#[cfg(test)]
mod tests;
