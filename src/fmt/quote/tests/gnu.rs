//! The quoting styles against /usr/bin/ls itself: every class of byte quotearg treats
//! specially, in every style, locale and extra set, and the display widths through
//! GNU's column layout.

use super::*;
use std::os::unix::ffi::OsStrExt;
use std::process::Command;

/// Names for the differential test: every class of byte quotearg treats specially.
fn odd_names() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = [
        &b"plain"[..],
        b"a b",
        b"it's",
        b"it's me",
        b"it's~x",
        b"it's{",
        b"it's\x01",
        b"x\"y'z",
        b"\"dq\"",
        b"a'b$c",
        b"$",
        b"a\\b",
        b"\\",
        b"new\nline",
        b"\na",
        b"a\n",
        b"tab\there",
        b"a\n\tb\x7fc",
        b"\n'x",
        b"ctl\x01x",
        b"\x7f",
        b"a\x07\x08\x0b\x0c\rz",
        b"\xff\xfeinvalid",
        b"x\xff",
        b"\xe6\x97",
        b"\xe6\x97x",
        b"\xe0\x80",
        b"\xed\xa0\x80",
        b"\xf4\x90\x80\x80",
        b"\xc0\xaf",
        b"\xc2\x80x",
        b"~lead",
        b"#hash",
        b"mid~",
        b"a#",
        b"~",
        b"#",
        b"-dash",
        b":colon",
        b"x,comma",
        b"{",
        b"}",
        b"{x}",
        b"{x",
        b"x}",
        b"!",
        b"*",
        b"?",
        b"a?b",
        b"[",
        b"]",
        b"=",
        b"^",
        b"`",
        b"|",
        b"&",
        b";",
        b"<",
        b">",
        b"(",
        b")",
        b"%+,-.:]_",
        b"@",
        b"it's@x",
        b"a=b",
        b"a*b",
        b"a>b",
        b"a|b",
        b"a:b",
        b"e\xcc\x81",
        b"zz\"",
        b"'",
        b"''",
        b"a b'c\"d",
    ]
    .iter()
    .map(|s| s.to_vec())
    .collect();
    for s in [
        "ü-utf8",
        "日本",
        "😀x",
        "a\u{a0}b",
        "‘q’",
        "it’s",
        "a\u{200b}b",
        "\u{e000}",
        "\u{378}",
        "x\u{2028}",
    ] {
        v.push(s.as_bytes().to_vec());
    }
    v
}

fn gnu_ls(args: &[&str], names: &[Vec<u8>], dir: &std::path::Path, utf8: bool) -> Vec<u8> {
    let mut cmd = Command::new("/usr/bin/ls");
    cmd.env_clear()
        .env("LC_ALL", if utf8 { "C.UTF-8" } else { "C" })
        .current_dir(dir);
    cmd.args(args).arg("--");
    for n in names {
        cmd.arg(std::ffi::OsStr::from_bytes(n));
    }
    let o = cmd.output().expect("run /usr/bin/ls");
    assert!(
        o.status.success(),
        "ls {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o.stdout
}

fn fixture(kind: &str, names: &[Vec<u8>]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bareutils-quote-{kind}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for n in names {
        let p = dir.join(std::ffi::OsStr::from_bytes(n));
        if kind == "dirs" {
            std::fs::create_dir(&p).unwrap();
        } else {
            std::fs::write(&p, b"").unwrap();
        }
    }
    dir
}

/// Compares one ls run over all names with the concatenated outputs of `quote`,
/// and names the first name that differs.
fn compare(
    label: &str,
    got: &[u8],
    names: &[Vec<u8>],
    mut each: impl FnMut(usize, &[u8]) -> Vec<u8>,
) {
    let mut pos = 0;
    for (k, n) in names.iter().enumerate() {
        let mine = each(k, n);
        let theirs = &got[pos.min(got.len())..];
        assert!(
            theirs.starts_with(&mine),
            "{label}: name {}\n ours {}\n GNU  {}",
            show(n),
            show(&mine),
            show(&theirs[..theirs.len().min(mine.len() + 20)])
        );
        pos += mine.len();
    }
    assert_eq!(pos, got.len(), "{label}: GNU printed more");
}

#[test]
fn against_gnu_ls() {
    let names = odd_names();
    let files = fixture("files", &names);
    let dirs = fixture("dirs", &names);
    for &(sname, style) in CHOICE_PAIRS {
        let qs = format!("--quoting-style={sname}");
        for utf8 in [false, true] {
            let space: &'static [u8] = if style == Escape { b" " } else { b"" };
            // (ls options, extra set, -q)
            let (classify, file_type): (&'static [u8], &'static [u8]) = if style == Escape {
                (b" =>@|", b" *=>@|")
            } else {
                (b"=>@|", b"*=>@|")
            };
            let cases: [(&[&str], &'static [u8], bool); 4] = [
                (&[], space, false),
                (&["-q"], space, true),
                (&["-F"], classify, false),
                (&["--file-type", "-q"], file_type, true),
            ];
            for (opts, extra, hide) in cases {
                let mut args = vec!["-1dU", &qs[..]];
                args.extend_from_slice(opts);
                let got = gnu_ls(&args, &names, &files, utf8);
                let label = format!("{args:?} utf8={utf8}");
                compare(&label, &got, &names, |_, n| {
                    let mut o = run(style, utf8, hide, extra, n).0;
                    o.push(b'\n');
                    o
                });
            }
            // Directory headers: the style plus ':', no space, no indicator set.
            let got = gnu_ls(&["-RU", &qs, "-F"], &names, &dirs, utf8);
            compare(
                &format!("headers {sname} utf8={utf8}"),
                &got,
                &names,
                |k, n| {
                    let mut o = if k == 0 { Vec::new() } else { b"\n".to_vec() };
                    o.extend(run(style, utf8, false, b":", n).0);
                    o.extend_from_slice(b":\n");
                    o
                },
            );
        }
    }
    let _ = std::fs::remove_dir_all(files);
    let _ = std::fs::remove_dir_all(dirs);
}

#[test]
fn apostrophe_rescan_keeps_dollar_state() {
    // GNU 9.1 output, byte for byte: the state of the first scan leaks into the write.
    assert_eq!(c(ShellEscape, b"it's\x01"), b"'''it'\\''s'$'\\001'");
    assert_eq!(c(ShellEscapeAlways, b"it's\x01"), b"'''it'\\''s'$'\\001'");
    assert_eq!(c(ShellEscape, b"\x01'\x01"), b"'\\001'\\'''$'\\001'");
    assert_eq!(
        c(ShellEscapeAlways, b"\x01'a\x01"),
        b"'\\001'\\''a'$'\\001'"
    );
    assert_eq!(c(ShellEscape, b"it's\nx"), b"'it'\\''s'$'\\n''x'");
    assert_eq!(c(ShellEscape, b"a'\nb'c"), b"'a'\\'''$'\\n''b'\\''c'");
    assert_eq!(c(ShellAlways, b"it's\x01"), b"'it'\\''s\x01'");
}

/// The display width, checked through GNU's column layout: `ls -C -w W NAME zzzz`
/// puts both names on one line exactly when W >= width(NAME) + width(zzzz) + 3 (for
/// widths >= 2, as the reference names below confirm), so every name gets a
/// two-letter prefix.
#[test]
fn widths_against_gnu_columns() {
    let names: Vec<Vec<u8>> = odd_names()
        .into_iter()
        .map(|n| [&b"xx"[..], &n].concat())
        .collect();
    let mut all = names.clone();
    all.push(b"zzzz".to_vec());
    all.extend([&b"aa"[..], b"aaaaaaa"].map(|s| s.to_vec()));
    let dir = fixture("cols", &all);
    // Whether GNU puts `name` and zzzz (printed as `last`) on one line at width w.
    let one_line = |args: &[&str], w: usize, name: &[u8], last: &[u8], utf8: bool| -> bool {
        let mut a: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        a.push(format!("-w{w}"));
        let a: Vec<&str> = a.iter().map(|s| &s[..]).collect();
        let out = gnu_ls(&a, &[name.to_vec(), b"zzzz".to_vec()], &dir, utf8);
        !out.ends_with(&[&b"\n"[..], last, b"\n"].concat())
    };
    for (k, r) in [(2usize, &b"aa"[..]), (7, b"aaaaaaa")] {
        let fits = |w| one_line(&["-CU", "-T0"], w, r, b"zzzz", false);
        assert!(fits(k + 4 + 3) && !fits(k + 4 + 2), "reference {k}");
    }
    let configs: &[(bool, Style, &str, bool)] = &[
        (false, Literal, "literal", false),
        (false, Literal, "literal", true),
        (false, C, "c", false),
        (true, Literal, "literal", false),
        (true, Literal, "literal", true),
        (true, ShellAlways, "shell-always", true),
        (true, C, "c", false),
        (true, Locale, "locale", false),
        (true, Escape, "escape", false),
    ];
    for &(utf8, style, sname, hide) in configs {
        let qs = format!("--quoting-style={sname}");
        let mut args = vec!["-CU", "-T0", &qs[..]];
        if hide {
            args.push("-q");
        }
        let extra: &'static [u8] = if style == Escape { b" " } else { b"" };
        let (last, z) = run(style, utf8, hide, extra, b"zzzz");
        for n in &names {
            let w = run(style, utf8, hide, extra, n).1.width;
            let fits = |cols| one_line(&args, cols, n, &last, utf8);
            assert!(
                fits(w + z.width + 3) && !fits(w + z.width + 2),
                "{args:?} utf8={utf8}: {} has width {w} for us",
                show(n)
            );
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}
