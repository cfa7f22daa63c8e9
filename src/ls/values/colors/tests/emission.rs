use super::*;

fn paint(d: &Database, names: &[(&str, Option<&[u8]>, usize)], width: usize) -> Vec<u8> {
    let mut out = Bytes(Vec::new());
    let mut p = Painter::new(d);
    for &(name, seq, col) in names {
        p.normal(&mut out);
        p.begin_name(&mut out, seq);
        out.0.extend_from_slice(name.as_bytes());
        p.end_name(&mut out, seq.is_some(), col, name.len(), width);
        out.0.push(b'\n');
    }
    p.finish(&mut out);
    out.0
}

#[test]
fn clear_to_eol_after_names_that_may_wrap() {
    // GNU: `ls --color=always -w 10` in a directory holding
    // averyveryverylongdirectoryname, d2 and f.
    let b = Database::builtin();
    let di = Some(&b"01;34"[..]);
    let got = paint(
        &b,
        &[
            ("averyveryverylongdirectoryname", di, 0),
            ("d2", di, 0),
            ("f", None, 0),
        ],
        10,
    );
    assert_eq!(
        got,
        b"\x1b[0m\x1b[01;34maveryveryverylongdirectoryname\x1b[0m\x1b[K\n\x1b[01;34md2\x1b[0m\nf\n"
    );
    // `LS_COLORS=cl=XX`.
    let d = db("cl=XX");
    let got = paint(&d, &[("averyveryverylongdirectoryname", di, 0)], 10);
    assert_eq!(
        got,
        b"\x1b[0m\x1b[01;34maveryveryverylongdirectoryname\x1b[0mXX\n"
    );
    // -l puts the name at column 42: 42/10 != 71/10; d2 at 42 fits.
    assert!(may_wrap(42, 30, 10));
    assert!(!may_wrap(42, 2, 10));
    assert!(!may_wrap(0, 30, 30));
    assert!(may_wrap(0, 31, 30));
    assert!(!may_wrap(5, 100, 0));
    assert!(may_wrap(0, 0, 80));
}

#[test]
fn nothing_written_without_colored_names() {
    let b = Database::builtin();
    assert_eq!(
        paint(&b, &[("reg", None, 0), ("x", None, 0)], 80),
        b"reg\nx\n"
    );
    let d = db("lc=<:rc=>");
    assert_eq!(paint(&d, &[("reg", None, 0)], 80), b"reg\n");
}

#[test]
fn normal_color() {
    // GNU: `LS_COLORS=no=44 ls --color=always -d reg dir`: \e[0m\e[44mreg\e[0m ...
    let d = db("no=44");
    let got = paint(&d, &[("dir", d.get(Key::Dir), 0), ("reg", None, 0)], 0);
    assert_eq!(
        got,
        b"\x1b[0m\x1b[44m\x1b[m\x1b[01;34mdir\x1b[0m\n\x1b[44mreg\x1b[0m\n"
    );
    // `no=0` is not colored: nothing for uncolored names.
    let d = db("no=0");
    assert_eq!(paint(&d, &[("reg", None, 0)], 0), b"reg\n");
}

#[test]
fn end_and_reset_sequences() {
    // GNU: LS_COLORS=ec=XX ls -d reg dir -> XX\e[01;34mdirXX\nreg\n
    let d = db("ec=XX");
    assert_eq!(
        paint(&d, &[("dir", d.get(Key::Dir), 0), ("reg", None, 0)], 0),
        b"XX\x1b[01;34mdirXX\nreg\n"
    );
    // rs= -> \e[m\e[01;34mdir\e[m ; lc=\e[:rc=m:rs=1 -> \e[1m\e[01;34mdir\e[1m
    let d = db("rs=");
    assert_eq!(
        paint(&d, &[("dir", d.get(Key::Dir), 0)], 0),
        b"\x1b[m\x1b[01;34mdir\x1b[m\n"
    );
    let d = db(r"lc=\e[:rc=m:rs=1");
    assert_eq!(
        paint(&d, &[("dir", d.get(Key::Dir), 0)], 0),
        b"\x1b[1m\x1b[01;34mdir\x1b[1m\n"
    );
    // Spelled differently but equal to the defaults: no exit sequence.
    for text in [r"lc=\033[", r"lc=\x1b[:rc=m", "lc=^[["] {
        let d = db(text);
        assert_eq!(
            paint(&d, &[("dir", d.get(Key::Dir), 0)], 0),
            b"\x1b[0m\x1b[01;34mdir\x1b[0m\n",
            "{text}"
        );
    }
    // lc=<:rc=> -> <0><01;34>dir<0>\nreg\n<>
    let d = db("lc=<:rc=>");
    assert_eq!(
        paint(&d, &[("dir", d.get(Key::Dir), 0), ("reg", None, 0)], 0),
        b"<0><01;34>dir<0>\nreg\n<>"
    );
}

#[test]
fn color_wraps_the_hyperlink() {
    // GNU: ls --hyperlink=always --color=always on directory `d ir` (host vm).
    let b = Database::builtin();
    let mut out = Bytes(Vec::new());
    let mut p = Painter::new(&b);
    p.normal(&mut out);
    let seq = b.get(Key::Dir);
    p.begin_name(&mut out, seq);
    hyperlink::open(&mut out, b"vm", b"/tmp/colfx3/d ir");
    out.0.extend_from_slice(b"d ir");
    hyperlink::close(&mut out);
    p.end_name(&mut out, true, 0, 4, 0);
    assert_eq!(
        out.0,
        b"\x1b[0m\x1b[01;34m\x1b]8;;file://vm/tmp/colfx3/d%20ir\x07d ir\x1b]8;;\x07\x1b[0m"
    );
}

// ---------------------------------------------------------------- setup

fn setup_of(ls_colors: Option<&str>, term: Option<&str>, colorterm: Option<&str>) -> &'static str {
    let text = ls_colors.unwrap_or("");
    let size = storage_size(text.as_bytes());
    let storage = Storage {
        bytes: Box::leak(vec![0u8; size.bytes].into_boxed_slice()),
        slots: Box::leak(vec![Slot::EMPTY; size.slots].into_boxed_slice()),
    };
    fn b(s: Option<&str>) -> Option<&[u8]> {
        s.map(str::as_bytes)
    }
    match setup(b(ls_colors), b(term), b(colorterm), storage) {
        Setup::Colors(d) if d.get(Key::Dir) == Some(b"01;34") => "builtin",
        Setup::Colors(_) => "parsed",
        Setup::Off => "off",
        Setup::Invalid(_) => "invalid",
    }
}

#[test]
fn setup_decisions() {
    // Checked: TERM=dumb LS_COLORS=di=1 colors; TERM=dumb LS_COLORS= does not;
    // TERM=dumb COLORTERM=1 colors; unset TERM does not.
    assert_eq!(setup_of(None, Some("xterm"), None), "builtin");
    assert_eq!(setup_of(Some(""), Some("xterm"), None), "builtin");
    assert_eq!(setup_of(Some(""), Some("dumb"), None), "off");
    assert_eq!(setup_of(None, None, None), "off");
    assert_eq!(setup_of(None, Some("dumb"), Some("1")), "builtin");
    assert_eq!(setup_of(Some("di=1"), Some("dumb"), None), "parsed");
    assert_eq!(setup_of(Some("di=1"), None, None), "parsed");
    assert_eq!(setup_of(Some("zz=1"), Some("xterm"), None), "invalid");
}

#[test]
fn normal_color_with_clear_to_eol() {
    // GNU: `LS_COLORS=no=44 ls -w5 -d --color=always c.tar.gz reg`: an uncolored name
    // still gets the reset, and `cl` when it may wrap.
    let d = db("no=44");
    let got = paint(&d, &[("c.tar.gz", None, 0), ("reg", None, 0)], 5);
    assert_eq!(
        got,
        b"\x1b[0m\x1b[44mc.tar.gz\x1b[0m\x1b[K\n\x1b[44mreg\x1b[0m\n"
    );
}

#[test]
fn a_text_of_separators_colors_with_the_defaults() {
    // GNU: `TERM=dumb LS_COLORS=: ls --color=always -d dir` colors dir 01;34, and
    // `LS_COLORS='*.gz=1'` with TERM unset colors both dir and c.tar.gz.
    assert_eq!(setup_of(Some(":"), Some("dumb"), None), "builtin");
    let size = storage_size(b"*.gz=1");
    let storage = Storage {
        bytes: Box::leak(vec![0u8; size.bytes].into_boxed_slice()),
        slots: Box::leak(vec![Slot::EMPTY; size.slots].into_boxed_slice()),
    };
    match setup(Some(b"*.gz=1"), None, None, storage) {
        Setup::Colors(d) => {
            assert_eq!(d.get(Key::Dir), Some(&b"01;34"[..]));
            assert_eq!(
                d.name_sequence(&Facts::from_stat(0o100644, 1), b"c.tar.gz"),
                Some(&b"1"[..])
            );
            // ex beats a suffix (`LS_COLORS='*.sh=35'` on an executable x.sh: 01;32).
            assert_eq!(
                d.name_sequence(&Facts::from_stat(0o100755, 1), b"c.tar.gz"),
                Some(&b"01;32"[..])
            );
        }
        _ => panic!("no colors"),
    }
}
