//! ls: option parsing against GNU ls: every option alone, in pairs and in every
//! pair, the errors and their messages, abbreviations, "last one wins" groups,
//! --help and --version.
mod common;
use common::plain::{ls, plain_tree};
use common::*;

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
fn long_options_accepted_for_later_parts() {
    // Colors, hyperlinks, --dired and the owner columns requested where they show
    // nothing (no terminal, no long format) or with other formats.
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
    // The whole text, byte for byte (it is stored packed: src/texts/help.rs).
    let text = include_str!("../src/texts/help/ls.txt").replace("{prog}", "ls");
    assert_eq!(String::from_utf8_lossy(&o.stdout), text);
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

/// GNU 9.1 turns --dired off for --hyperlink before it checks --dired with
/// --zero: `ls -D -l --zero --hyperlink=always f` lists (difffuzz N5).
#[test]
fn dired_zero_and_hyperlink() {
    let fx = Fixture::new("dired-zero-hyperlink");
    fx.file("f", "f\n");
    fx.all_mtimes(1_600_000_000);
    for hyperlink in [
        "--hyperlink=always",
        "--hyperlink=never",
        "--hyperlink=auto",
    ] {
        Cmd::new("ls")
            .cwd(&fx.root)
            .args(["-D", "-l", "--zero", hyperlink, "f"])
            .same();
    }
}
