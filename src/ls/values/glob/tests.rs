//! Pattern tests: fixed answers of glibc 2.36 fnmatch(FNM_PERIOD), and a differential
//! run of GNU `ls -I` over generated patterns and odd names.

use super::*;
use std::os::unix::ffi::OsStrExt;
use std::process::Command;

const C: Options = Options {
    utf8: false,
    posix: false,
    classes: None,
    collseq: None,
};
const U: Options = Options {
    utf8: true,
    posix: false,
    classes: None,
    collseq: None,
};
const CP: Options = Options {
    utf8: false,
    posix: true,
    classes: None,
    collseq: None,
};

#[test]
fn fixed_answers() {
    // (pattern, name, options, glibc's answer)
    let cases: &[(&[u8], &[u8], Options, bool)] = &[
        (b"*", b"a", C, true),
        (b"*", b".", C, false),
        (b"*", b".a", C, false),
        (b".*", b".a", C, true),
        (b"\\.*", b".a", C, true),
        (b"?a", b".a", C, false),
        (b"[.]a", b".a", C, false),
        (b"[!a]*", b".x", C, false),
        (b"*.o", b"x.o", C, true),
        (b"*.o", b".y.o", C, false),
        (b"a?", b"a.", C, true),
        (b"a[.]", b"a.", C, true),
        (b"x*[.]y", b"x.y", C, true),
        (b"*[.]y", b"x.y", C, true),
        // glibc keeps the leading-dot guard for the first try after `*?`.
        (b"*?[.]x", b"a.x", C, false),
        (b"*?*[.]", b"a.", C, false),
        (b"*?*[.]", b"ab.", C, true),
        (b"*?.x", b"a.x", C, true),
        (b"*?\\.", b"a.", C, true),
        (b"*?[.]", b"ab.", C, true),
        (b"*??[.]", b"ab.", C, false),
        // Sets.
        (b"[]]", b"]", C, true),
        (b"[]-a]", b"_", C, true),
        (b"[!]]", b"]", C, false),
        (b"[a-]", b"-", C, true),
        (b"[\\]]", b"]", C, true),
        (b"[z-a]", b"m", C, false),
        (b"[a-a]", b"a", C, true),
        (b"[a-\xff]", b"\xff", C, true),
        (b"[\xc3-z]", b"A", C, false),
        (b"[^a]", b"b", C, true),
        (b"[^a]", b"b", CP, false),
        (b"[^a]", b"^", CP, true),
        (b"[[:alpha:]-z]", b"-", C, true),
        (b"[a-[:alpha:]]", b"b", C, false),
        (b"[[:a]", b":", C, true),
        (b"[[=a=]]", b"a", C, true),
        (b"[[.a.]]", b"a", C, true),
        (b"[[.ab.]]", b"a", C, false),
        (b"[[.a.]-c]", b"b", C, true),
        (b"[[:foo:]]", b"a", C, false),
        (b"[a[:foo:]]", b"a", C, true),
        (b"[a[:foo:]]", b"b", C, false),
        (b"[a[=b]", b"a", C, false),
        (b"[a[=b]", b"=", C, true),
        (b"[a[.xy.]]", b"a", C, true),
        (b"[a[:alpha:]\\]]", b"a", C, true),
        (b"[a[:alpha:]]x]", b"ax]", C, true),
        (b"[b[:alpha:][.a.]", b"b", C, false),
        // Unterminated sets are ordinary characters; cut-off ranges match nothing.
        (b"[x", b"[x", C, true),
        (b"[[a", b"[[a", C, true),
        (b"[[a", b"[a", C, false),
        (b"[ab", b"a", C, false),
        (b"[a-", b"[a-", C, false),
        (b"[\\", b"[\\", C, false),
        // Backslashes.
        (b"\\*", b"*", C, true),
        (b"\\*", b"a", C, false),
        (b"\\", b"\\", C, false),
        (b"a\\", b"a\\", C, false),
        // UTF-8: characters or bytes, whichever matches.
        (b"?", "é".as_bytes(), U, true),
        (b"?", "é".as_bytes(), C, false),
        (b"??", "é".as_bytes(), U, true),
        (b"?", "日".as_bytes(), U, true),
        (b"??", "日".as_bytes(), U, false),
        (b"???", "日".as_bytes(), U, true),
        (b"?", b"\xff", U, true),
        (b"[[:alpha:]]", "é".as_bytes(), U, true),
        (b"[[:alpha:]]", "é".as_bytes(), C, false),
        (b"[[:alpha:]]?", "é".as_bytes(), U, false),
        (b"[^\xc3\xa9]", "é".as_bytes(), U, false),
        (b"[^\xc3\xa9]", b"\xff", U, true),
        (b"?\x97\xa5", "日".as_bytes(), U, true),
        (b"*\xa5", "日".as_bytes(), U, true),
    ];
    for &(p, n, o, want) in cases {
        assert_eq!(
            matches_with(p, n, o),
            want,
            "{:?} vs {:?} {o:?}",
            String::from_utf8_lossy(p),
            String::from_utf8_lossy(n)
        );
    }
    assert!(matches(b"*.o", b"a.o") && !matches(b"*.o", b".a.o"));
}

#[test]
fn no_backtracking_blowup() {
    let name = [b'a'; 4000];
    let pattern = b"*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b";
    assert!(!matches(pattern, &name));
    assert!(!matches_with(pattern, &name, U));
    let mut yes = name.to_vec();
    yes.push(b'b');
    assert!(matches(pattern, &yes));
}

fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

const PIECES: &[&[u8]] = &[
    b"*",
    b"*",
    b"?",
    b"[",
    b"[",
    b"]",
    b"]",
    b"!",
    b"^",
    b"-",
    b"\\",
    b".",
    b"a",
    b"b",
    b"z",
    b":",
    b"=",
    b"[:alpha:]",
    b"[:digit:]",
    b"[:punct:]",
    b"[:foo:]",
    b"[=a=]",
    b"[.a.]",
    b"[.",
    b"\xc3\xa9",
    b"\xe6\x97\xa5",
    b"\xff",
    b"\xc3",
    b"A",
    b"0",
];

fn names() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = [
        &b"a"[..],
        b"b",
        b"z",
        b"ab",
        b"ba",
        b"a.b",
        b".a",
        b".b.o",
        b"x.o",
        b".hidden",
        b"..x",
        b"a-b",
        b"[x",
        b"[[a",
        b"x]",
        b"]",
        b"^",
        b"!",
        b"-",
        b"a^",
        b"b!",
        b"=",
        b":",
        b"a:b",
        b"\\",
        b"a\\b",
        b"*",
        b"?",
        b"A",
        b"0",
        b"a0",
        b"Z9",
        b"~",
        b"a~",
        b".~",
        "é".as_bytes(),
        "aé".as_bytes(),
        "éa".as_bytes(),
        "日".as_bytes(),
        "日本".as_bytes(),
        b"\xff",
        b"a\xff",
        b"\xc3",
        b"\xc3a",
        "É".as_bytes(),
        "«".as_bytes(),
        b"[.a.]",
        b"[:alpha:]",
        b"zz",
        b"a.b.c",
    ]
    .iter()
    .map(|s| s.to_vec())
    .collect();
    v.sort();
    v
}

/// GNU ls -a -I PATTERN over `dir`: the names it lists.
fn gnu_listing(dir: &std::path::Path, pattern: &[u8], utf8: bool, posix: bool) -> Vec<Vec<u8>> {
    let mut cmd = Command::new("/usr/bin/ls");
    cmd.env_clear()
        .env("LC_ALL", if utf8 { "C.UTF-8" } else { "C" });
    if posix {
        cmd.env("POSIXLY_CORRECT", "1");
    }
    cmd.arg("-a1")
        .arg("-I")
        .arg(std::ffi::OsStr::from_bytes(pattern))
        .arg(dir);
    let o = cmd.output().expect("run /usr/bin/ls");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut v: Vec<Vec<u8>> = o
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect();
    v.sort();
    v
}

#[test]
fn against_gnu_ls() {
    let all = names();
    let dir = std::env::temp_dir().join(format!("bareutils-glob-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for n in &all {
        std::fs::write(dir.join(std::ffi::OsStr::from_bytes(n)), b"").unwrap();
    }
    let mut listed = all.clone();
    listed.push(b".".to_vec());
    listed.push(b"..".to_vec());
    listed.sort();
    let mut patterns: Vec<Vec<u8>> = [
        &b"*"[..],
        b".*",
        b"?",
        b"[!a]*",
        b"[^a]*",
        b"*[[:alpha:]]",
        b"[[:punct:]]*",
        b"*\\",
        b"[",
        b"\\[*",
    ]
    .iter()
    .map(|s| s.to_vec())
    .collect();
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    for _ in 0..220 {
        let len = 1 + (next() % 6) as usize;
        patterns.push(
            (0..len)
                .flat_map(|_| PIECES[(next() % PIECES.len() as u64) as usize].to_vec())
                .collect(),
        );
    }
    // Patterns copied from names with some bytes turned into wildcards.
    for n in all.iter().take(40) {
        let mut p = n.clone();
        let k = (next() % p.len() as u64) as usize;
        p[k] = if next().is_multiple_of(2) { b'?' } else { b'*' };
        patterns.push(p);
    }
    let mut compared = 0;
    for (i, p) in patterns.iter().enumerate() {
        let configs: &[Options] = if i % 5 == 0 { &[C, U, CP] } else { &[C, U] };
        for &o in configs {
            let want = gnu_listing(&dir, p, o.utf8, o.posix);
            let got: Vec<Vec<u8>> = listed
                .iter()
                .filter(|n| !matches_with(p, n, o))
                .cloned()
                .collect();
            assert_eq!(
                got.iter()
                    .map(|n| String::from_utf8_lossy(n).into_owned())
                    .collect::<Vec<_>>(),
                want.iter()
                    .map(|n| String::from_utf8_lossy(n).into_owned())
                    .collect::<Vec<_>>(),
                "pattern {:?} {o:?}",
                String::from_utf8_lossy(p)
            );
            compared += 1;
        }
    }
    assert!(compared > 500);
    let _ = std::fs::remove_dir_all(dir);
}

/// Every class of `[:name:]` against glibc's `isw<name>` in C.UTF-8 on every code
/// point (tools/gen_unicode.py --classes asks glibc through ctypes).
#[test]
#[ignore = "needs python3"]
fn classes_match_glibc_on_every_code_point() {
    // In the order of the generator's CLASSES: bit i is the i-th name.
    const NAMES: [&str; 12] = [
        "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space",
        "upper", "xdigit",
    ];
    let dump = crate::fmt::unicode::tests::generator("--classes", b"");
    assert_eq!(dump.len(), 2 * 0x11_0000);
    let classes = NAMES.map(|n| Class::named(n.as_bytes()).unwrap());
    let mut differ = Vec::new();
    for (cp, m) in dump.chunks(2).enumerate() {
        let m = u16::from_le_bytes([m[0], m[1]]);
        for (i, class) in classes.iter().enumerate() {
            if class.contains(cp as u32, true) != (m >> i & 1 == 1) {
                differ.push(format!("U+{cp:04X} {}", NAMES[i]));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} differ: {:?}",
        differ.len(),
        &differ[..differ.len().min(20)]
    );
    // Above U+10FFFF (glibc decodes up to U+7FFFFFFF) no class has a member.
    for cp in [0x11_0000, 0x7FFF_FFFF] {
        assert!(classes.iter().all(|c| !c.contains(cp, true)));
    }
}
