//! ls's name order under installed locales (LC_COLLATE), compared with GNU ls run
//! on the same directories in the same environment: GNU compares names with
//! glibc's strcoll, so its output is the oracle for our collation keys. Random
//! names (seeded) in large directories, where any pair ordered differently shows
//! as a difference of order; many directories of two near-equal names each, one
//! run for all of them; the orders whose ties fall back to the name (-t -S -X -c
//! -u --sort=width), -r, and names glibc calls equal (bytes that are not UTF-8),
//! which keep their readdir order.
mod common;
use common::*;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// A run of ls in locale `name` (found in the compiled LOCPATH).
fn ls(name: &str, dir: &Path) -> Cmd {
    Cmd::new("ls")
        .env("LOCPATH", locales::locpath())
        .env("LC_ALL", name)
        .cwd(dir)
}

fn utf8(name: &str) -> bool {
    name.ends_with("UTF-8")
}

/// xorshift: the names are the same on every run.
fn rng(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The pieces random names are made of: letters of both cases, accented and
/// special letters, digraphs, digits, punctuation glibc ignores at the first
/// levels, kana, kanji, compatibility characters, and (for the UTF-8 locales)
/// bytes that are not UTF-8.
fn pieces(utf8: bool) -> Vec<Vec<u8>> {
    let mut p: Vec<Vec<u8>> = Vec::new();
    for c in b'a'..=b'z' {
        p.push(vec![c]);
        p.push(vec![c.to_ascii_uppercase()]);
    }
    for s in [
        "ch", "Ch", "CH", "0", "1", "2", "9", " ", "-", "_", ".", "%", "~",
    ] {
        p.push(s.as_bytes().to_vec());
    }
    let special = ["é", "è", "ä", "å", "ö", "ü", "ß", "ı", "İ", "ç", "ñ"];
    if utf8 {
        for s in special
            .iter()
            .chain(&["あ", "ア", "カ", "漢", "字", "ｱ", "ǆ", "ﬁ", "Ö", "É"])
        {
            p.push(s.as_bytes().to_vec());
        }
        for b in [&b"\xff"[..], b"\xfe", b"\xc3", b"\x80", b"\xe3\x81"] {
            p.push(b.to_vec());
        }
    } else {
        // Names as bytes: every high byte is a character of the 8-bit locales.
        for b in 0x80..=0xffu8 {
            if b % 3 == 0 {
                p.push(vec![b]);
            }
        }
    }
    p
}

fn random_name(state: &mut u64, pieces: &[Vec<u8>]) -> Vec<u8> {
    let n = 1 + rng(state) % 10;
    let mut name = Vec::new();
    for _ in 0..n {
        name.extend_from_slice(&pieces[(rng(state) % pieces.len() as u64) as usize]);
    }
    name
}

/// A file named by bytes in `dir`.
fn touch(dir: &Path, name: &[u8]) {
    if name == b"." || name == b".." {
        return;
    }
    let p = dir.join(std::ffi::OsStr::from_bytes(name));
    std::fs::write(p, "").unwrap();
}

/// `count` random names in one directory: one sort compares the neighbours of
/// every name, so a pair we order otherwise than strcoll changes the output.
fn random_directory(fx: &Fixture, tag: &str, utf8: bool, seed: u64, count: usize) -> String {
    let dir = fx.dir(tag);
    let pieces = pieces(utf8);
    let mut state = seed;
    for _ in 0..count {
        touch(&dir, &random_name(&mut state, &pieces));
    }
    tag.to_string()
}

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn random_names_sort_as_gnu() {
    if locales::skip() {
        return;
    }
    let fx = Fixture::new("collate-random");
    let wide = random_directory(&fx, "utf8", true, 0x9e37_79b9_7f4a_7c15, 20_000);
    let bytes = random_directory(&fx, "bytes", false, 0x2545_f491_4f6c_dd1d, 20_000);
    for name in locales::names() {
        let dir = if utf8(name) { &wide } else { &bytes };
        for args in [&["-A", "-1"][..], &["-A", "-1", "-r"]] {
            ls(name, &fx.root).args(args).arg(dir).same();
        }
    }
}

/// Pairs of names that differ only a little (case, an accent, punctuation, a
/// byte that is not UTF-8, a digraph, one more piece): one directory of two names
/// per pair, all listed by one run.
#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn near_pairs_sort_as_gnu() {
    if locales::skip() {
        return;
    }
    for (tag, is_utf8) in [("pairs-utf8", true), ("pairs-bytes", false)] {
        let fx = Fixture::new(tag);
        let pieces = pieces(is_utf8);
        let mut state = 0x1234_5678_9abc_def1;
        let mut dirs = Vec::new();
        for i in 0..3000 {
            let a = random_name(&mut state, &pieces);
            let mut b = a.clone();
            let at = (rng(&mut state) as usize) % (b.len() + 1);
            let piece = &pieces[(rng(&mut state) % pieces.len() as u64) as usize];
            match rng(&mut state) % 4 {
                0 => {
                    b.splice(at..at, piece.iter().copied());
                }
                1 if at < b.len() => {
                    if b[at].is_ascii_alphabetic() {
                        b[at] ^= 0x20;
                    } else {
                        b[at] = b'e';
                    }
                }
                2 if at < b.len() => {
                    b.remove(at);
                }
                _ => b.extend_from_slice(piece),
            }
            if a == b || b.is_empty() {
                continue;
            }
            let d = format!("{i}");
            let dir = fx.dir(&d);
            touch(&dir, &a);
            touch(&dir, &b);
            dirs.push(d);
        }
        for name in locales::names().filter(|n| utf8(n) == is_utf8) {
            ls(name, &fx.root).args(["-A", "-1"]).args(&dirs).same();
        }
    }
}

/// The mixed directory of docs/LOCALES.md §1.2 and names glibc calls equal.
fn mixed(fx: &Fixture) {
    let names = [
        "adduser.conf",
        "alternatives",
        "PackageKit",
        "X11",
        "_under",
        ".hidden",
        "a-b",
        "ab",
        "a_b",
        "a b",
        "B",
        "b",
        "Zebra",
        "zebra",
        "émile",
        "Émile",
        "eclair",
        "10",
        "9",
        "2a",
        "a.b",
        "ab.c",
        "Ab",
        "ñu",
        "nu",
        "çà",
        "ca",
        "ch",
        "cha",
        "h",
        "i",
        "cz",
        "ı",
        "I",
        "İ",
        "z",
        "ö",
        "o",
        "å",
        "ä",
        "ü",
        "ß",
        "ss",
        "あ",
        "ア",
        "漢",
        "résumé",
        "resume",
        "Resume",
    ];
    let dir = fx.dir("mix");
    for n in names {
        touch(&dir, n.as_bytes());
    }
    touch(&dir, b"bad\xff");
    touch(&dir, b"bad\xe9");
    // Equal under strcoll in the UTF-8 locales: readdir order decides.
    let tie = fx.dir("tie");
    for n in [&b"a"[..], b"a\xfd", b"a\xff", b"a\xfe", b"b"] {
        touch(&tie, n);
    }
}

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn orders_with_name_ties_as_gnu() {
    if locales::skip() {
        return;
    }
    let fx = Fixture::new("collate-orders");
    mixed(&fx);
    // Equal times and sizes in groups, so that the name decides within each.
    for (i, e) in std::fs::read_dir(fx.path("mix")).unwrap().enumerate() {
        let p = e.unwrap().path();
        std::fs::write(&p, vec![b'x'; i % 3]).unwrap();
        let when =
            std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_600_000_000 + i as u64 % 4);
        let f = std::fs::File::options().write(true).open(&p).unwrap();
        f.set_times(
            std::fs::FileTimes::new()
                .set_modified(when)
                .set_accessed(when),
        )
        .unwrap();
    }
    let orders: [&[&str]; 14] = [
        &[],
        &["-r"],
        &["-A"],
        &["-Ar"],
        &["-t"],
        &["-tr"],
        &["-S"],
        &["-Sr"],
        &["-X"],
        &["-Xr"],
        &["-c"],
        &["-u"],
        &["--group-directories-first"],
        &["-v"],
    ];
    for name in locales::names() {
        for dir in ["mix", "tie"] {
            for args in orders {
                ls(name, &fx.root).arg("-1").args(args).arg(dir).same();
            }
            // Widths of 8-bit names are not the locale's yet (LC_CTYPE).
            if utf8(name) {
                ls(name, &fx.root).args(["-1", "--sort=width", dir]).same();
            }
        }
        // Operands are sorted too.
        ls(name, &fx.path("mix"))
            .args(["-d", "ß", "ss", "a_b", "ab", "B", "b"])
            .same();
    }
}

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn real_trees_as_gnu() {
    if locales::skip() {
        return;
    }
    let fx = Fixture::new("collate-trees");
    for name in locales::names() {
        for dir in ["/etc", "/usr/share/i18n/locales", "/usr/share/doc"] {
            if Path::new(dir).is_dir() {
                ls(name, &fx.root).args(["-A", "-1", dir]).same();
                ls(name, &fx.root).args(["-A", "-1", "-r", dir]).same();
            }
        }
    }
}

/// Files of one time are ordered by name, collated (after uutils' test of the
/// same name: a b c d with equal times, and others newer).
#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn order_time_breaks_ties_by_name() {
    if locales::skip() {
        return;
    }
    let fx = Fixture::new("collate-time");
    for n in ["b", "a", "D", "c", "_e", "É", "e"] {
        fx.file(n, "");
        fx.mtime(n, 1_600_000_000);
    }
    fx.file("newer", "");
    fx.mtime("newer", 1_700_000_000);
    for args in [&["-1t"][..], &["-1tr"], &["-1tu"], &["-1tc"]] {
        ls("en_US.UTF-8", &fx.root).args(args).same();
    }
}

/// Dot files among the others, not first, in en_US.UTF-8 (after uutils' test of
/// the same name): strcoll ignores the dot at the first levels.
#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn sort_dot_first_utf8_locale() {
    if locales::skip() {
        return;
    }
    let fx = Fixture::new("collate-dots");
    for n in [".a", "a", ".b", "b", ".C", "C", "..d", "_d", "d"] {
        fx.file(n, "");
    }
    for args in [&["-1a"][..], &["-1A"], &["-1Ar"]] {
        ls("en_US.UTF-8", &fx.root).args(args).same();
    }
}

/// Pairs where glibc's walk of backward runs differs from a plain reversal of
/// each run (docs/LOCALES.md §2.4), in the locales they were found in.
#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn backward_run_pairs_as_gnu() {
    if locales::skip() {
        return;
    }
    let fx = Fixture::new("collate-backward");
    let pairs: [(&[u8], &[u8]); 5] = [
        (b"9\xc3\xbc", b"9\xc3\xc3\xbc"),
        ("漢1".as_bytes(), "漢1_".as_bytes()),
        (b"2Ch", b"2%Ch"),
        (b"9 \xdf", b"9\xdf"),
        (b"a1", b"a1_"),
    ];
    let mut dirs = Vec::new();
    for (i, (a, b)) in pairs.iter().enumerate() {
        let d = fx.dir(format!("{i}"));
        touch(&d, a);
        touch(&d, b);
        dirs.push(format!("{i}"));
    }
    for name in locales::names() {
        for r in [&[][..], &["-r"]] {
            ls(name, &fx.root).arg("-1").args(r).args(&dirs).same();
        }
    }
}

/// Every name of up to three pieces of a small alphabet, in one directory.
#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn small_alphabet_exhaustive_as_gnu() {
    if locales::skip() {
        return;
    }
    let fx = Fixture::new("collate-small");
    let utf8_set: [&[u8]; 16] = [
        b"a",
        b"A",
        "á".as_bytes(),
        b"_",
        b"-",
        b".",
        b" ",
        "ß".as_bytes(),
        b"ch",
        b"c",
        b"h",
        "ı".as_bytes(),
        b"I",
        b"9",
        b"\xff",
        b"\xc3",
    ];
    let byte_set: [&[u8]; 12] = [
        b"a", b"A", b"\xe1", b"_", b"-", b".", b" ", b"\xdf", b"c", b"h", b"9", b"\xff",
    ];
    for (tag, set) in [("u", &utf8_set[..]), ("b", &byte_set[..])] {
        let dir = fx.dir(tag);
        let mut names: Vec<Vec<u8>> = vec![vec![]];
        for _ in 0..3 {
            let longer: Vec<Vec<u8>> = names
                .iter()
                .filter(|n| n.len() < 6)
                .flat_map(|n| set.iter().map(move |p| [&n[..], p].concat()))
                .collect();
            names.extend(longer);
        }
        names.sort();
        names.dedup();
        for n in names.iter().filter(|n| !n.is_empty()) {
            touch(&dir, n);
        }
    }
    for name in locales::names() {
        let dir = if utf8(name) { "u" } else { "b" };
        for r in [&[][..], &["-r"]] {
            ls(name, &fx.root)
                .args(["-A", "-1"])
                .args(r)
                .arg(dir)
                .same();
        }
    }
}
