//! ls: sort orders against GNU ls (version sort; the other keys are in
//! ls_options.rs's every-option runs).
mod common;
use common::plain::ls;
use common::*;

#[test]
fn version_sort_order() {
    let fx = Fixture::new("ls-ver");
    for n in [
        ".0",
        ".9",
        ".A",
        ".Z",
        ".a",
        ".z",
        ".zz~",
        ".zz",
        ".zz.~1~",
        ".zz.0",
        "0",
        "9",
        "A",
        "Z",
        "a",
        "z",
        "zz~",
        "zz",
        "zz.~1~",
        "zz.0",
        "abc-1.2.3.tar.gz",
        "abc-1.2.10.tar.gz",
        "abc-1.02.tar.gz",
        "x~",
        "x",
        "file10",
        "file9",
        "file009",
        "foo.bar.1",
        "foo.bar.10",
        "foo.bar.2",
    ] {
        fx.file(n, "");
    }
    ls(&fx).args(["-v"]).same();
    ls(&fx).args(["-vA"]).same();
    ls(&fx).args(["-vr"]).same();
    ls(&fx).args(["--sort=version", "-1"]).same();
}

/// -U (or -f) leaves --group-directories-first without effect on the order, but
/// GNU still stats each entry as grouping would: with -l --color a link's target
/// is colored, and -L reports broken and looping links (difffuzz N10).
#[test]
fn unsorted_with_groups_stats_each_entry() {
    let fx = Fixture::new("unsorted-groups");
    fx.file("f", "f\n");
    fx.file("d/inner", "x\n");
    fx.symlink("d", "lnkdir");
    fx.symlink("f", "lnk");
    fx.symlink("nowhere", "dangling");
    fx.symlink("loop2", "loop1");
    fx.symlink("loop1", "loop2");
    fx.all_mtimes(1_600_000_000);
    let ls = || Cmd::new("ls").cwd(&fx.root).env("TERM", "xterm");
    ls().args(["-lU", "--color=always", "--group-directories-first"])
        .same();
    ls().args(["-LU", "--group-directories-first"]).same();
    ls().args(["-Lf", "--group-directories-first"]).same();
    ls().args(["-1LU", "--group-directories-first"]).same();
    ls().args(["-1U", "--color=always", "--group-directories-first"])
        .same();
}
