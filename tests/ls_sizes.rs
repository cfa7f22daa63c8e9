//! ls: -s, -i and the block-size units (options and environment) against GNU ls.
mod common;
use common::plain::{ls, plain_tree};

#[test]
fn sizes_and_block_units() {
    let fx = plain_tree();
    for args in [
        vec!["-s"],
        vec!["-sh"],
        vec!["-s", "--si"],
        vec!["-sk"],
        vec!["-s", "--block-size=1"],
        vec!["-s", "--block-size=512"],
        vec!["-s", "--block-size=1K"],
        vec!["-s", "--block-size=K"],
        vec!["-s", "--block-size=KB"],
        vec!["-s", "--block-size=KiB"],
        vec!["-s", "--block-size=MiB"],
        vec!["-s", "--block-size=1M"],
        vec!["-s", "--block-size=human-readable"],
        vec!["-s", "--block-size=si"],
        vec!["-sm"],
        vec!["-sx"],
        vec!["-sC"],
        vec!["-si"],
        vec!["-s1"],
        vec!["-s", "dir", "big.bin"],
        vec!["-sR"],
    ] {
        ls(&fx).args(&args).same();
    }
    for (var, val) in [
        ("BLOCK_SIZE", "1"),
        ("BLOCK_SIZE", "512"),
        ("BLOCK_SIZE", "1K"),
        ("BLOCKSIZE", "1KiB"),
        ("LS_BLOCK_SIZE", "4K"),
        ("LS_BLOCK_SIZE", "bogus"),
        ("POSIXLY_CORRECT", "1"),
    ] {
        ls(&fx).arg("-s").env(var, val).same();
        ls(&fx).args(["-s", "-k"]).env(var, val).same();
        ls(&fx).args(["-s", "--block-size=2K"]).env(var, val).same();
    }
    // The first variable that is set decides, even when its value is invalid.
    ls(&fx)
        .arg("-s")
        .env("LS_BLOCK_SIZE", "x")
        .env("BLOCK_SIZE", "512")
        .same();
    ls(&fx)
        .arg("-s")
        .env("LS_BLOCK_SIZE", "")
        .env("BLOCK_SIZE", "512")
        .same();
    ls(&fx)
        .arg("-s")
        .env("BLOCK_SIZE", "x")
        .env("BLOCKSIZE", "512")
        .same();
    ls(&fx)
        .arg("-s")
        .env("LS_BLOCK_SIZE", "x")
        .env("POSIXLY_CORRECT", "1")
        .same();
}

#[test]
fn inode_numbers() {
    let fx = plain_tree();
    ls(&fx).args(["-i"]).same();
    ls(&fx).args(["-iR"]).same();
    ls(&fx).args(["-i", "link-file", "link-dir"]).same();
    ls(&fx).args(["-iL", "link-file", "link-dir"]).same();
    ls(&fx).args(["-iH", "link-file"]).same();
    ls(&fx).args(["-iLa", "dir"]).same();
    ls(&fx).args(["-iL"]).same();
    ls(&fx).args(["-sL"]).same();
}
