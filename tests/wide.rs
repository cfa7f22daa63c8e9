//! Values wider than 32 bits, which the 32-bit targets (i686, armv6, armv7) must carry
//! whole from the kernel to the output: inode numbers past 2^32 (`ls -i`, `-l`),
//! sizes and file offsets past 4 GiB (`ls -l`, `-s`, `-h`, `wc` from an offset),
//! times past 2038 and before 1901. Each compared with GNU's ls and wc run natively.
mod common;
use common::*;
use std::path::Path;
use std::process::{Command, Stdio};

/// An overlay mount (lower and upper on two tmpfs, `xino=on`), unmounted when
/// dropped. With xino, overlayfs puts the layer number in the top bits of the inode
/// number of every entry that comes from a lower layer: 2^63 + its tmpfs inode.
struct Overlay {
    root: std::path::PathBuf,
}

impl Overlay {
    fn new(fx: &Fixture) -> Overlay {
        let root = fx.dir("ov");
        for d in ["lower", "upper", "mnt"] {
            std::fs::create_dir_all(root.join(d)).unwrap();
        }
        let r = root.display();
        sh(&format!("mount -t tmpfs -o size=4m bareutils-lower {r}/lower && mount -t tmpfs -o size=4m bareutils-upper {r}/upper"));
        let ov = Overlay { root: root.clone() };
        sh(&format!(
            "mkdir {r}/upper/u {r}/upper/w && mkdir -p {r}/lower/dir/sub && echo lower > {r}/lower/file && \
             ln -s file {r}/lower/link && echo sub > {r}/lower/dir/sub/deep && \
             mount -t overlay bareutils-wide -o lowerdir={r}/lower,upperdir={r}/upper/u,workdir={r}/upper/w,xino=on {r}/mnt && \
             echo upper > {r}/mnt/upper-file && mkdir {r}/mnt/dir/new && touch -d @1700000000 {r}/mnt/* {r}/mnt/dir/* {r}/mnt"
        ));
        ov
    }
    fn mnt(&self) -> std::path::PathBuf {
        self.root.join("mnt")
    }
}

impl Drop for Overlay {
    fn drop(&mut self) {
        for d in ["mnt", "upper", "lower"] {
            let _ = Command::new("umount").arg(self.root.join(d)).status();
        }
    }
}

#[test]
#[ignore = "needs root (mounts tmpfs and overlayfs)"]
fn inode_numbers_past_2_32() {
    need_root();
    let fx = Fixture::new("wide-ino");
    let ov = Overlay::new(&fx);
    let ino =
        std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(ov.mnt().join("file")).unwrap());
    assert!(
        ino > 1 << 32,
        "overlayfs xino gave inode {ino}: the test needs one past 2^32"
    );
    for args in [
        &["-i"][..],
        &["-ia"],
        &["-li"],
        &["-lia"],
        &["-liR"],
        &["-1is"],
        &["-i", "-C", "-w", "60"],
        &["-x", "-i"],
        &["-m", "-i"],
        &["-lid", "dir", "file", "link", "upper-file"],
        &["-liL", "link"],
        &["-i", "--format=verbose", "--sort=inode"],
        &["-iU"],
        &["-lin"],
        &["-i", "--zero"],
    ] {
        Cmd::new("ls").args(args).cwd(ov.mnt()).same();
    }
}

/// A bash line run twice: with `WC` as our wc and as GNU's.
fn both_wc(line: &str, cwd: &Path) {
    let run = |wc: String| {
        let o = Command::new("bash")
            .args(["-c", &line.replace("WC", &wc)])
            .current_dir(cwd)
            .env_clear()
            .env("LC_ALL", "C")
            .env("PATH", "/usr/bin:/bin")
            .stdin(Stdio::null())
            .output()
            .expect("bash");
        (text(&o.stdout), text(&o.stderr), o.status.code())
    };
    let ours = run(sh_exec(&bin(), "wc"));
    let theirs = run("/usr/bin/wc".into());
    assert_eq!(ours, theirs, "{line}");
}

#[test]
fn sizes_and_offsets_past_4_gib() {
    let fx = Fixture::new("wide-size");
    // Sparse: 4 GiB exactly, 4 GiB + 1 (a line past 2^32), 5 GiB + 3, 2^40.
    let p = fx.root.display();
    sh(&format!(
        "truncate -s 4G {p}/four && truncate -s 4G {p}/past && printf 'x\\n' | dd of={p}/past bs=1 seek=4294967295 conv=notrunc status=none && \
         truncate -s 5G {p}/five && printf 'a b\\nc\\n' >> {p}/five && truncate -s 1T {p}/tera"
    ));
    fx.all_mtimes(1_700_000_000);
    for args in [
        &["-l"][..],
        &["-ls"],
        &["-lh"],
        &["-l", "--si"],
        &["-s"],
        &["-sh"],
        &["-lS"],
        &["-lSr"],
        &["-l", "--block-size=1"],
        &["-l", "--block-size=K"],
        &["-g", "-o", "--block-size=M"],
    ] {
        Cmd::new("ls").args(args).cwd(&fx.root).same();
    }
    // Sizes from fstat, and reads that start past 4 GiB (64-bit lseek on 32-bit).
    both_wc("WC -c four past five tera", &fx.root);
    both_wc("(WC -c) < five", &fx.root);
    both_wc(
        "(dd bs=1M skip=4097 count=0 status=none; WC -c) < five",
        &fx.root,
    );
    both_wc(
        "(dd bs=1 skip=4294967294 count=0 status=none; WC) < past",
        &fx.root,
    );
    both_wc(
        "(dd bs=1M skip=5120 count=0 status=none; WC -lwmcL) < five",
        &fx.root,
    );
    both_wc(
        "(dd bs=1M skip=5119 count=0 status=none; WC -l) < five",
        &fx.root,
    );
}

#[test]
fn times_past_2038_and_before_1901() {
    let fx = Fixture::new("wide-time");
    for (name, secs) in [
        ("a-2038-last", 2_147_483_647i64),
        ("b-2038-first", 2_147_483_648),
        ("c-2106", 4_294_967_296),
        ("d-2100", 4_102_444_800),
        ("e-2262", 9_223_372_036),
        ("f-9999", 253_402_300_799),
        ("g-1901", -2_147_483_648),
        ("h-1900", -2_208_988_801),
        ("i-epoch", 0),
    ] {
        fx.file(name, "");
        fx.mtime(name, secs);
    }
    for zone in ["UTC", "America/New_York", "Asia/Kolkata"] {
        for args in [
            &["-l"][..],
            &["-lt"],
            &["-ltr"],
            &["-l", "--full-time"],
            &["-l", "--time-style=+%s %Y-%m-%d %a"],
            &["-l", "--time-style=long-iso"],
            &["-t"],
        ] {
            Cmd::new("ls")
                .args(args)
                .env("TZ", zone)
                .cwd(&fx.root)
                .same();
        }
    }
}
