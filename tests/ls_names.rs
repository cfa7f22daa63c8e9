//! ls, part 1: names that need quoting or have a display width other than their
//! length, in every quoting style, in the C and C.UTF-8 locales, on and off a
//! terminal, in every layout (compared with GNU ls).
mod common;
use common::*;

fn odd_tree() -> Fixture {
    let fx = Fixture::new("ls-odd");
    let names: &[&[u8]] = &[
        b"plain",
        b"with space",
        b"new\nline",
        b"tab\there",
        b"it's",
        b"say \"hi\"",
        b"a'b$c",
        b"back\\slash",
        b"ctl\x01x",
        b"bel\x07",
        b"\xff\xfeinvalid",
        "ü-utf8".as_bytes(),
        "宽字符".as_bytes(),
        "e\u{301}combining".as_bytes(),
        b"-dash",
        b"--double",
        b"~lead",
        b"#hash",
        b"tilde~mid",
        b":colon",
        b"x,comma",
        b"brace{x}",
        b"{",
        b"star*",
        b"q?mark",
        b"x@y",
        b"p|q",
        b"eq=",
        b"gt>",
        b"dollar$",
        b"semi;colon",
        b"amp&",
        b"paren(x)",
    ];
    for n in names {
        std::fs::write(fx.root.join(bytes_path(n)), b"").unwrap();
    }
    fx.dir("sub dir");
    fx.file("sub dir/inner file", "");
    fx.dir("a:b");
    fx.file("a:b/c", "");
    fx.all_mtimes(1_600_000_000);
    fx
}

const STYLES: &[&str] = &[
    "literal",
    "shell",
    "shell-always",
    "shell-escape",
    "shell-escape-always",
    "c",
    "c-maybe",
    "escape",
    "locale",
    "clocale",
];

#[test]
fn every_style_every_layout() {
    let fx = odd_tree();
    for locale in ["C", "C.UTF-8"] {
        for style in STYLES {
            for layout in ["-1", "-C", "-x", "-m", "-w0"] {
                for extra in [
                    &[][..],
                    &["-q"][..],
                    &["-F"][..],
                    &["--file-type"][..],
                    &["-R"][..],
                ] {
                    Cmd::new("ls")
                        .cwd(&fx.root)
                        .env("LC_ALL", locale)
                        .arg(format!("--quoting-style={style}"))
                        .arg(layout)
                        .args(extra)
                        .same();
                }
            }
        }
        for opt in ["-b", "-N", "-Q", "-q", "--show-control-chars", "-bq", "-Qq"] {
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .args([opt, "-C", "-w60"])
                .same();
        }
        Cmd::new("ls")
            .cwd(&fx.root)
            .env("LC_ALL", locale)
            .env("QUOTING_STYLE", "c")
            .arg("-x")
            .same();
        Cmd::new("ls")
            .cwd(&fx.root)
            .env("LC_ALL", locale)
            .args(["--sort=width", "-1"])
            .same();
        Cmd::new("ls")
            .cwd(&fx.root)
            .env("LC_ALL", locale)
            .args(["--sort=width", "-Q", "-1"])
            .same();
    }
}

#[test]
fn odd_names_as_operands_and_headers() {
    let fx = odd_tree();
    for locale in ["C", "C.UTF-8"] {
        for style in ["literal", "shell-escape", "escape", "c"] {
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .arg(format!("--quoting-style={style}"))
                .args(["sub dir", "a:b", "new\nline", "missing file", "it's"])
                .same();
        }
    }
}

#[test]
fn odd_names_on_a_terminal() {
    let fx = odd_tree();
    for locale in ["C", "C.UTF-8"] {
        for cols in [80, 40, 120] {
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .same_on_tty(cols);
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .arg("-R")
                .same_on_tty(cols);
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .arg("-x")
                .same_on_tty(cols);
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .arg("-m")
                .same_on_tty(cols);
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .arg("-1")
                .same_on_tty(cols);
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .arg("-N")
                .same_on_tty(cols);
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .arg("-F")
                .same_on_tty(cols);
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .arg("-is")
                .same_on_tty(cols);
        }
    }
    Cmd::new("ls")
        .cwd(&fx.root)
        .env("LC_ALL", "POSIX")
        .same_on_tty(80);
}

#[test]
fn dot_names_with_invalid_utf8_stay_hidden() {
    let fx = Fixture::new("ls-hid8");
    std::fs::write(fx.root.join(bytes_path(b".\xffhidden")), b"").unwrap();
    std::fs::write(fx.root.join("shown"), b"").unwrap();
    Cmd::new("ls").cwd(&fx.root).env("LC_ALL", "C.UTF-8").same();
    Cmd::new("ls")
        .cwd(&fx.root)
        .env("LC_ALL", "C.UTF-8")
        .arg("-a")
        .same();
}

#[test]
fn option_pairs_over_odd_names() {
    let fx = odd_tree();
    let opts = [
        "-a",
        "-A",
        "-d",
        "-f",
        "-U",
        "-S",
        "-t",
        "-X",
        "-v",
        "-r",
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
        "-R",
        "-b",
        "-q",
        "-N",
        "-Q",
        "--show-control-chars",
        "--zero",
        "-w0",
        "-w30",
        "-T0",
        "--sort=width",
        "--quoting-style=shell",
        "--quoting-style=shell-escape",
        "--quoting-style=c-maybe",
        "--quoting-style=locale",
        "-Z",
        "--group-directories-first",
    ];
    for locale in ["C.UTF-8", "C"] {
        for (i, a) in opts.iter().enumerate() {
            for b in &opts[i + 1..] {
                Cmd::new("ls")
                    .cwd(&fx.root)
                    .env("LC_ALL", locale)
                    .args([a, b])
                    .same();
            }
        }
    }
}
