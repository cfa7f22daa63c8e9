//! ls -R against GNU ls: loops (symlinks, bind mounts, /proc descriptor tables),
//! deep trees under few descriptors and beyond PATH_MAX, unreadable directories,
//! a removed working directory, and the syscalls a walk makes.
mod common;
use common::plain::ls;
use common::*;

#[test]
fn recursion_with_loops() {
    let fx = Fixture::new("ls-loop");
    fx.dir("loop");
    fx.file("loop/f", "");
    fx.symlink("../loop", "loop/sub");
    ls(&fx).args(["-RL", "loop"]).same();
    ls(&fx).args(["-R", "loop"]).same();
    ls(&fx).args(["-RLF", "loop"]).same();
    fx.symlink("self", "self");
    ls(&fx).args(["self"]).same();
    ls(&fx).args(["-L", "self"]).same();
    ls(&fx).args(["-H", "self"]).same();
}

/// `DIR: not listing already-listed directory` names DIR as gnulib's quotef does:
/// shell-escape quoting only where needed, and `:` needs it.
#[test]
fn already_listed_directory_names() {
    let fx = Fixture::new("ls-loopname");
    for d in [
        "c:d", "plain", "sp ace", "quo'te", "nl\nx", "tab\tx", "ütf", "a=b", "x:",
    ] {
        let d = d.replace("\\n", "\n").replace("\\t", "\t");
        fx.dir(&d);
        fx.symlink("..", format!("{d}/up"));
        fx.symlink(".", format!("{d}/self:"));
    }
    for locale in ["C", "C.UTF-8"] {
        ls(&fx).env("LC_ALL", locale).args(["-RL"]).same();
        ls(&fx)
            .env("LC_ALL", locale)
            .args(["-RL", "c:d", "x:"])
            .same();
        ls(&fx)
            .env("LC_ALL", locale)
            .args(["-RL", "-Q", "--hide=*e*"])
            .same();
    }
}

/// /proc descriptor tables (/proc/self/fd, /dev/fd, fdinfo) list the descriptors
/// ls holds. GNU holds only the one it reads a directory with, and none while it
/// opens the next: `ls -RL /dev/fd` shows 0 1 2 3, then `cannot open directory
/// '/dev/fd/3': No such file or directory` (status 1), not a loop (status 2).
#[test]
fn proc_descriptor_tables() {
    if skip_under_qemu("qemu-user holds descriptors of its own") {
        return;
    }
    let fx = Fixture::new("ls-procfd");
    fx.symlink("/proc/self/fd", "fds");
    fx.symlink("/proc/self/fdinfo", "info");
    fx.dir("d/e");
    fx.symlink("/proc/self/fd", "d/e/fd");
    for args in [
        &["-RL"][..],
        &["-RL", "fds"],
        &["-RL", "fds/"],
        &["-R", "fds/", "info/"],
        &["-RL", "d"],
        &["-RLF", "d", "fds"],
        &["-RL", "/dev/fd"],
        &["-R", "/proc/self/fd"],
        &["-R", "/proc/self/fdinfo", "d"],
    ] {
        let o = ls(&fx).args(args).same();
        if args[0] == "-RL" && args.len() == 2 && args[1] == "fds" {
            assert_eq!(o.status, 1);
        }
    }
}

#[test]
#[ignore = "needs root (runs ls as nobody)"]
fn errors_as_nobody() {
    need_root();
    let fx = Fixture::new("ls-perm");
    fx.dir("top/open/inner");
    fx.file("top/open/f", "");
    fx.dir("top/closed/x");
    fx.file("top/closed/y", "");
    fx.dir("top/noexec");
    fx.file("top/noexec/z", "");
    fx.file("top/plain", "");
    fx.chmod("top/closed", 0o000);
    fx.chmod("top/noexec", 0o644);
    let nobody = |args: &[&str]| ls(&fx).user("nobody").args(args).same();
    nobody(&["-R", "top"]);
    nobody(&["top/closed"]);
    nobody(&["top/closed", "top/open"]);
    nobody(&["-d", "top/closed"]);
    nobody(&["top/noexec"]);
    nobody(&["-F", "top/noexec"]);
    nobody(&["-p", "top/noexec"]);
    nobody(&["-i", "top/noexec"]);
    nobody(&["-s", "top/noexec"]);
    nobody(&["-t", "top/noexec"]);
    nobody(&["-R", "top/noexec"]);
    nobody(&["--file-type", "top/noexec"]);
    nobody(&["top/noexec/z"]);
    nobody(&["-R", "-x", "top"]);
}

#[test]
fn deep_tree_and_few_descriptors() {
    // 40 levels under `ulimit -n 20`: descriptors must not be held per level.
    let fx = Fixture::new("ls-deep");
    let mut p = String::from("d");
    for i in 0..40 {
        fx.file(format!("{p}/f{i}"), "");
        p.push_str("/d");
    }
    fx.dir(&p);
    let run = |exe: &std::path::Path| {
        std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("ulimit -n 20; {} -R d", sh_exec(exe, "ls")))
            .current_dir(&fx.root)
            .env_clear()
            .env("LC_ALL", "C")
            .output()
            .unwrap()
    };
    let (g, o) = (run(&gnu("ls")), run(&bin()));
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(show(&o.stdout), show(&g.stdout));
    assert_eq!(show(&o.stderr), show(&g.stderr));
}

/// A chain of `depth` directories named `d` under the fixture, made by one shell
/// in steps of at most 1,000 levels (each `mkdir -p` path stays under PATH_MAX).
fn chain(fx: &Fixture, depth: usize) {
    let script = format!(
        "left={depth}; while [ $left -gt 0 ]; do n=$((left < 1000 ? left : 1000)); \
         p=$(printf 'd/%.0s' $(seq $n)); mkdir -p \"$p\" && cd \"$p\" || exit 1; left=$((left - n)); done"
    );
    let st = std::process::Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(&fx.root)
        .status()
        .unwrap();
    assert!(st.success());
}

fn run_limited(
    fx: &Fixture,
    exe: &std::path::Path,
    nofile: u32,
    args: &str,
) -> std::process::Output {
    std::process::Command::new("bash")
        .arg("-c")
        .arg(format!("ulimit -n {nofile}; {} {args}", sh_exec(exe, "ls")))
        .current_dir(&fx.root)
        .env_clear()
        .env("LC_ALL", "C")
        .output()
        .unwrap()
}

#[test]
fn thousand_levels_under_ulimit_64() {
    let fx = Fixture::new("ls-1k");
    chain(&fx, 1000);
    let g = run_limited(&fx, &gnu("ls"), 64, "-R d");
    let o = run_limited(&fx, &bin(), 64, "-R d");
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout == g.stdout, "outputs differ");
    assert_eq!(show(&o.stderr), show(&g.stderr));
}

#[test]
fn ten_thousand_levels_beyond_path_max() {
    // GNU stops with `File name too long` past 4096 bytes; we list everything.
    let fx = Fixture::new("ls-10k");
    let depth = 10_000;
    chain(&fx, depth);
    let o = run_limited(&fx, &bin(), 64, "-R d");
    assert_eq!(show(&o.stderr), "\"\"");
    assert_eq!(o.status.code(), Some(0));
    let mut want = Vec::with_capacity(110_000_000);
    let mut path = b"d".to_vec();
    for level in 0..depth {
        if level > 0 {
            want.push(b'\n');
        }
        want.extend_from_slice(&path);
        want.extend_from_slice(b":\n");
        if level + 1 < depth {
            want.extend_from_slice(b"d\n");
        }
        path.extend_from_slice(b"/d");
    }
    assert!(
        o.stdout == want,
        "output of {} bytes differs from the expected {} bytes",
        o.stdout.len(),
        want.len()
    );
}

#[test]
fn removed_working_directory() {
    let fx = Fixture::new("ls-rmcwd");
    for args in ["", "-R", "-a", "-1U", "-la"] {
        let run = |exe: &std::path::Path| {
            fx.dir("gone");
            let o = std::process::Command::new("bash")
                .arg("-c")
                .arg(format!(
                    "cd gone && rmdir ../gone && {} {args}",
                    sh_exec(exe, "ls")
                ))
                .current_dir(&fx.root)
                .env_clear()
                .env("LC_ALL", "C")
                .output()
                .unwrap();
            (o.status.code(), o.stdout, o.stderr)
        };
        let ours = run(&bin());
        assert_eq!(ours, run(&gnu("ls")), "ls {args} in a removed directory");
        assert_eq!(ours.0, Some(0));
    }
}

/// A chain of `depth` directories with 200-byte names, and at some levels a second
/// subdirectory `z` (listed after the chain, so it is opened after the deeper
/// levels have taken the descriptors and the level must be reopened by path).
fn long_chain(fx: &Fixture, depth: usize, siblings: &[usize]) {
    let n = "a".repeat(200);
    let mut script = String::new();
    for i in 0..depth {
        if siblings.contains(&i) {
            script.push_str("mkdir z && : > z/f && ");
        }
        script.push_str(&format!("mkdir {n} && cd {n} && "));
    }
    script.push_str("true");
    let st = std::process::Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(&fx.root)
        .status()
        .unwrap();
    assert!(st.success());
}

#[test]
fn reopening_ancestors_by_path() {
    // Paths up to ~3,800 bytes: GNU lists them too.
    let fx = Fixture::new("ls-reopen");
    long_chain(&fx, 18, &[0, 2, 5, 9, 14]);
    let g = run_limited(&fx, &gnu("ls"), 20, "-R");
    let o = run_limited(&fx, &bin(), 20, "-R");
    assert_eq!(o.status.code(), g.status.code());
    assert_eq!(show(&o.stderr), show(&g.stderr));
    assert!(o.stdout == g.stdout, "outputs differ");
}

#[test]
fn reopening_beyond_path_max() {
    // 40 levels of 200-byte names (8 KB paths): reopened in pieces under PATH_MAX.
    let fx = Fixture::new("ls-reopen2");
    let sib = [0, 3, 12, 25, 33];
    long_chain(&fx, 40, &sib);
    let o = run_limited(&fx, &bin(), 20, "-R");
    assert_eq!(show(&o.stderr), "\"\"");
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8(o.stdout).unwrap();
    let headers: Vec<&str> = text.lines().filter(|l| l.ends_with(':')).collect();
    // ., 40 chain levels, 5 z directories.
    assert_eq!(headers.len(), 1 + 40 + sib.len());
    let zs: Vec<&&str> = headers.iter().filter(|h| h.ends_with("/z:")).collect();
    assert_eq!(zs.len(), sib.len());
    // Depth first: the deepest z comes first (the chain's names sort before z).
    for (z, &level) in zs.iter().zip(sib.iter().rev()) {
        // ./ + `level` names of 200 bytes, each with its slash, + z:
        assert_eq!(z.len(), 2 + level * 201 + 2, "{}", &z[..20]);
    }
    assert_eq!(text.matches("\nf\n").count(), sib.len());
}

#[test]
#[ignore = "needs root (a bind mount in a private mount namespace)"]
fn bind_mount_loop() {
    // A directory bind-mounted inside itself: GNU's message, exit 2, without -L.
    need_root();
    let fx = Fixture::new("ls-bind");
    fx.dir("a/b/c");
    fx.file("a/f", "");
    let run = |exe: &std::path::Path, args: &str| {
        ls_with_bind_mount(&fx.root, ("a", "a/b/c"), exe, args, &[])
    };
    for args in ["-R a", "-R a/b", "-RF a", "-R a/b/c", "-RL a"] {
        let (g, o) = (run(&gnu("ls"), args), run(&bin(), args));
        assert_eq!(o.status.code(), g.status.code(), "ls {args}");
        assert_eq!(show(&o.stdout), show(&g.stdout), "ls {args}");
        assert_eq!(show(&o.stderr), show(&g.stderr), "ls {args}");
    }
}

/// Syscall counts of one run of our ls (`strace -f -c`), by name.
fn syscalls(fx: &Fixture, args: &[&str]) -> std::collections::HashMap<String, u64> {
    syscall_counts(&link_named(&bin(), "ls"), args, &fx.root, &[], false)
}

#[test]
#[ignore = "needs strace"]
fn stat_only_what_the_output_needs() {
    if skip_strace_under_qemu() {
        return;
    }
    let fx = Fixture::new("ls-sys");
    for d in 0..5 {
        for f in 0..20 {
            fx.file(format!("t/d{d}/f{f}"), "x");
        }
        fx.symlink("f0", format!("t/d{d}/l"));
    }
    fx.file("t/x.sh", "");
    fx.chmod("t/x.sh", 0o755);
    let n = |m: &std::collections::HashMap<String, u64>, k: &str| m.get(k).copied().unwrap_or(0);
    let stats = |m: &std::collections::HashMap<String, u64>| {
        n(m, "statx") + n(m, "newfstatat") + n(m, "fstat")
    };
    // No stat per entry: only the operand's statx (and one fstat of the -R root).
    for args in [
        &["t"][..],
        &["-a", "t"],
        &["-1", "t"],
        &["-C", "t"],
        &["-x", "t"],
        &["-m", "t"],
        &["-U", "t"],
        &["-r", "t"],
        &["-p", "t"],
    ] {
        assert_eq!(stats(&syscalls(&fx, args)), 1, "ls {args:?}");
    }
    let r = syscalls(&fx, &["-R", "t"]);
    assert_eq!(stats(&r), 2, "ls -R: {r:?}");
    // 6 directories: one openat (openat2 below the root) and one close each, and
    // one getdents64 each plus at most one that returns 0.
    assert_eq!(n(&r, "openat") + n(&r, "openat2"), 6, "{r:?}");
    assert!(n(&r, "getdents64") <= 12, "{r:?}");
    // -F: the exec bits of regular files only (21 of them here, not the 5 symlinks
    // or the 5 directories).
    let f = syscalls(&fx, &["-F", "t/d0", "t"]);
    assert_eq!(stats(&f), 2 + 20 + 1, "ls -F: {f:?}");
    // -i, -s, -t, -S: every entry.
    for o in ["-i", "-s", "-t", "-S"] {
        assert_eq!(stats(&syscalls(&fx, &[o, "t/d0"])), 1 + 21, "ls {o}");
    }
    // Output: one write per 64 KiB when stdout is not a terminal.
    let big = Fixture::new("ls-sysw");
    for i in 0..3000 {
        big.file(format!("{}{i:05}", "n".repeat(40)), "");
    }
    let w = syscalls(&big, &["-1"]);
    let bytes = 3000 * 46;
    assert_eq!(n(&w, "write"), (bytes as u64).div_ceil(65536), "{w:?}");
}
