//! Tests of the quoting styles: fixed expectations taken from GNU ls 9.1 here, and
//! in `gnu` the runs of /usr/bin/ls over every style, locale and extra set.

use super::*;

struct Buf(Vec<u8>);
impl Sink for Buf {
    fn put(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
}

fn run(
    style: Style,
    utf8: bool,
    hide: bool,
    extra: &'static [u8],
    name: &[u8],
) -> (Vec<u8>, Quoted) {
    let q = Quoting {
        high: None,
        style,
        hide_control: hide,
        utf8,
        extra,
        quotes: [None; 2],
    };
    let mut b = Buf(Vec::new());
    let r = quote(&q, name, &mut b);
    (b.0, r)
}

fn c(style: Style, name: &[u8]) -> Vec<u8> {
    run(style, false, false, b"", name).0
}
fn u(style: Style, name: &[u8]) -> Vec<u8> {
    run(style, true, false, b"", name).0
}

fn show(b: &[u8]) -> String {
    crate::fmt::quote::tests::escape_bytes(b)
}

pub fn escape_bytes(b: &[u8]) -> String {
    let mut s = String::new();
    for &x in b {
        if (0x20..0x7f).contains(&x) && x != b'\\' {
            s.push(x as char);
        } else {
            s.push_str(&format!("\\x{x:02x}"));
        }
    }
    s
}

use Style::*;

#[test]
fn names_and_prefixes() {
    for &(name, style) in CHOICE_PAIRS {
        assert_eq!(style_from_name(name.as_bytes()), Some(style));
        assert_eq!(style.name(), name.as_bytes());
    }
    assert!(CHOICE_PAIRS.iter().map(|c| &c.1).eq(CHOICES.values.iter()));
    assert_eq!(style_from_name(b"esc"), Some(Escape));
    assert_eq!(style_from_name(b"c"), Some(C));
    assert_eq!(style_from_name(b"c-"), Some(CMaybe));
    assert_eq!(style_from_name(b"shell-escape"), Some(ShellEscape));
    assert_eq!(style_from_name(b"shell-e"), None); // ambiguous
    assert_eq!(style_from_name(b"shell"), Some(Shell));
    assert_eq!(style_from_name(b"l"), None); // literal, locale
    assert_eq!(style_from_name(b"lo"), Some(Locale));
    assert_eq!(style_from_name(b""), None);
    assert_eq!(style_from_name(b"bogus"), None);
    assert_eq!(style_from_name(b"literally"), None);
}

#[test]
fn c_locale_table() {
    // (name, literal, shell, shell-always, shell-escape, shell-escape-always, c, escape)
    let rows: &[(&[u8], [&[u8]; 7])] = &[
        (
            b"file.txt",
            [
                b"file.txt",
                b"file.txt",
                b"'file.txt'",
                b"file.txt",
                b"'file.txt'",
                b"\"file.txt\"",
                b"file.txt",
            ],
        ),
        (
            b"a b",
            [
                b"a b", b"'a b'", b"'a b'", b"'a b'", b"'a b'", b"\"a b\"", b"a b",
            ],
        ),
        (
            b"it's",
            [
                b"it's",
                b"\"it's\"",
                b"\"it's\"",
                b"\"it's\"",
                b"\"it's\"",
                b"\"it's\"",
                b"it's",
            ],
        ),
        (
            b"a'b$c",
            [
                b"a'b$c",
                b"'a'\\''b$c'",
                b"'a'\\''b$c'",
                b"'a'\\''b$c'",
                b"'a'\\''b$c'",
                b"\"a'b$c\"",
                b"a'b$c",
            ],
        ),
        (
            b"new\nline",
            [
                b"new\nline",
                b"'new\nline'",
                b"'new\nline'",
                b"'new'$'\\n''line'",
                b"'new'$'\\n''line'",
                b"\"new\\nline\"",
                b"new\\nline",
            ],
        ),
        (
            b"tab\there",
            [
                b"tab\there",
                b"'tab\there'",
                b"'tab\there'",
                b"'tab'$'\\t''here'",
                b"'tab'$'\\t''here'",
                b"\"tab\\there\"",
                b"tab\\there",
            ],
        ),
        (
            b"ctl\x01x",
            [
                b"ctl\x01x",
                b"ctl\x01x",
                b"'ctl\x01x'",
                b"'ctl'$'\\001''x'",
                b"'ctl'$'\\001''x'",
                b"\"ctl\\001x\"",
                b"ctl\\001x",
            ],
        ),
        (
            b"\xff\xfeinvalid",
            [
                b"\xff\xfeinvalid",
                b"\xff\xfeinvalid",
                b"'\xff\xfeinvalid'",
                b"''$'\\377\\376''invalid'",
                b"''$'\\377\\376''invalid'",
                b"\"\\377\\376invalid\"",
                b"\\377\\376invalid",
            ],
        ),
        (
            b"a\\b",
            [
                b"a\\b",
                b"'a\\b'",
                b"'a\\b'",
                b"'a\\b'",
                b"'a\\b'",
                b"\"a\\\\b\"",
                b"a\\\\b",
            ],
        ),
        (b"", [b"", b"''", b"''", b"''", b"''", b"\"\"", b""]),
        (
            b"~lead",
            [
                b"~lead",
                b"'~lead'",
                b"'~lead'",
                b"'~lead'",
                b"'~lead'",
                b"\"~lead\"",
                b"~lead",
            ],
        ),
        (
            b"mid~",
            [
                b"mid~",
                b"mid~",
                b"'mid~'",
                b"mid~",
                b"'mid~'",
                b"\"mid~\"",
                b"mid~",
            ],
        ),
        (b"{", [b"{", b"'{'", b"'{'", b"'{'", b"'{'", b"\"{\"", b"{"]),
        (
            b"{x}",
            [
                b"{x}", b"{x}", b"'{x}'", b"{x}", b"'{x}'", b"\"{x}\"", b"{x}",
            ],
        ),
        (
            b"x\"y",
            [
                b"x\"y",
                b"'x\"y'",
                b"'x\"y'",
                b"'x\"y'",
                b"'x\"y'",
                b"\"x\\\"y\"",
                b"x\"y",
            ],
        ),
    ];
    let styles = [
        Literal,
        Shell,
        ShellAlways,
        ShellEscape,
        ShellEscapeAlways,
        C,
        Escape,
    ];
    for (name, want) in rows {
        for (s, w) in styles.iter().zip(want) {
            assert_eq!(show(&c(*s, name)), show(w), "{s:?} {}", show(name));
        }
    }
}

#[test]
fn shell_escape_runs() {
    assert_eq!(c(ShellEscape, b"a\nb"), b"'a'$'\\n''b'");
    assert_eq!(c(ShellEscape, b"a\n"), b"'a'$'\\n'");
    assert_eq!(c(ShellEscape, b"\na"), b"''$'\\n''a'");
    assert_eq!(c(ShellEscape, b"\n\t\x01"), b"''$'\\n\\t\\001'");
    assert_eq!(
        c(ShellEscape, b"a\n\tb\x7fc"),
        b"'a'$'\\n\\t''b'$'\\177''c'"
    );
    // An apostrophe closes the $'' segment itself.
    assert_eq!(c(ShellEscape, b"\n'x"), b"''$'\\n'\\''x'");
    assert_eq!(
        c(ShellEscape, b"a\x07\x08\x0b\x0c\rz"),
        b"'a'$'\\a\\b\\v\\f\\r''z'"
    );
    // UTF-8: a printable character passes, others are escaped byte by byte.
    assert_eq!(u(ShellEscape, "ü".as_bytes()), "ü".as_bytes());
    assert_eq!(c(ShellEscape, "ü".as_bytes()), b"''$'\\303\\274'");
    assert_eq!(u(ShellEscape, b"\xc2\x80x"), b"''$'\\302\\200''x'");
}

#[test]
fn c_maybe_and_locale() {
    assert_eq!(c(CMaybe, b"a b"), b"a b");
    assert_eq!(c(CMaybe, b"a\\b"), b"a\\b");
    assert_eq!(c(CMaybe, b"a\"b"), b"\"a\\\"b\"");
    assert_eq!(c(CMaybe, b"a\\b\n"), b"\"a\\\\b\\n\"");
    assert_eq!(c(Locale, b"it's"), b"'it\\'s'");
    assert_eq!(c(Clocale, b"say \"x\""), b"\"say \\\"x\\\"\"");
    assert_eq!(u(Locale, b"it's"), "‘it's’".as_bytes());
    assert_eq!(u(Clocale, "a’b‘c".as_bytes()), "‘a\\’b‘c’".as_bytes());
}

#[test]
fn extra_characters() {
    let e = |s, x: &'static [u8], n: &[u8]| run(s, false, false, x, n).0;
    assert_eq!(e(Escape, b" =>@|", b"a b@c"), b"a\\ b\\@c");
    assert_eq!(e(C, b"=>@|", b"p|q"), b"\"p\\|q\"");
    assert_eq!(e(Shell, b"=>@|", b"x@y"), b"'x@y'");
    assert_eq!(e(CMaybe, b"=>@|", b"x@y"), b"\"x@y\"");
    assert_eq!(e(ShellAlways, b"=>@|", b"x@y"), b"'x@y'");
    assert_eq!(e(Literal, b"=>@|", b"x@y"), b"x@y");
    // The double-quote rewrite keeps the extra set when the style always quotes.
    assert_eq!(e(ShellAlways, b"=>@|", b"it's@"), b"\"it's\\@\"");
    assert_eq!(e(Shell, b":", b"it's:x"), b"\"it's:x\"");
    assert_eq!(e(ShellAlways, b":", b"it's:x"), b"\"it's\\:x\"");
}

#[test]
fn widths_and_quoted_flag() {
    let w = |s, utf8, hide, n: &[u8]| {
        let (o, r) = run(s, utf8, hide, b"", n);
        (o, r.width, r.quoted)
    };
    assert_eq!(
        w(Literal, false, false, b"abc"),
        (b"abc".to_vec(), 3, false)
    );
    assert_eq!(
        w(Literal, false, false, b"a\nb"),
        (b"a\nb".to_vec(), 2, false)
    );
    assert_eq!(
        w(Literal, false, true, b"a\nb"),
        (b"a?b".to_vec(), 3, false)
    );
    assert_eq!(
        w(Literal, false, true, "ü".as_bytes()),
        (b"??".to_vec(), 2, false)
    );
    assert_eq!(
        w(Literal, true, true, "ü".as_bytes()),
        ("ü".as_bytes().to_vec(), 1, false)
    );
    assert_eq!(
        w(Literal, true, false, "日本".as_bytes()),
        ("日本".as_bytes().to_vec(), 4, false)
    );
    assert_eq!(
        w(Literal, true, false, "e\u{301}".as_bytes()),
        ("e\u{301}".as_bytes().to_vec(), 1, false)
    );
    assert_eq!(
        w(Literal, true, false, b"\xff\xfe"),
        (b"\xff\xfe".to_vec(), 2, false)
    );
    // An incomplete character at the end is one column, one question mark.
    assert_eq!(
        w(Literal, true, false, b"x\xe6\x97"),
        (b"x\xe6\x97".to_vec(), 2, false)
    );
    assert_eq!(
        w(Literal, true, true, b"x\xe6\x97"),
        (b"x?".to_vec(), 2, false)
    );
    // ...but inside quotes it is followed by a quote, so it is two bad bytes.
    assert_eq!(
        w(ShellAlways, true, true, b"\xe6\x97"),
        (b"'??'".to_vec(), 4, true)
    );
    assert_eq!(
        w(Literal, true, true, b"\xc2\x80\x01"),
        (b"??".to_vec(), 2, false)
    );
    assert_eq!(
        w(Literal, true, false, b"\xc2\x80\x01"),
        (b"\xc2\x80\x01".to_vec(), 0, false)
    );
    assert_eq!(
        w(Shell, false, true, b"a\x01b"),
        (b"a?b".to_vec(), 3, false)
    );
    assert_eq!(
        w(Shell, false, true, b"a\x01 b"),
        (b"'a? b'".to_vec(), 6, true)
    );
    assert_eq!(w(Shell, false, false, b"a b"), (b"'a b'".to_vec(), 5, true));
    assert_eq!(
        w(ShellEscape, false, false, b"a\nb"),
        (b"'a'$'\\n''b'".to_vec(), 11, true)
    );
    // -q has no effect in the other styles.
    assert_eq!(
        w(Escape, false, true, b"a\nb"),
        (b"a\\nb".to_vec(), 4, true)
    );
    assert_eq!(w(Escape, false, false, b"ab"), (b"ab".to_vec(), 2, false));
    assert_eq!(w(Literal, false, false, b""), (b"".to_vec(), 0, false));
    assert_eq!(w(Shell, false, false, b""), (b"''".to_vec(), 2, true));
    assert_eq!(w(CMaybe, false, false, b""), (b"".to_vec(), 0, false));
    assert_eq!(
        w(Locale, true, false, b"x"),
        ("‘x’".as_bytes().to_vec(), 3, true)
    );
}

mod gnu;
