//! Standard descriptors that are closed or fail: GNU's write-error messages, and
//! what each applet does with fd 0, 1 or 2 closed (no open of ours may take one of
//! them), compared with GNU's stdout, stderr and status through bash redirections.
mod common;
use common::*;
use std::path::Path;
use std::process::{Command, Stdio};

type Ran = (String, String, Option<i32>);

/// `exe` run by bash as argv[0] `argv0` with `args` and `redir` (shell words, as
/// written) in `dir`.
fn run(exe: &Path, argv0: &str, args: &str, redir: &str, dir: &Path) -> Ran {
    let o = Command::new("bash")
        .arg("-c")
        .arg(format!("{} {args} {redir}", sh_exec(exe, argv0)))
        .current_dir(dir)
        .env_clear()
        .env("LC_ALL", "C")
        .env("TZ", "UTC")
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
