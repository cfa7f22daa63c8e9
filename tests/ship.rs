//! What ships: `make install` / `make uninstall` into a staging directory, man
//! pages that are exactly what tools/man.py makes from the applets' --help, the size
//! budget, the source's house rules (tools/house.py) and a README that installs the
//! compiler rust-toolchain.toml pins.

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

/// The budgets of tools/size-budget: (target triple, stripped bytes).
fn size_budgets() -> Vec<(String, u64)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tools/size-budget"))
        .expect("tools/size-budget");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (t, n) = l.split_once(' ').expect("TRIPLE BYTES");
            (t.to_string(), n.trim().parse().expect("a number of bytes"))
        })
        .collect()
}

/// The release binary is no larger than its target's budget (tools/size-budget), so
/// that growth is a decision, not an accident. The target is the triple that names
/// a directory on the binary's path (target/TRIPLE/release/bareutils, as cargo and
/// tools/cross.sh build it); a binary elsewhere run natively (BAREUTILS_BIN=/tmp/...)
/// counts as x86_64.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "needs the release build (cargo test --release)"
)]
fn release_binary_within_its_size_budget() {
    let budgets = size_budgets();
    let path = bin();
    let named = budgets
        .iter()
        .find(|(t, _)| path.components().any(|c| c.as_os_str() == t.as_str()));
    let (triple, budget) = match (named, qemu()) {
        (Some((t, b)), _) => (t.as_str(), *b),
        (None, None) => {
            let t = "x86_64-unknown-linux-musl";
            let b = budgets
                .iter()
                .find(|(x, _)| x == t)
                .expect("an x86_64 budget");
            (t, b.1)
        }
        (None, Some(_)) => panic!(
            "no budget in tools/size-budget for {} (name its target in the path)",
            path.display()
        ),
    };
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(
        size <= budget,
        "{}: {size} bytes, over the {triple} budget of {budget} (tools/size-budget) by {}",
        path.display(),
        size - budget
    );
}

/// The house rules of CONTRIBUTING.md, checked by tools/house.py from the source: no
/// circle among modules, no source file over 600 lines, every module opens with a
/// `//!` comment, no file outside the module tree, no issue numbers in comments.
#[test]
#[ignore = "needs python3"]
fn house_rules_hold() {
    if skip_under_qemu("the source is the same for every target") {
        return;
    }
    need_cmd("python3", "python3");
    let o = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tools/house.py"))
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "tools/house.py found what CONTRIBUTING.md rules out:\n{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// README's "Build and run" command installs the compiler that rust-toolchain.toml
/// pins (`rustup toolchain install VERSION ...`), and so does CONTRIBUTING.md's copy
/// of it, so that a bump of one is a bump of all (CONTRIBUTING.md, "Moving to a newer
/// Rust").
#[test]
fn readme_installs_the_pinned_toolchain() {
    let read = |name: &str| {
        std::fs::read_to_string(format!("{}/{name}", env!("CARGO_MANIFEST_DIR")))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    let toolchain = read("rust-toolchain.toml");
    let channel = toolchain
        .lines()
        .find_map(|l| {
            let (key, value) = l.split_once('=')?;
            (key.trim() == "channel").then(|| value.trim().trim_matches('"').to_string())
        })
        .expect("rust-toolchain.toml names a channel");
    for doc in ["README.md", "CONTRIBUTING.md"] {
        let text = read(doc);
        let installs: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split("rustup toolchain install ").nth(1))
            .filter_map(|rest| rest.split_whitespace().next())
            .collect();
        assert!(
            !installs.is_empty() || doc != "README.md",
            "README.md has no `rustup toolchain install VERSION` command"
        );
        for version in installs {
            assert_eq!(
                version, channel,
                "{doc} installs {version}, rust-toolchain.toml pins {channel}: change both"
            );
        }
    }
}
