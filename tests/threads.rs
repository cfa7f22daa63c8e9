//! The worker threads (src/sys/thread.rs, ls's read-ahead and shared stat calls):
//! forced on for small trees (BAREUTILS_THREADS=N), every listing that reads or
//! stats entries is GNU's byte for byte, messages and status included; and each
//! fallback to one thread (clone refused by a seccomp filter, one CPU, the
//! process limit reached) lists the same, with no thread made where none can be.

mod common;
use common::*;
use std::path::Path;
use std::process::Command;

/// A tree of 60 directories in three levels, files of every size class, symlinks
/// (to files, to directories, dangling, a loop), a fifo, a directory of 300
/// entries (more than a worker stats ahead: the walk makes its stat calls,
/// shared), six of 120 entries with long names (each more names than a slot
/// holds: they borrow the pool's buffers, more than it has), one of 1,200
/// (more names than a borrowed buffer holds: the walk reads it), and an
/// unreadable directory and file (for a user other than root).
fn tree(fx: &Fixture) {
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..3 {
                let d = format!("d{a}/e{b}/f{c}");
                fx.dir(&d);
                fx.file(format!("{d}/x{c}"), "x".repeat(c * 100));
                fx.file(format!("{d}/y"), b"");
            }
            fx.file(format!("d{a}/e{b}/file{b}"), "yy".repeat(b * 1000));
            fx.symlink(format!("file{b}"), format!("d{a}/e{b}/link"));
            fx.symlink("nowhere", format!("d{a}/e{b}/dangling"));
        }
        fx.symlink("..", format!("d{a}/up"));
    }
    fx.fifo("d0/fifo");
    for i in 0..300 {
        fx.file(format!("big/n{i:03}"), "z".repeat(i % 7));
    }
    fx.dir("big/sub");
    for w in 0..6 {
        for i in 0..120 {
            fx.file(format!("wide/w{w}/a-rather-long-name-{i:03}"), b"");
        }
        fx.dir(format!("wide/w{w}/sub"));
    }
    for i in 0..1200 {
        fx.file(format!("wide/huge/another-long-name-{i:04}"), b"");
    }
    fx.dir("closed/inner");
    fx.file("closed/inner/f", b"");
    fx.chmod("closed", 0o000);
    fx.file("d1/secret", b"");
    fx.chmod("d1/secret", 0o000);
    fx.all_mtimes(1_600_000_000);
}

const LISTINGS: &[&[&str]] = &[
    &["-R"],
    &["-lR"],
    &["-laR"],
    &["-RF"],
    &["-R", "--color=always"],
    &["-lRi", "--full-time"],
    &["-sR"],
    &["-Rt"],
    &["-RS", "-r"],
    &["-lR", "--group-directories-first"],
    &["-RL"],
    &["-lRn", "-I", "e1"],
    &["-R1U"],
    &["-lZR"],
    &["-lR", "--hyperlink=always"],
];

#[test]
fn forced_threads_list_as_gnu() {
    let fx = Fixture::new("threads-forced");
    tree(&fx);
    for n in ["1", "2", "7"] {
        for args in LISTINGS {
            Cmd::new("ls")
                .cwd(&fx.root)
                .env("BAREUTILS_THREADS", n)
                .args(*args)
                .arg(".")
                .same();
        }
    }
}

#[test]
fn forced_threads_as_another_user() {
    if !is_root() {
        return;
    }
    let fx = Fixture::new("threads-user");
    tree(&fx);
    // Readable to nobody but `closed` and `d1/secret`.
    sh(&format!(
        "chmod 755 {0} $(dirname {0}); chmod -R a+rX {0}; chmod 000 {0}/closed",
        sh_quote(fx.root.as_os_str().as_encoded_bytes())
    ));
    for n in ["2", "7"] {
        for args in [&["-R"][..], &["-lR"], &["-laRF"]] {
            Cmd::new("ls")
                .cwd(&fx.root)
                .user("nobody")
                .env("BAREUTILS_THREADS", n)
                .args(args)
                .arg(".")
                .same();
        }
    }
}

/// Runs our ls with `args` in `dir` through `wrap` (a command and its
/// arguments, ending with the applet's name, found first in PATH), with
/// BAREUTILS_THREADS=`threads` (unset: None); returns stdout, stderr and the
/// status.
fn wrapped(wrap: &[&str], dir: &Path, args: &[&str], threads: Option<&str>) -> Output {
    let link = link_named(&bin(), "ls");
    let mut path = link.parent().unwrap().as_os_str().to_owned();
    path.push(":/usr/bin:/bin");
    let mut c = Command::new(wrap[0]);
    c.args(&wrap[1..])
        .args(args)
        .env_clear()
        .envs(base_env())
        .env_remove("BAREUTILS_THREADS")
        .env("PATH", path)
        .current_dir(dir);
    if let Some(n) = threads {
        c.env("BAREUTILS_THREADS", n);
    }
    let o = c.output().expect("run wrapper");
    Output {
        stdout: o.stdout,
        stderr: o.stderr,
        status: o.status.code().unwrap_or(-1),
    }
}

/// GNU's output for `ls ARGS` in `dir`.
fn gnu_in(dir: &Path, args: &[&str]) -> Output {
    Cmd::new("ls").cwd(dir).args(args).gnu()
}

/// The clone calls `ls ARGS` makes in `dir` through `wrap` (strace -f), and how
/// many succeeded.
fn clones(wrap: &[&str], dir: &Path, args: &[&str], threads: Option<&str>) -> (usize, usize) {
    let log = std::env::temp_dir().join(format!("bareutils-threads-{}.strace", std::process::id()));
    let mut w = vec!["strace", "-f", "-qq", "-e", "trace=clone,clone3", "-o"];
    let log_s = log.to_str().unwrap().to_owned();
    w.push(&log_s);
    w.extend_from_slice(wrap);
    let _ = wrapped(&w, dir, args, threads);
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    let calls = text
        .lines()
        .filter(|l| l.contains("clone"))
        .collect::<Vec<_>>();
    let ok = calls.iter().filter(|l| !l.contains("= -1")).count();
    (calls.len(), ok)
}

#[test]
fn clone_refused_by_seccomp_falls_back() {
    if skip_under_qemu("the seccomp filter holds the host's numbers") {
        return;
    }
    need_cmd("python3", "python3");
    need_cmd("strace", "strace");
    let fx = Fixture::new("threads-seccomp");
    tree(&fx);
    let deny = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/deny");
    for args in [&["-R", "."][..], &["-lR", "."], &["-la", "big"]] {
        let ours = wrapped(
            &["python3", deny, "clone,clone3", "--", "ls"],
            &fx.root,
            args,
            Some("4"),
        );
        assert_eq!(
            ours,
            gnu_in(&fx.root, args),
            "ls {args:?} with clone refused"
        );
    }
    // Our ls tried to make a thread, was refused, and went on alone.
    let (calls, ok) = clones(
        &["python3", deny, "clone,clone3", "--", "ls"],
        &fx.root,
        &["-lR", "."],
        Some("4"),
    );
    assert!(
        calls >= 1 && ok == 0,
        "clone calls: {calls}, succeeded: {ok}"
    );
    // Futexes refused too (a filter that lets clone through but not futex):
    // workers that cannot sleep still hand their work over.
    let ours = wrapped(
        &["python3", deny, "futex", "--", "ls"],
        &fx.root,
        &["-lR", "."],
        Some("4"),
    );
    assert_eq!(
        ours,
        gnu_in(&fx.root, &["-lR", "."]),
        "ls -lR with futex refused"
    );
}

#[test]
fn one_cpu_makes_no_thread() {
    if skip_under_qemu("strace would trace the emulator") {
        return;
    }
    need_cmd("taskset", "util-linux");
    need_cmd("strace", "strace");
    let fx = Fixture::new("threads-taskset");
    tree(&fx);
    for args in [&["-R", "."][..], &["-lR", "."]] {
        // Without BAREUTILS_THREADS: by default, a worker per CPU beyond the first.
        let ours = wrapped(&["taskset", "-c", "0", "ls"], &fx.root, args, None);
        assert_eq!(ours, gnu_in(&fx.root, args), "taskset -c 0 ls {args:?}");
        let (calls, _) = clones(&["taskset", "-c", "0", "ls"], &fx.root, args, None);
        assert_eq!(calls, 0, "taskset -c 0 ls {args:?} made threads");
    }
    // Two CPUs do make one (the test above can fail).
    let (calls, ok) = clones(
        &["taskset", "-c", "0,1", "ls"],
        &fx.root,
        &["-lR", "."],
        None,
    );
    if std::thread::available_parallelism().map_or(1, |n| n.get()) > 1 {
        assert!(
            calls >= 1 && ok >= 1,
            "two CPUs: clone calls {calls}, succeeded {ok}"
        );
    }
}

#[test]
fn process_limit_reached_falls_back() {
    if skip_under_qemu("the emulator's own threads count against the limit") || !is_root() {
        return;
    }
    need_cmd("prlimit", "util-linux");
    need_cmd("setpriv", "util-linux");
    let fx = Fixture::new("threads-nproc");
    tree(&fx);
    sh(&format!(
        "chmod 755 {0} $(dirname {0}); chmod -R a+rX {0}",
        sh_quote(fx.root.as_os_str().as_encoded_bytes())
    ));
    let (uid, gid) = user_ids("nobody");
    let (reuid, regid) = (format!("--reuid={uid}"), format!("--regid={gid}"));
    let exe = runnable_by_anyone(&bin());
    let link = link_named(&exe, "ls");
    let wrap = [
        "prlimit",
        "--nproc=1",
        "setpriv",
        &reuid,
        &regid,
        "--clear-groups",
        "--",
        link.to_str().unwrap(),
    ];
    for args in [&["-R", "."][..], &["-lR", "."]] {
        let ours = wrapped(&wrap, &fx.root, args, Some("4"));
        let gnu = Cmd::new("ls").cwd(&fx.root).user("nobody").args(args).gnu();
        assert_eq!(ours.stdout, gnu.stdout, "ls {args:?} under ulimit -u 1");
        assert_eq!(ours.status, gnu.status, "ls {args:?} under ulimit -u 1");
    }
}

/// The link count of /proc/self/task in `ls -l /proc/self/` (the threads of the
/// process listing it, plus two).
fn task_links(o: &Output) -> String {
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    out.lines()
        .find(|l| l.ends_with(" task"))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or("?")
        .to_owned()
}

#[test]
fn workers_end_before_procfs_is_listed() {
    if skip_under_qemu("the emulator's own threads show in /proc/self/task") {
        return;
    }
    let gnu = Cmd::new("ls").args(["-l", "/proc/self/"]).gnu();
    assert_eq!(task_links(&gnu), "3");
    // Forced workers (made by the first directory), and by default (a big
    // directory first): /proc/self/task counts one thread, as GNU's.
    for n in [Some("3"), None] {
        for args in [
            &["-l", "/proc/self/"][..],
            &["-l", "/usr/bin", "/proc/self/"],
            &["-lR", "/usr/share/zoneinfo/Europe", "/proc/self/"],
        ] {
            let mut c = Cmd::new("ls").args(args);
            if let Some(n) = n {
                c = c.env("BAREUTILS_THREADS", n);
            }
            let o = c.ours();
            assert_eq!(task_links(&o), "3", "ls {args:?}, BAREUTILS_THREADS {n:?}");
        }
    }
}

#[test]
fn no_worker_descriptor_shows_through_dereferenced_links() {
    if skip_under_qemu("the emulator's own descriptors show in /proc/self/fd") {
        return;
    }
    // /proc/self/fd's size is the number of descriptors open: followed from a
    // link (as /dev/fd is) in a directory big enough to share, a worker's own
    // descriptor of that directory would count.
    let fx = Fixture::new("threads-fdlink");
    for i in 0..40 {
        fx.file(format!("f{i:02}"), b"");
    }
    fx.symlink("/proc/self/fd", "fdlink");
    for n in [None, Some("3")] {
        let mut c = Cmd::new("ls")
            .cwd(&fx.root)
            .args(["-lLn", "--time-style=+", "."]);
        if let Some(n) = n {
            c = c.env("BAREUTILS_THREADS", n);
        }
        c.same();
    }
}

#[test]
fn no_descriptor_read_ahead_shows_in_the_descriptor_table() {
    if skip_under_qemu("the emulator's own descriptors show in /proc/self/fd") {
        return;
    }
    // The directories read ahead hold their descriptors until the walk takes
    // them: listed after a tree, /proc/self/fd (by a link, so that it sorts
    // last) shows only the one it is read through, as GNU's.
    let fx = Fixture::new("threads-fdtable");
    tree(&fx);
    fx.symlink("/proc/self/fd", "zfd");
    for args in [&["-R"][..], &["-aR"]] {
        for n in [None, Some("3")] {
            let mut c = Cmd::new("ls")
                .cwd(&fx.root)
                .args(args)
                .args(["d0", "d1", "d2", "zfd/"]);
            if let Some(n) = n {
                c = c.env("BAREUTILS_THREADS", n);
            }
            c.same();
        }
    }
}

#[test]
#[ignore = "needs root (a bind mount in a private mount namespace)"]
fn no_descriptor_left_by_a_directory_not_taken() {
    // A directory bind-mounted inside itself: a worker reads a/b/c whole, the
    // walk finds another identity there than the entry's (a mount point) and
    // does not take its descriptor; freed, the slot closes it, so that
    // /proc/self/fd, listed after, shows only the one it is read through.
    need_root();
    let fx = Fixture::new("threads-bind");
    fx.dir("a/b/c");
    fx.file("a/f", "");
    fx.symlink("/proc/self/fd", "zfd");
    let run = |exe: &Path, threads: &str| {
        let env = [("BAREUTILS_THREADS", threads)];
        ls_with_bind_mount(&fx.root, ("a", "a/b/c"), exe, "-R a zfd/", &env)
    };
    let g = run(&gnu("ls"), "0");
    // (Whether a worker reads a/b/c before the walk comes to it varies: ten
    // runs each.)
    for threads in ["0", "1", "3"].iter().flat_map(|t| [*t; 10]) {
        let o = run(&bin(), threads);
        assert_eq!(o.status.code(), g.status.code(), "threads {threads}");
        assert_eq!(show(&o.stdout), show(&g.stdout), "threads {threads}");
        assert_eq!(show(&o.stderr), show(&g.stderr), "threads {threads}");
    }
}

/// Stopped and continued over and over while it runs (SIGSTOP and SIGCONT, as a
/// shell's job control or a debugger sends them), with and without workers: the
/// calls they interrupt (futex waits, getdents64, statx) restart, and the listing
/// is GNU's, byte for byte.
#[test]
fn stopped_and_continued_lists_as_gnu() {
    let fx = Fixture::new("threads-stop");
    for a in 0..40 {
        for b in 0..25 {
            fx.file(format!("s{a}/t{b}/f"), "x".repeat(b));
        }
    }
    fx.all_mtimes(1_600_000_000);
    let args = ["-lR", "."];
    let want = gnu_in(&fx.root, &args);
    let out = fx.root.join("..").join("threads-stop.out");
    for threads in ["0", "3"] {
        let file = std::fs::File::create(&out).expect("output file");
        // (Under an emulator, the signals stop and continue it, and ours with it.)
        let mut child = applet_cmd(bin(), "ls")
            .args(args)
            .env_clear()
            .envs(base_env())
            .env("BAREUTILS_THREADS", threads)
            .current_dir(&fx.root)
            .stdout(file)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("spawn ls");
        let pid = child.id().to_string();
        let mut stops = 0;
        while child.try_wait().expect("wait").is_none() {
            for sig in ["-STOP", "-CONT"] {
                let _ = Command::new("kill").args([sig, &pid]).status();
            }
            stops += 1;
        }
        let o = child.wait_with_output().expect("ls output");
        let got = Output {
            stdout: std::fs::read(&out).expect("read output"),
            stderr: o.stderr,
            status: o.status.code().unwrap_or(-1),
        };
        assert_eq!(
            (show(&got.stdout), show(&got.stderr), got.status),
            (show(&want.stdout), show(&want.stderr), want.status),
            "BAREUTILS_THREADS={threads}, stopped {stops} times"
        );
    }
    let _ = std::fs::remove_file(&out);
}
