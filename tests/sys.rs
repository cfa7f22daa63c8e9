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

#[test]
fn no_syscalls_before_the_applet() {
    if skip_under_qemu("strace would trace the emulator's syscalls") {
        return;
    }
    if Command::new("strace").arg("-V").output().is_err() {
        eprintln!("strace missing: skipped");
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
