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
    assert_eq!(calls, ["execve", "write", "exit_group"], "{trace}");
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

/// A stderr message is built in a 4 KiB buffer on the caller's stack: kept out of
/// the frames of the recursive directory walk, `ls -R` of 1,800 nested directories
/// needs well under 1 MiB of stack. (With such a buffer in every level's frame it
/// would need over 7 MiB and be killed by SIGSEGV under this 4 MiB limit.) GNU's
/// fts does not recurse: both outputs must be equal.
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
