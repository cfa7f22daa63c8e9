//! ls and symlinks against GNU ls 9.1: when a link is read (the long format, and
//! GNU's `check_symlink_mode`: --group-directories-first, or colors that tell
//! dangling links apart), when what its target text names is stat'd (-l with -F or
//! --file-type, and check_symlink_mode), and what is printed, colored, sorted and
//! reported when either fails: /proc's magic links (`3 -> pipe:[N]`) count as
//! dangling, an unreadable link is an error in every mode that reads it, -L's
//! broken links get no indicator in -l, and the long format's `\e[K` after a
//! target counts the alignment space GNU does not print.

mod common;
use common::*;
use std::process::{Child, Command, Stdio};

/// Every kind of target, links whose target text names nothing (as /proc's
/// magic links), loops, and relative targets through a subdirectory.
fn tree() -> Fixture {
    let fx = Fixture::new("ls-links");
    fx.dir("d/dir");
    fx.dir("d/sub/inner");
    fx.file("d/file", "x");
    fx.file("d/exe", "x");
    fx.chmod("d/exe", 0o755);
    fx.fifo("d/fifo");
    fx.socket("d/sock");
    for (t, l) in [
        ("pipe:[123]", "pipe"),
        ("socket:[1]", "sockl"),
        ("net:[4026531840]", "ns"),
        ("loop", "loop"),
        ("nowhere", "dangling"),
        ("dir", "ldir"),
        ("ldir", "lldir"),
        ("fifo", "lfifo"),
        ("sock", "lsock"),
        ("exe", "lexe"),
        ("file", "lfile"),
        ("sub/inner", "linner"),
        ("sub/../dir", "ldotdot"),
        ("/", "lroot"),
        ("/nonexistent/x", "labs"),
        ("file/", "lnotdir"),
    ] {
        fx.symlink(t, format!("d/{l}"));
    }
    fx.all_mtimes(1_600_000_000);
    fx
}

/// LS_COLORS databases that once listed links differently from GNU (None: LS_COLORS unset, the built-in one).
fn databases() -> Vec<Option<String>> {
    vec![
        None,
        Some(dircolors()),
        Some("mi=41:ln=1;36:di=1;34".into()),
        Some("or=41".into()),
        Some("ln=target".into()),
        Some("ln=target:ex=00".into()),
        Some("ln=01;36".into()),
    ]
}

fn ls() -> Cmd {
    Cmd::new("ls").env("TERM", "xterm")
}

/// A process that sleeps with pipes on fds 0 and 1 and /dev/null on 2, killed
/// when dropped: its /proc/PID/fd holds magic links to `pipe:[N]`.
struct Sleeper(Child);

impl Sleeper {
    fn start() -> Sleeper {
        let c = Command::new("sleep")
            .arg("600")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("sleep");
        Sleeper(c)
    }
    fn proc(&self, rel: &str) -> String {
        format!("/proc/{}/{rel}", self.0.id())
    }
}

impl Drop for Sleeper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A link whose target text names no file is dangling to GNU, even when the
/// kernel follows it (a /proc magic link): no indicator after the target in -l,
/// `or` rather than `ln`, and not a directory for --group-directories-first.
#[test]
fn targets_that_name_nothing_are_dangling() {
    let fx = tree();
    let p = Sleeper::start();
    let (fd, ns) = (p.proc("fd"), p.proc("ns"));
    let (fd0, fd1) = (p.proc("fd/0"), p.proc("fd/1"));
    let opts: &[&[&str]] = &[
        &["-lF"],
        &["-l", "--file-type"],
        &["-l", "--indicator-style=slash"],
        &["-F", "--color=always"],
        &["-l", "--color=always"],
        &["-lF", "--color=always"],
        &["-lp", "--color=always"],
        &["--group-directories-first"],
        &["--group-directories-first", "-F"],
        &["-1U", "--color=always"],
    ];
    for db in databases() {
        for o in opts {
            for dir in [fx.path("d").to_str().unwrap(), &fd, &ns] {
                with_db(ls(), &db).args(*o).arg(dir).same();
            }
            with_db(ls(), &db).args(*o).args([&fd0, &fd1]).same();
            with_db(ls(), &db)
                .args(*o)
                .args(["pipe", "sockl", "ns", "loop", "ldir", "lldir"])
                .cwd(fx.path("d"))
                .same();
        }
    }
}

/// -L: a link that cannot be followed is listed from its directory entry,
/// `l?????????`, and in -l GNU prints no indicator for it (there is no target).
#[test]
fn broken_links_under_deref_have_no_indicator_in_long_format() {
    let fx = tree();
    for o in [
        &["-lLF"][..],
        &["-lL", "--file-type"],
        &["-lLp"],
        &["-LF"],
        &["-lLF", "--color=always"],
        &["-lLFi"],
    ] {
        for db in [None, Some(dircolors())] {
            with_db(ls(), &db).args(o).arg("d").cwd(fx.path("")).same();
        }
    }
}

/// The target's indicator after ` -> ` wherever GNU stats the target: -F and
/// --file-type, and with -p or --indicator-style=slash too when colors (`mi` in
/// -l, `or`, `ln=target` with `ex`) or --group-directories-first stat it.
#[test]
fn target_indicator_wherever_the_target_is_stat_d() {
    let fx = tree();
    let opts: &[&[&str]] = &[
        &["-lp"],
        &["-l", "--indicator-style=slash"],
        &["-lF"],
        &["-l", "--file-type"],
        &["-l", "--indicator-style=classify"],
        &["-l"],
        &["-lp", "--group-directories-first"],
        &["-lF", "--group-directories-first"],
    ];
    for db in databases() {
        for o in opts {
            for color in ["--color=always", "--color=never"] {
                with_db(ls(), &db)
                    .args(*o)
                    .arg(color)
                    .cwd(fx.path("d"))
                    .same();
                with_db(ls(), &db)
                    .args(*o)
                    .arg(color)
                    .args(["ldir", "lldir", "lfifo", "dangling", "loop", "linner"])
                    .cwd(fx.path("d"))
                    .same();
            }
        }
    }
}

/// An operand's relative target is looked up from the operand's directory, not
/// the working directory (where `dir` and `sub` name other things, or nothing).
#[test]
fn operand_targets_resolve_from_the_operand_directory() {
    let fx = tree();
    fx.file("dir", "not the link's target");
    let abs = fx.path("d/linner");
    let abs = abs.to_str().unwrap();
    let ops = [
        "d/ldir",
        "d/linner",
        "./d/linner",
        "d//linner",
        "d/ldotdot",
        abs,
        "d/lfifo",
        "d/dangling",
    ];
    for db in [
        None,
        Some(dircolors()),
        Some("mi=41:ln=1;36:di=1;34".into()),
        Some("ln=target".into()),
    ] {
        for o in [
            &["-lF"][..],
            &["-lp", "--color=always"],
            &["-F", "--color=always"],
            &["--group-directories-first", "-d"],
            &["-d", "--color=always"],
        ] {
            with_db(ls(), &db).args(o).args(ops).cwd(fx.path("")).same();
        }
    }
}

/// A link that cannot be read (/proc/1's cwd, root and exe for an ordinary user)
/// is reported in every mode in which GNU reads links (-l, colors that check
/// links, --group-directories-first), with status 1 for an entry and 2 for an
/// operand; not in modes that do not read links (-F, -L).
#[test]
#[ignore = "needs root (runs the binaries as nobody)"]
fn unreadable_links_are_reported_wherever_they_are_read() {
    need_root();
    let dc = Some(dircolors());
    let cases: &[(&[&str], &Option<String>)] = &[
        (&["--group-directories-first"], &None),
        (&["--group-directories-first", "-x"], &None),
        (&["--color=always"], &dc),
        (&["-F", "--color=always"], &dc),
        (&["-1U", "--color=always"], &dc),
        (&["-l"], &None),
        (&["-lF", "--color=always"], &dc),
        (&["-F"], &None),
        (&["--color=always"], &None),
        (&["-L", "--color=always"], &dc),
        (&["-lL"], &None),
    ];
    for (o, db) in cases {
        with_db(ls(), db)
            .user("nobody")
            .args(*o)
            .arg("/proc/1")
            .same();
        with_db(ls(), db)
            .user("nobody")
            .args(*o)
            .args(["/proc/1/cwd", "/proc/1/exe", "/proc/1/root"])
            .same();
        with_db(ls(), db)
            .user("nobody")
            .args(*o)
            .args(["-d", "/proc/1/cwd", "/proc/1/environ"])
            .same();
    }
}

/// Colored -l: the `\e[K` after a link's target. GNU decides it from the target's
/// bytes plus the alignment space an unquoted target would get when other names
/// are quoted (it is counted, though not printed).
#[test]
fn clear_to_eol_after_targets_counts_the_alignment_space() {
    let fx = Fixture::new("ls-links-cl");
    fx.file("d/a b", "");
    for n in [1usize, 8, 20, 33] {
        fx.symlink("t".repeat(n), format!("d/z{n}"));
    }
    fx.symlink("quoted target", "d/zq");
    fx.all_mtimes(1_600_000_000);
    for db in [
        Some(dircolors()),
        Some("ln=01;36:or=41".into()),
        Some("no=44:ln=1".into()),
    ] {
        for q in ["shell-escape", "shell", "c-maybe", "literal", "c"] {
            for w in 2..90 {
                with_db(ls(), &db)
                    .args([
                        "-l",
                        "--color=always",
                        "-w",
                        &w.to_string(),
                        "--quoting-style",
                        q,
                    ])
                    .cwd(fx.path("d"))
                    .same();
            }
        }
    }
    // On an 80-column terminal (shell-escape quoting by default): one of these
    // targets ends in column 80.
    let fx = Fixture::new("ls-links-tty");
    fx.file("d/a b", "");
    for n in 40..70 {
        fx.symlink("t".repeat(n), format!("d/l{n}"));
    }
    fx.all_mtimes(1_600_000_000);
    with_db(ls(), &Some(dircolors()))
        .args(["-la", "--color=auto"])
        .cwd(fx.path("d"))
        .same_on_tty(80);
}

/// Links are read exactly where GNU reads them (no more, no fewer readlink
/// calls), and no mode makes more stat calls than GNU's (GNU's count includes
/// its stat of `.`, ours one more for the operand).
#[test]
#[ignore = "needs strace"]
fn links_are_read_and_followed_only_where_gnu_does() {
    if skip_strace_under_qemu() {
        return;
    }
    let fx = tree();
    let ours = link_named(&bin(), "ls");
    let dc = dircolors();
    // (ls options, environment variables)
    type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)]);
    let cases: &[Case] = &[
        (&["-l"], &[]),
        (&["-F"], &[]),
        (&["-p"], &[]),
        (&["--color=always"], &[]),
        (&["--color=always"], &[("LS_COLORS", "ln=01;36")]),
        (&["--color=always"], &[("LS_COLORS", &dc)]),
        (&["-lp"], &[]),
        (&["-lF"], &[]),
        (&["-lp", "--color=always"], &[("LS_COLORS", "mi=41")]),
        (&["--group-directories-first"], &[]),
        (&["-lL"], &[]),
        (&["-LF", "--color=always"], &[("LS_COLORS", &dc)]),
        (&["-t"], &[]),
    ];
    for (args, env) in cases {
        let mut env = env.to_vec();
        env.push(("TERM", "xterm"));
        // (-L fails on the broken links: status 1.)
        let g = syscall_counts(&gnu("ls"), args, &fx.path("d"), &env, true);
        let o = syscall_counts(&ours, args, &fx.path("d"), &env, true);
        let count = |m: &std::collections::HashMap<String, u64>, names: &[&str]| {
            names
                .iter()
                .map(|k| m.get(*k).copied().unwrap_or(0))
                .sum::<u64>()
        };
        let links = ["readlink", "readlinkat"];
        assert_eq!(
            count(&o, &links),
            count(&g, &links),
            "readlink calls for ls {args:?} {env:?}"
        );
        assert!(
            count(&o, &["statx"]) <= count(&g, &["statx"]) + 1,
            "statx calls for ls {args:?} {env:?}: ours {o:?}, GNU {g:?}"
        );
    }
}
