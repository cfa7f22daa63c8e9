//! The multi-call entry: applet selection, the binary's own options, --install.
mod common;
use common::*;
use std::process::Command;

fn run(argv0: &str, args: &[&str]) -> Output {
    let mut c = Cmd::new(argv0);
    c = c.args(args);
    c.ours()
}

#[test]
fn no_arguments_lists_applets() {
    let o = run("bareutils", &[]);
    assert_eq!(o.status, 0);
    assert!(o.stderr.is_empty());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.starts_with("Usage: bareutils APPLET [ARGUMENT]...\n"),
        "{text}"
    );
    assert!(text.ends_with("\nApplets: ls wc\n"), "{text}");
    assert_eq!(
        run("bareutils", &["--help"]).stdout,
        run("bareutils", &[]).stdout
    );
}

#[test]
fn version() {
    let o = run("bareutils", &["--version"]);
    assert_eq!(
        o,
        Output {
            stdout: format!("bareutils {}\n", env!("CARGO_PKG_VERSION")).into_bytes(),
            stderr: vec![],
            status: 0
        }
    );
}

#[test]
fn unknown_applet_is_127() {
    let o = run("bareutils", &["cat", "x"]);
    assert_eq!(
        o,
        Output {
            stdout: vec![],
            stderr: b"bareutils: applet not found: cat\n".to_vec(),
            status: 127
        }
    );
    // Any other program name behaves as the multi-call binary itself.
    let o = run("/some/where/busy", &["nope"]);
    assert_eq!(o.status, 127);
}

#[test]
fn applet_by_name_or_path_or_argument() {
    let fx = Fixture::new("dispatch");
    fx.file("f", "one two\nthree\n");
    let by_arg = Cmd::new("bareutils").args(["wc", "f"]).cwd(&fx.root).ours();
    let by_name = Cmd::new("wc").arg("f").cwd(&fx.root).ours();
    let by_path = Cmd::new("/usr/local/bin/wc").arg("f").cwd(&fx.root).ours();
    assert_eq!(by_name.stdout, by_path.stdout);
    assert_eq!(by_name, by_arg);
}

#[test]
fn install_hard_and_symbolic_links() {
    let fx = Fixture::new("install");
    let hard = fx.dir("hard");
    let o = ours_cmd().arg("--install").arg(&hard).output().unwrap();
    assert_eq!((o.status.code(), o.stderr.as_slice()), (Some(0), &b""[..]));
    use std::os::unix::fs::MetadataExt;
    let me = std::fs::metadata(bin()).unwrap();
    for a in ["ls", "wc"] {
        let m = std::fs::symlink_metadata(hard.join(a)).unwrap();
        assert_eq!(
            (m.dev(), m.ino()),
            (me.dev(), me.ino()),
            "{a} is a hard link"
        );
    }
    // A second install refuses to overwrite.
    let o = ours_cmd().arg("--install").arg(&hard).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    let want = format!(
        "bareutils: cannot create '{0}/ls': File exists\nbareutils: cannot create '{0}/wc': File exists\n",
        hard.display()
    );
    assert_eq!(String::from_utf8_lossy(&o.stderr), want);

    let soft = fx.dir("soft");
    let o = ours_cmd()
        .args(["--install", "-s"])
        .arg(&soft)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    for a in ["ls", "wc"] {
        let t = std::fs::read_link(soft.join(a)).unwrap();
        assert!(t.is_absolute(), "{t:?}");
        assert_eq!(
            std::fs::canonicalize(&t).unwrap(),
            std::fs::canonicalize(bin()).unwrap()
        );
    }
    // The links work as the applets: the same as naming the applet.
    let f = fx.file("f", "a b\n");
    let via_link = ours_at(soft.join("wc")).arg(&f).output().unwrap();
    let via_arg = ours_cmd().arg("wc").arg(&f).output().unwrap();
    assert_eq!(via_link, via_arg);
}

#[test]
fn install_errors() {
    let o = ours_cmd().arg("--install").output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "bareutils: missing directory operand\nUsage: bareutils --install [-s] DIR\n"
    );
    let o = ours_cmd()
        .args(["--install", "/nonexistent/dir"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "bareutils: cannot open directory '/nonexistent/dir': No such file or directory\n"
    );
}

/// The front end's own output and messages on /dev/full: the write error is
/// reported and, as GNU's close_stdout does, a message that could not be written
/// ends the run with status 1.
#[test]
fn front_end_write_failures() {
    let run = |line: &str| {
        let o = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("{} {line}", sh_exec(&bin(), "bareutils")))
            .env_clear()
            .env("LC_ALL", "C")
            .output()
            .unwrap();
        (text(&o.stdout), text(&o.stderr), o.status.code())
    };
    let full = "bareutils: write error: No space left on device\n";
    for (line, want) in [
        (">/dev/full", ("", full, Some(1))),
        ("--help >/dev/full", ("", full, Some(1))),
        ("--version >/dev/full", ("", full, Some(1))),
        ("--help >/dev/full 2>/dev/full", ("", "", Some(1))),
        (
            "--help >&-",
            ("", "bareutils: write error: Bad file descriptor\n", Some(1)),
        ),
        ("cat 2>/dev/full", ("", "", Some(1))),
        ("cat 2>&-", ("", "", Some(1))),
        ("--help 2>/dev/full >/dev/null", ("", "", Some(0))),
    ] {
        assert_eq!(
            run(line),
            (want.0.to_string(), want.1.to_string(), want.2),
            "bareutils {line}"
        );
    }
}

/// The front end's own output fails: its message with the errno text, and status 1
/// (not 0) for the usage text as for --version.
#[test]
fn front_end_write_error() {
    let fx = Fixture::new("dispatch-closed");
    for args in ["", "--help", "--version"] {
        let o = Command::new("bash")
            .arg("-c")
            .arg(format!("{} {args} >&-", sh_exec(&bin(), "bareutils")))
            .current_dir(&fx.root)
            .env_clear()
            .output()
            .expect("bash");
        assert_eq!(
            (text(&o.stderr), o.status.code()),
            (
                "bareutils: write error: Bad file descriptor\n".to_string(),
                Some(1)
            ),
            "bareutils {args} >&-"
        );
    }
}
