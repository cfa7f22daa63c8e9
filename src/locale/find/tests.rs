use super::*;

fn dirs(locpath: &str) -> Vec<String> {
    Dirs::new(locpath.as_bytes())
        .map(|d| String::from_utf8(d.to_vec()).unwrap())
        .collect()
}

#[test]
fn locpath_directories() {
    // As glibc's argz_create_sep splits LOCPATH (checked with strace on GNU ls).
    assert_eq!(dirs(""), ["/usr/lib/locale"]);
    assert_eq!(dirs("/a"), ["/a", "/usr/lib/locale"]);
    assert_eq!(dirs("::/a::/b"), ["/a", "/b", "/usr/lib/locale"]);
    assert_eq!(dirs("/a:"), ["/a", "", "/usr/lib/locale"]);
    assert_eq!(dirs(":"), ["", "/usr/lib/locale"]);
    assert_eq!(dirs("rel"), ["rel", "/usr/lib/locale"]);
}

#[test]
fn names_taken_apart() {
    let p = Parts::of(b"de_DE.UTF-8@euro");
    assert_eq!(p.language, b"de");
    assert_eq!(p.territory, Some(&b"DE"[..]));
    assert_eq!(p.codeset, Some(&b"UTF-8"[..]));
    assert_eq!(p.modifier, Some(&b"euro"[..]));
    assert_eq!(p.mask, TERRITORY | CODESET | MODIFIER);
    let p = Parts::of(b"en_US.");
    assert_eq!((p.codeset, p.mask), (Some(&b""[..]), TERRITORY));
    let p = Parts::of(b"sr@latin");
    assert_eq!(
        (p.language, p.territory, p.modifier, p.mask),
        (&b"sr"[..], None, Some(&b"latin"[..]), MODIFIER)
    );
    // No language: the name as a whole.
    let p = Parts::of(b".UTF-8");
    assert_eq!((p.language, p.codeset, p.mask), (&b".UTF-8"[..], None, 0));
}

#[test]
fn codesets_normalized() {
    let n = |s: &str| {
        String::from_utf8(normalize(s.as_bytes(), &mut [0; 256]).unwrap().to_vec()).unwrap()
    };
    assert_eq!(n("UTF-8"), "utf8");
    assert_eq!(n("ISO-8859-15"), "iso885915");
    assert_eq!(n("8859-1"), "iso88591");
    assert_eq!(n("eucJP"), "eucjp");
    assert_eq!(n(""), "iso");
    assert!(normalize(&[b'a'; 300], &mut [0; 256]).is_none());
    assert!(codeset_is_utf8(b"utf8") && codeset_is_utf8(b"UTF-8") && codeset_is_utf8(b"Utf_8"));
    assert!(!codeset_is_utf8(b"UTF-16") && !codeset_is_utf8(b"utf8@x"));
    assert!(same_codeset(b"ISO8859-1", b"iso-8859-1") && !same_codeset(b"latin1", b"ISO-8859-1"));
    let a = |s: &str| {
        String::from_utf8(
            archive_name(s.as_bytes(), &mut [0; PATH_MAX])
                .unwrap()
                .to_vec(),
        )
        .unwrap()
    };
    assert_eq!(a("en_US.UTF-8"), "en_US.utf8");
    assert_eq!(a("de_DE.ISO-8859-15@euro"), "de_DE.iso885915@euro");
    assert_eq!(a("de_DE@euro"), "de_DE@euro");
    assert_eq!(a("de_DE.@euro"), "de_DE.@euro");
    assert_eq!(a("en_US."), "en_US.");
}

#[test]
fn names_glibc_refuses() {
    for ok in ["en_US.UTF-8", "/abs/en_US", "a..b", ".x", "x.."] {
        assert!(valid_name(ok.as_bytes()), "{ok}");
    }
    for bad in ["..", "../x", "x/..", "/a/../b", "rel/en_US"] {
        assert!(!valid_name(bad.as_bytes()), "{bad}");
    }
    assert!(valid_name(&[b'x'; 255]) && !valid_name(&[b'x'; 256]));
}

#[test]
fn aliases() {
    let text: &'static [u8] =
        b"# comment\n  german\tde_DE.ISO-8859-1\nlonely\n#x y\nFrench fr_FR.ISO-8859-1 extra\n";
    assert_eq!(alias_of(text, b"german"), Some(&b"de_DE.ISO-8859-1"[..]));
    assert_eq!(alias_of(text, b"GERMAN"), Some(&b"de_DE.ISO-8859-1"[..]));
    assert_eq!(alias_of(text, b"french"), Some(&b"fr_FR.ISO-8859-1"[..]));
    assert_eq!(alias_of(text, b"lonely"), None);
    assert_eq!(alias_of(text, b"#x"), None);
    assert_eq!(alias_of(text, b"de_DE"), None);
}

#[test]
fn archive_hash_values() {
    // The hash values localedef stored for these names (an archive made with
    // `localedef --prefix`).
    assert_eq!(archive_hash(b"en_US.utf8"), 0x67e5_9d4b);
    assert_eq!(archive_hash(b"de_DE.iso88591"), 0xfab2_d6e3);
    assert_eq!(archive_hash(b"de_DE"), 0x297d_2e88);
}

/// A category file: magic, the string table (every entry pointing at the
/// codeset), the codeset.
fn category_file(cat: usize, codeset: &str) -> Vec<u8> {
    file_of(cat, codeset, ITEMS[cat] as usize)
}

/// A category file of `n` items.
fn file_of(cat: usize, codeset: &str, n: usize) -> Vec<u8> {
    let at = 8 + 4 * n;
    let mut f = magic(cat).to_ne_bytes().to_vec();
    f.extend((n as u32).to_ne_bytes());
    for _ in 0..n {
        f.extend((at as u32).to_ne_bytes());
    }
    f.extend(codeset.as_bytes());
    f.push(0);
    f
}

fn put(v: &mut [u8], off: usize, x: usize) {
    v[off..off + 4].copy_from_slice(&(x as u32).to_ne_bytes());
}

/// An archive of the given (name, codeset) locales, laid out as localedef does.
fn archive(locales: &[(&str, &str)], size: usize) -> &'static [u8] {
    let table = 56;
    let strings = table + 12 * size;
    let mut a = vec![0u8; strings];
    put(&mut a, 0, 0xde02_0109);
    put(&mut a, 8, table);
    put(&mut a, 12, locales.len());
    put(&mut a, 16, size);
    put(&mut a, 20, strings);
    let mut names = vec![];
    for (name, _) in locales {
        names.push(a.len());
        a.extend(name.as_bytes());
        a.push(0);
    }
    let used = a.len() - strings;
    put(&mut a, 24, used);
    let records = a.len();
    put(&mut a, 32, records);
    put(&mut a, 36, locales.len());
    a.resize(records + 108 * locales.len(), 0);
    for (i, (name, codeset)) in locales.iter().enumerate() {
        let rec = records + 108 * i;
        put(&mut a, rec, 1);
        for cat in (0..13).filter(|&c| c != 6) {
            let f = category_file(cat, codeset);
            let at = a.len();
            put(&mut a, rec + 4 + 8 * cat, at);
            put(&mut a, rec + 8 + 8 * cat, f.len());
            a.extend(f);
        }
        let h = archive_hash(name.as_bytes());
        let mut idx = h as usize % size;
        while u32_at(&a, table + 12 * idx + 4) != Some(0) {
            idx = (idx + 1 + h as usize % (size - 2)) % size;
        }
        put(&mut a, table + 12 * idx, h as usize);
        put(&mut a, table + 12 * idx + 4, names[i]);
        put(&mut a, table + 12 * idx + 8, rec);
    }
    Vec::leak(a)
}

#[test]
fn archive_lookups() {
    // Size 3 makes every name collide with another: the probe sequence is walked.
    let ar = archive(&[("en_US.utf8", "UTF-8"), ("de_DE", "ISO-8859-1")], 3);
    for cat in (0..13).filter(|&c| c != 6) {
        assert_eq!(
            archive_lookup(ar, b"en_US.utf8", cat).map(|d| codeset(d, cat)),
            Some(&b"UTF-8"[..])
        );
        assert_eq!(
            archive_lookup(ar, b"de_DE", cat).map(|d| codeset(d, cat)),
            Some(&b"ISO-8859-1"[..])
        );
    }
    assert!(archive_lookup(ar, b"en_US.UTF-8", 0).is_none());
    assert!(archive_lookup(ar, b"fr_FR", 0).is_none());
    // A table with no free slot: the search ends.
    let full = archive(&[("a", "UTF-8"), ("b", "UTF-8"), ("c", "UTF-8")], 3);
    assert!(archive_lookup(full, b"d", 0).is_none());
    assert!(archive_lookup(full, b"c", 0).is_some());
    // A header whose tables run past the end, a truncated file, a bad magic.
    let mut big = ar.to_vec();
    put(&mut big, 16, 1 << 20);
    assert!(archive_lookup(Vec::leak(big), b"de_DE", 0).is_none());
    assert!(archive_lookup(&ar[..ar.len() - 1], b"de_DE", 0).is_none());
    let mut bad = ar.to_vec();
    let ctype = usize_at(ar, usize_at(ar, 32).unwrap() + 108 + 4).unwrap();
    bad[ctype] ^= 1;
    let bad = Vec::leak(bad);
    assert!(archive_lookup(bad, b"de_DE", 0).is_none());
    assert!(archive_lookup(bad, b"de_DE", 2).is_some());
}

#[test]
fn category_files() {
    let f: &'static [u8] = Vec::leak(category_file(2, "UTF-8"));
    assert_eq!(valid_data(f, 2).map(|d| codeset(d, 2)), Some(&b"UTF-8"[..]));
    assert!(valid_data(f, 1).is_none(), "another category's magic");
    assert!(valid_data(&f[..7], 2).is_none());
    let mut short = f.to_vec();
    put(&mut short, 4, CODESET_ITEM[2] as usize);
    assert!(
        valid_data(Vec::leak(short), 2).is_none(),
        "no codeset entry"
    );
    let mut out = f.to_vec();
    let past = out.len() + 1;
    put(&mut out, 8, past);
    assert!(
        valid_data(Vec::leak(out), 2).is_none(),
        "an offset past the end"
    );
}

#[test]
fn item_counts_as_glibc_checks_them() {
    for cat in (0..13).filter(|&c| c != 6) {
        assert!(
            valid_data(&category_file(cat, "UTF-8"), cat).is_some(),
            "{cat}"
        );
        for n in [ITEMS[cat] as usize - 1, ITEMS[cat] as usize + 1] {
            // More items are allowed in LC_CTYPE only.
            let ok = cat == 0 && n > ITEMS[cat] as usize;
            let g = file_of(cat, "UTF-8", n);
            assert_eq!(valid_data(&g, cat).is_some(), ok, "{cat} {n}");
        }
    }
    // A file of the other byte order: its magic does not match.
    let mut f = category_file(2, "UTF-8");
    f[..4].reverse();
    assert!(valid_data(&f, 2).is_none());
    // The archive's magic, too.
    let ar = archive(&[("de_DE", "ISO-8859-1")], 5);
    let mut swapped = ar.to_vec();
    swapped[..4].reverse();
    assert!(archive_lookup(&swapped, b"de_DE", 0).is_none());
}

#[test]
fn items_strings_and_words() {
    // LC_NUMERIC: six items; a string, a word at an aligned offset, one unaligned.
    let mut f = magic(1).to_ne_bytes().to_vec();
    f.extend(6u32.to_ne_bytes());
    let base = 8 + 4 * 6;
    let offs = [base, base + 2, base + 4, base + 8, base + 9, base + 2];
    for o in offs {
        f.extend((o as u32).to_ne_bytes());
    }
    f.extend(b",\0.\0");
    f.extend([0; 4]);
    f.extend(0x2c_u32.to_ne_bytes());
    f.extend(b"UTF-8");
    let d = valid_data(&f, 1).unwrap();
    assert_eq!(string(d, 0), Some(&b","[..]));
    assert_eq!(string(d, 1), Some(&b"."[..]));
    assert_eq!(item(d, 2).map(|i| i.len()), Some(f.len() - base - 4));
    assert_eq!(word(d, 3), Some(0x2c));
    assert_eq!(word(d, 4), None, "unaligned");
    assert_eq!(string(d, 5), Some(&b"."[..]));
    assert_eq!(string(d, 6), None, "past the count");
    // A string without its NUL ends with the data.
    let cut = &f[..f.len() - 2];
    assert_eq!(string(cut, 5), Some(&b"."[..]));
}
