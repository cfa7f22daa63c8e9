//! ls, part 2: differential tests of the long format against GNU ls (/usr/bin/ls):
//! every long-format option alone and with part 1's options, under several time
//! zones, over fixtures with every file type, special mode bits, owners without
//! names, devices, sparse files, ACLs, security labels and times in the past
//! year, long ago, in the future, before 1970 and after 2038.
mod common;
use common::*;
use std::time::{SystemTime, UNIX_EPOCH};

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

const DAY: i64 = 86_400;

/// The zones every listing is compared under.
const ZONES: &[&str] = &[
    "UTC",
    "America/New_York",
    "Asia/Kolkata",
    "Europe/Berlin",
    "EST5EDT,M3.2.0,M11.1.0",
    "<+0530>-5:30",
    "Nowhere/Unknown",
    ":Europe/Berlin",
    "CET-1CEST,J60/2,300",
];

/// Every file type, special bits, links, odd owners and times.
fn long_tree() -> Fixture {
    let fx = Fixture::new("ls-long");
    let t = now();
    fx.file("file.txt", "hello\n");
    fx.file("empty", "");
    fx.file("big.bin", vec![b'x'; 1_234_567]);
    fx.file("exec.sh", "#!/bin/sh\n");
    fx.chmod("exec.sh", 0o755);
    fx.file("setuid", "");
    fx.chmod("setuid", 0o4755);
    fx.file("setuid-nox", "");
    fx.chmod("setuid-nox", 0o4644);
    fx.file("setgid", "");
    fx.chmod("setgid", 0o2750);
    fx.file("setgid-nox", "");
    fx.chmod("setgid-nox", 0o2604);
    fx.dir("sticky");
    fx.chmod("sticky", 0o1777);
    fx.dir("sticky-nox");
    fx.chmod("sticky-nox", 0o1776);
    fx.file("none", "");
    fx.chmod("none", 0o000);
    fx.dir("dir/sub");
    fx.file("dir/one", "1");
    fx.file("dir/sub/two", "22");
    fx.dir("emptydir");
    fx.symlink("file.txt", "link-file");
    fx.symlink("dir", "link-dir");
    fx.symlink("exec.sh", "link-exec");
    fx.symlink("nowhere", "dangling");
    fx.symlink("needs quoting", "link-quoted");
    fx.symlink("fifo", "link-fifo");
    fx.fifo("fifo");
    fx.socket("sock");
    sh(&format!(
        "ln {} {}",
        fx.path("file.txt").display(),
        fx.path("hardlink").display()
    ));
    // Sparse: 8 MiB apparent, one block written.
    sh(&format!(
        "truncate -s 8M {p} && printf x | dd of={p} bs=1 seek=4096 conv=notrunc status=none",
        p = fx.path("sparse").display()
    ));
    fx.file("with space", "s");
    if is_root() {
        fx.device("chr", 'c', 4, 64);
        fx.device("blk", 'b', 259, 1_048_575);
        fx.device("chr0", 'c', 0, 0);
        fx.file("nameless", "n");
        fx.chown("nameless", 1_234_567, 7_654_321);
        fx.file("daemon-owned", "d");
        fx.chown("daemon-owned", 1, 1);
        fx.file("mixed", "m");
        fx.chown("mixed", 0, 4_242);
    }
    fx.all_mtimes(t - 3 * DAY);
    fx.mtime("file.txt", t - 200 * DAY);
    fx.mtime("empty", t + 40 * DAY);
    fx.mtime("big.bin", -1_000_000_000);
    fx.mtime("exec.sh", 3_000_000_000);
    fx.mtime("setuid", t - 170 * DAY);
    fx.mtime("setgid", 0);
    fx.mtime("none", -1);
    fx.mtime("sparse", 2_147_483_648);
    fx.mtime("link-file", t - 400 * DAY);
    fx.mtime("dir/one", 1_700_000_000);
    // A nanosecond part for --full-time.
    sh(&format!(
        "touch -h -d '2021-03-04 05:06:07.123456789 UTC' '{}'",
        fx.path("with space").display()
    ));
    fx
}

fn ls(fx: &Fixture) -> Cmd {
    Cmd::new("ls").cwd(&fx.root)
}

#[test]
fn long_options_alone_under_every_zone() {
    let fx = long_tree();
    let sets: &[&[&str]] = &[
        &["-l"],
        // (`..` of the fixture root is /tmp, which other tests change: list a
        // subdirectory.)
        &["-la", "dir"],
        &["-lA"],
        &["-g"],
        &["-o"],
        &["-n"],
        &["-lG"],
        &["-og"],
        &["-l", "--author"],
        &["-ln", "--author"],
        &["--format=long"],
        &["--format=verbose", "-a", "dir"],
        &["--full-time"],
        &["-lc"],
        &["-lu"],
        &["-l", "--time=ctime"],
        &["-l", "--time=status"],
        &["-l", "--time=access"],
        &["-l", "--time=use"],
        &["-l", "--time=birth"],
        &["-l", "--time=creation"],
        &["-l", "--time-style=full-iso"],
        &["-l", "--time-style=long-iso"],
        &["-l", "--time-style=iso"],
        &["-l", "--time-style=locale"],
        &["-l", "--time-style=posix-long-iso"],
        &["-l", "--time-style=+%Y-%m-%d %H:%M:%S %z %Z %a %A %b %B %c %C %d %D %e %F %g %G %h %I %j %k %l %m %M %n %p %P %r %R %s %S %t %T %u %U %V %w %W %x %X %y %%"],
        &["-l", "--time-style=+%N %3N %:z %::z %:::z %-d %_m %05Y %^a %#Z %Ey %Od"],
        &["-l", "--time-style=+old %Y\nrecent %H:%M"],
        &["-l", "--time-style=+"],
    ];
    for zone in ZONES {
        for args in sets {
            ls(&fx).args(*args).env("TZ", zone).same();
        }
    }
    // TZ unset: /etc/localtime.
    ls(&fx).arg("-l").env_remove("TZ").same();
    ls(&fx).arg("--full-time").env_remove("TZ").same();
    // An empty TZ and a bare colon are UTC.
    ls(&fx).arg("--full-time").env("TZ", "").same();
    ls(&fx).arg("--full-time").env("TZ", ":").same();
    // An absolute zone file, and TZDIR.
    ls(&fx)
        .arg("--full-time")
        .env("TZ", ":/usr/share/zoneinfo/Asia/Tokyo")
        .same();
    ls(&fx)
        .arg("--full-time")
        .env("TZ", "Tokyo")
        .env("TZDIR", "/usr/share/zoneinfo/Asia")
        .same();
    // A DST name without rules takes posixrules.
    ls(&fx).arg("--full-time").env("TZ", "ABC3DEF").same();
    // Names that are no zone file: a directory, a file that is not TZif, paths
    // that do not exist, odd TZ strings.
    for tz in [
        "America",
        "/etc/passwd",
        "../../../etc/localtime",
        "/nonexistent",
        "xyz",
        "<>",
        "EST+5",
        "UTC0",
    ] {
        ls(&fx)
            .args(["-l", "--time-style=+%F %T %Z %z"])
            .env("TZ", tz)
            .same();
    }
}

#[test]
fn time_style_from_the_environment() {
    let fx = long_tree();
    for style in [
        "full-iso",
        "long-iso",
        "iso",
        "locale",
        "posix-iso",
        "+%s",
        "+%Y\n%H",
        "long",
    ] {
        ls(&fx).arg("-l").env("TIME_STYLE", style).same();
        ls(&fx)
            .arg("-l")
            .env("TIME_STYLE", style)
            .env("LC_ALL", "C.UTF-8")
            .same();
    }
    // --time-style beats TIME_STYLE; --full-time beats both when given later.
    ls(&fx)
        .args(["-l", "--time-style=iso"])
        .env("TIME_STYLE", "long-iso")
        .same();
    ls(&fx).args(["--time-style=iso", "--full-time"]).same();
    ls(&fx).args(["--full-time", "--time-style=iso"]).same();
    // Only checked with -l.
    ls(&fx).args(["--time-style=bogus"]).same();
    ls(&fx).args(["-l", "--time-style=bogus"]).same();
    ls(&fx).args(["-l", "--time-style=+a\nb\nc"]).same();
    // A format wider than GNU's buffer prints the seconds.
    ls(&fx).args(["-l", "--time-style=+%1200Y"]).same();
    ls(&fx).args(["-l", "--time-style=+%999Y"]).same();
}

#[test]
fn long_format_with_part_one_options() {
    let fx = long_tree();
    let sets: &[&[&str]] = &[
        &["-lR"],
        &["-laR", "dir"],
        &["-ld", "dir", "file.txt", "link-dir", "emptydir"],
        &["-l", "dir", "file.txt", "emptydir"],
        &["-lr"],
        &["-lt"],
        &["-ltr"],
        &["-lS"],
        &["-lSr"],
        &["-lX"],
        &["-lv"],
        &["-lU"],
        &["-l", "--sort=width"],
        &["-l", "--group-directories-first"],
        &["-li"],
        &["-ls"],
        &["-lis"],
        &["-lsh"],
        &["-lh"],
        &["-l", "--si"],
        &["-l", "--block-size=K"],
        &["-l", "--block-size=1M"],
        &["-l", "--block-size=KiB"],
        &["-l", "--block-size=1"],
        &["-lsk"],
        &["-lF"],
        &["-l", "--file-type"],
        &["-lp"],
        &["-l", "--indicator-style=classify"],
        &["-lQ"],
        &["-lb"],
        &["-lN"],
        &["-l", "--quoting-style=shell-escape"],
        &["-l", "--quoting-style=shell"],
        &["-l", "--quoting-style=c"],
        &["-l", "--quoting-style=escape"],
        &["-l", "--quoting-style=locale"],
        &["-lq"],
        &["-lL"],
        &["-lH", "link-dir", "link-file"],
        &["-l", "link-dir", "link-file", "dangling"],
        &["-l", "link-dir/"],
        &["-lF", "link-dir", "link-exec", "link-fifo", "dangling"],
        &["-lZ"],
        &["-lnZ"],
        &["-l", "--zero"],
        &["-lct"],
        &["-lut"],
        &["-l", "-1"],
        &["-1", "-l"],
        &["-lC"],
        &["-lm"],
        &["-lx"],
        &["-fl"],
        &["-lf"],
        &["-lgo", "--author"],
        &["-ltu", "--full-time"],
        &["-lB"],
        &["-l", "-I", "*.txt"],
        &["-l", "--hide=d*"],
    ];
    for args in sets {
        ls(&fx).args(*args).same();
    }
    // On a terminal: names with control characters shown as `?`, quoting by
    // default.
    fx.file("ctl\x01name", "");
    fx.mtime("ctl\x01name", 1_600_000_000);
    ls(&fx).arg("-l").same_on_tty(80);
    ls(&fx).args(["-lR", "--full-time"]).same_on_tty(120);
    for args in [["-lR"], ["-lisF"], ["-ltr"]] {
        ls(&fx)
            .args(args)
            .env("TZ", "America/New_York")
            .env("LC_ALL", "C.UTF-8")
            .same();
    }
}

#[test]
fn block_size_environment_scales_sizes() {
    let fx = long_tree();
    for (var, val) in [
        ("LS_BLOCK_SIZE", "1K"),
        ("LS_BLOCK_SIZE", "K"),
        ("BLOCK_SIZE", "512"),
        ("BLOCK_SIZE", "human-readable"),
        ("BLOCKSIZE", "1K"),
        ("BLOCKSIZE", "512"),
        ("POSIXLY_CORRECT", "1"),
    ] {
        ls(&fx).arg("-ls").env(var, val).same();
        ls(&fx).args(["-lsk"]).env(var, val).same();
        ls(&fx)
            .args(["-og", "--block-size=1K"])
            .env(var, val)
            .same();
    }
}

#[test]
fn sparse_file_blocks_versus_size() {
    let fx = long_tree();
    ls(&fx).args(["-ls", "sparse", "big.bin", "empty"]).same();
    ls(&fx).args(["-lsh", "sparse", "big.bin"]).same();
    ls(&fx)
        .args(["-s", "-l", "--block-size=1", "sparse"])
        .same();
}

#[test]
#[ignore = "needs root (device nodes, foreign owners)"]
fn devices_and_owners_without_names() {
    need_root();
    let fx = long_tree();
    ls(&fx)
        .args(["-l", "chr", "blk", "chr0", "file.txt"])
        .same();
    ls(&fx).args(["-lh", "chr", "blk", "big.bin"]).same();
    ls(&fx).args(["-o", "nameless", "daemon-owned"]).same();
    ls(&fx)
        .args(["-g", "nameless", "mixed", "daemon-owned"])
        .same();
    ls(&fx)
        .args(["-l", "--author", "nameless", "daemon-owned", "mixed"])
        .same();
    ls(&fx).args(["-ln", "nameless"]).same();
    ls(&fx).args(["-l", "/dev/zero", "/dev/full"]).same();
}

#[test]
#[ignore = "needs root, setfacl (Debian package acl) and python3"]
fn acl_and_security_label_markers() {
    need_root();
    need_cmd("setfacl", "acl");
    need_cmd("python3", "python3");
    let fx = Fixture::new("ls-acl");
    fx.file("plain", "");
    fx.file("acl", "");
    fx.dir("dir-default-acl");
    fx.dir("dir-plain");
    fx.file("labelled", "");
    fx.file("unlabeled", "");
    fx.symlink("acl", "link-to-acl");
    sh(&format!(
        "setfacl -m u:nobody:r {}",
        fx.path("acl").display()
    ));
    sh(&format!(
        "setfacl -d -m u:nobody:r {}",
        fx.path("dir-default-acl").display()
    ));
    let label = |name: &str, value: &str| {
        sh(&format!(
            "python3 -c 'import os,sys; os.setxattr(sys.argv[1], \"security.selinux\", sys.argv[2].encode() + b\"\\0\")' {} {value}",
            fx.path(name).display()
        ))
    };
    label("labelled", "system_u:object_r:tmp_t:s0");
    label("unlabeled", "unlabeled");
    fx.all_mtimes(1_600_000_000);
    ls(&fx).arg("-l").cwd(&fx.root).same();
    ls(&fx)
        .args(["-la", "dir-default-acl"])
        .cwd(&fx.root)
        .same();
    ls(&fx).arg("-lZ").cwd(&fx.root).same();
    ls(&fx).arg("-Z").cwd(&fx.root).same();
    ls(&fx).args(["-Z", "-C"]).cwd(&fx.root).same();
    ls(&fx).args(["-Z", "-m"]).cwd(&fx.root).same();
    ls(&fx)
        .args(["-ld", "dir-default-acl"])
        .cwd(&fx.root)
        .same();
    ls(&fx)
        .args(["-l", "plain", "dir-plain"])
        .cwd(&fx.root)
        .same();
    ls(&fx)
        .args(["-l", "plain", "labelled"])
        .cwd(&fx.root)
        .same();
    ls(&fx).args(["-Log", "link-to-acl"]).cwd(&fx.root).same();
    ls(&fx).args(["-og", "link-to-acl"]).cwd(&fx.root).same();
    // The ACL column of one file shifts the lines of the others.
    ls(&fx).args(["-l", "acl", "plain"]).cwd(&fx.root).same();
    // A label under a long path (built relative to the directory).
    fx.dir("deep/er/still");
    fx.file("deep/er/still/f", "");
    sh(&format!(
        "setfacl -m u:nobody:r {}",
        fx.path("deep/er/still/f").display()
    ));
    ls(&fx).args(["-lR", "deep"]).cwd(&fx.root).same();
}

#[test]
fn failed_stats_and_dangling_links() {
    let fx = long_tree();
    // -L on a dangling entry: GNU's message, a line of `?`, the rest printed, exit 1.
    ls(&fx).arg("-lL").same();
    ls(&fx).args(["-lLi"]).same();
    ls(&fx).args(["-lLs"]).same();
    // A dangling operand under -L is an error (exit 2).
    ls(&fx).args(["-lL", "dangling"]).same();
    ls(&fx).args(["-lL", "dangling", "file.txt"]).same();
    ls(&fx).args(["-l", "no-such", "file.txt"]).same();
    // Links whose target may not be readable (in a container, even as root):
    // `cannot read symbolic link`, exit 2 for operands.
    ls(&fx)
        .args([
            "-l",
            "/proc/1/cwd",
            "/proc/1/exe",
            "/proc/1/root",
            "file.txt",
        ])
        .same();
    ls(&fx).args(["-lF", "/proc/1/cwd", "/proc/1/exe"]).same();
}

#[test]
#[ignore = "needs root (runs ls as nobody)"]
fn unsearchable_directory_as_nobody() {
    need_root();
    // Not searchable by nobody: entries are listed from d_type with `?` fields.
    let fx2 = Fixture::new("ls-unsearchable");
    fx2.file("d/f", "");
    fx2.symlink("x", "d/s");
    fx2.dir("d/sub");
    sh(&format!(
        "chmod -R a+rX {r} && chmod 755 {r} && chmod 644 {r}/d",
        r = fx2.root.display()
    ));
    Cmd::new("ls")
        .cwd(&fx2.root)
        .user("nobody")
        .args(["-l", "d"])
        .same();
    Cmd::new("ls")
        .cwd(&fx2.root)
        .user("nobody")
        .args(["-Log", "d"])
        .same();
    Cmd::new("ls")
        .cwd(&fx2.root)
        .user("nobody")
        .args(["-lis", "d"])
        .same();
    Cmd::new("ls")
        .cwd(&fx2.root)
        .user("nobody")
        .args(["-l", "--full-time", "d"])
        .same();
    Cmd::new("ls")
        .cwd(&fx2.root)
        .user("nobody")
        .args(["-lZ", "d"])
        .same();
}

#[test]
fn birth_times() {
    let fx = long_tree();
    ls(&fx).args(["-l", "--time=birth", "--full-time"]).same();
    ls(&fx).args(["-lt", "--time=birth", "/proc/sys/fs"]).same();
    // /proc keeps no birth times: `?`.
    ls(&fx)
        .args(["-l", "--time=birth", "/proc/version", "/proc/uptime"])
        .same();
}

#[test]
fn system_directories() {
    // (Not /etc or /dev: other processes change them between the two runs.)
    for dir in ["/usr/share/zoneinfo", "/usr/lib", "/usr/include"] {
        Cmd::new("ls").args(["-la", dir]).same();
        Cmd::new("ls")
            .args(["-lan", dir])
            .env("TZ", "Asia/Kolkata")
            .same();
    }
    Cmd::new("ls")
        .args(["-lR", "/usr/share/zoneinfo/America"])
        .same();
}

/// A root file system with no /etc/passwd, /etc/group or /etc/localtime: every
/// owner is numeric and times are UTC.
#[test]
#[ignore = "needs root (chroot), ldd and /usr/sbin/chroot"]
fn empty_root_file_system() {
    if skip_under_qemu("the chroot holds only the binary, not the emulator") {
        return;
    }
    need_root();
    need_cmd("ldd", "libc-bin");
    need(
        std::path::Path::new("/usr/sbin/chroot").exists(),
        "/usr/sbin/chroot (Debian package coreutils)",
    );
    let fx = Fixture::new("ls-chroot");
    let root = fx.root.display().to_string();
    sh(&format!(
        "set -e; mkdir -p {root}/bin {root}/data; cp /usr/bin/ls {root}/bin/gnu-ls; cp {bin} {root}/bin/ls; \
         for l in $(ldd /usr/bin/ls | grep -o '/[^ ]*'); do mkdir -p {root}$(dirname $l); cp -L $l {root}$l; done; \
         touch -d @1600000000 {root}/data/f; chown 4321:1234 {root}/data/f",
        bin = bin().display()
    ));
    let run = |exe: &str, args: &[&str], tz: Option<&str>| {
        let mut c = std::process::Command::new("/usr/sbin/chroot");
        c.arg(&root)
            .arg(exe)
            .args(args)
            .env_clear()
            .env("LC_ALL", "C");
        if let Some(t) = tz {
            c.env("TZ", t);
        }
        let o = c.output().expect("chroot");
        (o.stdout, o.stderr, o.status.code())
    };
    for (args, tz) in [
        (&["-l", "/data"][..], None),
        (&["-l", "/data"][..], Some("Europe/Berlin")),
        (&["-la", "/bin"][..], None),
    ] {
        let g = run("/bin/gnu-ls", args, tz);
        let o = run("/bin/ls", args, tz);
        assert_eq!(show(&g.0), show(&o.0), "{args:?} {tz:?}");
        assert_eq!(g.2, o.2);
    }
}

/// Times only tmpfs keeps: years past 9999 and past glibc's `int tm_year`, where
/// GNU prints the seconds right-aligned to the width of a formatted date.
#[test]
fn times_beyond_four_digit_years() {
    let shm = std::path::Path::new("/dev/shm");
    assert!(
        shm.is_dir(),
        "no /dev/shm (a tmpfs every Linux system mounts)"
    );
    let dir = shm.join(format!("bareutils-ls-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, t) in [
        ("y10000", "253402300800"),
        ("y5138", "99999999999"),
        ("edge", "67768036191676799"),
        ("over", "67768036191676800"),
        ("negover", "-67768040609740801"),
        ("max", "9223372036854775807"),
    ] {
        std::fs::write(dir.join(name), "").unwrap();
        sh(&format!("touch -d @{t} {}", dir.join(name).display()));
    }
    for zone in ["UTC", "America/New_York", "<-14>14", "<+0530>-5:30"] {
        for args in [
            &["-l"][..],
            &["--full-time"],
            &["-lt"],
            &["-l", "--time-style=+%s %Y"],
            &["-l", "--time-style=iso"],
        ] {
            Cmd::new("ls").args(args).cwd(&dir).env("TZ", zone).same();
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Syscalls of one run of our ls by name, from `strace -f` lines (strace 6.1 prints
/// listxattrat as `syscall_0x1d1` and leaves it out of `strace -c`).
fn syscalls(dir: &std::path::Path, args: &[&str]) -> std::collections::HashMap<String, u64> {
    let log = dir.join("strace.out");
    let st = std::process::Command::new("strace")
        .arg("-f")
        .arg("-o")
        .arg(&log)
        .arg(bin())
        .arg("ls")
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("LC_ALL", "C")
        .stdout(std::process::Stdio::null())
        .status()
        .expect("strace");
    assert!(st.success());
    let text = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    let mut m = std::collections::HashMap::new();
    for line in text.lines() {
        let line = line
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start();
        if let Some(i) = line.find('(') {
            let name = match &line[..i] {
                "syscall_0x1d1" => "listxattrat",
                n => n,
            };
            *m.entry(name.to_string()).or_insert(0) += 1;
            if name == "openat" {
                *m.entry(line[i..].split('"').nth(1).unwrap_or("").to_string())
                    .or_insert(0) += 1;
            }
        }
    }
    m
}

#[test]
#[ignore = "needs strace"]
fn one_stat_and_one_xattr_listing_per_entry() {
    if skip_strace_under_qemu() {
        return;
    }
    let fx = Fixture::new("ls-long-sys");
    for f in 0..20 {
        fx.file(format!("t/f{f}"), "x");
    }
    for l in 0..3 {
        fx.symlink("f0", format!("t/l{l}"));
    }
    fx.dir("t/sub");
    let n = |m: &std::collections::HashMap<String, u64>, k: &str| m.get(k).copied().unwrap_or(0);
    let m = syscalls(&fx.root, &["-l", "t"]);
    // The operand and its 24 entries: one statx and one xattr listing each.
    assert_eq!(n(&m, "statx"), 25, "{m:?}");
    assert_eq!(n(&m, "listxattrat") + n(&m, "llistxattr"), 25, "{m:?}");
    assert_eq!(n(&m, "lgetxattr") + n(&m, "getxattr"), 0, "{m:?}");
    assert_eq!(n(&m, "readlinkat"), 3, "{m:?}");
    // Each name database and the zone file read once, mapped (no read loop).
    for f in ["/etc/passwd", "/etc/group", "/etc/localtime"] {
        assert_eq!(n(&m, f), 1, "{f}: {m:?}");
    }
    assert_eq!(n(&m, "read"), 0, "{m:?}");
    // -n needs no names; -g no owner; -o no group.
    let m = syscalls(&fx.root, &["-ln", "t"]);
    assert_eq!(n(&m, "/etc/passwd") + n(&m, "/etc/group"), 0, "{m:?}");
    let m = syscalls(&fx.root, &["-g", "t"]);
    assert_eq!((n(&m, "/etc/passwd"), n(&m, "/etc/group")), (0, 1), "{m:?}");
    let m = syscalls(&fx.root, &["-o", "t"]);
    assert_eq!((n(&m, "/etc/passwd"), n(&m, "/etc/group")), (1, 0), "{m:?}");
    // -lF: the targets of the symlinks are stat'd for their indicator.
    let m = syscalls(&fx.root, &["-lF", "t"]);
    assert_eq!(n(&m, "statx"), 25 + 3, "{m:?}");
    // An empty directory reads no name database and no zone.
    let m = syscalls(&fx.root, &["-l", "t/sub"]);
    assert_eq!(
        n(&m, "/etc/passwd") + n(&m, "/etc/group") + n(&m, "/etc/localtime"),
        0,
        "{m:?}"
    );
}

/// Entries that vanish between getdents64 and their stat: strace makes the Nth
/// statx fail with ENOENT in both programs (they stat in the same order), and the
/// outputs must match: GNU's message, a line of `?`, the other entries, exit 1.
#[test]
#[ignore = "needs strace"]
fn entries_vanishing_before_their_stat() {
    if skip_under_qemu("the entries are removed from inside strace's syscall hook") {
        return;
    }
    need_cmd("strace", "strace");
    let fx = Fixture::new("ls-vanish");
    for n in ["a", "b", "c", "d", "e"] {
        fx.file(format!("v/{n}"), n);
    }
    fx.symlink("a", "v/l");
    fx.all_mtimes(1_600_000_000);
    // Both started through a link named `ls`, so that messages begin with `ls: `.
    let run = |exe: &std::path::Path, when: &str, args: &[&str]| {
        let exe = link_named(exe, "ls");
        let mut c = std::process::Command::new("/usr/bin/strace");
        c.args(["-o", "/dev/null", "-e", "trace=statx", "-e"])
            .arg(format!("inject=statx:error=ENOENT:when={when}"))
            .arg("ls");
        // strace finds `ls` in PATH and runs it with argv[0] = "ls".
        let o = c
            .args(args)
            .current_dir(&fx.root)
            .env_clear()
            .env("PATH", exe.parent().unwrap())
            .env("LC_ALL", "C")
            .env("TZ", "UTC")
            .output()
            .unwrap();
        (show(&o.stdout), show(&o.stderr), o.status.code())
    };
    for when in ["2", "3", "4+", "2..10:2"] {
        for args in [
            &["-l", "v"][..],
            &["-lis", "v"],
            &["-og", "v"],
            &["-lZ", "v"],
            &["-l", "--full-time", "v"],
        ] {
            let g = run(&gnu("ls"), when, args);
            let o = run(&bin(), when, args);
            assert_eq!(g, o, "when={when} {args:?}");
        }
    }
}

/// --dired: two-space indents, and the offsets of names and headers (past 64 KiB
/// of output too), with the quoting style named at the end.
#[test]
fn dired_offsets() {
    let fx = long_tree();
    for args in [
        &["-lD"][..],
        &["-lD", "dir", "file.txt", "emptydir"],
        &["-lDR", "dir"],
        &["-lDa", "dir"],
        &["-lDis"],
        &["-lDF"],
        &["-lD", "--quoting-style=shell-escape"],
        &["-lD", "--quoting-style=c"],
        &["-lD", "-b"],
        &["-lD", "no-such", "dir"],
        &["--dired"],
        &["-D", "-1"],
        &["-gD"],
    ] {
        ls(&fx).args(args).same();
    }
    Cmd::new("ls").args(["-lDR", "/usr/share/zoneinfo"]).same();
    Cmd::new("ls")
        .args(["-lDR", "/usr/share/zoneinfo/America"])
        .env("LC_ALL", "C.UTF-8")
        .same();
}

/// Lines this test adds to /etc/passwd and /etc/group (ids 64001..64010), removed
/// again on drop, and first removed if a killed run left them behind.
struct IdLines;

const ID_FILES: [&str; 2] = ["/etc/passwd", "/etc/group"];

fn ours_line(line: &[u8]) -> bool {
    // name:password:ID:... with ID in 64001..=64010.
    let mut f = line.split(|&b| b == b':');
    let id = f
        .nth(2)
        .and_then(|i| std::str::from_utf8(i).ok())
        .and_then(|i| i.parse::<u32>().ok());
    id.is_some_and(|i| (64001..=64010).contains(&i))
}

fn drop_id_lines() {
    for path in ID_FILES {
        let text = std::fs::read(path).unwrap();
        let kept: Vec<&[u8]> = text
            .split_inclusive(|&b| b == b'\n')
            .filter(|l| !ours_line(l))
            .collect();
        let kept = kept.concat();
        if kept != text {
            std::fs::write(path, kept).unwrap();
        }
    }
}

impl IdLines {
    fn add(passwd: &[u8], group: &[u8]) -> IdLines {
        drop_id_lines();
        for (path, lines) in ID_FILES.iter().zip([passwd, group]) {
            assert!(lines
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .all(ours_line));
            let mut text = std::fs::read(path).unwrap();
            if !text.is_empty() && !text.ends_with(b"\n") {
                text.push(b'\n');
            }
            text.extend_from_slice(lines);
            std::fs::write(path, text).unwrap();
        }
        IdLines
    }
}

impl Drop for IdLines {
    fn drop(&mut self) {
        drop_id_lines();
    }
}

/// Owner and group names as GNU pads them (gnulib's mbswidth(NAME, 0): a control
/// character is 0 columns, an invalid byte 1, in C and UTF-8), and a first matching
/// passwd or group line with an empty name shows the number (gnulib's idcache
/// treats "" as no name). GNU reads the names through NSS, so the lines go into
/// the real files; run alone: `cargo test --release --test ls_long -- --ignored`.
#[test]
#[ignore = "needs root: edits /etc/passwd and /etc/group"]
fn owner_and_group_names_from_edited_files() {
    assert!(is_root(), "needs root");
    let fx = Fixture::new("ls-idnames");
    let _lines = IdLines::add(
        b":x:64001:64001::/:/bin/sh\n\
ct\x01l:x:64002:64002::/:/bin/sh\n\
\xc3\xa9t\xc3\xa9:x:64003:64003::/:/bin/sh\n\
w\xe4\xb8\xadx:x:64004:64004::/:/bin/sh\n\
bad\xffu:x:64005:64005::/:/bin/sh\n\
comb\xcc\x81:x:64006:64006::/:/bin/sh\n\
:x:64007:64007::/:/bin/sh\n\
after:x:64007:64007::/:/bin/sh\n\
tab\there\x7f:x:64008:64008::/:/bin/sh\n\
cut\xe4\xb8:x:64009:64009::/:/bin/sh\n",
        b":x:64001:\n\
g\x01c:x:64002:\n\
\xc3\xa9g:x:64003:\n\
:x:64007:\n\
afterg:x:64007:\n\
gtab\t\x1b[m:x:64008:\n\
\xe2\x80\xa8sep:x:64009:\n",
    );
    for i in 1..=10u32 {
        let f = format!("f{i}");
        fx.file(&f, "");
        fx.chown(&f, 64000 + i, 64000 + i);
        fx.mtime(&f, 1_600_000_000);
    }
    for locale in ["C", "C.UTF-8"] {
        for args in [
            &["-l"][..],
            &["-lg"],
            &["-lo"],
            &["-l", "--author"],
            &["-ln"],
            &["-l", "f2", "f5"],
            &["-l", "-N"],
        ] {
            ls(&fx).env("LC_ALL", locale).args(args).same();
        }
        // Each owner alone: the column is as wide as that name.
        for i in 1..=10 {
            ls(&fx)
                .env("LC_ALL", locale)
                .args(["-l", &format!("f{i}"), "f1"])
                .same();
        }
    }
}

/// A +FORMAT holding an invalid conversion is copied as gnulib's nstrftime copies
/// it: a `%` after flags, a width or a modifier ends a bad conversion and starts
/// the next one (`+%1%%` gives `%1%`, `+%_%10` gives `%_       %10`); and GNU ls
/// first puts the month in place of the first `%b`, so `+%5%b` is `%5D` then
/// `ec` (difffuzz N9).
#[test]
fn invalid_strftime_conversions() {
    let fx = Fixture::new("strftime-invalid");
    fx.file("f", "f\n");
    fx.all_mtimes(1_600_000_000);
    for style in [
        "+%1%%",
        "+%_%%",
        "+%_%10",
        "+%3%%10z",
        "+%^O%%+02OX",
        "+\t%_%%02Y\x1b",
        "+%5%",
        "+%5%b",
        "+%^#5%b%1%b",
        "+%%%b",
        "+%E%b\n%5E%b",
    ] {
        Cmd::new("ls")
            .cwd(&fx.root)
            .env("TIME_STYLE", style)
            .args(["-n", "f"])
            .same();
        Cmd::new("ls")
            .cwd(&fx.root)
            .args(["-n", &format!("--time-style={style}"), "f"])
            .same();
    }
}
