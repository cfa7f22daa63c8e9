use super::*;

fn stat(mode: u32, nlink: u64) -> Facts {
    Facts::from_stat(mode, nlink)
}

#[test]
fn regular_file_precedence() {
    let d = db("ca=7:mh=44:*.png=35");
    let key = |f: Facts, name: &str| d.classify_name(&f, name.as_bytes());
    assert_eq!(key(stat(0o106755, 2), "x"), Class::Key(Key::Setuid));
    assert_eq!(key(stat(0o102755, 2), "x"), Class::Key(Key::Setgid));
    let mut cap = stat(0o100755, 2);
    cap.has_capability = true;
    assert_eq!(key(cap, "x"), Class::Key(Key::Capability));
    assert_eq!(key(stat(0o100700, 2), "x"), Class::Key(Key::Exec));
    assert_eq!(key(stat(0o100010, 2), "x"), Class::Key(Key::Exec));
    assert_eq!(key(stat(0o100001, 2), "x"), Class::Key(Key::Exec));
    // GNU multihardlink.sh: ex beats mh, mh beats *.png.
    assert_eq!(
        key(stat(0o100644, 2), "x.png"),
        Class::Key(Key::MultiHardlink)
    );
    assert_eq!(key(stat(0o100644, 1), "x.png"), Class::Suffix(b"35"));
    assert_eq!(key(stat(0o100644, 1), "x"), Class::Key(Key::File));
    // Uncolored keys do not apply.
    let d = db("su=:sg=0:ex=00:mh=00:*.png=35");
    assert_eq!(
        d.classify_name(&stat(0o106755, 2), b"x.png"),
        Class::Suffix(b"35")
    );
    // Capability only counts when ca is colored (it is not by default).
    let mut cap = stat(0o100644, 1);
    cap.has_capability = true;
    assert_eq!(
        Database::builtin().classify_name(&cap, b"x"),
        Class::Key(Key::File)
    );
}

#[test]
fn directory_precedence() {
    let b = Database::builtin();
    assert_eq!(
        b.classify_name(&stat(0o041777, 2), b"d"),
        Class::Key(Key::StickyOtherWritable)
    );
    assert_eq!(
        b.classify_name(&stat(0o040777, 2), b"d"),
        Class::Key(Key::OtherWritable)
    );
    assert_eq!(
        b.classify_name(&stat(0o041755, 2), b"d"),
        Class::Key(Key::Sticky)
    );
    assert_eq!(
        b.classify_name(&stat(0o040755, 2), b"d"),
        Class::Key(Key::Dir)
    );
    // color-dtype-dir.sh: `ow=` falls back to di; tw= falls back to ow.
    let d = db("tw=:ow=");
    assert_eq!(
        d.classify_name(&stat(0o041777, 2), b"d"),
        Class::Key(Key::Sticky)
    );
    assert_eq!(
        d.classify_name(&stat(0o040777, 2), b"d"),
        Class::Key(Key::Dir)
    );
    // Directories never take suffixes.
    assert_eq!(
        db("*=1").classify_name(&stat(0o040755, 2), b"d"),
        Class::Key(Key::Dir)
    );
}

#[test]
fn other_types_and_dtype_fallback() {
    let b = Database::builtin();
    let by_mode = |m| b.classify_name(&stat(m, 1), b"x");
    assert_eq!(by_mode(0o010644), Class::Key(Key::Fifo));
    assert_eq!(by_mode(0o020644), Class::Key(Key::Char));
    assert_eq!(by_mode(0o060644), Class::Key(Key::Block));
    assert_eq!(by_mode(0o140755), Class::Key(Key::Socket));
    assert_eq!(by_mode(0o120777), Class::Key(Key::Link));
    assert_eq!(by_mode(0o000644), Class::Key(Key::Orphan));
    let by_type = |t| b.classify_name(&Facts::from_type(t), b"x");
    assert_eq!(by_type(Kind::Unknown), Class::Key(Key::Orphan));
    assert_eq!(by_type(Kind::Fifo), Class::Key(Key::Fifo));
    assert_eq!(by_type(Kind::CharDev), Class::Key(Key::Char));
    assert_eq!(by_type(Kind::Dir), Class::Key(Key::Dir));
    assert_eq!(by_type(Kind::BlockDev), Class::Key(Key::Block));
    assert_eq!(by_type(Kind::Regular), Class::Key(Key::File));
    assert_eq!(by_type(Kind::Whiteout), Class::Key(Key::File));
    assert_eq!(by_type(Kind::Symlink), Class::Key(Key::Link));
    assert_eq!(by_type(Kind::Socket), Class::Key(Key::Socket));
    // Not stat'd: no exec/dir attributes, but suffixes still apply.
    let d = db("*.gz=1");
    assert_eq!(
        d.classify_name(&Facts::from_type(Kind::Regular), b"a.gz"),
        Class::Suffix(b"1")
    );
}

#[test]
fn symlinks_orphans_and_targets() {
    let link = |target: Option<u32>| Facts {
        file_type: Kind::Symlink,
        stat: Some(Stat {
            mode: 0o120777,
            nlink: 1,
        }),
        has_capability: false,
        target_mode: target,
    };
    let b = Database::builtin();
    assert_eq!(b.classify_name(&link(None), b"l"), Class::Key(Key::Link));
    assert_eq!(b.name_sequence(&link(None), b"l"), Some(&b"01;36"[..]));
    // or colored: dangling (or not followed) links are orphans.
    let d = db("or=31");
    assert_eq!(d.classify_name(&link(None), b"l"), Class::Key(Key::Orphan));
    assert_eq!(
        d.classify_name(&link(Some(0o100644)), b"l"),
        Class::Key(Key::Link)
    );
    assert_eq!(
        d.classify_name(&Facts::from_type(Kind::Symlink), b"l"),
        Class::Key(Key::Orphan)
    );
    // or empty: not colored, the link stays ln.
    assert_eq!(
        db("or=").classify_name(&link(None), b"l"),
        Class::Key(Key::Link)
    );
    // ln=target: by the target's mode, the link's nlink, the link's name.
    let d = db("ln=target:mh=44:*.gz=35");
    assert_eq!(
        d.classify_name(&link(Some(0o100755)), b"l"),
        Class::Key(Key::Exec)
    );
    assert_eq!(
        d.classify_name(&link(Some(0o040755)), b"l"),
        Class::Key(Key::Dir)
    );
    assert_eq!(
        d.classify_name(&link(Some(0o100644)), b"l.gz"),
        Class::Suffix(b"35")
    );
    assert_eq!(
        d.classify_name(&link(Some(0o100644)), b"l"),
        Class::Key(Key::File)
    );
    assert_eq!(d.classify_name(&link(None), b"l"), Class::Key(Key::Orphan));
    assert_eq!(d.name_sequence(&link(None), b"l"), None);
    // Targets in -l.
    let d = db("mi=32:or=31");
    assert_eq!(
        d.classify_target(&link(None), b"nowhere"),
        Class::Key(Key::Missing)
    );
    assert_eq!(
        d.classify_target(&link(Some(0o010644)), b"fifo"),
        Class::Key(Key::Fifo)
    );
    let d = db("or=31");
    assert_eq!(
        d.classify_target(&link(None), b"nowhere"),
        Class::Key(Key::Orphan)
    );
    assert_eq!(
        Database::builtin().target_sequence(&link(None), b"reg"),
        None
    );
    // A hard-linked target is not mh: GNU looks at the link's own nlink.
    let d = db("mh=44:or=1");
    assert_eq!(
        d.classify_target(&link(Some(0o100644)), b"hard"),
        Class::Key(Key::File)
    );
    assert_eq!(
        d.classify_target(&link(Some(0o100644)), b"t.gz"),
        Class::Key(Key::File)
    );
    assert_eq!(
        db("*.gz=3").classify_target(&link(Some(0o100644)), b"../t.gz"),
        Class::Suffix(b"3")
    );
}

#[test]
fn empty_and_zero_values_still_color_when_chosen() {
    // GNU: `fi= ls --color=always reg` writes \e[0m\e[mreg\e[0m; fi=0 \e[0m\e[0mreg\e[0m.
    for (text, seq) in [
        ("fi=", &b""[..]),
        ("fi=0", b"0"),
        ("fi=00", b"00"),
        ("fi=000", b"000"),
    ] {
        let d = db(text);
        let s = d.name_sequence(&stat(0o100644, 1), b"reg");
        assert_eq!(s, Some(seq), "{text}");
        let mut out = Bytes(Vec::new());
        let mut p = Painter::new(&d);
        p.normal(&mut out);
        p.begin_name(&mut out, s);
        out.0.extend_from_slice(b"reg");
        p.end_name(&mut out, s.is_some(), 0, 3, 0);
        p.finish(&mut out);
        let want = [&b"\x1b[0m\x1b["[..], seq, b"mreg\x1b[0m"].concat();
        assert_eq!(out.0, want, "{text}");
    }
}

#[test]
fn needs_follow_gnu() {
    let n = |text: &str, long| {
        if text.is_empty() {
            Database::builtin().needs(long)
        } else {
            db(text).needs(long)
        }
    };
    let b = n("", false);
    assert!(b.stat_regular && b.stat_directories && !b.stat_symlinks && !b.follow_symlinks);
    assert!(!b.probe_capabilities);
    assert!(!n("", true).follow_symlinks);
    // GNU 9.1 does not stat regular files for mh alone (checked with strace).
    let m = n("ex=:su=:sg=:ca=:mh=44", false);
    assert!(!m.stat_regular);
    assert!(
        n("ex=:su=:sg=:ca=1", false).stat_regular
            && n("ex=:su=:sg=:ca=1", false).probe_capabilities
    );
    assert!(!n("ow=:st=:tw=", false).stat_directories);
    assert!(n("ow=:st=:tw=1", false).stat_directories);
    let o = n("or=1", false);
    assert!(o.follow_symlinks && o.stat_symlinks);
    let t = n("ln=target", false);
    assert!(t.follow_symlinks && t.stat_symlinks);
    let t = n("ln=target:ex=", false);
    assert!(!t.follow_symlinks && t.stat_symlinks);
    assert!(!n("mi=1", false).follow_symlinks);
    assert!(n("mi=1", true).follow_symlinks);
    let dc = n(DIRCOLORS, false);
    assert!(dc.follow_symlinks && !dc.probe_capabilities);
}

#[test]
fn keys_of_kinds() {
    for (kind, key) in [
        (Kind::Unknown, Key::Orphan),
        (Kind::Fifo, Key::Fifo),
        (Kind::CharDev, Key::Char),
        (Kind::Dir, Key::Dir),
        (Kind::BlockDev, Key::Block),
        (Kind::Regular, Key::File),
        (Kind::Symlink, Key::Link),
        (Kind::Socket, Key::Socket),
        (Kind::Door, Key::Orphan),
        (Kind::Whiteout, Key::File),
    ] {
        assert_eq!(kind.color(), key, "{kind:?}");
    }
}
