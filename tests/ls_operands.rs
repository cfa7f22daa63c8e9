//! ls: operands (files, directories, symlinks, missing ones), their headers and
//! the filters (-a, -A, -B, -I, --hide) against GNU ls.
mod common;
use common::plain::{ls, plain_tree};
use common::{Cmd, Fixture};

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

/// In a UTF-8 locale, `?` and bracket expressions of -I/--ignore/--hide patterns
/// match a character, and classes know non-ASCII letters: glibc's fnmatch tries
/// the wide match, then the bytes (difffuzz N6). POSIXLY_CORRECT makes `[^` literal.
#[test]
fn ignore_patterns_match_characters_in_utf8() {
    let fx = Fixture::new("ignore-utf8");
    for n in ["é", "ab", "x", "日", "\u{85}", "été", "a\u{301}", "^x"] {
        fx.file(n, "");
    }
    fx.all_mtimes(1_600_000_000);
    for pat in ["?", "??", "[[:alpha:]]*", "[!a]", "[é]*", "[^a]*"] {
        for posix in [false, true] {
            let ls = || {
                let c = Cmd::new("ls").cwd(&fx.root).env("LC_ALL", "C.UTF-8");
                if posix {
                    c.env("POSIXLY_CORRECT", "1")
                } else {
                    c
                }
            };
            ls().args(["-I", pat]).same();
            ls().arg(format!("--hide={pat}")).same();
        }
    }
}
