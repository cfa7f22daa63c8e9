//! A root file system that holds nothing but the binary and its two links: no /etc
//! (numeric owners, UTC), no /proc, no /dev, no /usr. What ls and wc print there is
//! compared with GNU's run outside on the same directory (`-n`, TZ=UTC), the `..`
//! of `/` being `/` itself.

mod common;
use common::*;
use std::process::Command;

#[test]
#[ignore = "needs root (chroot) and /usr/sbin/chroot"]
fn only_the_binary_and_its_links() {
    if skip_under_qemu("the chroot holds only the binary, not the emulator") {
        return;
    }
    need_root();
    need(
        std::path::Path::new("/usr/sbin/chroot").exists(),
        "/usr/sbin/chroot (Debian package coreutils)",
    );
    let fx = Fixture::new("rootfs");
    let root = fx.dir("root");
    std::fs::copy(bin(), root.join("bareutils")).unwrap();
    std::os::unix::fs::symlink("bareutils", root.join("ls")).unwrap();
    std::os::unix::fs::symlink("bareutils", root.join("wc")).unwrap();
    let r = root.display().to_string();
    sh(&format!(
        "touch -h -d @1600000000 {r}/ls {r}/wc {r}/bareutils {r}"
    ));
    let inside = |args: &[&str]| {
        let o = Command::new("/usr/sbin/chroot")
            .arg(&root)
            .args(args)
            .env_clear()
            .output()
            .expect("chroot");
        (text(&o.stdout), text(&o.stderr), o.status.code())
    };
    let outside = |cmd: &str, args: &[&str]| {
        let o = Command::new(gnu(cmd))
            .args(args)
            .current_dir(&root)
            .env_clear()
            .env("LC_ALL", "C")
            .env("TZ", "UTC0")
            .output()
            .unwrap();
        (text(&o.stdout), text(&o.stderr), o.status.code())
    };

    // ls -la /: GNU's `ls -lan .`, with `..` shown as `.` is (the root is its own parent).
    let (want, _, _) = outside("ls", &["-lan", "."]);
    let dot = want
        .lines()
        .find(|l| l.ends_with(" ."))
        .unwrap()
        .to_string();
    let want: String = want
        .lines()
        .map(|l| {
            if l.ends_with(" ..") {
                format!("{}.\n", dot)
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    assert_eq!(inside(&["/ls", "-la", "/"]), (want, String::new(), Some(0)));

    let (want, _, _) = outside("ls", &["-lRn", "."]);
    assert_eq!(
        inside(&["/ls", "-lR", "/"]),
        (want.replacen(".:\n", "/:\n", 1), String::new(), Some(0))
    );

    let (want, _, _) = outside("wc", &["bareutils"]);
    assert_eq!(
        inside(&["/wc", "/bareutils"]),
        (
            want.replace(" bareutils\n", " /bareutils\n"),
            String::new(),
            Some(0)
        )
    );
    let (want, _, _) = outside("wc", &["-c", "bareutils", "ls"]);
    assert_eq!(
        inside(&["/wc", "-c", "/bareutils", "/ls"]),
        (
            want.replace(" bareutils\n", " /bareutils\n")
                .replace(" ls\n", " /ls\n"),
            String::new(),
            Some(0)
        )
    );

    // And the errors, in a world without /proc or /dev.
    assert_eq!(
        inside(&["/ls", "/proc", "/dev/null"]),
        (
            String::new(),
            "/ls: cannot access '/proc': No such file or directory\n/ls: cannot access '/dev/null': No such file or directory\n".into(),
            Some(2)
        )
    );
    assert_eq!(
        inside(&["/wc", "/etc/passwd"]),
        (
            String::new(),
            "/wc: /etc/passwd: No such file or directory\n".into(),
            Some(1)
        )
    );
}
