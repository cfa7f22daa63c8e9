//! The sys layer seen from outside: output buffering and write errors, start-up.
mod common;
use common::*;
use std::process::{Command, Stdio};

#[test]
fn write_error_is_reported_once() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let o = ours_cmd()
        .arg("--version")
        .stdout(Stdio::from(full))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "bareutils: write error: No space left on device\n"
    );
}

/// The syscall names strace -f saw for our binary run with `args`.
fn traced(args: &[&str], dir: &std::path::Path) -> Vec<String> {
    let o = Command::new("strace")
        .arg("-f")
        .arg(bin())
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    let trace = String::from_utf8_lossy(&o.stderr).into_owned();
    trace
        .lines()
        .filter(|l| !l.starts_with("+++") && !l.starts_with("---"))
        .map(|l| l.split('(').next().unwrap_or("").to_string())
        .collect()
}

/// The foundation's budget: `ls EMPTYDIR` makes at most 6 syscalls from execve to
/// exit_group (GNU makes about 145): no mmap (the arena starts in .bss), no close.
#[test]
#[ignore = "needs strace"]
fn ls_of_an_empty_directory_in_six_syscalls() {
    if skip_strace_under_qemu() {
        return;
    }
    let fx = Fixture::new("sys-empty");
    fx.dir("e");
    let calls = traced(&["ls", "e"], &fx.root);
    assert_eq!(
        calls,
        [
            "execve",
            "ioctl",
            "statx",
            "openat",
            "getdents64",
            "exit_group"
        ]
    );
}

/// `bareutils --version`: its output, the check of stdout at exit, nothing else.
#[test]
#[ignore = "needs strace"]
fn no_syscalls_before_the_applet() {
    if skip_strace_under_qemu() {
        return;
    }
    let o = Command::new("strace")
        .arg("-f")
        .arg(bin())
        .arg("--version")
        .output()
        .unwrap();
    let trace = String::from_utf8_lossy(&o.stderr);
    let calls: Vec<&str> = trace
        .lines()
        .filter(|l| !l.starts_with("+++") && !l.starts_with("---"))
        .map(|l| l.split('(').next().unwrap_or(""))
        .collect();
    // The close of stdout after output is GNU's close_stdout's check (a write-back
    // error that NFS or a quota reports only there).
    assert_eq!(calls, ["execve", "write", "close", "exit_group"], "{trace}");
}

/// Our entry skips musl's start-up, so the thread pointer is never set: no
/// instruction may read through %fs (TLS, stack protector, libc errno).
#[test]
#[ignore = "needs objdump (binutils)"]
fn binary_never_touches_the_thread_pointer() {
    if qemu().is_some() || !cfg!(target_arch = "x86_64") {
        eprintln!("skipped: the x86_64 check disassembles the native binary");
        return;
    }
    need_cmd("objdump", "binutils");
    let o = Command::new("objdump")
        .arg("-d")
        .arg(bin())
        .output()
        .expect("objdump");
    assert!(o.status.success(), "objdump -d: {}", text(&o.stderr));
    let o = o.stdout;
    let text = String::from_utf8_lossy(&o);
    let uses: Vec<&str> = text.lines().filter(|l| l.contains("%fs")).collect();
    assert!(text.lines().count() > 1000, "objdump printed no code");
    assert!(uses.is_empty(), "thread-pointer uses:\n{}", uses.join("\n"));
}

/// `ls -R` of 1,800 nested directories under a 4 MiB stack: the walk does not
/// recurse (nor does GNU's, which keeps a list of pending directories), and the
/// paths stay under PATH_MAX, so both outputs must be equal.
#[test]
fn deep_listing_in_a_small_stack() {
    if skip_under_qemu("qemu-user sets the guest's stack itself") {
        return;
    }
    let fx = Fixture::new("sys-stack");
    // 1,800 levels of `d` (paths of 3,600 bytes, under PATH_MAX for GNU), made in
    // steps of 600 (each mkdir -p path stays short).
    let made = Command::new("bash")
        .arg("-c")
        .arg("for i in 1 2 3; do p=$(printf 'd/%.0s' $(seq 600)); mkdir -p \"$p\" && cd \"$p\" || exit 1; done")
        .current_dir(&fx.root)
        .status()
        .unwrap();
    assert!(made.success());
    let run = |exe: &std::path::Path| {
        Command::new("bash")
            .arg("-c")
            .arg(format!("ulimit -s 4096 && {} -R d", sh_exec(exe, "ls")))
            .current_dir(&fx.root)
            .env_clear()
            .env("LC_ALL", "C")
            .output()
            .unwrap()
    };
    let (g, o) = (run(&gnu("ls")), run(&bin()));
    assert_eq!(o.status.code(), Some(0), "{}", show(&o.stderr));
    assert_eq!(show(&o.stderr), show(&g.stderr));
    assert!(
        o.stdout == g.stdout,
        "outputs differ ({} and {} bytes)",
        o.stdout.len(),
        g.stdout.len()
    );
}

/// A chain of DEPTH directories `d` under ROOT/deep, each made relative to the one
/// before (the paths pass PATH_MAX), with `loop -> ../..` at level 3 and every
/// mtime at 2020-01-01 00:00 UTC.
const DEEP_TREE: &str = r#"
import os, sys
depth, root = int(sys.argv[1]), sys.argv[2]
t = (1577836800, 1577836800)
os.mkdir(root + "/deep")
fd = os.open(root + "/deep", os.O_RDONLY | os.O_DIRECTORY)
for level in range(depth + 1):
    if level == 3:
        os.symlink("../..", "loop", dir_fd=fd)
        os.utime("loop", t, dir_fd=fd, follow_symlinks=False)
    if level < depth:
        os.mkdir("d", dir_fd=fd)
    os.utime(fd, t)
    if level < depth:
        child = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd = child
"#;

/// Runs GNU ls with ARGV in ROOT/deep/d/.../d (DEPTH - 2 levels below deep).
const AT_THE_BOTTOM: &str = r#"
import os, sys
depth, root = int(sys.argv[1]), sys.argv[2]
os.chdir(root + "/deep")
for _ in range(depth - 2):
    os.chdir("d")
os.execv("/usr/bin/ls", ["ls"] + sys.argv[3:])
"#;

/// The bodies of the blocks of an `ls -R` output without its last newline (each
/// block is its header line and its body, and blocks are separated by blank
/// lines).
fn bodies(mut out: &[u8]) -> Vec<Vec<u8>> {
    let mut all = Vec::new();
    loop {
        let end = out.windows(2).position(|w| w == b"\n\n");
        let block = &out[..end.unwrap_or(out.len())];
        all.push(match block.iter().position(|&b| b == b'\n') {
            Some(n) => [&block[n + 1..], b"\n"].concat(),
            None => vec![],
        });
        match end {
            Some(e) => out = &out[e + 2..],
            None => return all,
        }
    }
}

/// `ls -R` of 10,000 levels under `ulimit -s 2048`: the walk keeps its pending
/// directories off the call stack, so it cannot overflow it (a recursion of a few
/// hundred bytes a level was killed by SIGSEGV). GNU lists the same tree until its
/// paths reach PATH_MAX (`File name too long`, a difference the README lists); ours
/// must print GNU's blocks up to there and the same blocks below, with GNU's loop
/// message for the symlink at level 3 under -L.
#[test]
fn ten_thousand_levels_in_a_2_mib_stack() {
    if skip_under_qemu("qemu-user sets the guest's stack itself") {
        return;
    }
    let depth = 10_000;
    let fx = Fixture::new("sys-stack10k");
    let py = |script: &str, args: &[&str]| {
        Command::new("python3")
            .arg("-c")
            .arg(script)
            .arg(depth.to_string())
            .arg(&fx.root)
            .args(args)
            .env_clear()
            .env("LC_ALL", "C")
            .env("TZ", "UTC")
            .output()
            .expect("python3")
    };
    let made = py(DEEP_TREE, &[]);
    assert!(made.status.success(), "{}", show(&made.stderr));
    let run = |exe: &std::path::Path, opt: &str| {
        Command::new("bash")
            .arg("-c")
            .arg(format!(
                "ulimit -s 2048 && {} {opt} deep",
                sh_exec(exe, "ls")
            ))
            .current_dir(&fx.root)
            .env_clear()
            .env("LC_ALL", "C")
            .env("TZ", "UTC")
            .output()
            .unwrap()
    };
    for opt in ["-R", "-lR", "-RL", "-aR"] {
        let (g, o) = (run(&gnu("ls"), opt), run(&bin(), opt));
        let loops = opt.contains('L');
        assert_eq!(o.status.code(), Some(if loops { 2 } else { 0 }), "ls {opt}");
        // GNU: the same, and `File name too long` past PATH_MAX.
        assert_eq!(
            g.status.code(),
            Some(if loops { 2 } else { 1 }),
            "GNU ls {opt}"
        );
        let gnu_err = String::from_utf8_lossy(&g.stderr);
        let kept: String = gnu_err
            .split_inclusive('\n')
            .filter(|l| !l.ends_with(": File name too long\n"))
            .collect();
        assert!(
            kept.len() < gnu_err.len(),
            "GNU ls {opt}: {}",
            show(&g.stderr)
        );
        assert_eq!(show(&o.stderr), show(kept.as_bytes()), "ls {opt}");
        // The blocks GNU printed whole (the last one may show `?` for what it
        // could not stat): the body of a level, and of level 3; GNU in the level
        // two above the last gives the bodies of the last two.
        let g_out = &g.stdout;
        let cut = g_out.windows(2).rposition(|w| w == b"\n\n").unwrap();
        let gnu_bodies = bodies(&g_out[..cut]);
        let bottom = py(AT_THE_BOTTOM, &[opt, "d"]);
        let ends = bodies(bottom.stdout.strip_suffix(b"\n").unwrap_or(&[]));
        assert_eq!(ends.len(), 2, "{}", show(&bottom.stderr));
        let mut want = Vec::with_capacity(o.stdout.len());
        let mut header = b"deep".to_vec();
        for level in 0..=depth {
            if level > 0 {
                want.push(b'\n');
                header.extend_from_slice(b"/d");
            }
            want.extend_from_slice(&header);
            want.extend_from_slice(b":\n");
            want.extend_from_slice(match level {
                _ if level == depth => &ends[1],
                _ if level == depth - 1 => &ends[0],
                3 => &gnu_bodies[3],
                _ => &gnu_bodies[1],
            });
        }
        assert!(cut > 4000 * 2, "GNU ls {opt} stopped early");
        assert!(
            want[..cut] == g_out[..cut],
            "ls {opt}: GNU's blocks differ from the model"
        );
        assert!(
            o.stdout == want,
            "ls {opt}: output of {} bytes differs from GNU's blocks ({} bytes)",
            o.stdout.len(),
            want.len()
        );
    }
    // rm -rf removes a tree of any depth (without a path past PATH_MAX).
    let rm = Command::new("rm")
        .arg("-rf")
        .arg(&fx.root)
        .status()
        .unwrap();
    assert!(rm.success());
}
