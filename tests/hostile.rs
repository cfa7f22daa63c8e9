//! Hostile names and a hostile file system: every byte value in names, malformed
//! UTF-8, terminal escape sequences (never written raw to a terminal by default),
//! and entries that vanish or change type while they are listed.

mod common;
use common::*;

/// Names holding each byte 1..=255 but '/' (alone, and between two letters).
fn every_byte(fx: &Fixture) {
    for b in 1u8..=255 {
        if b == b'/' {
            continue;
        }
        if b != b'.' {
            std::fs::write(fx.root.join(bytes_path(&[b])), b"").unwrap();
        }
        std::fs::write(fx.root.join(bytes_path(&[b'n', b, b'm'])), b"").unwrap();
    }
}

/// Names a terminal must not receive raw: malformed UTF-8 (overlong forms, lone
/// surrogates, beyond U+10FFFF, truncated), noncharacters, C0 and C1 controls, and
/// escape sequences that would recolour, retitle or move the cursor.
const HOSTILE: &[&[u8]] = &[
    b"overlong-\xc0\xaf",
    b"overlong-\xe0\x80\xaf",
    b"overlong-\xf0\x80\x80\xaf",
    b"surrogate-\xed\xa0\x80",
    b"surrogate-\xed\xbf\xbf",
    b"beyond-\xf4\x90\x80\x80",
    b"truncated-\xe4\xb8",
    b"nonchar-\xef\xbf\xbe",
    b"esc-\x1b[31mred",
    b"osc-\x1b]0;title\x07",
    b"cursor-\x1b[2J\x1b[H",
    b"c1-csi-\xc2\x9b31m",
    b"raw-csi-\x9b31m",
    b"del-\x7f",
    b"bidi-\xe2\x80\xae",
];

/// True when `out` holds a byte a terminal would act on: C0 controls other than
/// the newline (and the tab the column layout writes), DEL, a C1 control encoded in
/// UTF-8, or a raw 0x9b (CSI; no valid character printed by these fixtures has it).
fn has_raw_controls(out: &[u8]) -> bool {
    out.iter()
        .any(|&b| (b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7f || b == 0x9b)
        || out
            .windows(2)
            .any(|w| w[0] == 0xc2 && (0x80..0xa0).contains(&w[1]))
}

#[test]
fn every_byte_value_in_names() {
    let fx = Fixture::new("hostile-bytes");
    every_byte(&fx);
    for locale in ["C", "C.UTF-8"] {
        for style in ["literal", "shell", "shell-escape", "c", "escape", "locale"] {
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .arg(format!("--quoting-style={style}"))
                .same();
        }
        Cmd::new("ls")
            .cwd(&fx.root)
            .env("LC_ALL", locale)
            .args(["-x", "-w", "100"])
            .same();
        Cmd::new("ls")
            .cwd(&fx.root)
            .env("LC_ALL", locale)
            .args(["-b", "-C"])
            .same();
        Cmd::new("ls")
            .cwd(&fx.root)
            .env("LC_ALL", locale)
            .args(["-q", "-m"])
            .same();
        for cols in [80, 33] {
            let out = Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .same_on_tty(cols);
            assert!(
                !has_raw_controls(&out),
                "{locale}: a control byte reached the terminal"
            );
        }
    }
    // wc prints names too: every name once, through --files0-from.
    let mut list = Vec::new();
    for e in std::fs::read_dir(&fx.root).unwrap() {
        use std::os::unix::ffi::OsStrExt;
        list.extend_from_slice(e.unwrap().file_name().as_bytes());
        list.push(0);
    }
    let listfile = std::env::temp_dir().join(format!("bareutils-wc-list-{}", std::process::id()));
    std::fs::write(&listfile, &list).unwrap();
    for locale in ["C", "C.UTF-8"] {
        Cmd::new("wc")
            .cwd(&fx.root)
            .env("LC_ALL", locale)
            .arg("--files0-from")
            .arg(&listfile)
            .same();
    }
    let _ = std::fs::remove_file(listfile);
}

#[test]
fn malformed_utf8_and_escape_sequences_on_a_terminal() {
    let fx = Fixture::new("hostile-esc");
    for n in HOSTILE {
        std::fs::write(fx.root.join(bytes_path(n)), b"").unwrap();
    }
    fx.dir(bytes_path(b"dir-\x1b[5m"));
    std::fs::write(fx.root.join(bytes_path(b"dir-\x1b[5m/inner-\x1b[0m")), b"").unwrap();
    for locale in ["C", "C.UTF-8"] {
        for args in [
            &[][..],
            &["-R"],
            &["-l"],
            &["-x"],
            &["-m"],
            &["-1"],
            &["--color=always"],
        ] {
            let out = Cmd::new("ls")
                .cwd(&fx.root)
                .env("LC_ALL", locale)
                .env("TERM", "xterm")
                .args(args)
                .same_on_tty(80);
            // (--color writes its own escapes: only the names are checked there.)
            if !args.contains(&"--color=always") {
                assert!(
                    !has_raw_controls(&out),
                    "{locale} {args:?}: a control byte reached the terminal"
                );
            }
        }
        // Off a terminal the names pass as they are, as GNU passes them.
        Cmd::new("ls")
            .cwd(&fx.root)
            .env("LC_ALL", locale)
            .arg("-R")
            .same();
        Cmd::new("ls")
            .cwd(&fx.root)
            .env("LC_ALL", locale)
            .args(["-l", "--quoting-style=c"])
            .same();
    }
}

/// A deleter and a creator run beside ls, removing entries, replacing files with
/// directories and back: every run ends with status 0 or 1, every error is GNU's
/// message for a vanished entry (or a directory that became a file), nothing else is
/// said, and every name printed is one that existed.
#[test]
fn entries_that_vanish_or_change_type_while_listed() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let fx = Fixture::new("hostile-churn");
    let d = fx.dir("d");
    let names: Vec<String> = (0..400).map(|i| format!("e{i:03}")).collect();
    for n in &names {
        std::fs::write(d.join(n), b"x").unwrap();
    }
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let churn = {
        let (stop, d, names) = (stop.clone(), d.clone(), names.clone());
        std::thread::spawn(move || {
            let mut round = 0usize;
            while !stop.load(Ordering::Relaxed) {
                for (i, n) in names.iter().enumerate() {
                    let p = d.join(n);
                    match (i + round) % 3 {
                        0 => {
                            let _ =
                                std::fs::remove_file(&p).or_else(|_| std::fs::remove_dir_all(&p));
                        }
                        1 => {
                            let _ = std::fs::remove_file(&p);
                            let _ = std::fs::create_dir(&p);
                            let _ = std::fs::write(p.join("inner"), b"");
                        }
                        _ => {
                            let _ = std::fs::remove_dir_all(&p);
                            let _ = std::fs::write(&p, b"x");
                        }
                    }
                }
                round += 1;
            }
        })
    };
    let allowed = |line: &str| {
        // (A directory replaced by a file between getdents64 and its openat.)
        let vanished =
            line.ends_with(": No such file or directory") || line.ends_with(": Not a directory");
        // `ls: d/NAME: ...`: gone between its stat and the xattr listing of -l,
        // which GNU reports so too (its lgetxattr).
        vanished
            && (line.starts_with("ls: cannot access 'd/")
                || line.starts_with("ls: cannot open directory 'd/")
                || line.starts_with("ls: d/"))
    };
    let mut runs = 0;
    for args in [
        &["-l", "d"][..],
        &["-R", "d"],
        &["-lR", "d"],
        &["-F", "d"],
        &["-s", "d"],
        &["-i", "d"],
    ] {
        for _ in 0..25 {
            let o = applet_cmd(bin(), "ls")
                .args(args)
                .current_dir(&fx.root)
                .env_clear()
                .env("LC_ALL", "C")
                .output()
                .unwrap();
            runs += 1;
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(
                matches!(o.status.code(), Some(0) | Some(1)),
                "{args:?}: status {:?}\n{err}",
                o.status
            );
            for line in err.lines() {
                assert!(allowed(line), "{args:?}: unexpected message {line:?}");
            }
            for line in String::from_utf8_lossy(&o.stdout).lines() {
                let last = line.split_whitespace().last().unwrap_or("");
                let name = last.trim_end_matches(['/', '*', ':']);
                let known = name.is_empty()
                    || names.iter().any(|n| name == n || name == format!("d/{n}"))
                    || ["d", "inner", "total"].contains(&name)
                    || name.parse::<u64>().is_ok();
                assert!(known, "{args:?}: printed {line:?}");
            }
        }
    }
    stop.store(true, Ordering::Relaxed);
    churn.join().unwrap();
    eprintln!("{runs} runs beside the churn");
}
