//! ls --color and --hyperlink against GNU ls: every file type under the built-in
//! database, Debian's `dircolors -b`, custom databases (suffixes and case,
//! ln=target, or/mi, mh, ca, no/ec, lc/rc), invalid values, the TERM/COLORTERM
//! gate, every format, a pseudo-terminal for `auto`, and the stat calls colors add.

mod common;
use common::*;

/// Every file type and mode the color rules tell apart.
fn fixture(tag: &str) -> Fixture {
    let fx = Fixture::new(tag);
    for f in [
        "a.TXT", "b.txt", "c.tar.gz", "reg", "hard", "pic.PNG", "x.Gz", "exe", "suid", "sgid",
    ] {
        fx.file(format!("d/{f}"), "x");
    }
    std::fs::hard_link(fx.path("d/hard"), fx.path("d/hard2")).unwrap();
    fx.chmod("d/exe", 0o755);
    fx.chmod("d/suid", 0o4755);
    fx.chmod("d/sgid", 0o2755);
    for d in ["dir", "ow", "sticky", "tw", "dir/sub"] {
        fx.dir(format!("d/{d}"));
    }
    fx.file("d/dir/inner.sh", "");
    fx.chmod("d/dir/inner.sh", 0o700);
    fx.chmod("d/ow", 0o777);
    fx.chmod("d/sticky", 0o1755);
    fx.chmod("d/tw", 0o1777);
    fx.fifo("d/fifo");
    fx.socket("d/sock");
    if is_root() {
        fx.device("d/blk", 'b', 1, 1);
        fx.device("d/chr", 'c', 1, 3);
    }
    for (t, l) in [
        ("exe", "lnexe"),
        ("fifo", "lnfifo"),
        ("hard", "lnhard"),
        ("reg", "lnk"),
        ("dir", "lnkdir"),
        ("lnk", "lnlnk"),
        ("orphan", "lnorphan"),
        ("b.txt", "lntxt.gz"),
        ("nowhere", "orphan"),
        ("lnself", "lnself"),
    ] {
        fx.symlink(t, format!("d/{l}"));
    }
    fx.all_mtimes(1_600_000_000);
    fx
}

/// The databases every case runs with (None: LS_COLORS unset).
fn databases() -> Vec<Option<String>> {
    vec![
        None,
        Some(String::new()),
        Some(dircolors()),
        Some("ln=target:mh=44:*.gz=35:*.PNG=36:or=31:mi=32:ex=01;32".into()),
        Some("ln=target:ex=".into()),
        Some("mi=32:ln=target".into()),
        Some("no=44:ec=XX:fi=35:rs=".into()),
        Some("lc=<:rc=>:rs=R:mh=44:ex=".into()),
        Some("*.txt=1:*.TXT=2:*gz=3:fi=0:di=:ow=:st=00".into()),
        Some("ca=1;31:mh=00:su=:sg=".into()),
        Some("or=:mi=:ln=0".into()),
        Some("rs=0:di=01;34:cl=<CL>".into()),
    ]
}

#[test]
fn every_database_in_every_format() {
    let fx = fixture("ls-color");
    let formats: &[&[&str]] = &[
        &["-1"],
        &["-C"],
        &["-x"],
        &["-m"],
        &["-l"],
        &["-R"],
        &["-F"],
        &["-p"],
        &["-lF"],
        &["-CF", "-w40"],
        &["-s", "-x"],
        &["-i", "-C"],
        &["-w20", "-C"],
        &["-w10", "-m"],
        &["-ls"],
        &["-x", "-w30"],
        &["-1U"],
        &["-w0", "-C"],
        &["--file-type", "-l"],
        &["-L", "-1"],
        &["--group-directories-first", "-1"],
        &["-d", ".", "dir", "lnk", "lnkdir", "orphan", "exe", "fifo"],
        &["-l", "lnk", "orphan", "lnkdir", "hard"],
        &["-l", "--dired"],
        &["-lR", "--dired", "."],
    ];
    for db in databases() {
        for args in formats {
            with_db(Cmd::new("ls"), &db)
                .args(*args)
                .arg("--color=always")
                .cwd(fx.path("d"))
                .same();
        }
    }
}

#[test]
fn quoting_styles_and_alignment_with_colors() {
    let fx = Fixture::new("ls-color-q");
    for f in [
        "a b",
        "plain",
        "it's",
        "new\nline",
        "verylongname_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    ] {
        fx.file(f, "");
    }
    fx.chmod("plain", 0o755);
    fx.symlink("a b", "lnk q");
    fx.all_mtimes(1_600_000_000);
    for style in ["literal", "shell", "shell-escape", "c", "escape"] {
        for args in [
            &["-C"][..],
            &["-x"],
            &["-l"],
            &["-m"],
            &["-1"],
            &["-w30", "-C"],
            &["-w25", "-x"],
        ] {
            let q = format!("--quoting-style={style}");
            Cmd::new("ls")
                .env("TERM", "xterm")
                .args(args)
                .arg(&q)
                .arg("--color=always")
                .cwd(&fx.root)
                .same();
            Cmd::new("ls")
                .env("TERM", "xterm")
                .args(args)
                .arg(&q)
                .args(["--color=always", "--hyperlink=always"])
                .cwd(&fx.root)
                .same();
        }
    }
}

#[test]
fn invalid_ls_colors_and_the_terminal_gate() {
    let fx = fixture("ls-color-gate");
    for (k, v) in [
        ("LS_COLORS", "zz=1"),
        ("LS_COLORS", "di=1:xx"),
        ("LS_COLORS", "*.c"),
        ("LS_COLORS", ":"),
        ("LS_COLORS", "di=\\x"),
    ] {
        for args in [&["-C"][..], &["-l"], &["-x", "-T4"], &["-C", "-T0"]] {
            Cmd::new("ls")
                .env("TERM", "xterm")
                .env(k, v)
                .args(args)
                .arg("--color=always")
                .cwd(fx.path("d"))
                .same();
            // Never parsed when color is off.
            Cmd::new("ls")
                .env("TERM", "xterm")
                .env(k, v)
                .args(args)
                .arg("--color=never")
                .cwd(fx.path("d"))
                .same();
        }
    }
    for term in [
        None,
        Some("dumb"),
        Some(""),
        Some("xterm-256color"),
        Some("linux"),
        Some("con80x25"),
        Some("vt220"),
        // One name for each of dircolors' TERM patterns (ls::values::colors::term), and
        // near misses.
        Some("Eterm"),
        Some("ansi"),
        Some("con8x"),
        Some("cons25"),
        Some("console"),
        Some("cygwin"),
        Some("a-direct"),
        Some("dtterm"),
        Some("gnome"),
        Some("hurd"),
        Some("jfbterm"),
        Some("konsole"),
        Some("kterm"),
        Some("linux-c"),
        Some("mlterm"),
        Some("putty"),
        Some("rxvt-unicode"),
        Some("screen.xterm"),
        Some("st"),
        Some("st-256"),
        Some("terminator"),
        Some("tmux-256color"),
        Some("vt100"),
        Some("vt1000"),
        Some("xterm-kitty"),
    ] {
        for colorterm in [None, Some(""), Some("truecolor")] {
            let mut c = Cmd::new("ls")
                .args(["-C", "--color=always"])
                .cwd(fx.path("d"));
            if let Some(t) = term {
                c = c.env("TERM", t);
            }
            if let Some(t) = colorterm {
                c = c.env("COLORTERM", t);
            }
            c.clone().same();
            c.env("LS_COLORS", "").same();
        }
    }
}

#[test]
fn when_words_and_f() {
    let fx = fixture("ls-color-when");
    for w in [
        "--color",
        "--color=always",
        "--color=yes",
        "--color=force",
        "--color=never",
        "--color=no",
        "--color=none",
        "--color=auto",
        "--color=tty",
        "--color=if-tty",
    ] {
        Cmd::new("ls")
            .env("TERM", "xterm")
            .args([w, "-C"])
            .cwd(fx.path("d"))
            .same();
        Cmd::new("ls")
            .env("TERM", "xterm")
            .args([w, "-f"])
            .cwd(fx.path("d"))
            .same();
        Cmd::new("ls")
            .env("TERM", "xterm")
            .args(["-f", w])
            .cwd(fx.path("d"))
            .same();
    }
}

#[test]
fn auto_on_a_terminal() {
    let fx = fixture("ls-color-tty");
    let ldc = dircolors();
    for args in [
        &["--color=auto"][..],
        &["--color=auto", "-l"],
        &["--color=auto", "-x"],
        &["--color=auto", "--hyperlink=auto"],
        &["--color=auto", "-R"],
    ] {
        Cmd::new("ls")
            .env("TERM", "xterm")
            .args(args)
            .cwd(fx.path("d"))
            .same_on_tty(80);
        Cmd::new("ls")
            .env("TERM", "xterm")
            .env("LS_COLORS", &ldc)
            .args(args)
            .cwd(fx.path("d"))
            .same_on_tty(50);
    }
}

#[test]
fn hyperlinks_resolve_like_gnu() {
    let fx = fixture("ls-color-link");
    fx.file("d/dir/odd name %#?:\\ \u{e1}", "");
    std::os::unix::fs::symlink(fx.path("d"), fx.path("via")).unwrap();
    fx.symlink("via/dir/..", "up");
    let top = &fx.root;
    let cases: &[&[&str]] = &[
        &["-a"],
        &["-l"],
        &["-la"],
        &["-R"],
        &["-C"],
        &["-x", "-w40"],
        &["-m"],
        &["-F"],
        &["-lL"],
        &["-aR", "via"],
        &[
            "-d",
            "via/.",
            "via/..",
            "via/dir/../reg",
            "via",
            "up",
            "via/lnk",
            "via/orphan",
            "via/lnself",
        ],
        &["via/lnkdir", "via/lnk"],
        &["-R", "via/lnkdir"],
        &["-l", "-w30", "via"],
        &["via/dir", "up"],
    ];
    for args in cases {
        Cmd::new("ls")
            .args(*args)
            .arg("--hyperlink=always")
            .cwd(top)
            .same();
        Cmd::new("ls")
            .env("TERM", "xterm")
            .args(*args)
            .args(["--hyperlink=always", "--color=always"])
            .cwd(top)
            .same();
    }
    // Links under the root need no doubled slash. Names only: the root's entries
    // (/tmp above all) change their times while other tests run beside this one.
    Cmd::new("ls").args(["--hyperlink", "-a", "/"]).same();
    Cmd::new("ls").args(["-d", "--hyperlink", "/", "/."]).same();
}

/// Runs `ls ARGS` after the shell line `prelude` (run in `fx.root`) with GNU's
/// binary and ours; asserts stdout, stderr and status equal and returns ours.
fn same_after(fx: &Fixture, prelude: &str, args: &str) -> (Option<i32>, Vec<u8>, Vec<u8>) {
    let run = |exe: &std::path::Path| {
        let o = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("{prelude} && {} {args}", sh_exec(exe, "ls")))
            .current_dir(&fx.root)
            .env_clear()
            .env("LC_ALL", "C")
            .env("TERM", "xterm")
            .output()
            .unwrap();
        (o.status.code(), o.stdout, o.stderr)
    };
    let (g, o) = (run(&gnu("ls")), run(&bin()));
    assert_eq!(
        (o.0, show(&o.1), show(&o.2)),
        (g.0, show(&g.1), show(&g.2)),
        "ls {args} after `{prelude}`"
    );
    o
}

/// GNU canonicalizes with getcwd, which fails with ENOENT in a removed directory:
/// `error canonicalizing` for each relative name it canonicalizes (operands, `.`
/// under -d, directory headers), status 2, and that name without a link.
#[test]
fn hyperlinks_in_a_removed_working_directory() {
    let fx = Fixture::new("ls-hl-rmcwd");
    fx.dir("keep/sub");
    fx.file("keep/f", "");
    let keep = fx.path("keep");
    let keep = keep.to_str().unwrap();
    for args in [
        "",
        "-a",
        "-la",
        "-d",
        "-R",
        "-dR",
        ".",
        "-d .",
        "-l x",
        "../x",
        &format!(". {keep}"),
        &format!("-d . {keep}"),
        &format!("-R {keep}"),
        &format!("-l {keep}/f x {keep}/sub"),
        "--color=always -d .",
    ] {
        let args = format!("--hyperlink=always {args}");
        same_after(&fx, "mkdir gone && cd gone && rmdir ../gone", &args);
    }
    let (status, ..) = same_after(
        &fx,
        "mkdir gone && cd gone && rmdir ../gone",
        "--hyperlink=always -d .",
    );
    assert_eq!(status, Some(2));
}

/// A working directory longer than a page: getcwd(2) says ENAMETOOLONG and glibc
/// walks up through `..`; the links hold the whole path.
#[test]
fn hyperlinks_beyond_path_max() {
    let fx = Fixture::new("ls-hl-long");
    let step = "d".repeat(200);
    let mut rel = std::path::PathBuf::new();
    for _ in 0..25 {
        rel.push(&step);
    }
    // Made level by level (a path past PATH_MAX cannot be made in one call).
    let cd = format!(
        "for i in $(seq 25); do mkdir -p {step} && cd {step} || exit 9; done && mkdir -p sub && touch f 'odd %name'"
    );
    for args in ["", "-la", "-R", "-d . sub ../", "-d ../../.."] {
        let (status, out, _) = same_after(&fx, &cd, &format!("--hyperlink=always {args}"));
        assert_eq!(status, Some(0));
        if !args.contains("../..") {
            let want = format!("{}/{}", fx.root.display(), rel.display());
            assert!(text(&out).contains(&want), "{}", text(&out));
        }
    }
}

/// Syscall counts of one run of our ls under strace, by name.
fn syscalls(
    fx: &Fixture,
    env: &[(&str, &str)],
    args: &[&str],
) -> std::collections::HashMap<String, u64> {
    let mut env = env.to_vec();
    env.insert(0, ("TERM", "xterm"));
    syscall_counts(&link_named(&bin(), "ls"), args, &fx.path("d"), &env, false)
}

#[test]
#[ignore = "needs strace"]
fn colors_stat_only_what_the_database_needs() {
    if skip_strace_under_qemu() {
        return;
    }
    let fx = fixture("ls-color-sys");
    let names: Vec<std::fs::DirEntry> = std::fs::read_dir(fx.path("d"))
        .unwrap()
        .map(|e| e.unwrap())
        .collect();
    let kind = |want: fn(&std::fs::FileType) -> bool| {
        names
            .iter()
            .filter(|e| want(&e.file_type().unwrap()))
            .count() as u64
    };
    let regular = kind(|t| t.is_file());
    let dirs = kind(|t| t.is_dir());
    let links = kind(|t| t.is_symlink());
    let stats = |m: &std::collections::HashMap<String, u64>| {
        ["statx", "newfstatat", "fstat", "readlink", "readlinkat"]
            .iter()
            .map(|k| m.get(*k).copied().unwrap_or(0))
            .sum::<u64>()
    };
    // The operand's statx is the one stat without colors.
    let base = stats(&syscalls(&fx, &[], &["."]));
    assert_eq!(base, 1);
    // Built-in database: regular files (ex, su, sg) and directories (st, ow, tw).
    assert_eq!(
        stats(&syscalls(&fx, &[], &["--color=always", "."])),
        base + regular + dirs
    );
    // Nothing colored that needs a stat: d_type alone.
    let free = "ex=:su=:sg=:ca=:st=:ow=:tw=:mh=44";
    assert_eq!(
        stats(&syscalls(
            &fx,
            &[("LS_COLORS", free)],
            &["--color=always", "."]
        )),
        base
    );
    // Orphans: each symlink lstat'd, read, and what its target names stat'd (as
    // GNU: lstat, readlink, stat), nothing else.
    let orphans = "ex=:su=:sg=:ca=:st=:ow=:tw=:or=31";
    assert_eq!(
        stats(&syscalls(
            &fx,
            &[("LS_COLORS", orphans)],
            &["--color=always", "."]
        )),
        base + 3 * links
    );
    // Directories only.
    let dirs_only = "ex=:su=:sg=:ca=:ow=:tw=";
    assert_eq!(
        stats(&syscalls(
            &fx,
            &[("LS_COLORS", dirs_only)],
            &["--color=always", "."]
        )),
        base + dirs
    );
}

/// GNU 9.1 decides the long format's `\e[K` from the columns after the last
/// owner/group/author/context field (it writes those outside its line buffer).
#[test]
fn long_format_clear_to_eol_column() {
    let fx = Fixture::new("ls-color-cl");
    for n in [10usize, 20, 30, 35, 40, 45, 60] {
        let p = fx.file("x".repeat(n), "");
        let _ = p;
        fx.chmod("x".repeat(n), 0o755);
    }
    fx.all_mtimes(1_600_000_000);
    for w in ["30", "40", "60", "80"] {
        for o in ["-l", "-og", "-n", "-lis", "-lZ", "-l --author"] {
            Cmd::new("ls")
                .args(o.split(' '))
                .args(["--color=always", "-w", w, "."])
                .env("TERM", "xterm")
                .cwd(&fx.root)
                .same();
        }
    }
}

/// The LS_COLORS warnings name the program as it was run (argv[0], as GNU's
/// messages do), not always `ls`.
#[test]
fn invalid_database_warning_names_argv0() {
    let fx = Fixture::new("ls-color-argv0");
    fx.file("f", "");
    for argv0 in ["ls", "./ls", "/usr/local/bin/ls"] {
        for (db, loc) in [
            ("zz=1", "C.UTF-8"),
            ("zz=1", "C"),
            ("di=\\x", "C"),
            ("garbage", "C"),
        ] {
            let run = |exe: &std::path::Path| {
                let line = format!("{} --color=always .", sh_exec(exe, argv0));
                std::process::Command::new("bash")
                    .args(["-c", &line])
                    .current_dir(&fx.root)
                    .env("LS_COLORS", db)
                    .env("LC_ALL", loc)
                    .output()
                    .unwrap()
            };
            let (o, g) = (run(&bin()), run(&gnu("ls")));
            assert_eq!(
                (show(&o.stdout), show(&o.stderr), o.status.code()),
                (show(&g.stdout), show(&g.stderr), g.status.code()),
                "{argv0} {db}"
            );
        }
    }
}

/// `ls --hyperlink ''`: gnulib's canonicalize fails on the empty name before
/// anything is looked at, so GNU says `error canonicalizing ''` before
/// `cannot access ''` (difffuzz N3).
#[test]
fn hyperlink_of_an_empty_operand() {
    let fx = Fixture::new("hyperlink-empty");
    fx.file("f", "f\n");
    fx.all_mtimes(1_600_000_000);
    for args in [
        &["--hyperlink=always", ""][..],
        &["--hyperlink=always", "-l", "", "f"],
    ] {
        Cmd::new("ls").cwd(&fx.root).args(args).same();
    }
}
