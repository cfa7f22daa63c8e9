//! What ships: `make install` / `make uninstall` into a staging directory, and man
//! pages that are exactly what tools/man.py makes from the applets' --help.

mod common;
use common::*;
use std::process::Command;

#[test]
#[ignore = "needs python3"]
fn man_pages_match_help() {
    if skip_under_qemu("tools/man.py runs the binary natively") {
        return;
    }
    need_cmd("python3", "python3");
    let fx = Fixture::new("ship-man");
    let st = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tools/man.py"))
        .arg(bin())
        .arg(&fx.root)
        .status()
        .unwrap();
    assert!(st.success());
    for applet in ["ls", "wc"] {
        let made = std::fs::read_to_string(fx.path(format!("{applet}.1"))).unwrap();
        let committed =
            std::fs::read_to_string(format!("{}/man/{applet}.1", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
        assert_eq!(
            made, committed,
            "man/{applet}.1 is out of date: run `make man`"
        );
        // Every long option --help names is in the page.
        let help = String::from_utf8(ours_cmd().args([applet, "--help"]).output().unwrap().stdout)
            .unwrap();
        for word in help
            .split_whitespace()
            .filter(|w| w.starts_with("--") && w.len() > 2)
        {
            let opt = word
                .trim_end_matches([',', '.', ';'])
                .split(['=', '['])
                .next()
                .unwrap()
                .replace('-', "\\-");
            assert!(committed.contains(&opt), "{applet}.1 lacks {word}");
        }
    }
}

#[test]
#[ignore = "needs make"]
fn make_install_and_uninstall() {
    if skip_under_qemu("make installs the native build") {
        return;
    }
    need_cmd("make", "make");
    let fx = Fixture::new("ship-install");
    let stage = fx.dir("stage");
    let make = |target: &str| {
        let o = Command::new("make")
            .args(["-s", "-C", env!("CARGO_MANIFEST_DIR"), target])
            .arg(format!("DESTDIR={}", stage.display()))
            .arg("PREFIX=/usr")
            .arg(format!("BIN={}", bin().display()))
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "make {target}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    };
    make("install");
    let bindir = stage.join("usr/bin");
    let listing = Command::new(gnu("ls"))
        .args(["-l", "--time-style=+"])
        .arg(&bindir)
        .env("LC_ALL", "C")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&listing.stdout);
    let shape: Vec<String> = text
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            format!("{} {}", f[0], f[5..].join(" "))
        })
        .collect();
    assert_eq!(
        shape,
        [
            "-rwxr-xr-x bareutils",
            "lrwxrwxrwx ls -> bareutils",
            "lrwxrwxrwx wc -> bareutils"
        ]
    );
    assert_eq!(
        std::fs::read(bindir.join("bareutils")).unwrap(),
        std::fs::read(bin()).unwrap()
    );
    for page in ["ls.1", "wc.1"] {
        assert!(
            stage.join("usr/share/man/man1").join(page).is_file(),
            "{page}"
        );
    }
    // The links work: the applet comes from argv[0].
    fx.file("f", "one two\n");
    let o = Command::new(bindir.join("wc"))
        .arg(fx.path("f"))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!("1 2 8 {}\n", fx.path("f").display())
    );
    make("uninstall");
    let left: Vec<_> = walk(&stage);
    assert_eq!(left, Vec::<String>::new(), "uninstall left files");
}

/// Files (not directories) under `dir`, relative.
fn walk(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        if e.file_type().unwrap().is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p.display().to_string());
        }
    }
    out
}
