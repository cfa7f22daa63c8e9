//! The shared option parser through both applets: every getopt_long and argmatch
//! path, compared with GNU byte for byte (stdout, stderr, exit status) in C and
//! C.UTF-8 (curly quotes in option-value messages).
mod common;
use common::*;

const LS_CASES: &[&[&str]] = &[
    &["-z"],
    &["-a-"],
    &["--bogus"],
    &["--bogus=x"],
    &["--al"],
    &["--al=x"],
    &["--c"],
    &["--alm"],
    &["-w"],
    &["-w", "80x"],
    &["-w80", "-1"],
    &["--width"],
    &["--width=abc"],
    &["--all=x"],
    &["--sort"],
    &["--sort="],
    &["--sort=x"],
    &["--sort=t", "-1"],
    &["--sort", "s", "-1"],
    &["--format=v"],
    &["--form=si"],
    &["--time=c"],
    &["--quoting-style=s"],
    &["--quoting-style=x\ny"],
    &["--color=x"],
    &["--col=al", "-1"],
    &["--indicator-style=q"],
    &["--classify=q"],
    &["--hyperlink=q"],
    &["-T", "x"],
    &["--tabsize=1x"],
    &["-1", "--", "-a"],
    &["-1", "nosuch", "-a"],
    &["-1", "-", "x"],
];

const WC_CASES: &[&[&str]] = &[
    &["-z"],
    &["--bogus"],
    &["--by"],
    &["--bytes=3"],
    &["--files0-from"],
    &["-lw", "--", "-c"],
    &["f", "-l"],
    &["--c"],
    &["--char", "f"],
];

fn fixture() -> Fixture {
    let fx = Fixture::new("cli");
    fx.file("f", "one two\n");
    fx.file("-a", "");
    fx.file("x", "");
    fx
}

#[test]
fn ls_option_errors_match_gnu() {
    let fx = fixture();
    for locale in ["C", "C.UTF-8"] {
        for args in LS_CASES {
            Cmd::new("ls")
                .args(*args)
                .env("LC_ALL", locale)
                .cwd(&fx.root)
                .same();
        }
    }
}

#[test]
fn wc_option_errors_match_gnu() {
    let fx = fixture();
    for locale in ["C", "C.UTF-8"] {
        for args in WC_CASES {
            Cmd::new("wc")
                .args(*args)
                .env("LC_ALL", locale)
                .cwd(&fx.root)
                .same();
        }
    }
}

#[test]
fn posixly_correct_stops_at_the_first_operand() {
    let fx = fixture();
    for args in [&["-1", "x", "-a"][..], &["x", "--", "f"]] {
        Cmd::new("ls")
            .args(args)
            .env("POSIXLY_CORRECT", "1")
            .cwd(&fx.root)
            .same();
    }
    Cmd::new("wc")
        .args(["f", "-l"])
        .env("POSIXLY_CORRECT", "1")
        .cwd(&fx.root)
        .same();
}

#[test]
fn program_name_is_argv0_as_given() {
    let fx = fixture();
    Cmd::new("/usr/bin/ls").args(["--al"]).cwd(&fx.root).same();
    Cmd::new("./ls").args(["nosuch"]).cwd(&fx.root).same();
    Cmd::new("/bin/wc").args(["nosuch"]).cwd(&fx.root).same();
}
