//! Standard descriptors that are closed or fail: GNU's write-error messages, and
//! what each applet does with fd 0, 1 or 2 closed (no file of ours may take one of
//! them; a directory may, as in GNU's ls), compared with GNU's stdout, stderr and status through bash redirections.
mod common;
use common::*;
use std::path::Path;
use std::process::{Command, Stdio};

type Ran = (String, String, Option<i32>);

/// `exe` run by bash as argv[0] `argv0` with `args` and `redir` (shell words, as
/// written) in `dir`.
fn run(exe: &Path, argv0: &str, args: &str, redir: &str, dir: &Path) -> Ran {
    run_by(exe, argv0, args, redir, dir, false)
}

/// `run`, as the user nobody when `nobody` (through setpriv).
fn run_by(exe: &Path, argv0: &str, args: &str, redir: &str, dir: &Path, nobody: bool) -> Ran {
    let exe = if nobody {
        runnable_by_anyone(exe)
    } else {
        exe.to_owned()
    };
    let mut c = if nobody {
        let mut c = Command::new("setpriv");
        c.args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "--",
            "bash",
        ]);
        c
    } else {
        Command::new("bash")
    };
    let o = c
        .arg("-c")
        .arg(format!("{} {args} {redir}", sh_exec(&exe, argv0)))
        .current_dir(dir)
        .env_clear()
        .env("LC_ALL", "C")
        .env("TZ", "UTC")
        .env("TERM", "xterm")
        .env("PATH", "/usr/bin:/bin")
        .stdin(Stdio::null())
        .output()
        .expect("bash");
    (text(&o.stdout), text(&o.stderr), o.status.code())
}

/// Runs ours and GNU's `applet` the same way and asserts the same stdout, stderr
/// and status.
#[track_caller]
fn same(applet: &str, args: &str, redir: &str, dir: &Path) -> Ran {
    same_as(applet, applet, args, redir, dir)
}

#[track_caller]
fn same_as(applet: &str, argv0: &str, args: &str, redir: &str, dir: &Path) -> Ran {
    let theirs = run(&gnu(applet), argv0, args, redir, dir);
    let ours = run(&bin(), argv0, args, redir, dir);
    assert_eq!(ours, theirs, "{argv0} {args} {redir}");
    ours
}

fn fixture(tag: &str) -> Fixture {
    let fx = Fixture::new(tag);
    fx.file("a", b"one two\n");
    fx.file("b", b"x\ny\n");
    fx.file("d/f", b"");
    fx.file("d/sub/g", b"");
    fx.file("list", b"a\0b\0");
    fx
}

/// GNU's `write error` texts. wc's stdout is line-buffered, so its failed writes
/// come before close_stdout, which adds an errno text only when closing fd 1 fails:
/// `Bad file descriptor` when fd 1 was closed, nothing for /dev/full or fd 1 open
/// read-only. ls's is fully buffered: the text is that of the final flush.
#[test]
fn write_error_messages() {
    let fx = fixture("stdio-write");
    for (args, redir) in [
        ("a b", ">&-"),
        ("-", ">&- <a"),
        ("--files0-from=list", ">&-"),
        ("--files0-from=-", ">&- <list"),
        ("nosuch a b", ">&-"),
        ("--help", ">&-"),
        ("--version", ">&-"),
        ("a", ">/dev/full"),
        ("a b", ">/dev/full"),
        ("--help", ">/dev/full"),
        ("a b", "1<a"),
        ("--version", "1<a"),
        ("a b", ">&- 2>&-"),
    ] {
        same("wc", args, redir, &fx.root);
    }
    for (args, redir) in [
        ("d", ">&-"),
        ("-R d", ">&-"),
        ("-l d", ">&-"),
        ("--help", ">&-"),
        ("--version", ">&-"),
        ("d", ">/dev/full"),
        ("-R /usr/share", ">/dev/full"),
        ("--help", ">/dev/full"),
        ("d", "1<a"),
    ] {
        same("ls", args, redir, &fx.root);
    }
}

/// A failed write empties glibc's buffer: when GNU's ls fails at the flush it
/// makes before a message and writes nothing after it, close_stdout finds the
/// error with nothing left to write and says the bare `write error`; bytes after
/// it (written again, failing again) or a close that fails give the errno text
/// (difffuzz N4). d/self -> `.` makes -RL end on a message; GNU's flush after
/// the colors is another such flush.
#[test]
fn write_error_after_the_flush_before_a_message() {
    let fx = Fixture::new("stdio-flush");
    fx.file("d/inner", b"x\n");
    fx.symlink(".", "d/self");
    fx.file("z/f", b"");
    for (args, redir) in [
        ("-RL d", ">/dev/full"),
        ("-RL d", "1<d/inner"),
        ("-RL d", ">&-"),
        ("-RL d z", ">/dev/full"),
        ("-RL z d", ">/dev/full"),
        ("-RL d nosuch", ">/dev/full"),
        // GNU also flushes at the end when it wrote colors, before --dired's trailer.
        ("--color=always", ">/dev/full"),
        ("--color=always z", ">/dev/full"),
        ("--color=always z nosuch", ">/dev/full"),
        ("--color=always -l --dired", ">/dev/full"),
        ("--color=always -R", "1<d/inner"),
    ] {
        same("ls", args, redir, &fx.root);
    }
}

/// `--debug`'s message names the program by argv[0], as GNU's error() does.
#[test]
fn debug_message_names_the_program() {
    if skip_under_qemu("the emulated CPU has no AVX2 line kernel to report") {
        return;
    }
    let fx = fixture("stdio-debug");
    for argv0 in ["/some/where/wc", "./wc", "wc"] {
        same_as("wc", argv0, "-l --debug a", "", &fx.root);
        same_as("wc", argv0, "--debug -l a b", "", &fx.root);
        same_as("wc", argv0, "-l --debug a b", ">&-", &fx.root);
    }
}

/// Runs ours and GNU's `applet` with `args`, once with each of fd 0, 1 and 2 closed
/// and once with all three, as nobody too when we are root (so that unreadable
/// directories fail), and adds to `diffs` each run whose stdout, stderr or status
/// differ. `input` is the standard input given while fd 0 is not the one closed.
fn closed_each(applet: &str, args: &str, input: &str, dir: &Path, diffs: &mut Vec<String>) {
    let users: &[bool] = if is_root() { &[false, true] } else { &[false] };
    for &nobody in users {
        for closed in ["<&-", ">&-", "2>&-", "<&- >&- 2>&-"] {
            let redir = if closed.starts_with("<&-") {
                closed.to_string()
            } else {
                format!("{closed} {input}")
            };
            let theirs = run_by(&gnu(applet), applet, args, &redir, dir, nobody);
            let ours = run_by(&bin(), applet, args, &redir, dir, nobody);
            if ours != theirs {
                let who = if nobody { " (as nobody)" } else { "" };
                diffs.push(format!(
                    "{applet} {args} {redir}{who}\n  GNU:  {theirs:?}\n  ours: {ours:?}"
                ));
            }
        }
    }
}

/// Fails listing every difference found.
#[track_caller]
fn none(diffs: Vec<String>) {
    assert!(
        diffs.is_empty(),
        "{} differ from GNU:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

/// No file we open may be 0, 1 or 2: with a standard descriptor closed, a
/// file of ours would otherwise be read as `-`, or receive our output (wc -c's
/// /dev/null sink took fd 1: no write error), or our messages.
#[test]
fn wc_with_a_standard_descriptor_closed() {
    let fx = fixture("stdio-wc-closed");
    fx.file("list-dash", b"a\0-\0b\0");
    fx.file("list-only-dash", b"-\0");
    let mut diffs = Vec::new();
    for (args, input) in [
        ("a", ""),
        ("a b", ""),
        ("-", "<a"),
        ("", "<a"),
        ("a -", "<b"),
        ("- a", "<b"),
        ("-c a", ""),
        ("-c", "< <(printf abc)"),
        ("-c -", "< <(printf abc)"),
        ("-l", "< <(printf 'a\\nb\\n')"),
        ("--files0-from=list", ""),
        ("--files0-from=list-dash", "<a"),
        ("--files0-from=list-only-dash", "<b"),
        ("--files0-from=-", "<list"),
        ("--files0-from=nosuch", ""),
        ("nosuch a", ""),
        ("a nosuch", ""),
        ("--bogus", ""),
    ] {
        closed_each("wc", args, input, &fx.root, &mut diffs);
    }
    if !skip_under_qemu("the emulated CPU has no AVX2 line kernel to report") {
        closed_each("wc", "-l --debug a", "", &fx.root, &mut diffs);
    }
    none(diffs);
}

#[test]
fn ls_with_a_standard_descriptor_closed() {
    let fx = fixture("stdio-ls-closed");
    fx.dir("r/x");
    fx.file("r/x/1", b"");
    fx.file("r/y/z/2", b"");
    fx.dir("r/unreadable");
    fx.symlink("nowhere", "r/dangling");
    fx.chmod("r/unreadable", 0o000);
    let mut diffs = Vec::new();
    for args in [
        "d",
        "-R d",
        "-l d",
        "-lR r",
        "-R r",
        "-l --time-style=full-iso d",
        "--color=always -R r",
        "--color=auto d",
        "-l --color=always r",
        "nosuch d",
        "-L r/dangling",
        "r/unreadable",
        "--bogus",
        "/dev/fd/",
    ] {
        closed_each("ls", args, "", &fx.root, &mut diffs);
    }
    fx.chmod("r/unreadable", 0o755);
    none(diffs);
}

/// The one case that differs from GNU on purpose: GNU's wc opens its list with
/// plain fopen, so with fd 0 closed a list that is not read whole (a pipe) is fd 0,
/// and a `-` in it reads the list's own descriptor (at its end: `0 0 0 -`, status
/// 0). Ours keeps fd 0 closed: `-` is EBADF, as for a list read whole, where GNU
/// agrees (wc_with_a_standard_descriptor_closed).
#[test]
fn piped_list_naming_stdin_with_fd0_closed() {
    let fx = fixture("stdio-wc-pipe-list");
    let ours = run(
        &bin(),
        "wc",
        "--files0-from=<(printf 'a\\0-\\0b\\0')",
        "<&-",
        &fx.root,
    );
    assert_eq!(
        ours,
        (
            "1 2 8 a\n0 0 0 -\n2 2 4 b\n3 4 12 total\n".to_string(),
            "wc: -: Bad file descriptor\nwc: -: Bad file descriptor\n".to_string(),
            Some(1)
        )
    );
}
