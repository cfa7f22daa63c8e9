//! Whether the built-in colors are used when LS_COLORS is unset or empty.
//!
//! GNU 9.1 colors then only if `COLORTERM` is non-empty or `TERM` matches one of the
//! `TERM` patterns of dircolors' database (`dircolors -p` on the machine lists exactly
//! these). The patterns use only literals, `*` and `[0-9]`; glibc's fnmatch (no
//! flags) on them gives the same answer on bytes as on characters.

/// dircolors' TERM patterns (coreutils 9.1), each ended by a space (none contains
/// one): one string, not 25 slices of 16 bytes each.
pub const TERM_PATTERNS: &[u8] = concat!(
    "Eterm ",
    "ansi ",
    "*color* ",
    "con[0-9]*x[0-9]* ",
    "cons25 ",
    "console ",
    "cygwin ",
    "*direct* ",
    "dtterm ",
    "gnome ",
    "hurd ",
    "jfbterm ",
    "konsole ",
    "kterm ",
    "linux ",
    "linux-c ",
    "mlterm ",
    "putty ",
    "rxvt* ",
    "screen* ",
    "st ",
    "terminator ",
    "tmux* ",
    "vt100 ",
    "xterm* ",
)
.as_bytes();

/// The gate: `term` and `colorterm` are the environment values (`None` if unset).
pub fn builtin_enabled(term: Option<&[u8]>, colorterm: Option<&[u8]>) -> bool {
    if colorterm.is_some_and(|c| !c.is_empty()) {
        return true;
    }
    match term {
        Some(t) if !t.is_empty() => TERM_PATTERNS
            .split(|&c| c == b' ')
            .any(|p| !p.is_empty() && glob(p, t)),
        _ => false,
    }
}

/// fnmatch (no flags) for patterns of literals, `*` and `[a-b]` ranges (all these
/// patterns use). Each of them has at most one `*` before its end, so a match takes
/// time linear in the text.
fn glob(pattern: &[u8], text: &[u8]) -> bool {
    match pattern {
        [] => text.is_empty(),
        [b'*', rest @ ..] => rest.is_empty() || (0..=text.len()).any(|i| glob(rest, &text[i..])),
        [b'[', lo, b'-', hi, b']', rest @ ..] => match text {
            [c, tail @ ..] => (lo..=hi).contains(&c) && glob(rest, tail),
            [] => false,
        },
        [p, rest @ ..] => match text {
            [c, tail @ ..] => p == c && glob(rest, tail),
            [] => false,
        },
    }
}

#[cfg(test)]
mod tests;
