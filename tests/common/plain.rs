//! The fixture most ls tests list: every kind of entry ls distinguishes, plain
//! names only (shared by the tests/ls_*.rs files split from tests/ls.rs).

use super::{Cmd, Fixture};

/// A directory with every kind of entry ls distinguishes, plain names only.
pub fn plain_tree() -> Fixture {
    let fx = Fixture::new("ls-plain");
    fx.file("file.txt", "hello\n");
    fx.file("empty", "");
    fx.file("big.bin", vec![b'x'; 70_000]);
    fx.file("exec.sh", "#!/bin/sh\n");
    fx.chmod("exec.sh", 0o755);
    fx.file(".hidden", "h");
    fx.file("backup~", "b");
    fx.file(".hidden~", "b");
    fx.file("a.tar.gz", "t");
    fx.file("noext", "");
    fx.file("Zed", "");
    fx.file("_under", "");
    fx.dir("dir/sub/deeper");
    fx.file("dir/one", "1");
    fx.file("dir/sub/two", "22");
    fx.file("dir/.dot", "");
    fx.dir("emptydir");
    fx.symlink("file.txt", "link-file");
    fx.symlink("dir", "link-dir");
    fx.symlink("nowhere", "dangling");
    fx.fifo("fifo");
    fx.socket("sock");
    for (i, n) in [
        "v1.10", "v1.9", "v1.2.3", "v1.2", "v10", "v2~", "v2", "v2.0", "a1", "a01", "a1.txt", "a10",
    ]
    .iter()
    .enumerate()
    {
        fx.file(format!("ver/{n}"), vec![b'v'; i * 100]);
    }
    fx.all_mtimes(1_600_000_000);
    // Distinct times for -t/-c/-u, with a tie broken by name.
    fx.mtime("file.txt", 1_700_000_000);
    fx.mtime("empty", 1_700_000_100);
    fx.mtime("big.bin", 1_650_000_000);
    fx.mtime("Zed", 1_650_000_000);
    fx
}

pub fn ls(fx: &Fixture) -> Cmd {
    Cmd::new("ls").cwd(&fx.root)
}
