use super::*;

#[test]
fn builtin_values() {
    let d = Database::builtin();
    let want: [(Key, Option<&[u8]>); 24] = [
        (Key::Left, Some(b"\x1b[")),
        (Key::Right, Some(b"m")),
        (Key::End, None),
        (Key::Reset, Some(b"0")),
        (Key::Normal, None),
        (Key::File, None),
        (Key::Dir, Some(b"01;34")),
        (Key::Link, Some(b"01;36")),
        (Key::Fifo, Some(b"33")),
        (Key::Socket, Some(b"01;35")),
        (Key::Block, Some(b"01;33")),
        (Key::Char, Some(b"01;33")),
        (Key::Missing, None),
        (Key::Orphan, None),
        (Key::Exec, Some(b"01;32")),
        (Key::Door, Some(b"01;35")),
        (Key::Setuid, Some(b"37;41")),
        (Key::Setgid, Some(b"30;43")),
        (Key::Sticky, Some(b"37;44")),
        (Key::OtherWritable, Some(b"34;42")),
        (Key::StickyOtherWritable, Some(b"30;42")),
        (Key::Capability, None),
        (Key::MultiHardlink, None),
        (Key::ClearToEol, Some(b"\x1b[K")),
    ];
    for (k, v) in want {
        assert_eq!(d.get(k), v, "{k:?}");
    }
    assert!(!d.link_as_target());
    assert_eq!(d.suffix_count(), 0);
}

#[test]
fn labels_round_trip() {
    for k in Key::ALL {
        assert_eq!(Key::from_label(*k.label()), Some(k));
    }
    assert_eq!(Key::from_label(*b"DI"), None);
    assert_eq!(Key::from_label(*b"zz"), None);
}

#[test]
fn every_key_is_settable() {
    for k in Key::ALL {
        let text = format!("{}=7;1", core::str::from_utf8(k.label()).unwrap());
        assert_eq!(db(&text).get(k), Some(&b"7;1"[..]), "{text}");
    }
}

/// The bytes GNU writes for `di=VALUE ls --color=always -d dir` are
/// `\e[0m\e[` VALUE `mdir\e[0m\n`; these are the decoded VALUEs it showed.
#[test]
fn escapes_as_gnu_decodes_them() {
    let cases: &[(&str, &[u8])] = &[
        (r"\a\b\e\f\n\r\t\v\?\_", b"\x07\x08\x1b\x0c\n\r\t\x0b\x7f "),
        (r"\101\0101\1012", b"AA\n"),
        (r"\777", b"\xff"),
        (r"\400", b"\0"),
        (r"\0", b"\0"),
        (r"\1", b"\x01"),
        (r"\x41\x4g\xAbc\X41", b"A\x04g\xbcA"),
        (r"\x", b"\0"),
        (r"\xz", b"\0z"),
        (r"\x100", b"\0"),
        (r"\x1234", b"4"),
        (r"\q\:\=\^\\", b"q:=^\\"),
        (
            "^@^A^Z^[^\\^]^^^_^`^a^z^{^|^}^~",
            b"\0\x01\x1a\x1b\x1c\x1d\x1e\x1f\0\x01\x1a\x1b\x1c\x1d\x1e",
        ),
        ("^?", b"\x7f?"),
        ("a=b^?", b"a=b\x7f?"),
        ("1=2", b"1=2"),
        ("^[[3", b"\x1b[3"),
        ("", b""),
    ];
    for (value, want) in cases {
        let text = format!("di={value}");
        assert_eq!(db(&text).get(Key::Dir), Some(*want), "{text}");
    }
    // A value ends at ':' even right after \x digits.
    let d = db(r"di=\x:fi=1");
    assert_eq!(d.get(Key::Dir), Some(&b"\0"[..]));
    assert_eq!(d.get(Key::File), Some(&b"1"[..]));
}

#[test]
fn separators_and_overrides() {
    let d = db(":::di=1:");
    assert_eq!(d.get(Key::Dir), Some(&b"1"[..]));
    let d = db("di=1:di=2:ln=target:ln=5");
    assert_eq!(d.get(Key::Dir), Some(&b"2"[..]));
    assert!(!d.link_as_target());
    assert!(db("ln=5:ln=target").link_as_target());
    assert!(!db("ln=targets").link_as_target());
    // A NUL ends the text, as it ends GNU's C string.
    assert_eq!(db("di=1\0zz").get(Key::Dir), Some(&b"1"[..]));
}

#[test]
fn invalid_texts() {
    let unparsable = ParseError::Invalid { prefix: None };
    let prefix = |p: &[u8; 2]| ParseError::Invalid { prefix: Some(*p) };
    // Each checked with `LS_COLORS=... ls --color=always -d dir`.
    assert_eq!(err(b"zz=1"), prefix(b"zz"));
    assert_eq!(err(b"di=1:zz=1"), prefix(b"zz"));
    assert_eq!(err(b"di=\\"), prefix(b"di"));
    assert_eq!(err(b"di=^1"), prefix(b"di"));
    assert_eq!(err(b"di=^"), prefix(b"di"));
    assert_eq!(err(b"di=^ "), prefix(b"di"));
    assert_eq!(err(b"'a=1"), prefix(b"'a"));
    assert_eq!(err(b"DI=1"), prefix(b"DI"));
    for t in [
        &b"abc"[..],
        b"d",
        b"di",
        b"*.x",
        b"*.x:di=1",
        b"*",
        b"*.txt=\\",
        b"==x=1",
        b"\\\\a=1",
        b"di=a:b",
        b"d:",
    ] {
        assert_eq!(err(t), unparsable, "{:?}", String::from_utf8_lossy(t));
    }
}

#[test]
fn messages_as_gnu_writes_them() {
    let msg = |text: &[u8], utf8: bool| messages(err(text), b"ls", utf8);
    let tail = "ls: unparsable value for LS_COLORS environment variable\n";
    assert_eq!(msg(b"abc", false), tail.as_bytes());
    assert_eq!(msg(b"abc", true), tail.as_bytes());
    let cases: &[(&[u8], &str, &str)] = &[
        (b"zz=1", "'zz'", "\u{2018}zz\u{2019}"),
        (b"'a=1", "'\\'a'", "\u{2018}'a\u{2019}"),
        (b"\\a=1", "'\\\\a'", "\u{2018}\\\\a\u{2019}"),
        (b"a\\=1", "'a\\\\'", "\u{2018}a\\\\\u{2019}"),
        (b"\t\x7f=1", "'\\t\\177'", "\u{2018}\\t\\177\u{2019}"),
        (b"\x01a=1", "'\\001a'", "\u{2018}\\001a\u{2019}"),
        (b"\xc3a=1", "'\\303a'", "\u{2018}\\303a\u{2019}"),
        (b"a\xc3=1", "'a\\303'", "\u{2018}a\\303\u{2019}"),
        (b" \"=1", "' \"'", "\u{2018} \"\u{2019}"),
        (b"\x1b[=1", "'\\033['", "\u{2018}\\033[\u{2019}"),
        (b"di=\\", "'di'", "\u{2018}di\u{2019}"),
    ];
    for (text, c, u) in cases {
        let want = |q: &str| format!("ls: unrecognized prefix: {q}\n{tail}").into_bytes();
        assert_eq!(
            msg(text, false),
            want(c),
            "C {:?}",
            String::from_utf8_lossy(text)
        );
        assert_eq!(
            msg(text, true),
            want(u),
            "UTF-8 {:?}",
            String::from_utf8_lossy(text)
        );
    }
    // é: octal in C, itself in UTF-8.
    assert_eq!(
        msg("é=1".as_bytes(), true),
        format!("ls: unrecognized prefix: \u{2018}é\u{2019}\n{tail}").into_bytes()
    );
    assert_eq!(
        msg("é=1".as_bytes(), false),
        format!("ls: unrecognized prefix: '\\303\\251'\n{tail}").into_bytes()
    );
}

#[test]
fn storage_is_enough_and_checked() {
    assert_eq!(storage_size(b"di=1"), StorageSize { bytes: 4, slots: 0 });
    assert_eq!(storage_size(b"*.a=1"), StorageSize { bytes: 5, slots: 2 });
    assert_eq!(
        storage_size(b"*.a=1:*.b=2:*.c=3"),
        StorageSize {
            bytes: 17,
            slots: 8
        }
    );
    // Too little memory is an error, not a panic.
    let bytes = Box::leak(vec![0u8; 2].into_boxed_slice());
    let r = parse(
        b"di=1234",
        Storage {
            bytes,
            slots: &mut [],
        },
    );
    assert_eq!(r.err(), Some(ParseError::NoRoom));
    let bytes = Box::leak(vec![0u8; 64].into_boxed_slice());
    let r = parse(
        b"*.a=1:*.b=2",
        Storage {
            bytes,
            slots: &mut [],
        },
    );
    assert_eq!(r.err(), Some(ParseError::NoRoom));
    // dircolors' database fits its size exactly.
    let d = db(DIRCOLORS);
    assert_eq!(d.suffix_count(), 130);
}

#[test]
fn is_colored_rules() {
    let d = db("fi=:di=0:ln=00:pi=000:so=1");
    assert!(!d.is_colored(Key::File));
    assert!(!d.is_colored(Key::Dir));
    assert!(!d.is_colored(Key::Link));
    assert!(d.is_colored(Key::Fifo));
    assert!(d.is_colored(Key::Socket));
    assert!(!d.is_colored(Key::Normal));
}

// ---------------------------------------------------------------- suffixes

#[test]
fn suffix_latest_definition_wins_not_longest() {
    // GNU: `*.gz=1:*ar.gz=2` colors c.tar.gz with 2; `*ar.gz=2:*.gz=1` with 1.
    assert_eq!(
        db("*.gz=1:*ar.gz=2").suffix_sequence(b"c.tar.gz"),
        Some(&b"2"[..])
    );
    assert_eq!(
        db("*ar.gz=2:*.gz=1").suffix_sequence(b"c.tar.gz"),
        Some(&b"1"[..])
    );
}

#[test]
fn suffix_case_insensitive_later_case_variant_hides_earlier() {
    // GNU 9.1: `*.txt=31` colors a.TXT and b.txt; `*.txt=31:*.TXT=32` colors both 32.
    let d = db("*.txt=31");
    assert_eq!(d.suffix_sequence(b"a.TXT"), Some(&b"31"[..]));
    assert_eq!(d.suffix_sequence(b"b.txt"), Some(&b"31"[..]));
    let d = db("*.txt=31:*.TXT=32");
    assert_eq!(d.suffix_sequence(b"a.TXT"), Some(&b"32"[..]));
    assert_eq!(d.suffix_sequence(b"b.txt"), Some(&b"32"[..]));
    assert_eq!(d.suffix_count(), 1);
    // Only ASCII letters fold.
    assert_eq!(db("*\u{e9}=1").suffix_sequence("\u{c9}".as_bytes()), None);
}

#[test]
fn suffix_edge_cases() {
    let d = db("*=5:*.c=6");
    assert_eq!(d.suffix_sequence(b"x.c"), Some(&b"6"[..]));
    assert_eq!(d.suffix_sequence(b"x.h"), Some(&b"5"[..]));
    assert_eq!(d.suffix_sequence(b""), Some(&b"5"[..]));
    let d = db("*.c=6:*=5");
    assert_eq!(d.suffix_sequence(b"x.c"), Some(&b"5"[..]));
    let d = db("*README=1:*~=2:*.tar.gz=3");
    assert_eq!(d.suffix_sequence(b"README"), Some(&b"1"[..]));
    assert_eq!(d.suffix_sequence(b"xreadme"), Some(&b"1"[..]));
    assert_eq!(d.suffix_sequence(b"EADME"), None);
    assert_eq!(d.suffix_sequence(b"f~"), Some(&b"2"[..]));
    assert_eq!(d.suffix_sequence(b".tar.gz"), Some(&b"3"[..]));
    assert_eq!(d.suffix_sequence(b"tar.gz"), None);
    // Escapes in the suffix; `=` ends it; the value may hold `=`.
    let d = db(r"*\x2etxt=7:*a=b=7");
    assert_eq!(d.suffix_sequence(b"b.txt"), Some(&b"7"[..]));
    assert_eq!(d.suffix_sequence(b"a"), Some(&b"b=7"[..]));
    let d = db(r"*.t\=t=5");
    assert_eq!(d.suffix_sequence(b"x.t=t"), Some(&b"5"[..]));
    // Empty value: still a sequence (GNU writes `\e[m`).
    assert_eq!(db("*.txt=").suffix_sequence(b"b.txt"), Some(&b""[..]));
}

#[test]
fn suffix_long_suffixes() {
    let long = "x".repeat(100);
    let text = format!("*.{long}=1:*{long}=2:*.c=3");
    let d = db(&text);
    assert_eq!(
        d.suffix_sequence(format!("a.{long}").as_bytes()),
        Some(&b"2"[..])
    );
    assert_eq!(
        d.suffix_sequence(format!("a{long}").as_bytes()),
        Some(&b"2"[..])
    );
    assert_eq!(d.suffix_sequence(&long.as_bytes()[1..]), None);
    assert_eq!(d.suffix_sequence(b"q.c"), Some(&b"3"[..]));
}

/// The table against the plain rule (the newest matching entry), on many entries.
#[test]
fn suffix_table_matches_linear_scan() {
    let mut defs = Vec::new();
    let mut seed = 12345u32;
    let mut next = || {
        seed = seed.wrapping_mul(1103515245).wrapping_add(12345);
        seed >> 16
    };
    let alphabet = b"aAbB.c~";
    for i in 0..400 {
        let len = (next() % 6) as usize;
        let s: String = (0..len)
            .map(|_| alphabet[(next() % 7) as usize] as char)
            .collect();
        defs.push((s, format!("{i}")));
    }
    let text: String = defs.iter().map(|(s, v)| format!("*{s}={v}:")).collect();
    let d = db(&text);
    for _ in 0..3000 {
        let len = (next() % 9) as usize;
        let name: String = (0..len)
            .map(|_| alphabet[(next() % 7) as usize] as char)
            .collect();
        let want = defs
            .iter()
            .rev()
            .find(|(s, _)| {
                s.len() <= name.len()
                    && name.as_bytes()[name.len() - s.len()..].eq_ignore_ascii_case(s.as_bytes())
            })
            .map(|(_, v)| v.as_bytes());
        assert_eq!(d.suffix_sequence(name.as_bytes()), want, "{name}");
    }
}

#[test]
fn dircolors_suffixes() {
    let d = db(DIRCOLORS);
    assert_eq!(d.suffix_sequence(b"x.tar"), Some(&b"01;31"[..]));
    assert_eq!(d.suffix_sequence(b"X.TAR"), Some(&b"01;31"[..]));
    assert_eq!(d.suffix_sequence(b"a.png"), Some(&b"01;35"[..]));
    assert_eq!(d.suffix_sequence(b"a.flac"), Some(&b"00;36"[..]));
    assert_eq!(d.suffix_sequence(b"a.rpmsave"), Some(&b"00;90"[..]));
    assert_eq!(d.suffix_sequence(b"a.c"), None);
    assert_eq!(d.get(Key::Orphan), Some(&b"40;31;01"[..]));
    assert!(!d.is_colored(Key::Missing));
    assert!(!d.is_colored(Key::MultiHardlink));
    assert!(!d.is_colored(Key::Capability));
}
