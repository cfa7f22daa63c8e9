use super::*;
use std::os::unix::fs::PermissionsExt;
use std::process::Command;

fn text(mode: u32) -> String {
    let mut b = [0u8; 10];
    mode_string(mode, &mut b);
    String::from_utf8(b.to_vec()).unwrap()
}

#[test]
fn fixed_examples() {
    assert_eq!(text(0o100644), "-rw-r--r--");
    assert_eq!(text(0o104755), "-rwsr-xr-x");
    assert_eq!(text(0o102755), "-rwxr-sr-x");
    assert_eq!(text(0o041777), "drwxrwxrwt");
    assert_eq!(text(0o041754), "drwxr-xr-T");
    assert_eq!(text(0o106644), "-rwSr-Sr--");
    assert_eq!(text(0o120777), "lrwxrwxrwx");
    assert_eq!(text(0o020620), "crw--w----");
    assert_eq!(text(0o060660), "brw-rw----");
    assert_eq!(text(0o010600), "prw-------");
    assert_eq!(text(0o140755), "srwxr-xr-x");
    assert_eq!(text(0o150000), "D---------");
    assert_eq!(text(0o000644), "?rw-r--r--");
    assert_eq!(text(0o170777), "?rwxrwxrwx");
    assert_eq!(text(0o107777), "-rwsrwsrwt");
    assert_eq!(text(0o107000), "---S--S--T");
}

/// Every one of the 4096 permission combinations on a regular file and on a
/// directory, compared with GNU `stat -c %A` and `ls -ld`.
#[test]
fn every_permission_against_gnu_stat_and_ls() {
    let dir = std::env::temp_dir().join(format!("bareutils-mode-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir).unwrap();
    let mut paths = Vec::new();
    let mut modes = Vec::new();
    for perm in 0..0o10000u32 {
        let f = dir.join(format!("f{perm:o}"));
        std::fs::write(&f, b"").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(perm)).unwrap();
        paths.push(f);
        modes.push(0o100000 | perm);
    }
    // Directories: a sample that covers each bit and the special bits together.
    for perm in [
        0o0000, 0o1000, 0o1777, 0o1776, 0o2755, 0o2745, 0o4700, 0o7777, 0o7000, 0o0755,
    ] {
        let d = dir.join(format!("d{perm:o}"));
        std::fs::create_dir(&d).unwrap();
        std::fs::set_permissions(&d, std::fs::Permissions::from_mode(perm)).unwrap();
        paths.push(d);
        modes.push(0o040000 | perm);
    }
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    paths.push(fifo);
    modes.push(0o010644);
    let link = dir.join("link");
    std::os::unix::fs::symlink("f0", &link).unwrap();
    paths.push(link);
    modes.push(0o120777);
    paths.push("/dev/null".into());
    modes.push(0o020666);

    let out = Command::new("stat")
        .arg("-c")
        .arg("%A")
        .args(&paths)
        .output()
        .unwrap();
    let want: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(want.len(), modes.len());
    for (i, &m) in modes.iter().enumerate() {
        assert_eq!(text(m), want[i], "mode {m:o}");
    }
    let ls = Command::new("ls")
        .env("LC_ALL", "C")
        .arg("-ld")
        .args(&paths)
        .output()
        .unwrap();
    let ls = String::from_utf8(ls.stdout).unwrap();
    let mut listed = 0;
    for line in ls.lines() {
        let path = line.rsplit(' ').next().unwrap();
        let path = if line.contains(" -> ") {
            line.split(" -> ")
                .next()
                .unwrap()
                .rsplit(' ')
                .next()
                .unwrap()
        } else {
            path
        };
        let i = paths.iter().position(|p| p.to_str() == Some(path)).unwrap();
        assert_eq!(&line[..10], text(modes[i]), "{line}");
        listed += 1;
    }
    assert_eq!(listed, modes.len());
    let _ = Command::new("chmod")
        .arg("-R")
        .arg("u+rwx")
        .arg(&dir)
        .status();
    std::fs::remove_dir_all(&dir).unwrap();
}
