//! A real boot: Debian's kernel under qemu-system-x86_64 with an initramfs that holds
//! only bareutils (and its ls/wc links), a static busybox for the shell, and a few
//! data files; the init script runs ls and wc, the serial console is compared with
//! fixed expected text (the inode numbers are the ones this kernel gives the unpacked
//! files). The kernel comes from BAREUTILS_KERNEL (tools/fetch-kernel.sh prints one;
//! .ci/run sets it and runs this ignored test); a missing piece is a failure.

mod common;
use common::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One member of a newc cpio archive.
struct Member {
    name: &'static str,
    mode: u32,
    uid: u32,
    gid: u32,
    rdev: (u32, u32),
    data: Vec<u8>,
}

fn member(name: &'static str, mode: u32, data: impl Into<Vec<u8>>) -> Member {
    Member {
        name,
        mode,
        uid: 0,
        gid: 0,
        rdev: (0, 0),
        data: data.into(),
    }
}

/// The archive in the kernel's initramfs format ("newc", uncompressed), every
/// member dated 2020-09-13 12:26:40 UTC.
fn cpio(members: &[Member]) -> Vec<u8> {
    let mut out = Vec::new();
    let pad = |out: &mut Vec<u8>| {
        while !out.len().is_multiple_of(4) {
            out.push(0);
        }
    };
    let trailer = Member {
        name: "TRAILER!!!",
        mode: 0,
        uid: 0,
        gid: 0,
        rdev: (0, 0),
        data: Vec::new(),
    };
    for (ino, m) in members.iter().chain(std::iter::once(&trailer)).enumerate() {
        let nlink = if m.mode & 0o170000 == 0o040000 { 2 } else { 1 };
        let fields = [
            ino as u32 + 1,
            m.mode,
            m.uid,
            m.gid,
            nlink,
            1_600_000_000,
            m.data.len() as u32,
            0,
            0,
            m.rdev.0,
            m.rdev.1,
            m.name.len() as u32 + 1,
            0,
        ];
        out.extend_from_slice(b"070701");
        for f in fields {
            out.extend_from_slice(format!("{f:08x}").as_bytes());
        }
        out.extend_from_slice(m.name.as_bytes());
        out.push(0);
        pad(&mut out);
        out.extend_from_slice(&m.data);
        pad(&mut out);
    }
    out
}

const INIT: &str = r#"#!/bin/sh
export PATH=/bin
busybox mount -t proc proc /proc
# busybox's shell runs its own applets for bare names: ours by path.
ls() { /bin/ls "$@"; }
wc() { /bin/wc "$@"; }
echo BAREUTILS-BEGIN
echo '@ ls -a /'; ls -a / | cat
echo '@ ls -ld / /bin /data'; ls -ld / /bin /data | cat
echo '@ ls -la /data'; ls -la /data | cat
echo '@ ls -lR --time-style=long-iso /data/sub'; ls -lR --time-style=long-iso /data/sub | cat
echo '@ ls -F /bin'; ls -F /bin | cat
echo '@ ls -x /data (on the console)'; ls -x /data
echo '@ ls -i -s -S /data'; ls -i -s -S /data | cat
echo '@ wc'; wc /data/text /data/sub/uni
echo '@ LANG=C.UTF-8 wc -mL'; LANG=C.UTF-8 wc -mL /data/sub/uni
echo '@ wc -c < /bin/bareutils'; wc -c < /bin/bareutils
echo '@ cat /data/text | wc -lc'; cat /data/text | wc -lc
echo '@ errors'; ls /nosuch; echo "status $?"; wc /data/sub; echo "status $?"
echo '@ /proc'; ls -d /proc/self /proc/1; [ "$(wc -l < /proc/self/status)" = "$(busybox wc -l < /proc/self/status)" ] && echo "status lines agree"
echo BAREUTILS-END
busybox poweroff -f
"#;

fn expected(size: u64) -> String {
    format!(
        r#"@ ls -a /
.
..
bin
data
dev
init
proc
root
@ ls -ld / /bin /data
drwxr-xr-x 7 0 0 160 Sep 13  2020 /
drwxr-xr-x 2 0 0 140 Sep 13  2020 /bin
drwxr-xr-x 3 0 0 120 Sep 13  2020 /data
@ ls -la /data
total 12
drwxr-xr-x 3    0   0 120 Sep 13  2020 .
drwxr-xr-x 7    0   0 160 Sep 13  2020 ..
-rwxr-xr-x 1    0   0  13 Sep 13  2020 run
drwxr-xr-x 2    0   0  80 Sep 13  2020 sub
-rw-r--r-- 1 1000 100  52 Sep 13  2020 text
-rw-r--r-- 1    0   0 105 Sep 13  2020 two words
@ ls -lR --time-style=long-iso /data/sub
/data/sub:
total 4
lrwxrwxrwx 1 0 0  3 2020-09-13 12:26 link -> uni
-rw-r--r-- 1 0 0 26 2020-09-13 12:26 uni
@ ls -F /bin
bareutils*
busybox*
ls@
sh@
wc@
@ ls -x /data (on the console)
 run   sub   text  'two words'
@ ls -i -s -S /data
total 12
14 4 two words
15 0 sub
13 4 text
12 4 run
@ wc
 3 16 52 /data/text
 1  3 26 /data/sub/uni
 4 19 78 total
@ LANG=C.UTF-8 wc -mL
17 19 /data/sub/uni
@ wc -c < /bin/bareutils
{size}
@ cat /data/text | wc -lc
      3      52
@ errors
/bin/ls: cannot access '/nosuch': No such file or directory
status 2
/bin/wc: /data/sub: Is a directory
      0       0       0 /data/sub
status 1
@ /proc
/proc/1  /proc/self
status lines agree
"#
    )
}

/// The kernel to boot, once what the boot needs is there (None: skipped under
/// qemu-user or on another architecture).
fn kernel() -> Option<PathBuf> {
    if skip_under_qemu("the initramfs is for x86_64") || !cfg!(target_arch = "x86_64") {
        return None;
    }
    let k = std::env::var_os("BAREUTILS_KERNEL").filter(|k| !k.is_empty());
    need(
        k.is_some(),
        "BAREUTILS_KERNEL: a kernel image (tools/fetch-kernel.sh prints one)",
    );
    need_cmd("qemu-system-x86_64", "qemu-system-x86");
    need(
        Path::new("/bin/busybox").exists(),
        "/bin/busybox (Debian package busybox-static)",
    );
    k.map(PathBuf::from)
}

#[test]
#[ignore = "needs BAREUTILS_KERNEL (tools/fetch-kernel.sh), qemu-system-x86_64 and busybox-static"]
fn boots_a_kernel_with_only_bareutils() {
    let Some(kernel) = kernel() else { return };
    let fx = Fixture::new("boot");
    let ours = std::fs::read(bin()).unwrap();
    let size = ours.len() as u64;
    let busybox = std::fs::read("/bin/busybox").unwrap();
    assert!(
        String::from_utf8_lossy(
            &Command::new("file")
                .arg("/bin/busybox")
                .output()
                .unwrap()
                .stdout
        )
        .contains("statically linked"),
        "/bin/busybox is not static"
    );
    let mut text_owner = member(
        "data/text",
        0o100644,
        "one line\ntwo words here\nthree: a b c d e, f g h i j\n",
    );
    text_owner.uid = 1000;
    text_owner.gid = 100;
    let console = Member {
        name: "dev/console",
        mode: 0o020600,
        uid: 0,
        gid: 0,
        rdev: (5, 1),
        data: Vec::new(),
    };
    let members = vec![
        member(".", 0o040755, ""),
        member("bin", 0o040755, ""),
        member("bin/bareutils", 0o100755, ours),
        member("bin/busybox", 0o100755, busybox),
        member("bin/ls", 0o120777, "bareutils"),
        member("bin/wc", 0o120777, "bareutils"),
        member("bin/sh", 0o120777, "busybox"),
        member("data", 0o040755, ""),
        member("data/run", 0o100755, "#!/bin/sh\n:\n\n"),
        text_owner,
        member("data/two words", 0o100644, "x".repeat(104) + "\n"),
        member("data/sub", 0o040755, ""),
        member(
            "data/sub/uni",
            0o100644,
            "caf\u{e9} \u{4e16}\u{754c} na\u{ef}ve \u{1f600}!\n",
        ),
        member("data/sub/link", 0o120777, "uni"),
        member("dev", 0o040755, ""),
        console,
        member("init", 0o100755, INIT),
        member("proc", 0o040755, ""),
    ];
    let initrd = fx.file("initrd.cpio", cpio(&members));
    // KVM when /dev/kvm opens; a nested KVM that opens but never runs the guest (seen
    // on CI-like machines) shows nothing in 30 s, and the boot is emulated instead.
    let kvm = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/kvm")
        .is_ok();
    let attempts: &[bool] = if kvm { &[true, false] } else { &[false] };
    let mut last = String::new();
    for &accel in attempts {
        let mut qemu = Command::new("timeout");
        qemu.arg(if accel { "30" } else { "400" })
            .args([
                "qemu-system-x86_64",
                "-m",
                "256",
                "-smp",
                "1",
                "-no-reboot",
                "-nodefaults",
            ])
            .args(["-display", "none", "-serial", "stdio", "-monitor", "none"])
            .arg("-kernel")
            .arg(&kernel)
            .arg("-initrd")
            .arg(&initrd)
            .args([
                "-append",
                "console=ttyS0 quiet loglevel=0 panic=-1 rdinit=/init",
            ]);
        if accel {
            qemu.args(["-enable-kvm", "-cpu", "host"]);
        }
        let started = std::time::Instant::now();
        let out = qemu
            .stdin(Stdio::null())
            .output()
            .expect("qemu-system-x86_64");
        let console = String::from_utf8_lossy(&out.stdout).replace('\r', "");
        let how = if accel { "kvm" } else { "emulated" };
        eprintln!(
            "{how}: {:.1}s, status {:?}",
            started.elapsed().as_secs_f64(),
            out.status.code()
        );
        let script = console
            .split_once("BAREUTILS-BEGIN\n")
            .and_then(|(_, rest)| rest.split_once("BAREUTILS-END\n"))
            .map(|(script, _)| script.to_string());
        if let Some(script) = script {
            assert_eq!(script, expected(size), "{how}");
            return;
        }
        last = console;
    }
    panic!("no script output on the console:\n{last}");
}
