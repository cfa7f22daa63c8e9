//! ls, part 1: differential tests against GNU ls (/usr/bin/ls) for every option
//! but the long format, alone and in pairs, over fixtures with every file type,
//! odd names, version-like names, sizes and times.
mod common;
use common::*;

/// A directory with every kind of entry ls distinguishes, plain names only.
fn plain_tree() -> Fixture {
    let fx = Fixture::new("ls-plain");
    fx.file("file.txt", "hello\n");
    fx.file("empty", "");
    fx.file("big.bin", vec![b'x'; 70_000]);
    fx.file("exec.sh", "#!/bin/sh\n");
    fx.chmod("exec.sh", 0o755);
    fx.file(".hidden", "h");
    fx.file("backup~", "b");
    fx.file(".hidden~", "b");
    fx.file("a.tar.gz", "t");
    fx.file("noext", "");
    fx.file("Zed", "");
    fx.file("_under", "");
    fx.dir("dir/sub/deeper");
    fx.file("dir/one", "1");
    fx.file("dir/sub/two", "22");
    fx.file("dir/.dot", "");
    fx.dir("emptydir");
    fx.symlink("file.txt", "link-file");
    fx.symlink("dir", "link-dir");
    fx.symlink("nowhere", "dangling");
    fx.fifo("fifo");
    fx.socket("sock");
    for (i, n) in [
        "v1.10", "v1.9", "v1.2.3", "v1.2", "v10", "v2~", "v2", "v2.0", "a1", "a01", "a1.txt", "a10",
    ]
    .iter()
    .enumerate()
    {
        fx.file(format!("ver/{n}"), vec![b'v'; i * 100]);
    }
    fx.all_mtimes(1_600_000_000);
    // Distinct times for -t/-c/-u, with a tie broken by name.
    fx.mtime("file.txt", 1_700_000_000);
    fx.mtime("empty", 1_700_000_100);
    fx.mtime("big.bin", 1_650_000_000);
    fx.mtime("Zed", 1_650_000_000);
    fx
}

fn ls(fx: &Fixture) -> Cmd {
    Cmd::new("ls").cwd(&fx.root)
}

#[test]
fn no_arguments_and_dot() {
    let fx = plain_tree();
    ls(&fx).same();
    ls(&fx).arg(".").same();
    ls(&fx).arg("dir").same();
    ls(&fx).args(["dir", "emptydir"]).same();
    ls(&fx).args(["emptydir"]).same();
    ls(&fx).args(["emptydir", "emptydir"]).same();
    ls(&fx)
        .args(["file.txt", "dir", "empty", "emptydir", "ver"])
        .same();
    ls(&fx).arg(fx.root.join("dir/")).same();
}

/// Options that take no argument (or have their argument attached), each alone.
const SINGLE: &[&str] = &[
    "-a",
    "-A",
    "-B",
    "-d",
    "-f",
    "-U",
    "-S",
    "-t",
    "-X",
    "-v",
    "-r",
    "-c",
    "-u",
    "-1",
    "-C",
    "-x",
    "-m",
    "-F",
    "-p",
    "--file-type",
    "-i",
    "-s",
    "-h",
    "--si",
    "-k",
    "-R",
    "-L",
    "-H",
    "-b",
    "-q",
    "-N",
    "-Q",
    "--show-control-chars",
    "--group-directories-first",
    "--zero",
    "-Z",
    "--context",
    "--sort=none",
    "--sort=size",
    "--sort=time",
    "--sort=extension",
    "--sort=version",
    "--sort=width",
    "--time=atime",
    "--time=ctime",
    "--time=birth",
    "--format=across",
    "--format=commas",
    "--format=vertical",
    "--format=single-column",
    "--format=horizontal",
    "-w0",
    "-w1",
    "-w20",
    "-w40",
    "-T0",
    "-T3",
    "--indicator-style=none",
    "--indicator-style=slash",
    "--indicator-style=file-type",
    "--indicator-style=classify",
    "--classify=always",
    "--classify=never",
    "--classify=auto",
    "--hide=*.txt",
    "-I*.txt",
    "-Iv*",
    "--ignore=[a-f]*",
    "--block-size=1",
    "--block-size=4K",
    "--dereference-command-line-symlink-to-dir",
    "--quoting-style=literal",
    "--quoting-style=shell",
    "--quoting-style=shell-always",
    "--quoting-style=escape",
    "--quoting-style=c",
];

#[test]
fn each_option_alone() {
    let fx = plain_tree();
    for o in SINGLE {
        ls(&fx).arg(o).same();
        ls(&fx)
            .args([
                o,
                "ver",
                "dir",
                "link-dir",
                "file.txt",
                "link-file",
                "dangling",
            ])
            .same();
    }
}

#[test]
fn options_in_pairs() {
    let fx = plain_tree();
    let pick = [
        "-a",
        "-A",
        "-B",
        "-d",
        "-f",
        "-U",
        "-S",
        "-t",
        "-X",
        "-v",
        "-r",
        "-c",
        "-1",
        "-C",
        "-x",
        "-m",
        "-F",
        "-p",
        "-i",
        "-s",
        "-h",
        "-R",
        "-L",
        "-Q",
        "--group-directories-first",
        "--zero",
        "-w30",
        "--file-type",
        "-k",
        "--sort=width",
        "-Itwo",
    ];
    for (i, a) in pick.iter().enumerate() {
        for b in &pick[i + 1..] {
            ls(&fx).args([a, b]).same();
            ls(&fx).args([a, b, "dir", "ver", "link-dir"]).same();
        }
    }
}

#[test]
fn version_sort_order() {
    let fx = Fixture::new("ls-ver");
    for n in [
        ".0",
        ".9",
        ".A",
        ".Z",
        ".a",
        ".z",
        ".zz~",
        ".zz",
        ".zz.~1~",
        ".zz.0",
        "0",
        "9",
        "A",
        "Z",
        "a",
        "z",
        "zz~",
        "zz",
        "zz.~1~",
        "zz.0",
        "abc-1.2.3.tar.gz",
        "abc-1.2.10.tar.gz",
        "abc-1.02.tar.gz",
        "x~",
        "x",
        "file10",
        "file9",
        "file009",
        "foo.bar.1",
        "foo.bar.10",
        "foo.bar.2",
    ] {
        fx.file(n, "");
    }
    ls(&fx).args(["-v"]).same();
    ls(&fx).args(["-vA"]).same();
    ls(&fx).args(["-vr"]).same();
    ls(&fx).args(["--sort=version", "-1"]).same();
}

#[test]
fn columns_by_width() {
    let fx = Fixture::new("ls-cols");
    for i in 0..57 {
        let n = "n".repeat(1 + (i * 7) % 13) + &i.to_string();
        fx.file(n, "");
    }
    for w in [
        0, 1, 2, 3, 4, 5, 7, 10, 15, 20, 25, 33, 40, 50, 63, 79, 80, 81, 100, 150, 300,
    ] {
        for f in ["-C", "-x", "-m"] {
            ls(&fx).args([f, &format!("-w{w}")]).same();
            ls(&fx).args([f, &format!("-w{w}"), "-T0"]).same();
            ls(&fx).args([f, &format!("-w{w}"), "-T4"]).same();
            ls(&fx).args([f, &format!("-w{w}"), "-s"]).same();
            ls(&fx).args([f, &format!("-w{w}"), "-iF"]).same();
        }
    }
    ls(&fx).args(["-C"]).env("COLUMNS", "50").same();
    ls(&fx).args(["-x"]).env("COLUMNS", "0x20").same();
    ls(&fx).args(["-C"]).env("COLUMNS", "abc").same();
    ls(&fx).args(["-C"]).env("TABSIZE", "3").same();
    ls(&fx).args(["-C"]).env("TABSIZE", "x").same();
    ls(&fx)
        .args(["-1"])
        .env("TABSIZE", "x")
        .env("COLUMNS", "x")
        .same();
    ls(&fx).args(["-m"]).env("TABSIZE", "x").same();
    ls(&fx).args(["-m", "-T1"]).env("TABSIZE", "x").same();
}

#[test]
fn gnu_width_quirks() {
    let fx = Fixture::new("ls-quirk");
    fx.file("a", "");
    fx.file("b", "");
    ls(&fx).args(["-w4", "-x"]).same();
    ls(&fx).args(["-w4", "-C"]).same();
    ls(&fx).args(["-w5", "-C"]).same();
    ls(&fx).args(["-w2", "-m"]).same();
    ls(&fx).args(["-w0", "-x", "-T1"]).same();
    let fx = Fixture::new("ls-quirk2");
    for n in ["a", "bb", "c"] {
        fx.file(n, "");
    }
    ls(&fx).args(["-w5", "-m"]).same();
}

#[test]
fn option_errors() {
    let fx = plain_tree();
    for bad in [
        vec!["--color=x"],
        vec!["--indicator-style=x"],
        vec!["--classify=x"],
        vec!["--hyperlink=x"],
        vec!["--format=x"],
        vec!["--sort=x"],
        vec!["--sort=t"],
        vec!["--time=x"],
        vec!["--quoting-style=x"],
        vec!["-wx"],
        vec!["-w-1"],
        vec!["-w08"],
        vec!["-w", "5k"],
        vec!["-w99999999999999999999999", "-C"],
        vec!["-w", " +7", "-C"],
        vec!["-Tx"],
        vec!["-T-9"],
        vec!["-T0.5"],
        vec!["-T99999999999999999999"],
        vec!["-T18446744073709551614"],
        vec!["-T0x10", "-w010", "-C"],
        vec!["--block-size=x"],
        vec!["--block-size=0"],
        vec!["--block-size=1Q"],
        vec!["--block-size=99999999999999999999999"],
        vec!["--block-size=x\ny"],
        vec!["--block-size=\u{e9}"],
        vec!["-l", "--time-style=x"],
        vec!["-l", "--time-style=l"],
        vec!["-l", "--time-style=lo"],
        vec!["-l", "--time-style="],
        vec!["-l", "--time-style=+%H\n%M\n%S"],
        vec!["-l", "--time-style=x\u{e9}"],
        vec!["--full-time", "--time-style=x"],
        vec!["-w", "x\n"],
        vec!["-T", "\t"],
        vec!["--time-style=x"],
        vec!["-y"],
        vec!["--bogus"],
        vec!["--a"],
        vec!["--c"],
        vec!["--co"],
        vec!["--d"],
        vec!["--f"],
        vec!["--h"],
        vec!["--i"],
        vec!["--n"],
        vec!["--q"],
        vec!["--r"],
        vec!["--s"],
        vec!["--t"],
        vec!["--all=x"],
        vec!["--width"],
        vec!["-w"],
        vec!["-I"],
        vec!["--sor=tim"],
        vec!["--form=comma"],
        vec!["--zero", "--dired"],
        vec!["-l", "--zero", "--dired"],
        vec!["--", "-a"],
    ] {
        ls(&fx).args(&bad).same();
        ls(&fx).args(&bad).env("LC_ALL", "C.UTF-8").same();
    }
    ls(&fx).env("QUOTING_STYLE", "bogus").same();
    // The order of the environment warnings and of the time-style check.
    ls(&fx)
        .arg("-C")
        .env("COLUMNS", "x")
        .env("TABSIZE", "y")
        .env("QUOTING_STYLE", "z")
        .same();
    ls(&fx)
        .arg("-l")
        .env("COLUMNS", "x")
        .env("TIME_STYLE", "y")
        .env("QUOTING_STYLE", "z")
        .same();
    ls(&fx)
        .args(["-l", "--color=always"])
        .env("COLUMNS", "x")
        .env("TIME_STYLE", "y")
        .same();
    ls(&fx).env("QUOTING_STYLE", "c").same();
    ls(&fx).env("LC_ALL", "C.UTF-8").args(["--sort=x"]).same();
}

#[test]
fn last_format_wins() {
    let fx = plain_tree();
    for args in [
        vec!["-1", "-C"],
        vec!["-C", "-1"],
        vec!["-x", "-m"],
        vec!["-m", "-x"],
        vec!["-m", "--format=single-column"],
        vec!["-aA"],
        vec!["-Aa"],
        vec!["-fs"],
        vec!["-sf"],
        vec!["-Ur"],
        vec!["-tU"],
        vec!["-Ut"],
        vec!["-dR"],
        vec!["-uS"],
        vec!["-ut"],
        vec!["-cr"],
        vec!["-Q", "-N"],
        vec!["-N", "-b"],
        vec!["-Fp"],
        vec!["-pF"],
        vec!["-F", "--classify=never"],
        vec!["-q", "--show-control-chars"],
        vec!["--zero", "-x"],
        vec!["--zero", "-m"],
        vec!["--zero", "-Q"],
    ] {
        ls(&fx).args(&args).same();
        ls(&fx).args(&args).args(["dir", "ver"]).same();
    }
}

#[test]
fn operands_and_headers() {
    let fx = plain_tree();
    ls(&fx).args(["dir", "nonexist", "file.txt"]).same();
    ls(&fx).args(["nonexist"]).same();
    ls(&fx).args(["nonexist", "dir"]).same();
    ls(&fx).args(["-d", "nonexist", "dir", "."]).same();
    ls(&fx).args(["link-dir"]).same();
    ls(&fx).args(["link-dir/"]).same();
    ls(&fx).args(["-F", "link-dir"]).same();
    ls(&fx).args(["-dF", "link-dir"]).same();
    ls(&fx).args(["-dFH", "link-dir"]).same();
    ls(&fx).args(["-dFL", "link-dir"]).same();
    ls(&fx).args(["-H", "link-dir", "dangling"]).same();
    ls(&fx).args(["-L", "dangling"]).same();
    ls(&fx).args(["dangling"]).same();
    ls(&fx).args(["-R", "dir", "link-dir"]).same();
    ls(&fx).args(["-R", "dir/"]).same();
    ls(&fx).args(["-R", "."]).same();
    ls(&fx).args(["-R1", "emptydir"]).same();
    ls(&fx).args(["-U1", "dir", "no-such"]).same();
    ls(&fx)
        .args(["-t", "file.txt", "empty", "big.bin", "Zed"])
        .same();
    ls(&fx)
        .args(["-rt", "file.txt", "empty", "big.bin", "Zed"])
        .same();
    ls(&fx)
        .args([
            "--group-directories-first",
            "link-dir",
            "dir",
            "file.txt",
            "-d",
        ])
        .same();
    ls(&fx)
        .args(["--group-directories-first", "--sort=size"])
        .same();
    ls(&fx).args(["-I", "*.txt", "file.txt"]).same();
    ls(&fx).args(["-a", "-Idir", "-R"]).same();
    ls(&fx).args(["--ignore=sub", "-R", "."]).same();
    ls(&fx).args(["--hide=sub", "-R", "-a", "."]).same();
    ls(&fx).args(["--hide=sub", "-R", "-A", "."]).same();
    ls(&fx).args(["-B", "-a"]).same();
    ls(&fx).args(["-B", "-I.hid*", "-A"]).same();
    let abs = fx.root.join("dir");
    ls(&fx).arg(&abs).same();
    ls(&fx).arg("-R").arg(&abs).same();
}

#[test]
fn recursion_with_loops() {
    let fx = Fixture::new("ls-loop");
    fx.dir("loop");
    fx.file("loop/f", "");
    fx.symlink("../loop", "loop/sub");
    ls(&fx).args(["-RL", "loop"]).same();
    ls(&fx).args(["-R", "loop"]).same();
    ls(&fx).args(["-RLF", "loop"]).same();
    fx.symlink("self", "self");
    ls(&fx).args(["self"]).same();
    ls(&fx).args(["-L", "self"]).same();
    ls(&fx).args(["-H", "self"]).same();
}

#[test]
fn sizes_and_block_units() {
    let fx = plain_tree();
    for args in [
        vec!["-s"],
        vec!["-sh"],
        vec!["-s", "--si"],
        vec!["-sk"],
        vec!["-s", "--block-size=1"],
        vec!["-s", "--block-size=512"],
        vec!["-s", "--block-size=1K"],
        vec!["-s", "--block-size=K"],
        vec!["-s", "--block-size=KB"],
        vec!["-s", "--block-size=KiB"],
        vec!["-s", "--block-size=MiB"],
        vec!["-s", "--block-size=1M"],
        vec!["-s", "--block-size=human-readable"],
        vec!["-s", "--block-size=si"],
        vec!["-sm"],
        vec!["-sx"],
        vec!["-sC"],
        vec!["-si"],
        vec!["-s1"],
        vec!["-s", "dir", "big.bin"],
        vec!["-sR"],
    ] {
        ls(&fx).args(&args).same();
    }
    for (var, val) in [
        ("BLOCK_SIZE", "1"),
        ("BLOCK_SIZE", "512"),
        ("BLOCK_SIZE", "1K"),
        ("BLOCKSIZE", "1KiB"),
        ("LS_BLOCK_SIZE", "4K"),
        ("LS_BLOCK_SIZE", "bogus"),
        ("POSIXLY_CORRECT", "1"),
    ] {
        ls(&fx).arg("-s").env(var, val).same();
        ls(&fx).args(["-s", "-k"]).env(var, val).same();
        ls(&fx).args(["-s", "--block-size=2K"]).env(var, val).same();
    }
    // The first variable that is set decides, even when its value is invalid.
    ls(&fx)
        .arg("-s")
        .env("LS_BLOCK_SIZE", "x")
        .env("BLOCK_SIZE", "512")
        .same();
    ls(&fx)
        .arg("-s")
        .env("LS_BLOCK_SIZE", "")
        .env("BLOCK_SIZE", "512")
        .same();
    ls(&fx)
        .arg("-s")
        .env("BLOCK_SIZE", "x")
        .env("BLOCKSIZE", "512")
        .same();
    ls(&fx)
        .arg("-s")
        .env("LS_BLOCK_SIZE", "x")
        .env("POSIXLY_CORRECT", "1")
        .same();
}

#[test]
fn inode_numbers() {
    let fx = plain_tree();
    ls(&fx).args(["-i"]).same();
    ls(&fx).args(["-iR"]).same();
    ls(&fx).args(["-i", "link-file", "link-dir"]).same();
    ls(&fx).args(["-iL", "link-file", "link-dir"]).same();
    ls(&fx).args(["-iH", "link-file"]).same();
    ls(&fx).args(["-iLa", "dir"]).same();
    ls(&fx).args(["-iL"]).same();
    ls(&fx).args(["-sL"]).same();
}

#[test]
fn long_options_accepted_for_later_parts() {
    // These options are parsed with GNU's checks now; their output comes later.
    let fx = plain_tree();
    for args in [
        vec!["--color=never"],
        vec!["--color=no"],
        vec!["--color=auto"],
        vec!["--color=if-tty", "-C"],
        vec!["--col=ne"],
        vec!["--hyperlink=never"],
        vec!["--hyperlink=auto", "-R"],
        vec!["--color=never", "-C"],
        vec!["-D"],
        vec!["--dired", "-R"],
        vec!["--author"],
        vec!["-G"],
        vec!["--no-group", "-C"],
    ] {
        ls(&fx).args(&args).same();
    }
}

#[test]
fn help_and_version() {
    let o = Cmd::new("ls").arg("--help").ours();
    assert_eq!(o.status, 0);
    assert!(o.stdout.starts_with(b"Usage: ls [OPTION]... [FILE]...\n"));
    let o = Cmd::new("ls").arg("--vers").ours();
    assert_eq!(
        o.stdout,
        format!("ls (bareutils) {}\n", env!("CARGO_PKG_VERSION")).into_bytes()
    );
    Cmd::new("ls")
        .args(["--help"])
        .stdin(Input::Null)
        .expect(&Cmd::new("ls").arg("--he").ours().stdout, 0);
}

#[test]
fn write_error() {
    let fx = plain_tree();
    let sh = |exe: &std::path::Path| {
        let o = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("{} > /dev/full", sh_exec(exe, "ls")))
            .current_dir(&fx.root)
            .env_clear()
            .env("LC_ALL", "C")
            .output()
            .unwrap();
        (o.status.code(), o.stderr)
    };
    let ours = sh(&bin());
    assert_eq!(
        ours,
        (
            Some(2),
            b"ls: write error: No space left on device\n".to_vec()
        )
    );
    assert_eq!(ours, sh(&gnu("ls")));
}

#[test]
fn terminal_defaults() {
    let fx = plain_tree();
    for cols in [80, 40, 20, 7, 1, 200] {
        ls(&fx).same_on_tty(cols);
        ls(&fx).args(["ver", "dir"]).same_on_tty(cols);
    }
    for args in [
        vec!["-R"],
        vec!["-1"],
        vec!["-x"],
        vec!["-m"],
        vec!["-F"],
        vec!["--classify=auto"],
        vec!["-s"],
        vec!["-i"],
        vec!["-w30"],
        vec!["-w0"],
        vec!["-N"],
        vec!["--show-control-chars"],
        vec!["-T0"],
        vec!["-f"],
        vec!["--zero"],
        vec!["-a", "-R", "dir"],
    ] {
        ls(&fx).args(&args).same_on_tty(50);
    }
    ls(&fx).env("COLUMNS", "20").same_on_tty(60);
    ls(&fx).env("TABSIZE", "4").same_on_tty(60);
}

/// An invalid COLUMNS is warned about only where GNU 9.1 reads it: a format that
/// needs a width (-C, -x, -m, or --color), no -w, and no width from the terminal
/// (stdout not a tty, or a tty reporting 0 columns).
#[test]
fn invalid_columns_warning() {
    let fx = plain_tree();
    let formats: [&[&str]; 9] = [
        &["-C"],
        &["-x"],
        &["-m"],
        &["-l"],
        &["-1"],
        &["-C", "-w", "40"],
        &["-m", "-w0"],
        &["-l", "--color=always"],
        &["-1", "--color=always"],
    ];
    for cols in ["abc", "-1", "80x", " 50", ""] {
        for f in formats {
            ls(&fx).args(f).env("COLUMNS", cols).same();
            ls(&fx).args(f).env("COLUMNS", cols).same_on_tty(50);
            ls(&fx).args(f).env("COLUMNS", cols).same_on_tty(0);
        }
    }
    for f in formats {
        ls(&fx).args(f).env("COLUMNS", "30").same_on_tty(50);
        ls(&fx).args(f).env("COLUMNS", "30").same_on_tty(0);
    }
}

/// `DIR: not listing already-listed directory` names DIR as gnulib's quotef does:
/// shell-escape quoting only where needed, and `:` needs it.
#[test]
fn already_listed_directory_names() {
    let fx = Fixture::new("ls-loopname");
    for d in ["c:d", "plain", "sp ace", "quo'te", "nl\nx", "tab\tx", "ütf", "a=b", "x:"] {
        let d = d.replace("\\n", "\n").replace("\\t", "\t");
        fx.dir(&d);
        fx.symlink("..", format!("{d}/up"));
        fx.symlink(".", format!("{d}/self:"));
    }
    for locale in ["C", "C.UTF-8"] {
        ls(&fx).env("LC_ALL", locale).args(["-RL"]).same();
        ls(&fx).env("LC_ALL", locale).args(["-RL", "c:d", "x:"]).same();
        ls(&fx).env("LC_ALL", locale).args(["-RL", "-Q", "--hide=*e*"]).same();
    }
}

/// /proc descriptor tables (/proc/self/fd, /dev/fd, fdinfo) list the descriptors
/// ls holds. GNU holds only the one it reads a directory with, and none while it
/// opens the next: `ls -RL /dev/fd` shows 0 1 2 3, then `cannot open directory
/// '/dev/fd/3': No such file or directory` (status 1), not a loop (status 2).
#[test]
fn proc_descriptor_tables() {
    if skip_under_qemu("qemu-user holds descriptors of its own") {
        return;
    }
    let fx = Fixture::new("ls-procfd");
    fx.symlink("/proc/self/fd", "fds");
    fx.symlink("/proc/self/fdinfo", "info");
    fx.dir("d/e");
    fx.symlink("/proc/self/fd", "d/e/fd");
    for args in [
        &["-RL"][..],
        &["-RL", "fds"],
        &["-RL", "fds/"],
        &["-R", "fds/", "info/"],
        &["-RL", "d"],
        &["-RLF", "d", "fds"],
        &["-RL", "/dev/fd"],
        &["-R", "/proc/self/fd"],
        &["-R", "/proc/self/fdinfo", "d"],
    ] {
        let o = ls(&fx).args(args).same();
        if args[0] == "-RL" && args.len() == 2 && args[1] == "fds" {
            assert_eq!(o.status, 1);
        }
    }
}

#[test]
#[ignore = "needs root (runs ls as nobody)"]
fn errors_as_nobody() {
    need_root();
    let fx = Fixture::new("ls-perm");
    fx.dir("top/open/inner");
    fx.file("top/open/f", "");
    fx.dir("top/closed/x");
    fx.file("top/closed/y", "");
    fx.dir("top/noexec");
    fx.file("top/noexec/z", "");
    fx.file("top/plain", "");
    fx.chmod("top/closed", 0o000);
    fx.chmod("top/noexec", 0o644);
    let nobody = |args: &[&str]| ls(&fx).user("nobody").args(args).same();
    nobody(&["-R", "top"]);
    nobody(&["top/closed"]);
    nobody(&["top/closed", "top/open"]);
    nobody(&["-d", "top/closed"]);
    nobody(&["top/noexec"]);
    nobody(&["-F", "top/noexec"]);
    nobody(&["-p", "top/noexec"]);
    nobody(&["-i", "top/noexec"]);
    nobody(&["-s", "top/noexec"]);
    nobody(&["-t", "top/noexec"]);
    nobody(&["-R", "top/noexec"]);
    nobody(&["--file-type", "top/noexec"]);
    nobody(&["top/noexec/z"]);
    nobody(&["-R", "-x", "top"]);
}

#[test]
fn deep_tree_and_few_descriptors() {
    // 40 levels under `ulimit -n 20`: descriptors must not be held per level.
    let fx = Fixture::new("ls-deep");
    let mut p = String::from("d");
    for i in 0..40 {
        fx.file(format!("{p}/f{i}"), "");
        p.push_str("/d");
    }
    fx.dir(&p);
    let run = |exe: &std::path::Path| {
        std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("ulimit -n 20; {} -R d", sh_exec(exe, "ls")))
            .current_dir(&fx.root)
            .env_clear()
            .env("LC_ALL", "C")
            .output()
            .unwrap()
    };
    let (g, o) = (run(&gnu("ls")), run(&bin()));
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(show(&o.stdout), show(&g.stdout));
    assert_eq!(show(&o.stderr), show(&g.stderr));
}

/// A chain of `depth` directories named `d` under the fixture, made by one shell
/// in steps of at most 1,000 levels (each `mkdir -p` path stays under PATH_MAX).
fn chain(fx: &Fixture, depth: usize) {
    let script = format!(
        "left={depth}; while [ $left -gt 0 ]; do n=$((left < 1000 ? left : 1000)); \
         p=$(printf 'd/%.0s' $(seq $n)); mkdir -p \"$p\" && cd \"$p\" || exit 1; left=$((left - n)); done"
    );
    let st = std::process::Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(&fx.root)
        .status()
        .unwrap();
    assert!(st.success());
}

fn run_limited(
    fx: &Fixture,
    exe: &std::path::Path,
    nofile: u32,
    args: &str,
) -> std::process::Output {
    std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "ulimit -n {nofile}; {} {args}",
            sh_exec(exe, "ls")
        ))
        .current_dir(&fx.root)
        .env_clear()
        .env("LC_ALL", "C")
        .output()
        .unwrap()
}

#[test]
fn thousand_levels_under_ulimit_64() {
    let fx = Fixture::new("ls-1k");
    chain(&fx, 1000);
    let g = run_limited(&fx, &gnu("ls"), 64, "-R d");
    let o = run_limited(&fx, &bin(), 64, "-R d");
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout == g.stdout, "outputs differ");
    assert_eq!(show(&o.stderr), show(&g.stderr));
}

#[test]
fn ten_thousand_levels_beyond_path_max() {
    // GNU stops with `File name too long` past 4096 bytes; we list everything.
    let fx = Fixture::new("ls-10k");
    let depth = 10_000;
    chain(&fx, depth);
    let o = run_limited(&fx, &bin(), 64, "-R d");
    assert_eq!(show(&o.stderr), "\"\"");
    assert_eq!(o.status.code(), Some(0));
    let mut want = Vec::with_capacity(110_000_000);
    let mut path = b"d".to_vec();
    for level in 0..depth {
        if level > 0 {
            want.push(b'\n');
        }
        want.extend_from_slice(&path);
        want.extend_from_slice(b":\n");
        if level + 1 < depth {
            want.extend_from_slice(b"d\n");
        }
        path.extend_from_slice(b"/d");
    }
    assert!(
        o.stdout == want,
        "output of {} bytes differs from the expected {} bytes",
        o.stdout.len(),
        want.len()
    );
}

#[test]
fn removed_working_directory() {
    let fx = Fixture::new("ls-rmcwd");
    for args in ["", "-R", "-a", "-1U", "-la"] {
        let run = |exe: &std::path::Path| {
            fx.dir("gone");
            let o = std::process::Command::new("bash")
                .arg("-c")
                .arg(format!(
                    "cd gone && rmdir ../gone && {} {args}",
                    sh_exec(exe, "ls")
                ))
                .current_dir(&fx.root)
                .env_clear()
                .env("LC_ALL", "C")
                .output()
                .unwrap();
            (o.status.code(), o.stdout, o.stderr)
        };
        let ours = run(&bin());
        assert_eq!(ours, run(&gnu("ls")), "ls {args} in a removed directory");
        assert_eq!(ours.0, Some(0));
    }
}

#[test]
fn every_ambiguous_abbreviation() {
    // glibc lists the candidates in the table's order: ours must be GNU's order.
    let fx = Fixture::new("ls-abbrev");
    let longs = [
        "all",
        "almost-all",
        "author",
        "block-size",
        "escape",
        "classify",
        "color",
        "context",
        "directory",
        "dired",
        "dereference-command-line",
        "dereference-command-line-symlink-to-dir",
        "dereference",
        "full-time",
        "file-type",
        "format",
        "group-directories-first",
        "human-readable",
        "hide-control-chars",
        "hide",
        "hyperlink",
        "help",
        "inode",
        "ignore-backups",
        "ignore",
        "indicator-style",
        "kibibytes",
        "literal",
        "numeric-uid-gid",
        "no-group",
        "quote-name",
        "quoting-style",
        "reverse",
        "recursive",
        "size",
        "si",
        "show-control-chars",
        "sort",
        "tabsize",
        "time",
        "time-style",
        "width",
        "zero",
        "version",
    ];
    let mut seen = std::collections::BTreeSet::new();
    for l in longs {
        for n in 1..=l.len() {
            seen.insert(format!("--{}", &l[..n]));
        }
    }
    let mut checked = 0;
    for p in seen {
        let c = ls(&fx).arg(&p);
        if c.gnu().status == 2 {
            c.same();
            checked += 1;
        }
    }
    assert!(checked > 30, "only {checked} ambiguous prefixes");
}

/// A chain of `depth` directories with 200-byte names, and at some levels a second
/// subdirectory `z` (listed after the chain, so it is opened after the deeper
/// levels have taken the descriptors and the level must be reopened by path).
fn long_chain(fx: &Fixture, depth: usize, siblings: &[usize]) {
    let n = "a".repeat(200);
    let mut script = String::new();
    for i in 0..depth {
        if siblings.contains(&i) {
            script.push_str("mkdir z && : > z/f && ");
        }
        script.push_str(&format!("mkdir {n} && cd {n} && "));
    }
    script.push_str("true");
    let st = std::process::Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(&fx.root)
        .status()
        .unwrap();
    assert!(st.success());
}

#[test]
fn reopening_ancestors_by_path() {
    // Paths up to ~3,800 bytes: GNU lists them too.
    let fx = Fixture::new("ls-reopen");
    long_chain(&fx, 18, &[0, 2, 5, 9, 14]);
    let g = run_limited(&fx, &gnu("ls"), 20, "-R");
    let o = run_limited(&fx, &bin(), 20, "-R");
    assert_eq!(o.status.code(), g.status.code());
    assert_eq!(show(&o.stderr), show(&g.stderr));
    assert!(o.stdout == g.stdout, "outputs differ");
}

#[test]
fn reopening_beyond_path_max() {
    // 40 levels of 200-byte names (8 KB paths): reopened in pieces under PATH_MAX.
    let fx = Fixture::new("ls-reopen2");
    let sib = [0, 3, 12, 25, 33];
    long_chain(&fx, 40, &sib);
    let o = run_limited(&fx, &bin(), 20, "-R");
    assert_eq!(show(&o.stderr), "\"\"");
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8(o.stdout).unwrap();
    let headers: Vec<&str> = text.lines().filter(|l| l.ends_with(':')).collect();
    // ., 40 chain levels, 5 z directories.
    assert_eq!(headers.len(), 1 + 40 + sib.len());
    let zs: Vec<&&str> = headers.iter().filter(|h| h.ends_with("/z:")).collect();
    assert_eq!(zs.len(), sib.len());
    // Depth first: the deepest z comes first (the chain's names sort before z).
    for (z, &level) in zs.iter().zip(sib.iter().rev()) {
        // ./ + `level` names of 200 bytes, each with its slash, + z:
        assert_eq!(z.len(), 2 + level * 201 + 2, "{}", &z[..20]);
    }
    assert_eq!(text.matches("\nf\n").count(), sib.len());
}

#[test]
fn every_pair_of_options() {
    let fx = plain_tree();
    for (i, a) in SINGLE.iter().enumerate() {
        for b in &SINGLE[i + 1..] {
            ls(&fx).args([a, b]).same();
            ls(&fx)
                .args([b, a, "ver", "dir", "link-dir", "dangling"])
                .same();
        }
    }
}

#[test]
#[ignore = "needs root (a bind mount in a private mount namespace)"]
fn bind_mount_loop() {
    // A directory bind-mounted inside itself: GNU's message, exit 2, without -L.
    need_root();
    let fx = Fixture::new("ls-bind");
    fx.dir("a/b/c");
    fx.file("a/f", "");
    let run = |exe: &std::path::Path, args: &str| {
        std::process::Command::new("unshare")
            .arg("-m")
            .arg("bash")
            .arg("-c")
            .arg(format!(
                "mount --bind a a/b/c || exit 99; {} {args}",
                sh_exec(exe, "ls")
            ))
            .current_dir(&fx.root)
            .env_clear()
            .env("LC_ALL", "C")
            .output()
            .unwrap()
    };
    let probe = run(&gnu("ls"), "a");
    need(probe.status.code() != Some(99), &format!("unshare -m and mount --bind: {}", text(&probe.stderr)));
    for args in ["-R a", "-R a/b", "-RF a", "-R a/b/c", "-RL a"] {
        let (g, o) = (run(&gnu("ls"), args), run(&bin(), args));
        assert_eq!(o.status.code(), g.status.code(), "ls {args}");
        assert_eq!(show(&o.stdout), show(&g.stdout), "ls {args}");
        assert_eq!(show(&o.stderr), show(&g.stderr), "ls {args}");
    }
}

/// Syscall counts of one run of our ls (`strace -f -c`), by name.
fn syscalls(fx: &Fixture, args: &[&str]) -> std::collections::HashMap<String, u64> {
    syscall_counts(&link_named(&bin(), "ls"), args, &fx.root, &[], false)
}

#[test]
#[ignore = "needs strace"]
fn stat_only_what_the_output_needs() {
    if skip_strace_under_qemu() {
        return;
    }
    let fx = Fixture::new("ls-sys");
    for d in 0..5 {
        for f in 0..20 {
            fx.file(format!("t/d{d}/f{f}"), "x");
        }
        fx.symlink("f0", format!("t/d{d}/l"));
    }
    fx.file("t/x.sh", "");
    fx.chmod("t/x.sh", 0o755);
    let n = |m: &std::collections::HashMap<String, u64>, k: &str| m.get(k).copied().unwrap_or(0);
    let stats = |m: &std::collections::HashMap<String, u64>| {
        n(m, "statx") + n(m, "newfstatat") + n(m, "fstat")
    };
    // No stat per entry: only the operand's statx (and one fstat of the -R root).
    for args in [
        &["t"][..],
        &["-a", "t"],
        &["-1", "t"],
        &["-C", "t"],
        &["-x", "t"],
        &["-m", "t"],
        &["-U", "t"],
        &["-r", "t"],
        &["-p", "t"],
    ] {
        assert_eq!(stats(&syscalls(&fx, args)), 1, "ls {args:?}");
    }
    let r = syscalls(&fx, &["-R", "t"]);
    assert_eq!(stats(&r), 2, "ls -R: {r:?}");
    // 6 directories: one openat (openat2 below the root) and one close each, and
    // one getdents64 each plus at most one that returns 0.
    assert_eq!(n(&r, "openat") + n(&r, "openat2"), 6, "{r:?}");
    assert!(n(&r, "getdents64") <= 12, "{r:?}");
    // -F: the exec bits of regular files only (21 of them here, not the 5 symlinks
    // or the 5 directories).
    let f = syscalls(&fx, &["-F", "t/d0", "t"]);
    assert_eq!(stats(&f), 2 + 20 + 1, "ls -F: {f:?}");
    // -i, -s, -t, -S: every entry.
    for o in ["-i", "-s", "-t", "-S"] {
        assert_eq!(stats(&syscalls(&fx, &[o, "t/d0"])), 1 + 21, "ls {o}");
    }
    // Output: one write per 64 KiB when stdout is not a terminal.
    let big = Fixture::new("ls-sysw");
    for i in 0..3000 {
        big.file(format!("{}{i:05}", "n".repeat(40)), "");
    }
    let w = syscalls(&big, &["-1"]);
    let bytes = 3000 * 46;
    assert_eq!(n(&w, "write"), (bytes as u64).div_ceil(65536), "{w:?}");
}
