//! Numbers, month and day names, and 8-bit text in the installed locales, compared
//! with GNU byte for byte: LC_NUMERIC in ls's sizes (-h, --si, `'` block sizes),
//! LC_TIME's names in `ls -l` and +FORMAT styles, LC_CTYPE's classes in 8-bit
//! locales (ls's quoting and columns, wc's words and widths).
//!
//! Messages are not this file's business (`total`, `insgesamt`, the translated
//! date formats come from the catalogs): every run sets LC_MESSAGES=C beside
//! LANG, and where a locale's catalog translates the `-l` date formats (de, fr, sv,
//! cs) the date is compared through +FORMAT styles only.
mod common;
use common::*;
use std::time::{SystemTime, UNIX_EPOCH};

/// Locales whose coreutils catalog keeps the C date formats of `ls -l` (the others
/// wait for the catalog lookup).
const C_FORMATS: [&str; 4] = ["en_US.UTF-8", "ja_JP.UTF-8", "tr_TR.UTF-8", "ru_RU.KOI8-R"];

/// A run in locale `name` (LC_MESSAGES=C), with the locales of `locpath()`.
fn run(applet: &str, name: &str, fx: &Fixture) -> Cmd {
    Cmd::new(applet)
        .env_remove("LC_ALL")
        .env("LANG", name)
        .env("LC_MESSAGES", "C")
        .env("LOCPATH", locales::locpath())
        .cwd(fx.path(""))
}

/// Every locale of the suite, then C and C.UTF-8 (which must not change).
fn all() -> impl Iterator<Item = &'static str> {
    locales::names().chain(["C", "C.UTF-8"])
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// Files of sizes 0, 3, 1265648 and 10^9 (sparse), one dense file, and dates on
/// both sides of the six-months boundary and in every month.
fn sized() -> Fixture {
    let fx = Fixture::new("locvalues");
    fx.file("zero", "");
    fx.file("three", "abc");
    fx.file("dense", vec![7u8; 1_265_648]);
    let big = std::fs::File::create(fx.path("big")).unwrap();
    big.set_len(1_265_648).unwrap();
    let huge = std::fs::File::create(fx.path("huge")).unwrap();
    huge.set_len(1_000_000_000).unwrap();
    let half = 31_556_952 / 2;
    let t = now();
    fx.mtime("zero", t - half + 86_400);
    fx.mtime("three", t - half - 86_400);
    fx.mtime("dense", t - 3600);
    fx.mtime("big", 1_779_278_400); // 2026-05-20 12:00
    fx.mtime("huge", 1_764_583_200); // 2025-12-01 10:00
    for m in 0..12 {
        let name = format!("m{m:02}");
        fx.file(&name, "x");
        // The 15th of each month of 2024, at 13:00 (PM).
        fx.mtime(&name, 1_705_323_600 + m * 2_629_746);
    }
    fx
}

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn sizes_with_the_locales_numbers() {
    if locales::skip() {
        return;
    }
    let fx = sized();
    for name in all() {
        let style = "--time-style=+%Y";
        for args in [
            &["-l", style][..],
            &["-lh", style],
            &["-l", "--si", style],
            &["-s", "--si"],
            &["-sh"],
            &["-ls", "--block-size='1", style],
            &["-s", "--block-size='1"],
            &["-s", "--block-size='1", "-C", "-w", "30"],
            &["-l", "--block-size='1K", style],
            &["-ls", "--block-size='1kB", style],
            &["-s", "--block-size='h"],
        ] {
            run("ls", name, &fx).args(args).same();
        }
        for (var, value) in [
            ("BLOCK_SIZE", "'1k"),
            ("BLOCK_SIZE", "'1"),
            ("LS_BLOCK_SIZE", "'1"),
            ("LS_BLOCK_SIZE", "'si"),
        ] {
            run("ls", name, &fx)
                .env(var, value)
                .args(["-ls", style])
                .same();
        }
    }
}

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn month_and_day_names() {
    if locales::skip() {
        return;
    }
    let fx = sized();
    for name in all() {
        if C_FORMATS.contains(&name) || name.starts_with('C') {
            run("ls", name, &fx).arg("-l").same();
            run("ls", name, &fx)
                .args(["-l", "--time-style=locale"])
                .same();
            run("ls", name, &fx)
                .args(["-l", "--time-style=posix-locale"])
                .same();
        }
        for style in [
            "+%b %e  %Y",
            "+%e. %b %Y ",
            "+%b|%B|%a|%A|%p|%P",
            "+%c|%x|%X|%r",
            "+%b %b %h %10b %-5B %_8a",
            "+%^b %^B %#b %^a %#p",
            "+%%b %b",
            "+%OB|%Ob|%Oh|%^OB|%-10Ob",
        ] {
            run("ls", name, &fx)
                .args(["-l", &format!("--time-style={style}")])
                .same();
        }
    }
}

/// Names with every high byte, one a name, and mixes.
fn high_names() -> Fixture {
    let fx = Fixture::new("lochigh");
    for b in 0x80..=0xffu8 {
        fx.file(bytes_path(&[b'a', b]), "");
    }
    fx.file(bytes_path(b"mix\xe9\x9a\xa0 \x80z"), "");
    fx.file(bytes_path(b"caf\xe9 na\xefve"), "");
    fx
}

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn eight_bit_names() {
    if locales::skip() {
        return;
    }
    let fx = high_names();
    for name in all() {
        // -U: the order is the directory's (collation is not this file's business).
        for args in [
            &["-U", "-q"][..],
            &["-U", "-b"],
            &["-U", "--quoting-style=shell-escape"],
            &["-U", "--quoting-style=shell"],
            &["-U", "--quoting-style=c"],
            &["-U", "--quoting-style=escape"],
            &["-U", "-C", "-w", "30"],
            &["-U", "-x", "-w", "40", "-q"],
            &["-U", "-C", "-w", "60", "--quoting-style=shell-escape"],
            &["-U", "-N"],
        ] {
            run("ls", name, &fx).args(args).same();
        }
    }
}

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn eight_bit_text() {
    if locales::skip() {
        return;
    }
    let fx = Fixture::new("loctext");
    fx.file("l1.txt", b"caf\xe9 na\xefve \xa0x\n");
    fx.file("koi.txt", b"\xf7\xc5\xd4\xc5\xd2 \xc1\x9a\xc2 x\n");
    let mut all: Vec<u8> = Vec::new();
    for line in (0..=255u8).collect::<Vec<_>>().chunks(16) {
        all.extend_from_slice(line);
        all.push(b'\n');
    }
    all.extend((0x80..=0xffu8).cycle().take(384));
    all.extend_from_slice(b" x\xa0y\x9az\xffw\n");
    fx.file("all.bin", &all);
    for name in all_names() {
        for posix in [false, true] {
            for args in [
                &["-w", "-m", "-c", "-L"][..],
                &["-w"],
                &["-L"],
                &["-m"],
                &["-l", "-w"],
            ] {
                let mut c = run("wc", name, &fx)
                    .args(args)
                    .args(["l1.txt", "koi.txt", "all.bin"]);
                if posix {
                    c = c.env("POSIXLY_CORRECT", "1");
                }
                c.same();
            }
        }
    }
}

fn all_names() -> Vec<&'static str> {
    all().collect()
}
