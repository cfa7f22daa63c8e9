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
