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

/// fnmatch for patterns of literals, `*` and `[a-b]` ranges (all these patterns use).
fn glob(pattern: &[u8], text: &[u8]) -> bool {
    let (mut p, mut t) = (0, 0);
    // Where to resume after the last `*`: pattern index after it, text index it took.
    let mut resume: Option<(usize, usize)> = None;
    loop {
        if p < pattern.len() {
            match pattern[p] {
                b'*' => {
                    p += 1;
                    resume = Some((p, t));
                    continue;
                }
                b'[' if t < text.len() => {
                    let close = pattern[p..].iter().position(|&b| b == b']').map(|n| p + n);
                    if let Some(close) = close {
                        let class = &pattern[p + 1..close];
                        if class_has(class, text[t]) {
                            p = close + 1;
                            t += 1;
                            continue;
                        }
                    } else if text[t] == b'[' {
                        p += 1;
                        t += 1;
                        continue;
                    }
                }
                c if t < text.len() && text[t] == c => {
                    p += 1;
                    t += 1;
                    continue;
                }
                _ => {}
            }
        } else if t == text.len() {
            return true;
        }
        // Mismatch: let the last `*` take one more byte, if there was one.
        match resume {
            Some((rp, rt)) if rt < text.len() => {
                resume = Some((rp, rt + 1));
                p = rp;
                t = rt + 1;
            }
            _ => return false,
        }
    }
}

fn class_has(class: &[u8], b: u8) -> bool {
    let mut i = 0;
    while i < class.len() {
        if i + 2 < class.len() && class[i + 1] == b'-' {
            if (class[i]..=class[i + 2]).contains(&b) {
                return true;
            }
            i += 3;
        } else {
            if class[i] == b {
                return true;
            }
            i += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(term: &str) -> bool {
        builtin_enabled(Some(term.as_bytes()), None)
    }

    #[test]
    fn term_list_as_gnu_answers() {
        // Each checked with `TERM=... ls --color=always -d dir` (LS_COLORS unset).
        for t in [
            "xterm",
            "xterm-256color",
            "vt100",
            "con80x25",
            "cons25",
            "screen.xterm",
            "linux-c",
            "st-256color",
            "tmux",
            "rxvt-unicode",
            "linux",
            "st",
            "Eterm",
        ] {
            assert!(on(t), "{t}");
        }
        for t in [
            "dumb",
            "",
            "vt1000",
            "con80x",
            "linux-m",
            "Xterm",
            "alacritty",
            "foot",
            "x*",
        ] {
            assert!(!on(t), "{t}");
        }
    }

    #[test]
    fn colorterm_and_unset() {
        assert!(!builtin_enabled(None, None));
        assert!(builtin_enabled(Some(b"dumb"), Some(b"1")));
        assert!(builtin_enabled(None, Some(b"truecolor")));
        assert!(!builtin_enabled(Some(b"dumb"), Some(b"")));
        assert!(builtin_enabled(Some(b"xterm"), Some(b"")));
    }

    #[test]
    fn glob_basics() {
        assert!(glob(b"con[0-9]*x[0-9]*", b"con132x43"));
        assert!(glob(b"con[0-9]*x[0-9]*", b"con1x1"));
        assert!(!glob(b"con[0-9]*x[0-9]*", b"conax1"));
        assert!(!glob(b"con[0-9]*x[0-9]*", b"con1x"));
        assert!(glob(b"*color*", b"color"));
        assert!(glob(b"*color*", b"a-colors"));
        assert!(!glob(b"*color*", b"colo"));
        assert!(glob(b"a*b*c", b"aXbYbZc"));
        assert!(!glob(b"a*b*c", b"aXbYbZ"));
        assert!(glob(b"*", b""));
        assert!(!glob(b"st", b"st-256"));
    }
}
