//! wc against GNU wc (/usr/bin/wc, coreutils 9.1): every option and pairs of
//! options over awkward inputs, in C, POSIX and C.UTF-8; operands, standard
//! input from a pipe and from a file (with an offset), errors.
mod common;
use common::*;
use std::path::PathBuf;

const LOCALES: &[&str] = &["C", "POSIX", "C.UTF-8"];

/// Deterministic pseudo-random bytes.
fn random_bytes(n: usize, mut seed: u64) -> Vec<u8> {
    (0..n)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 24) as u8
        })
        .collect()
}

/// Multilingual text of about `n` bytes, with every kind of character.
fn mixed_text(n: usize) -> Vec<u8> {
    let words: &[&str] = &[
        "plain",
        "words",
        "and",
        "more",
        "\t",
        "\n",
        "  ",
        "été",
        "Ελληνικά",
        "русский",
        "日本語",
        "한국어",
        "\u{3000}",
        "\u{a0}",
        "\u{2003}",
        "\u{2007}",
        "e\u{301}",
        "😀",
        "\r\n",
        "\x0c",
        "\x0b",
        "\x01",
        "\u{85}",
        "\u{200b}",
        "x\u{2060}y",
        "\x7f",
    ];
    let mut v = Vec::new();
    let mut seed = 7u64;
    while v.len() < n {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        v.extend_from_slice(words[(seed >> 33) as usize % words.len()].as_bytes());
        if seed & 1 == 0 {
            v.push(b' ');
        }
    }
    v
}

/// Characters drawn from every plane, assigned or not (so that printable,
/// non-printable, wide, combining and separator characters all occur).
fn random_code_points(n: usize) -> Vec<u8> {
    let mut seed = 31u64;
    let mut s = String::new();
    for _ in 0..n {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let r = (seed >> 33) as u32;
        let cp = match r % 5 {
            0 => 0x20 + r / 5 % 0x5f,
            1 => 0x80 + r / 5 % 0x2f80,
            2 => 0x3000 + r / 5 % 0xd000,
            3 => 0x10000 + r / 5 % 0x20000,
            _ => [0x20, 0x0a, 0x09, 0x3000, 0xa0, 0x2003][(r / 5 % 6) as usize],
        };
        if let Some(c) = char::from_u32(cp) {
            s.push(c);
        }
    }
    s.into_bytes()
}

struct Inputs {
    fx: Fixture,
    names: Vec<&'static str>,
}

fn inputs() -> Inputs {
    let fx = Fixture::new("wc");
    let mut names = vec![];
    let mut add = |name: &'static str, content: &[u8]| {
        fx.file(name, content);
        names.push(name);
    };
    add("empty", b"");
    add("newline", b"\n");
    add("no-newline", b"no trailing newline");
    add("crlf", b"one two\r\nthree\r\n\r\n");
    add("tabs", b"a\tb\t\tc\n1234567\tx\n\t\n        \t.\n");
    add("nul", b"a\0b\0 c\n\0\0\n\0");
    add("invalid", b"a\xffb \x80\xc3 \xe6\x97 x\n\xf0\x9f\x98 z\xc0\xaf \xed\xa0\x80 \xf8\x88\x80\x80\x80\n\xe6\x97");
    add(
        "nbsp",
        "a\u{a0}b c\u{3000}d e\u{2003}f g\u{2007}h\u{202f}i\u{2060}j k\u{85}l m\u{200b}n\n"
            .as_bytes(),
    );
    add(
        "wide",
        "日本語 テキスト\n한국어\n😀 emoji e\u{301}\u{302} \u{1100}\u{1161}\n\u{ff21}\u{ff22}\n"
            .as_bytes(),
    );
    add("controls", b"\x01\x02a\x7fb\x1b[0m c\n\x01\n\x01 \x02\n");
    add("breaks", b"abc\rd\n a\x0cb\n\x0bx\nabcdefgh\r\x0c\n");
    let mut long = vec![b'x'; 100_000];
    long.extend_from_slice(b" y\n");
    add("long-line", &long);
    add("binary", &random_bytes(300_000, 99));
    add("mixed", &mixed_text(700_000));
    add("random-code-points", &random_code_points(150_000));
    let mut words = Vec::new();
    for i in 0..60_000 {
        words.extend_from_slice(format!("w{i} ").as_bytes());
        if i % 9 == 0 {
            words.push(b'\n');
        }
    }
    add("ascii-words", &words);
    Inputs { fx, names }
}

const OPTION_SETS: &[&[&str]] = &[
    &[],
    &["-c"],
    &["-m"],
    &["-l"],
    &["-w"],
    &["-L"],
    &["-lw"],
    &["-lc"],
    &["-cm"],
    &["-lL"],
    &["-wm"],
    &["-mL"],
    &["-wL"],
    &["-cL"],
    &["-wc"],
    &["-lwmcL"],
    &[
        "--bytes",
        "--chars",
        "--lines",
        "--words",
        "--max-line-length",
    ],
];

#[test]
fn every_option_over_every_input() {
    let i = inputs();
    for loc in LOCALES {
        for opts in OPTION_SETS {
            // All inputs at once: widths from the summed sizes, a total line.
            Cmd::new("wc")
                .env("LC_ALL", loc)
                .args(*opts)
                .args(&i.names)
                .cwd(&i.fx.root)
                .same();
            for name in &i.names {
                Cmd::new("wc")
                    .env("LC_ALL", loc)
                    .args(*opts)
                    .arg(name)
                    .cwd(&i.fx.root)
                    .same();
            }
        }
    }
}

#[test]
fn stdin_from_pipe_and_file() {
    let i = inputs();
    for loc in LOCALES {
        for opts in OPTION_SETS {
            for name in ["mixed", "invalid", "wide", "empty", "binary"] {
                let p = i.fx.path(name);
                let data = std::fs::read(&p).unwrap();
                let c = Cmd::new("wc").env("LC_ALL", loc).args(*opts);
                c.clone().stdin(Input::Bytes(data)).same();
                c.clone().stdin(Input::File(p.clone(), 0)).same();
                c.clone().stdin(Input::File(p.clone(), 5)).same();
                c.clone().arg("-").stdin(Input::File(p.clone(), 1)).same();
            }
        }
    }
}

#[test]
fn stdin_offsets_for_byte_counts() {
    let fx = Fixture::new("wc-offset");
    fx.file("small", b"0123456789\n");
    fx.file("page", vec![b'a'; 8192]);
    fx.file("bigger", vec![b'b'; 12_345]);
    for name in ["small", "page", "bigger"] {
        for skip in [0, 1, 4096, 5000, 20_000] {
            let p = fx.path(name);
            Cmd::new("wc")
                .arg("-c")
                .stdin(Input::File(p.clone(), skip))
                .same();
            Cmd::new("wc")
                .args(["-c", "-"])
                .stdin(Input::File(p.clone(), skip))
                .same();
            Cmd::new("wc")
                .args(["-m"])
                .stdin(Input::File(p.clone(), skip))
                .same();
            Cmd::new("wc")
                .args(["-c", "-", "-"])
                .stdin(Input::File(p.clone(), skip))
                .same();
            Cmd::new("wc")
                .args(["-lc"])
                .stdin(Input::File(p, skip))
                .same();
        }
    }
    // Standard input read twice: the second time it is at its end (or, for -c
    // on a regular file, 9.1 leaves the offset alone).
    let p = fx.path("small");
    Cmd::new("wc")
        .args(["-", "-"])
        .stdin(Input::File(p.clone(), 0))
        .same();
    Cmd::new("wc")
        .args(["-c", "-", "-"])
        .stdin(Input::File(p, 0))
        .same();
    Cmd::new("wc")
        .args(["-c", "-", "-"])
        .stdin(Input::Bytes(b"abc".to_vec()))
        .same();
    Cmd::new("wc")
        .args(["-c"])
        .stdin(Input::Pipe("head -c 3000000 /dev/zero".into()))
        .same();
    Cmd::new("wc")
        .args(["-c", "-", "small"])
        .cwd(&fx.root)
        .stdin(Input::Pipe("printf abc".into()))
        .same();
}

#[test]
fn widths() {
    let fx = Fixture::new("wc-width");
    fx.file("a", b"one two\nthree\n");
    fx.file("b", vec![b'x'; 123_456]);
    fx.dir("dir");
    for args in [
        &["a"][..],
        &["-l", "a"],
        &["a", "a"],
        &["-c", "a", "b"],
        &["a", "b"],
        &["-c", "/dev/null", "a"],
        &["/dev/null"],
        &["-l", "/dev/null"],
        &["-lw", "/dev/null"],
        &["nosuch", "a"],
        &["nosuch", "b", "a"],
        &["dir", "a"],
        &["-c", "dir"],
        &["-L", "dir", "b"],
    ] {
        Cmd::new("wc").args(args).cwd(&fx.root).same();
    }
    let a = fx.path("a");
    Cmd::new("wc").stdin(Input::File(a.clone(), 0)).same();
    Cmd::new("wc")
        .arg("-l")
        .stdin(Input::File(a.clone(), 0))
        .same();
    Cmd::new("wc")
        .stdin(Input::Bytes(b"one two\n".to_vec()))
        .same();
    Cmd::new("wc").stdin(Input::Null).same();
    Cmd::new("wc")
        .args(["-", "a"])
        .cwd(&fx.root)
        .stdin(Input::File(a, 0))
        .same();
}

#[test]
fn errors_and_names() {
    let fx = Fixture::new("wc-err");
    fx.file("a", b"x y\n");
    fx.dir("adir");
    fx.file(bytes_path(b"new\nline"), b"1 2\n");
    fx.file("a b", b"c\n");
    fx.file("it's", b"d\n");
    fx.file(bytes_path(b"\xe6\x97\xa5\xff"), b"e\n");
    fx.file("unreadable", b"secret\n");
    fx.chmod("unreadable", 0o000);
    for loc in LOCALES {
        for args in [
            &["nosuch"][..],
            &["adir"],
            &["-c", "adir"],
            &["-l", "adir", "a"],
            &["nosuch", "a", "adir"],
            &[""],
            &["", "a"],
            &["new\nline"],
            &["new\nline", "a"],
            &["a b", "it's", "no such", "no'such\n", "x:y"],
            &["-x"],
            &["--bogus"],
            &["--by"],
            &["--li"],
            &["--files0-from"],
            &["-c", "--", "-l"],
            &["/proc/self/mem"],
            &["-c", "/proc/self/mem"],
        ] {
            Cmd::new("wc")
                .env("LC_ALL", loc)
                .args(args)
                .cwd(&fx.root)
                .same();
        }
        Cmd::new("wc")
            .env("LC_ALL", loc)
            .arg(bytes_path(b"\xe6\x97\xa5\xff"))
            .cwd(&fx.root)
            .same();
        Cmd::new("wc")
            .env("LC_ALL", loc)
            .arg(bytes_path(b"\xe6\x97\xa5\xffx"))
            .cwd(&fx.root)
            .same();
        // Root reads anything: then nobody is the one who cannot.
        let unreadable = Cmd::new("wc")
            .env("LC_ALL", loc)
            .args(["unreadable", "a"])
            .cwd(&fx.root);
        if is_root() {
            unreadable.user("nobody")
        } else {
            unreadable
        }
        .same();
    }
    // Standard input is a directory, or closed.
    Cmd::new("wc").stdin(Input::File(fx.path("adir"), 0)).same();
    Cmd::new("wc")
        .arg("-")
        .stdin(Input::File(fx.path("adir"), 0))
        .same();
    Cmd::new("wc")
        .arg("-c")
        .stdin(Input::File(fx.path("adir"), 0))
        .same();
}

#[test]
fn closed_stdin() {
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    let run = |exe: PathBuf, args: &[&str]| {
        let mut c = applet_cmd(&exe, "wc");
        c.args(args).env_clear().env("LC_ALL", "C");
        c.stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .stdin(Stdio::null());
        // SAFETY: close(0) in the child before exec; async-signal-safe.
        unsafe {
            c.pre_exec(|| {
                extern "C" {
                    fn close(fd: i32) -> i32;
                }
                close(0);
                Ok(())
            });
        }
        let o = c.output().unwrap();
        (o.stdout, o.stderr, o.status.code())
    };
    for args in [&[][..], &["-c"], &["-l"], &["-", "-"]] {
        assert_eq!(run(bin(), args), run(gnu("wc"), args), "{args:?}");
    }
}

#[test]
fn help_and_version() {
    let o = Cmd::new("wc").arg("--help").ours();
    assert_eq!(o.status, 0);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.starts_with(
            "Usage: wc [OPTION]... [FILE]...\n  or:  wc [OPTION]... --files0-from=F\n"
        ),
        "{text}"
    );
    // The whole text, byte for byte (it is stored packed: src/texts/help.rs).
    assert_eq!(
        text,
        include_str!("../src/texts/help/wc.txt").replace("{prog}", "wc")
    );
    for line in [
        "  -c, --bytes            print the byte counts\n",
        "  -m, --chars            print the character counts\n",
        "  -l, --lines            print the newline counts\n",
        "      --files0-from=F    read the names of the input files from F, where\n",
        "  -L, --max-line-length  print the display width of the widest line\n",
        "  -w, --words            print the word counts\n",
        "      --total=WHEN       when to print the line of totals;\n",
        "      --help        display this help and exit\n",
        "      --version     output version information and exit\n",
    ] {
        assert!(text.contains(line), "{line:?} missing from --help:\n{text}");
    }
    let o = Cmd::new("wc").arg("--version").ours();
    assert_eq!(o.status, 0);
    assert!(o
        .stdout
        .starts_with(format!("wc (bareutils) {}\n", env!("CARGO_PKG_VERSION")).as_bytes()));
    // --help wins when it comes first; an earlier bad option wins otherwise.
    assert_eq!(Cmd::new("wc").args(["--help", "--bogus"]).ours().status, 0);
    Cmd::new("wc").args(["--bogus", "--help"]).same();
}

#[test]
fn debug_reports_the_line_kernel() {
    if skip_under_qemu("the emulated CPU has no AVX2 line kernel to report") {
        return;
    }
    let fx = Fixture::new("wc-debug");
    fx.file("a", b"x\ny\n");
    for args in [
        &["--debug", "-l", "a"][..],
        &["--debug", "a"],
        &["--debug", "-lc", "a", "a"],
        &["--debug", "-c", "a"],
    ] {
        Cmd::new("wc").args(args).cwd(&fx.root).same();
    }
}

#[test]
fn files0_from() {
    let fx = Fixture::new("wc-files0");
    fx.file("a", b"one two\n");
    fx.file("bb", b"three four five\n");
    fx.file(bytes_path(b"n\nl"), b"x\n");
    fx.dir("adir");
    fx.file("list", b"a\0bb\0");
    fx.file("list-no-nul", b"a\0bb");
    fx.file("list-missing", b"a\0nosuch\0bb\0");
    fx.file("list-empty", b"");
    fx.file("list-nul", b"\0");
    fx.file("list-nuls", b"\0\0");
    fx.file("list-middle", b"a\0\0bb\0");
    fx.file("list-dup", b"a\0a\0a\0");
    fx.file("list-dash", b"-\0a\0");
    fx.file("list-one", b"a\0");
    fx.file("list-odd", b"n\nl\0adir\0");
    fx.file("list-only-missing", b"x\0y\0");
    let lists = [
        "list",
        "list-no-nul",
        "list-missing",
        "list-empty",
        "list-nul",
        "list-nuls",
        "list-middle",
        "list-dup",
        "list-one",
        "list-odd",
        "list-only-missing",
    ];
    for list in lists {
        for opts in [&[][..], &["-l"], &["-c"], &["-lwmcL"]] {
            let arg = format!("--files0-from={list}");
            Cmd::new("wc").args(opts).arg(&arg).cwd(&fx.root).same();
            // The same list from a pipe (names streamed, width 1) and from a
            // redirected file (read whole first).
            let data = std::fs::read(fx.path(list)).unwrap();
            Cmd::new("wc")
                .args(opts)
                .arg("--files0-from=-")
                .cwd(&fx.root)
                .stdin(Input::Bytes(data))
                .same();
            Cmd::new("wc")
                .args(opts)
                .arg("--files0-from=-")
                .cwd(&fx.root)
                .stdin(Input::File(fx.path(list), 0))
                .same();
        }
    }
    // '-' in a list read from a file means standard input.
    Cmd::new("wc")
        .arg("--files0-from=list-dash")
        .cwd(&fx.root)
        .stdin(Input::Bytes(b"in put\n".to_vec()))
        .same();
    // ... and is refused in a list read from standard input.
    Cmd::new("wc")
        .arg("--files0-from=-")
        .cwd(&fx.root)
        .stdin(Input::Bytes(b"-\0a\0".to_vec()))
        .same();
    for args in [
        &["--files0-from=nosuch"][..],
        &["--files0-from=adir"],
        &["--files0-from=list", "a"],
        &["--files0-from=list", "a", "bb"],
        &["--files0-from=/dev/null"],
        &["--files0-from", "list"],
        &["--files0-from="],
        &["--files0-from=it's"],
    ] {
        Cmd::new("wc").args(args).cwd(&fx.root).same();
    }
    // A long list (over the first buffer) from a pipe and from a file.
    let mut big = Vec::new();
    for i in 0..20_000 {
        big.extend_from_slice(if i % 2 == 0 { b"a\0" } else { b"bb\0" });
    }
    fx.file("list-big", &big);
    Cmd::new("wc")
        .arg("--files0-from=list-big")
        .cwd(&fx.root)
        .same();
    Cmd::new("wc")
        .arg("--files0-from=-")
        .cwd(&fx.root)
        .stdin(Input::Bytes(big))
        .same();
}

#[test]
fn posixly_correct_and_locale_variables() {
    let fx = Fixture::new("wc-locale");
    fx.file(
        "nbsp",
        "a\u{a0}b c\u{2007}d e\u{202f}f g\u{2060}h i\u{2003}j\n".as_bytes(),
    );
    let base = || {
        Cmd::new("wc")
            .arg("nbsp")
            .cwd(&fx.root)
            .env_remove("LC_ALL")
    };
    base().same();
    base().env("LANG", "C.UTF-8").same();
    base().env("LC_CTYPE", "C.UTF-8").same();
    base().env("LANG", "C.UTF-8").env("LC_CTYPE", "C").same();
    base().env("LC_ALL", "C.UTF-8").env("LC_CTYPE", "C").same();
    base()
        .env("LC_ALL", "C.UTF-8")
        .env("POSIXLY_CORRECT", "1")
        .same();
    base().env("LC_ALL", "C").env("POSIXLY_CORRECT", "1").same();
}

#[test]
fn special_files() {
    let fx = Fixture::new("wc-special");
    // /proc files have st_size 0 and are read; their sizes differ between two
    // processes, but not their line and word counts.
    for args in [
        &["-l", "/proc/self/status"][..],
        &["-lw", "/proc/version"],
        &["/proc/version"],
        &["-c", "/proc/version"],
    ] {
        Cmd::new("wc").args(args).same();
    }
    let o = Cmd::new("wc").args(["-c", "/proc/self/status"]).ours();
    let n: u64 = String::from_utf8(o.stdout)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(n > 100, "/proc/self/status read, not sized by st_size: {n}");
    // sysfs: st_size 4096, content shorter.
    Cmd::new("wc")
        .args(["-c", "/sys/devices/system/cpu/online"])
        .same();
    for args in [
        &["/dev/null"][..],
        &["-c", "/dev/null"],
        &["-l", "/dev/null", "/dev/null"],
    ] {
        Cmd::new("wc").args(args).same();
    }
    // A fifo operand, fed by a writer started for each run.
    let fifo = fx.fifo("fifo");
    for opts in [&[][..], &["-c"], &["-l"]] {
        let run = |exe: PathBuf| {
            let f = fifo.clone();
            let w = std::thread::spawn(move || std::fs::write(f, b"one two\nthree\n").unwrap());
            let o = Cmd::new("wc")
                .args(opts)
                .arg("fifo")
                .cwd(&fx.root)
                .run_with(&exe);
            w.join().unwrap();
            o
        };
        assert_eq!(run(bin()), run(gnu("wc")), "{opts:?}");
    }
}

#[test]
fn file_that_grows_while_read() {
    use std::io::Write;
    let fx = Fixture::new("wc-grow");
    let p = fx.file("grow", vec![b'x'; 1 << 20]);
    let w = {
        let p = p.clone();
        std::thread::spawn(move || {
            let mut f = std::fs::OpenOptions::new().append(true).open(p).unwrap();
            for _ in 0..200 {
                f.write_all(&[b'y'; 4096]).unwrap();
                f.write_all(b"\n").unwrap();
            }
        })
    };
    for opts in [&["-l"][..], &["-c"], &["-w"]] {
        let o = Cmd::new("wc").args(opts).arg(&p).ours();
        assert_eq!(o.status, 0, "{o:?}");
        let n: u64 = String::from_utf8(o.stdout)
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(n <= 200 * 4097 + (1 << 20), "{opts:?} {n}");
    }
    w.join().unwrap();
    // Once it stops growing, the counts are exact again.
    for opts in [&["-l"][..], &["-c"], &["-w"], &[]] {
        Cmd::new("wc").args(opts).arg(&p).same();
    }
}

/// --total is newer than the installed GNU wc (9.2): expected output from GNU's
/// documentation.
#[test]
fn total_option() {
    let fx = Fixture::new("wc-total");
    fx.file("a", b"one two\n");
    fx.file("b", b"three\nfour five\n");
    let wc = |args: &[&str]| Cmd::new("wc").args(args).cwd(&fx.root);
    wc(&["--total=auto", "a", "b"]).expect(b" 1  2  8 a\n 2  3 16 b\n 3  5 24 total\n", 0);
    wc(&["--total=auto", "a"]).expect(b"1 2 8 a\n", 0);
    wc(&["--total=always", "a"]).expect(b"1 2 8 a\n1 2 8 total\n", 0);
    wc(&["--total=always", "-l", "a"]).expect(b"1 a\n1 total\n", 0);
    wc(&["--total=never", "a", "b"]).expect(b" 1  2  8 a\n 2  3 16 b\n", 0);
    wc(&["--total=only", "a", "b"]).expect(b"3 5 24\n", 0);
    wc(&["--total=only", "-c", "a"]).expect(b"8\n", 0);
    wc(&["--total=o", "a", "b"]).expect(b"3 5 24\n", 0);
    wc(&["--total", "never", "a", "b"]).expect(b" 1  2  8 a\n 2  3 16 b\n", 0);
    wc(&["--tot=al", "-L", "a", "b"]).expect(b" 7 a\n 9 b\n 9 total\n", 0);
    // -L totals are the maximum.
    wc(&["--total=only", "-L", "a", "b"]).expect(b"9\n", 0);
    wc(&["--total=always"])
        .stdin(Input::Bytes(b"x\n".to_vec()))
        .expect(
            b"      1       1       2\n      1       1       2 total\n",
            0,
        );
    // Errors still print and set the status; the totals include what was read.
    let o = wc(&["--total=only", "a", "nosuch"]).ours();
    assert_eq!(
        (o.stdout.as_slice(), o.stderr.as_slice(), o.status),
        (
            &b"1 2 8\n"[..],
            &b"wc: nosuch: No such file or directory\n"[..],
            1
        )
    );
    // A missing or bad WHEN: `--total 2b 2w` takes 2b as the value.
    let o = wc(&["--total", "2b", "2w"]).ours();
    assert_eq!(o.status, 1);
    assert_eq!(
        String::from_utf8(o.stderr).unwrap(),
        "wc: invalid argument '2b' for '--total'\nValid arguments are:\n  - 'auto'\n  - 'always'\n  - 'only'\n  - 'never'\nTry 'wc --help' for more information.\n"
    );
    let o = wc(&["--total=a", "a"]).ours();
    assert_eq!(o.status, 1);
    assert!(String::from_utf8(o.stderr)
        .unwrap()
        .starts_with("wc: ambiguous argument 'a' for '--total'\n"));
    let o = wc(&["a", "--total"]).ours();
    assert_eq!(
        (o.status, o.stderr.as_slice()),
        (
            1,
            &b"wc: option '--total' requires an argument\nTry 'wc --help' for more information.\n"
                [..]
        )
    );
}

#[test]
fn write_errors() {
    use std::process::Stdio;
    let fx = Fixture::new("wc-full");
    fx.file("a", b"x y\n");
    let run = |exe: PathBuf, args: &[&str]| {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = applet_cmd(&exe, "wc")
            .args(args)
            .current_dir(&fx.root)
            .env_clear()
            .env("LC_ALL", "C")
            .stdin(Stdio::null())
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        (o.stderr, o.status.code())
    };
    for args in [
        &["a"][..],
        &["a", "nosuch", "a"],
        &["--help"],
        &["--version"],
    ] {
        assert_eq!(run(bin(), args), run(gnu("wc"), args), "{args:?}");
    }
}

/// Files of at least 4 MiB are counted by `wc -l` through mapped 64 MiB windows:
/// more than one window, a start offset that is not a page multiple, standard input
/// left at the end for the next reader, and the other counts beside -l.
#[test]
fn large_files_counted_through_mappings() {
    let fx = Fixture::new("wc-mapped");
    let mut text = mixed_text(1 << 20);
    while text.len() < (70 << 20) {
        let more = text.clone();
        text.extend_from_slice(&more);
    }
    text.truncate((70 << 20) + 12_345);
    // A 4-byte character across the first window's end, a 3-byte one across a
    // page boundary, and a word across both.
    text[(64 << 20) - 6..(64 << 20) + 2].copy_from_slice("ab\u{1F600}cd".as_bytes());
    text[(8 << 20) - 1..(8 << 20) + 2].copy_from_slice("\u{3000}".as_bytes());
    let big = fx.file("big", &text);
    fx.file("small", b"one\ntwo\n");
    fx.file("exact", vec![b'\n'; 4 << 20]);
    let sets: &[&[&str]] = &[
        &["-l"],
        &["-lc"],
        &[],
        &["-w"],
        &["-m"],
        &["-L"],
        &["-lwmcL"],
    ];
    for loc in ["C", "C.UTF-8"] {
        for opts in sets {
            Cmd::new("wc")
                .env("LC_ALL", loc)
                .args(*opts)
                .arg(&big)
                .same();
        }
    }
    Cmd::new("wc")
        .args(["-l", "big", "small", "exact"])
        .cwd(&fx.root)
        .same();
    Cmd::new("wc")
        .args(["big", "small", "exact"])
        .cwd(&fx.root)
        .same();
    // Standard input with an offset (in the middle of a page, of a window, of the
    // character across the first window's end), read once and twice.
    for (opts, loc) in [
        (&["-l"][..], "C"),
        (&[][..], "C"),
        (&["-mw"][..], "C.UTF-8"),
    ] {
        for skip in [0, 1, 4097, (64 << 20) - 3, (70 << 20) + 5] {
            let c = Cmd::new("wc").env("LC_ALL", loc).args(opts);
            c.clone().stdin(Input::File(big.clone(), skip)).same();
            c.clone()
                .args(["-", "-"])
                .stdin(Input::File(big.clone(), skip))
                .same();
        }
    }
    // What the next reader of the same standard input sees.
    for skip in [1, 4097] {
        let run = |exe: &std::path::Path| {
            let line = format!(
                "(dd bs={skip} count=1 >/dev/null 2>&1; ({} -l); cat | cksum) < big",
                sh_exec(exe, "wc")
            );
            std::process::Command::new("bash")
                .args(["-c", &line])
                .current_dir(&fx.root)
                .output()
                .unwrap()
        };
        let (o, g) = (run(&bin()), run(&gnu("wc")));
        assert_eq!(
            (show(&o.stdout), show(&o.stderr), o.status.code()),
            (show(&g.stdout), show(&g.stderr), g.status.code())
        );
    }
}

/// A file that shrinks while `wc -l` has it mapped: no SIGBUS; the bytes past the
/// new end are not counted (as when read(2) finds the end there). strace holds the
/// second window's madvise for three seconds while the file is cut.
#[test]
#[ignore = "needs strace"]
fn file_that_shrinks_while_mapped() {
    if skip_strace_under_qemu() {
        return;
    }
    let fx = Fixture::new("wc-shrink");
    let mut text = Vec::new();
    while text.len() < (100 << 20) {
        text.extend_from_slice(b"a line of text\n");
    }
    let p = fx.file("shrinks", &text);
    let log = fx.path("strace.out");
    let child = std::process::Command::new("strace")
        .arg("-o")
        .arg(&log)
        .args(["-e", "inject=madvise:delay_exit=3000000:when=2"])
        .arg(bin())
        .args(["wc", "-l"])
        .arg(&p)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("strace");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !std::fs::read_to_string(&log)
        .unwrap_or_default()
        .contains("(DELAYED)")
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the second window was never mapped"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::fs::OpenOptions::new()
        .write(true)
        .open(&p)
        .unwrap()
        .set_len(70_000_000)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let trace = std::fs::read_to_string(&log).unwrap();
    assert!(trace.contains("SIGBUS"), "the cut never faulted:\n{trace}");
    let gnu = std::process::Command::new(gnu("wc"))
        .arg("-l")
        .arg(&p)
        .output()
        .unwrap();
    assert_eq!(show(&out.stdout), show(&gnu.stdout));
    assert_eq!(show(&out.stderr), show(b""));
    assert_eq!(out.status.code(), Some(0));
}

/// What one interactive `wc --files0-from=-` session saw: each line read back after
/// its name was sent (before the next one), then what came after the list ended,
/// stderr and the status.
type Session = (Vec<String>, String, String, Option<i32>);

/// Feeds `names` one at a time to `wc --files0-from=-` on a pipe and, after each,
/// waits (at most 10 s: a hang fails, it is not a timing) for that name's line
/// before sending the next.
fn files0_session(exe: &std::path::Path, dir: &std::path::Path, names: &[&str]) -> Session {
    use std::io::{BufRead, Read, Write};
    use std::process::Stdio;
    let mut child = applet_cmd(exe, "wc")
        .arg("--files0-from=-")
        .current_dir(dir)
        .env_clear()
        .env("LC_ALL", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn wc");
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let reader = std::thread::spawn(move || loop {
        let mut line = Vec::new();
        match stdout.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                if tx.send(text(&line)).is_err() {
                    break;
                }
            }
        }
    });
    let mut stdin = child.stdin.take().expect("stdin");
    let mut answered = Vec::new();
    for name in names {
        stdin.write_all(format!("{name}\0").as_bytes()).unwrap();
        stdin.flush().unwrap();
        match rx.recv_timeout(std::time::Duration::from_secs(10)) {
            Ok(line) => answered.push(line),
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "{}: no line for {name:?} within 10 s, before the next name was sent",
                    exe.display()
                );
            }
        }
    }
    drop(stdin);
    let rest: String = rx.iter().collect();
    reader.join().unwrap();
    let mut err = Vec::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_end(&mut err)
        .unwrap();
    let status = child.wait().unwrap().code();
    (answered, rest, text(&err), status)
}

/// GNU's stdout is line-buffered in wc: a program that sends names one at a time
/// reads each count before it sends the next name. Ours flushes each line too, so
/// the exchange does not hang.
#[test]
fn files0_from_stdin_answers_each_name_at_once() {
    let fx = Fixture::new("wc-interactive");
    fx.file("a", b"one two\n");
    fx.file("bb", b"three four five\nsix\n");
    let names = ["a", "bb", "a"];
    let gnu_saw = files0_session(&gnu("wc"), &fx.root, &names);
    let ours = files0_session(&bin(), &fx.root, &names);
    assert_eq!(ours, gnu_saw);
    assert_eq!(gnu_saw.0, ["1 2 8 a\n", "2 4 20 bb\n", "1 2 8 a\n"]);
}

/// The write(2) calls to stdout, as strace -f saw them for `exe` with argv[0] wc.
fn stdout_writes(exe: &std::path::Path, args: &[&str], dir: &std::path::Path) -> Vec<String> {
    let log = dir.join(format!(
        "writes-{}.strace",
        exe.to_string_lossy().replace('/', "_")
    ));
    let o = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "strace -f -qq -e trace=write -o {} bash -c {}",
            sh_quote(log.as_os_str().as_encoded_bytes()),
            sh_quote(format!("{} {} >/dev/null", sh_exec(exe, "wc"), args.join(" ")).as_bytes())
        ))
        .current_dir(dir)
        .env_clear()
        .env("LC_ALL", "C")
        .env("PATH", "/usr/bin:/bin")
        .output()
        .expect("strace");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let trace = std::fs::read_to_string(&log).expect("strace log");
    // strace pads before ` = N` to align the results: the padding is dropped.
    let call = |l: &str| {
        let l = l.split_once("write(").map_or("", |x| x.1);
        l.rsplit_once(" = ")
            .map_or(l.to_string(), |(c, r)| format!("{} = {r}", c.trim_end()))
    };
    trace
        .lines()
        .filter(|l| l.contains("write(1,"))
        .map(call)
        .collect()
}

/// One write(2) per line, as GNU's line-buffered stdout makes them.
#[test]
#[ignore = "needs strace"]
fn one_write_per_line() {
    if skip_strace_under_qemu() {
        return;
    }
    let fx = Fixture::new("wc-writes");
    fx.file("f1", b"a b\nc\n");
    fx.file("f2", b"xx\n");
    fx.file("f3", b"y");
    for args in [
        &["f1", "f2", "f3"][..],
        &["-l", "f1", "f2", "f3"],
        &["f1"],
        &["--files0-from=-", "<", "list"],
    ] {
        fx.file("list", b"f1\0f3\0");
        let ours = stdout_writes(&bin(), args, &fx.root);
        let theirs = stdout_writes(&gnu("wc"), args, &fx.root);
        assert_eq!(ours, theirs, "{args:?}");
    }
}
