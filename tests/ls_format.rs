//! ls: the layouts (-C, -x, -m, -1) against GNU ls: widths from -w, COLUMNS and the
//! terminal, tab stops, terminal defaults, write errors.
mod common;
use common::plain::{ls, plain_tree};
use common::*;

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
