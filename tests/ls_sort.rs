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
