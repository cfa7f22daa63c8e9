//! Version order: fixed orders printed by GNU ls 9.1 (`ls -av1`), properties of the
//! comparison, and a differential run of /usr/bin/ls over many generated names.

use super::*;
use std::os::unix::ffi::OsStrExt;
use std::process::Command;

fn sorted(names: &[&[u8]]) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = names.iter().map(|n| n.to_vec()).collect();
    v.sort_by(|a, b| filevercmp(a, b));
    v
}

fn words(s: &str) -> Vec<&[u8]> {
    s.split(' ').map(str::as_bytes).collect()
}

fn check_order(gnu_order: &str) {
    let want = words(gnu_order);
    let mut shuffled = want.clone();
    shuffled.reverse();
    shuffled.rotate_left(want.len() / 3);
    let got = sorted(&shuffled);
    let got: Vec<String> = got
        .iter()
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .collect();
    assert_eq!(got.join(" "), gnu_order);
}

#[test]
fn dot_files_as_9_1_orders_them() {
    // `LC_ALL=C ls -av1` on GNU coreutils 9.1.
    check_order(
        ". .. .~x .A .Z .a .a1b .b1 .b.c .z .zz~ .zz .zz.~1~ .0 .1.a .9 .zz.0 .# .-a \
         0 9 A Z a z zz~ zz zz.~1~ zz.0",
    );
}

#[test]
fn versions() {
    check_order("a a0 a1 a2 a9 a10 a11 a99 a100 b");
    check_order("foo-1.2 foo-1.2.1 foo-1.10 foo-2");
    check_order("x~ x x.~1~ x.~2~ x.~10~");
    check_order("app-1.10.tar.gz app-1.10.1.tar.gz");
    check_order("libfoo.so libfoo.so.0 libfoo.so.0.4800.4 libfoo.so.1");
}

#[test]
fn ties_and_specials() {
    use core::cmp::Ordering::*;
    assert_eq!(filevercmp(b"", b""), Equal);
    assert_eq!(filevercmp(b"", b"."), Less);
    assert_eq!(filevercmp(b".", b".."), Less);
    assert_eq!(filevercmp(b"..", b".a"), Less);
    assert_eq!(filevercmp(b".z", b"a"), Less);
    // Leading zeros are ignored by the numbers, then bytes decide.
    assert_eq!(filevercmp(b"a01", b"a1"), Less);
    assert_eq!(filevercmp(b"a1", b"a01"), Greater);
    assert_eq!(filevercmp(b"a001", b"a01"), Less);
    // Any number of digits.
    let big1 = [b"v".as_slice(), &[b'9'; 60]].concat();
    let big2 = [b"v1".as_slice(), &[b'0'; 60]].concat();
    assert_eq!(filevercmp(&big1, &big2), Less);
    assert_eq!(filevercmp(&big2, &big1), Greater);
    // `~` before the end, the end before letters, letters before other bytes.
    assert_eq!(filevercmp(b"a~", b"a"), Less);
    assert_eq!(filevercmp(b"a", b"aa"), Less);
    assert_eq!(filevercmp(b"aZ", b"a-"), Less);
    assert_eq!(filevercmp(b"a-", b"a\xff"), Less);
    assert_eq!(filevercmp(b"a", b"a"), Equal);
}

/// A deterministic pseudo-random generator (xorshift), for generated names.
fn names(count: usize, seed: u64) -> Vec<Vec<u8>> {
    const ALPHABET: &[u8] = b"0019aabzZ~~..-_+\xc3\xa9\xff";
    let mut x = seed;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut out: Vec<Vec<u8>> = Vec::new();
    while out.len() < count {
        let len = 1 + (next() % 9) as usize;
        let n: Vec<u8> = (0..len)
            .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize])
            .collect();
        if n != b"." && n != b".." && !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

#[test]
fn against_gnu_ls() {
    let mut all = names(3000, 0x9e37_79b9_7f4a_7c15);
    for fixed in [
        &b"a000000000000000000000000000000000000000001"[..],
        b"a1",
        b"a01",
        b"a99999999999999999999999999999999999999999999",
        b"a100000000000000000000000000000000000000000000",
        b"~",
        b"~~",
        b".~",
        b".~~",
        b"..a",
        b"...",
        b".a.",
        b"a.",
        b"a..b",
        b"x.tar.gz",
        b"x-1.tar.gz",
        b"x-1.0.tar.gz",
        b"x1.a~b",
        b"\xc3\xa9t\xc3\xa9",
    ] {
        if !all.iter().any(|n| n == fixed) {
            all.push(fixed.to_vec());
        }
    }
    let dir = std::env::temp_dir().join(format!("bareutils-vercmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for n in &all {
        std::fs::write(dir.join(std::ffi::OsStr::from_bytes(n)), b"").unwrap();
    }
    let o = Command::new("/usr/bin/ls")
        .env_clear()
        .env("LC_ALL", "C")
        .args(["-av1", "--quoting-style=literal"])
        .arg(&dir)
        .output()
        .expect("run /usr/bin/ls");
    assert!(o.status.success());
    let gnu: Vec<&[u8]> = o
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    let mut mine: Vec<Vec<u8>> = all.clone();
    mine.push(b".".to_vec());
    mine.push(b"..".to_vec());
    mine.sort_by(|a, b| filevercmp(a, b));
    assert_eq!(gnu.len(), mine.len());
    for (k, (g, m)) in gnu.iter().zip(&mine).enumerate() {
        assert_eq!(
            String::from_utf8_lossy(g),
            String::from_utf8_lossy(m),
            "position {k}: {:?} vs {:?}",
            g,
            m
        );
    }
    // A total order: antisymmetric, and consistent with the sorted sequence.
    for w in mine.windows(2) {
        assert_eq!(filevercmp(&w[0], &w[1]), core::cmp::Ordering::Less);
        assert_eq!(filevercmp(&w[1], &w[0]), core::cmp::Ordering::Greater);
    }
    let _ = std::fs::remove_dir_all(dir);
}
