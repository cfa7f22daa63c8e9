//! The sys layer seen from outside: output buffering and write errors, start-up.
mod common;
use common::*;
use std::process::{Command, Stdio};

#[test]
fn write_error_is_reported_once() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let o = ours_cmd().arg("--version").stdout(Stdio::from(full)).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "bareutils: write error: No space left on device\n");
}

/// The syscall names strace -f saw for our binary run with `args`.
fn traced(args: &[&str], dir: &std::path::Path) -> Vec<String> {
    let o = Command::new("strace").arg("-f").arg(bin()).args(args).current_dir(dir).output().unwrap();
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
    assert_eq!(calls, ["execve", "ioctl", "statx", "openat", "getdents64", "exit_group"]);
}

#[test]
#[ignore = "needs strace"]
fn no_syscalls_before_the_applet() {
    if skip_strace_under_qemu() {
        return;
    }
    let o = Command::new("strace").arg("-f").arg(bin()).arg("--version").output().unwrap();
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
    let o = Command::new("objdump").arg("-d").arg(bin()).output().expect("objdump");
    assert!(o.status.success(), "objdump -d: {}", text(&o.stderr));
    let o = o.stdout;
    let text = String::from_utf8_lossy(&o);
    let uses: Vec<&str> = text.lines().filter(|l| l.contains("%fs")).collect();
    assert!(text.lines().count() > 1000, "objdump printed no code");
    assert!(uses.is_empty(), "thread-pointer uses:\n{}", uses.join("\n"));
}
