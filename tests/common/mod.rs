//! The shared test harness: run our binary and GNU's with the same argv, environment,
//! working directory and stdin, and compare stdout, stderr and the exit status byte
//! for byte; build fixture trees at test time.
#![allow(dead_code)]

pub mod locales;
pub mod plain;

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Our binary: the one cargo built for the tests, or BAREUTILS_BIN when set (a
/// cross-built binary, run through BAREUTILS_QEMU: see tools/cross.sh).
pub fn bin() -> PathBuf {
    match std::env::var_os("BAREUTILS_BIN") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(env!("CARGO_BIN_EXE_bareutils")),
    }
}

/// The qemu-user emulator our binary runs under, from BAREUTILS_QEMU: its first word
/// is a path or a name looked up in PATH (e.g. `qemu-aarch64-static`), the others
/// are options for it (e.g. `-R 8G`). None runs our binary natively. GNU's binaries
/// always run natively.
pub fn qemu() -> Option<PathBuf> {
    emulator().map(|(q, _)| q)
}

/// BAREUTILS_QEMU split: the emulator's path and its options.
fn emulator() -> Option<(PathBuf, Vec<String>)> {
    let v = std::env::var("BAREUTILS_QEMU").ok()?;
    let mut words = v.split_whitespace().map(String::from);
    let q = PathBuf::from(words.next()?);
    let opts = words.collect();
    if q.components().count() > 1 {
        return Some((q, opts));
    }
    let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/bin:/bin".into());
    let found = std::env::split_paths(&path)
        .map(|d| d.join(&q))
        .find(|p| p.is_file());
    Some((
        found.unwrap_or_else(|| panic!("BAREUTILS_QEMU: {} not found in PATH", q.display())),
        opts,
    ))
}

/// The emulator and its options as a command, for our binary.
fn emulator_command() -> Option<Command> {
    let (q, opts) = emulator()?;
    let mut c = Command::new(q);
    c.args(opts);
    Some(c)
}

/// For a test that cannot work when our binary runs under qemu-user (syscall traces
/// would show the emulator's): prints why it is skipped and returns true, only when
/// BAREUTILS_QEMU is set.
pub fn skip_under_qemu(why: &str) -> bool {
    match qemu() {
        Some(q) => {
            say_skipped(&q, why);
            true
        }
        None => false,
    }
}

/// `skipped under QEMU: WHY [FILE::TEST]` on stderr, in one write (tools/cross.sh
/// counts the distinct tests that print it, from output that parallel tests share).
fn say_skipped(q: &Path, why: &str) {
    let file = std::env::args_os()
        .next()
        .map(|a| {
            let stem = Path::new(&a)
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            // Cargo names a test binary FILE-HASH.
            match stem.rsplit_once('-') {
                Some((f, _)) => f.to_string(),
                None => stem,
            }
        })
        .unwrap_or_default();
    let test = std::thread::current().name().unwrap_or("?").to_string();
    let line = format!("skipped under {}: {why} [{file}::{test}]\n", q.display());
    // One argument and no literal pieces: one write_str, one write(2); and
    // captured as eprintln!'s output is when the tests run without --nocapture.
    eprint!("{line}");
}

/// True (with the reason on stderr) when our binary runs under an emulator of a
/// big-endian machine: files a little-endian host made in its own byte order
/// (compiled locales) are then not what such a machine would have.
pub fn skip_other_byte_order(why: &str) -> bool {
    let Some(q) = qemu() else { return false };
    let name = q
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let big = [
        "s390x", "ppc64-", "ppc-", "mips-", "mips64-", "sparc", "m68k", "hppa",
    ]
    .iter()
    .any(|m| name.contains(m) || name.ends_with(m.trim_end_matches('-')));
    if big && cfg!(target_endian = "little") {
        say_skipped(&q, why);
    }
    big && cfg!(target_endian = "little")
}

/// A command that runs our binary at `exe` (bin() or a link to it), with argv[0]
/// `exe` as given: natively, or as `QEMU EXE` when BAREUTILS_QEMU is set.
pub fn ours_at(exe: impl AsRef<Path>) -> Command {
    match emulator_command() {
        Some(mut c) => {
            c.arg(exe.as_ref());
            c
        }
        None => Command::new(exe.as_ref()),
    }
}

/// A command that runs `exe` with argv[0] `applet`: GNU's binary or ours natively,
/// or ours as `QEMU [opts] -0 APPLET EXE` when BAREUTILS_QEMU is set.
pub fn applet_cmd(exe: impl AsRef<Path>, applet: &str) -> Command {
    let exe = exe.as_ref();
    match emulator_command().filter(|_| emulated(exe)) {
        Some(mut c) => {
            c.arg("-0").arg(applet).arg(exe);
            c
        }
        None => {
            let mut c = Command::new(exe);
            c.arg0(applet);
            c
        }
    }
}

/// Our binary as a command (argv[0] is its path).
pub fn ours_cmd() -> Command {
    ours_at(bin())
}

/// A command line for `bash -c` (not sh: `exec -a` is bash's) that execs `exe` with
/// argv[0] `argv0`: `exec -a ARGV0 EXE`, or `exec QEMU -0 ARGV0 EXE` when `exe` is our binary
/// and BAREUTILS_QEMU is set. Append the arguments, already quoted.
pub fn sh_exec(exe: &Path, argv0: &str) -> String {
    let exe_q = sh_quote(exe.as_os_str().as_bytes());
    match emulator().filter(|_| emulated(exe)) {
        Some((q, opts)) => {
            let mut line = format!("exec {}", sh_quote(q.as_os_str().as_bytes()));
            for o in opts {
                line.push(' ');
                line.push_str(&sh_quote(o.as_bytes()));
            }
            format!("{line} -0 {} {exe_q}", sh_quote(argv0.as_bytes()))
        }
        None => format!("exec -a {} {exe_q}", sh_quote(argv0.as_bytes())),
    }
}

/// `ls ARGS` by `exe` in `cwd` (C locale, `env` added), in a private mount
/// namespace where `mount --bind FROM TO` (`bind`) was made first (root; the
/// test is skipped where unshare or the mount is refused).
pub fn ls_with_bind_mount(
    cwd: &Path,
    bind: (&str, &str),
    exe: &Path,
    args: &str,
    env: &[(&str, &str)],
) -> std::process::Output {
    let o = Command::new("unshare")
        .arg("-m")
        .arg("bash")
        .arg("-c")
        .arg(format!(
            "mount --bind {} {} || exit 99; {} {args}",
            bind.0,
            bind.1,
            sh_exec(exe, "ls")
        ))
        .current_dir(cwd)
        .env_clear()
        .env("LC_ALL", "C")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    need(
        o.status.code() != Some(99),
        &format!("unshare -m and mount --bind: {}", text(&o.stderr)),
    );
    o
}

/// True when `exe` is our binary (or a link to it, or runnable_by_anyone's copy of
/// it, or a link to that) and must go through the emulator.
fn emulated(exe: &Path) -> bool {
    if qemu().is_none() {
        return false;
    }
    let Ok(exe) = std::fs::canonicalize(exe) else {
        return false;
    };
    let ours = std::fs::canonicalize(bin()).unwrap_or_else(|_| bin());
    exe == ours || std::fs::canonicalize(copy_path(&ours)).is_ok_and(|c| c == exe)
}

/// GNU's binary for an applet (/usr/bin/ls, /usr/bin/wc).
pub fn gnu(applet: &str) -> PathBuf {
    PathBuf::from(format!("/usr/bin/{applet}"))
}

/// What a process printed and how it ended.
#[derive(Clone, PartialEq, Eq)]
pub struct Output {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// Exit status, or 128 + signal number.
    pub status: i32,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "status: {}", self.status)?;
        writeln!(f, "stdout: {}", show(&self.stdout))?;
        write!(f, "stderr: {}", show(&self.stderr))
    }
}

/// Bytes as escaped text, for failure messages.
pub fn show(b: &[u8]) -> String {
    let mut s = String::from("\"");
    for part in b.utf8_chunks() {
        for c in part.valid().chars() {
            match c {
                '\n' => s.push_str("\\n\n  "),
                '\t' => s.push_str("\\t"),
                '\\' => s.push_str("\\\\"),
                '"' => s.push_str("\\\""),
                c if c.is_control() => s.push_str(&format!("\\x{:02x}", c as u32)),
                c => s.push(c),
            }
        }
        for &x in part.invalid() {
            s.push_str(&format!("\\x{x:02x}"));
        }
    }
    s.push('"');
    s
}

/// Where stdin comes from.
#[derive(Clone)]
pub enum Input {
    Null,
    Bytes(Vec<u8>),
    /// A file opened for reading (a regular file, a fifo, a device), optionally with
    /// this many bytes consumed first (`(head -c N; cmd) < file`).
    File(PathBuf, u64),
    /// The output of a shell pipeline (`sh -c CMD | applet`).
    Pipe(String),
}

/// One invocation: applet name (argv[0]), arguments, environment, directory, stdin.
#[derive(Clone)]
pub struct Cmd {
    pub applet: String,
    pub args: Vec<OsString>,
    pub env: Vec<(OsString, OsString)>,
    pub cwd: Option<PathBuf>,
    pub stdin: Input,
    /// Run as this user through setpriv (e.g. "nobody").
    pub user: Option<String>,
}

/// The environment every run starts from: nothing but C-locale settings and a TZ,
/// so that results do not depend on the machine's environment; and
/// BAREUTILS_THREADS when the suite runs with it (our worker threads forced on
/// for every directory, or off: .ci/run runs the suite so too).
pub fn base_env() -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = vec![
        ("LC_ALL".into(), "C".into()),
        ("TZ".into(), "UTC".into()),
        ("PATH".into(), "/usr/bin:/bin".into()),
    ];
    if let Some(n) = std::env::var_os("BAREUTILS_THREADS") {
        env.push(("BAREUTILS_THREADS".into(), n));
    }
    env
}

impl Cmd {
    pub fn new(applet: &str) -> Cmd {
        Cmd {
            applet: applet.into(),
            args: vec![],
            env: base_env(),
            cwd: None,
            stdin: Input::Null,
            user: None,
        }
    }
    pub fn arg(mut self, a: impl AsRef<OsStr>) -> Cmd {
        self.args.push(a.as_ref().to_owned());
        self
    }
    pub fn args<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(mut self, a: I) -> Cmd {
        for x in a {
            self.args.push(x.as_ref().to_owned());
        }
        self
    }
    /// Sets (or replaces) an environment variable.
    pub fn env(mut self, k: &str, v: impl AsRef<OsStr>) -> Cmd {
        self.env.retain(|(a, _)| a != k);
        self.env.push((k.into(), v.as_ref().to_owned()));
        self
    }
    pub fn env_remove(mut self, k: &str) -> Cmd {
        self.env.retain(|(a, _)| a != k);
        self
    }
    pub fn cwd(mut self, d: impl AsRef<Path>) -> Cmd {
        self.cwd = Some(d.as_ref().to_owned());
        self
    }
    pub fn stdin(mut self, i: Input) -> Cmd {
        self.stdin = i;
        self
    }
    pub fn user(mut self, u: &str) -> Cmd {
        self.user = Some(u.into());
        self
    }

    fn command(&self, exe: &Path) -> Command {
        let emulator = if emulated(exe) { emulator() } else { None };
        let mut c = match &self.user {
            Some(u) => {
                // setpriv runs the program with execvp: given the applet's name and
                // a PATH that starts with the directory of run_with's link (named
                // after the applet), both binaries get the same argv[0], which
                // their messages print. Under qemu-user, `-0` sets it.
                let mut c = Command::new("setpriv");
                // The user's own group from /etc/passwd: Debian's nobody is in
                // `nogroup`, so `--regid=nobody` would not parse.
                let (uid, gid) = user_ids(u);
                c.arg(format!("--reuid={uid}"))
                    .arg(format!("--regid={gid}"))
                    .arg("--clear-groups")
                    .arg("--");
                if let Some((q, opts)) = &emulator {
                    // The emulator opens the binary as nobody too.
                    c.arg(q)
                        .args(opts)
                        .arg("-0")
                        .arg(&self.applet)
                        .arg(runnable_by_anyone(exe));
                } else {
                    c.arg(self.applet_name());
                }
                c
            }
            None => match &emulator {
                Some((q, opts)) => {
                    let mut c = Command::new(q);
                    c.args(opts).arg("-0").arg(&self.applet).arg(exe);
                    c
                }
                None => {
                    let mut c = Command::new(exe);
                    c.arg0(&self.applet);
                    c
                }
            },
        };
        c.args(&self.args)
            .env_clear()
            .envs(self.env.iter().map(|(k, v)| (k, v)));
        if self.user.is_some() && emulator.is_none() {
            // (For setpriv's execvp: see above.) The link, not `exe`'s own
            // directory: ours is not named `ls` there, and execvp would go on
            // down PATH to GNU's.
            let link = link_named(exe, self.applet_name());
            let mut path = link
                .parent()
                .map(|d| d.as_os_str().to_owned())
                .unwrap_or_default();
            if let Some((_, v)) = self.env.iter().find(|(k, _)| k == "PATH") {
                path.push(":");
                path.push(v);
            }
            c.env("PATH", path);
        }
        if let Some(d) = &self.cwd {
            c.current_dir(d);
        }
        c.stdout(Stdio::piped()).stderr(Stdio::piped());
        c
    }

    /// Runs `exe` as this command and collects its output.
    pub fn run_with(&self, exe: &Path) -> Output {
        let mut c = self.command(exe);
        let mut feeder = None;
        match &self.stdin {
            Input::Null => {
                c.stdin(Stdio::null());
            }
            Input::Bytes(_) => {
                c.stdin(Stdio::piped());
            }
            Input::File(p, skip) => {
                use std::io::{Seek, SeekFrom};
                let mut f = std::fs::File::open(p).expect("open stdin file");
                if *skip > 0 {
                    f.seek(SeekFrom::Start(*skip)).expect("seek stdin");
                }
                c.stdin(f);
            }
            Input::Pipe(sh) => {
                let mut p = Command::new("sh")
                    .arg("-c")
                    .arg(sh)
                    .stdout(Stdio::piped())
                    .stdin(Stdio::null())
                    .spawn()
                    .expect("spawn pipe source");
                c.stdin(p.stdout.take().expect("pipe"));
                feeder = Some(p);
            }
        }
        let mut child = c
            .spawn()
            .unwrap_or_else(|e| panic!("spawn {}: {e}", exe.display()));
        if let Input::Bytes(b) = &self.stdin {
            let mut sin = child.stdin.take().expect("stdin");
            let b = b.clone();
            std::thread::spawn(move || {
                use std::io::Write;
                let _ = sin.write_all(&b);
            });
        }
        let o = child.wait_with_output().expect("wait");
        if self.user.is_some() {
            // A setpriv that fails would fail the same way for both binaries.
            assert!(
                !o.stderr.starts_with(b"setpriv: "),
                "setpriv failed: {}",
                text(&o.stderr)
            );
        }
        if let Some(mut f) = feeder {
            let _ = f.wait();
        }
        use std::os::unix::process::ExitStatusExt;
        let status = o
            .status
            .code()
            .unwrap_or_else(|| 128 + o.status.signal().unwrap_or(0));
        Output {
            stdout: o.stdout,
            stderr: o.stderr,
            status,
        }
    }

    /// The applet's name: the last component of argv[0].
    pub fn applet_name(&self) -> &str {
        self.applet.rsplit('/').next().unwrap_or(&self.applet)
    }

    /// Runs our binary.
    pub fn ours(&self) -> Output {
        self.run_with(&bin())
    }

    /// Runs GNU's.
    pub fn gnu(&self) -> Output {
        self.run_with(&gnu(self.applet_name()))
    }

    /// Runs both and fails the test, showing both outputs, unless stdout, stderr and
    /// the exit status are identical. Returns the (common) output.
    #[track_caller]
    pub fn same(&self) -> Output {
        let g = self.gnu();
        let o = self.ours();
        if self.user.is_some() && g.stderr.starts_with(b"setpriv:") {
            panic!(
                "setpriv failed, nothing was compared: {}",
                String::from_utf8_lossy(&g.stderr)
            );
        }
        if g != o {
            panic!(
                "differs from GNU: {} {:?} (env {:?}, cwd {:?})\n--- GNU:\n{:?}\n--- ours:\n{:?}",
                self.applet, self.args, self.env, self.cwd, g, o
            );
        }
        o
    }

    /// Runs our binary and fails unless it printed exactly `stdout`, nothing on
    /// stderr, and exited with `status`.
    #[track_caller]
    pub fn expect(&self, stdout: &[u8], status: i32) -> Output {
        let o = self.ours();
        let want = Output {
            stdout: stdout.to_vec(),
            stderr: vec![],
            status,
        };
        if o != want {
            panic!(
                "unexpected output of {} {:?}\n--- want:\n{:?}\n--- got:\n{:?}",
                self.applet, self.args, want, o
            );
        }
        o
    }

    /// Runs both binaries inside a pseudo-terminal of `cols` columns (through
    /// script(1)); stdout of the applet is the terminal. Fails unless the captured
    /// terminal output and the exit statuses match. Returns the common output.
    #[track_caller]
    pub fn same_on_tty(&self, cols: u16) -> Vec<u8> {
        let g = self.tty_with(&gnu(self.applet_name()), cols);
        let o = self.tty_with(&bin(), cols);
        if g != o {
            panic!(
                "differs from GNU on a tty ({cols} cols): {} {:?}\n--- GNU:\n{:?}\n--- ours:\n{:?}",
                self.applet, self.args, g, o
            );
        }
        o.stdout
    }

    fn tty_with(&self, exe: &Path, cols: u16) -> Output {
        let link = link_named(exe, &self.applet);
        // script(1) runs sh (not bash): no `exec -a`; the link's path is argv[0],
        // natively and under qemu alike.
        let mut line = format!("stty cols {cols} rows 50; exec ");
        if let Some((q, opts)) = emulator().filter(|_| emulated(exe)) {
            for w in std::iter::once(q.into_os_string().into_vec())
                .chain(opts.into_iter().map(String::into_bytes))
            {
                line.push_str(&sh_quote(&w));
                line.push(' ');
            }
        }
        line.push_str(&sh_quote(link.as_os_str().as_bytes()));
        for a in &self.args {
            line.push(' ');
            line.push_str(&sh_quote(a.as_bytes()));
        }
        let mut c = Command::new("script");
        c.arg("-qec").arg(line).arg("/dev/null");
        c.env_clear().envs(self.env.iter().map(|(k, v)| (k, v)));
        if let Some(d) = &self.cwd {
            c.current_dir(d);
        }
        c.stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let o = c.output().expect("script");
        // script(1) turns the applet's \n into \r\n on the terminal.
        let mut out = Vec::new();
        let mut i = 0;
        while i < o.stdout.len() {
            if o.stdout[i] == b'\r' && o.stdout.get(i + 1) == Some(&b'\n') {
                i += 1;
                continue;
            }
            out.push(o.stdout[i]);
            i += 1;
        }
        // Messages name the program by argv[0], the link's path, which differs
        // between the two binaries: show it as the applet's name.
        let mut prefix = link.as_os_str().as_bytes().to_vec();
        prefix.extend_from_slice(b": ");
        let mut named = self.applet.as_bytes().to_vec();
        named.extend_from_slice(b": ");
        let out = replace_all(&out, &prefix, &named);
        Output {
            stdout: out,
            stderr: o.stderr,
            status: o.status.code().unwrap_or(-1),
        }
    }
}

/// The uid and primary gid of the user `name` (from /etc/passwd; a number is
/// taken as both).
pub fn user_ids(name: &str) -> (String, String) {
    if name.bytes().all(|b| b.is_ascii_digit()) {
        return (name.into(), name.into());
    }
    let passwd = std::fs::read_to_string("/etc/passwd").expect("/etc/passwd");
    passwd
        .lines()
        .map(|l| l.split(':').collect::<Vec<_>>())
        .find(|f| f.len() > 3 && f[0] == name)
        .map(|f| (f[2].to_string(), f[3].to_string()))
        .unwrap_or_else(|| panic!("no user {name} in /etc/passwd"))
}

fn replace_all(b: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// A path named `name` that resolves to `exe` (a symlink in a per-binary directory),
/// so that a program started by path still sees argv[0] ending in the applet name.
pub fn link_named(exe: &Path, name: &str) -> PathBuf {
    let tag: String = exe
        .to_string_lossy()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let dir = std::env::temp_dir()
        .join(format!("bareutils-links-{}", std::process::id()))
        .join(tag);
    std::fs::create_dir_all(&dir).expect("link dir");
    let link = dir.join(name);
    if std::fs::symlink_metadata(&link).is_err() {
        let _ = std::os::unix::fs::symlink(runnable_by_anyone(exe), &link);
    }
    link
}

/// `exe`, or a copy of it that any user can execute when some directory above it
/// is not searchable by others (a checkout under `mktemp -d` is 0700): run as
/// nobody, the original would fail with EACCES before our code starts, and
/// setpriv's execvp would go on down PATH and run GNU's program in its place.
pub fn runnable_by_anyone(exe: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let full = std::fs::canonicalize(exe).unwrap_or_else(|_| exe.to_owned());
    let open = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o001 != 0);
    if full.ancestors().all(open) {
        return exe.to_owned();
    }
    let copy = copy_path(&full);
    let dir = copy.parent().expect("copy_path has a directory").to_owned();
    if !copy.exists() {
        // Copied under a name of this thread's, then renamed: tests run in
        // parallel threads and none may execute a half-written file.
        std::fs::create_dir_all(&dir).expect("bin copy dir");
        let mode = std::fs::Permissions::from_mode(0o755);
        for d in dir.ancestors().take(2) {
            std::fs::set_permissions(d, mode.clone()).expect("chmod bin copy dir");
        }
        let part = dir.join(format!("part-{:?}", std::thread::current().id()));
        std::fs::copy(&full, &part).expect("copy the binary");
        std::fs::set_permissions(&part, mode).expect("chmod the copy");
        std::fs::rename(&part, &copy).expect("rename the copy");
    }
    copy
}

/// Where runnable_by_anyone copies the binary at the canonical path `full`: under
/// the temporary directory (open to all), in directories of mode 0755. emulated()
/// knows a copy of our binary by it.
fn copy_path(full: &Path) -> PathBuf {
    let tag: String = full
        .to_string_lossy()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    std::env::temp_dir()
        .join(format!("bareutils-bins-{}", std::process::id()))
        .join(tag)
        .join(full.file_name().unwrap_or(OsStr::new("bareutils")))
}

/// Quotes bytes for sh.
pub fn sh_quote(b: &[u8]) -> String {
    let mut s = String::from("'");
    for part in String::from_utf8_lossy(b).split('\'') {
        if s.len() > 1 {
            s.push_str("'\\''");
        }
        s.push_str(part);
    }
    s.push('\'');
    s
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A fixture directory, removed when dropped (unless BAREUTILS_KEEP is set).
pub struct Fixture {
    pub root: PathBuf,
}

impl Fixture {
    /// A fresh, empty directory. It is made inside a directory of its own, so that
    /// its `..` does not change while the tests run (/tmp's times change with every
    /// fixture the other tests make: `ls -a --time=ctime` sorts `..` by them).
    pub fn new(tag: &str) -> Fixture {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let outer =
            std::env::temp_dir().join(format!("bareutils-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&outer);
        let root = outer.join("f");
        std::fs::create_dir_all(&root).expect("fixture dir");
        Fixture { root }
    }
    pub fn path(&self, rel: impl AsRef<Path>) -> PathBuf {
        self.root.join(rel)
    }
    /// A regular file with `content` (parent directories made as needed).
    pub fn file(&self, rel: impl AsRef<Path>, content: impl AsRef<[u8]>) -> PathBuf {
        let p = self.path(rel);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).expect("mkdir");
        }
        std::fs::write(&p, content).expect("write fixture");
        p
    }
    pub fn dir(&self, rel: impl AsRef<Path>) -> PathBuf {
        let p = self.path(rel);
        std::fs::create_dir_all(&p).expect("mkdir");
        p
    }
    pub fn symlink(&self, target: impl AsRef<Path>, rel: impl AsRef<Path>) -> PathBuf {
        let p = self.path(rel);
        std::os::unix::fs::symlink(target, &p).expect("symlink");
        p
    }
    pub fn fifo(&self, rel: impl AsRef<Path>) -> PathBuf {
        let p = self.path(rel);
        sh(&format!("mkfifo {}", sh_quote(p.as_os_str().as_bytes())));
        p
    }
    pub fn socket(&self, rel: impl AsRef<Path>) -> PathBuf {
        let p = self.path(rel);
        let l = std::os::unix::net::UnixListener::bind(&p).expect("socket");
        std::mem::forget(l);
        p
    }
    /// A device node (needs root): kind 'c' or 'b'.
    pub fn device(&self, rel: impl AsRef<Path>, kind: char, major: u32, minor: u32) -> PathBuf {
        let p = self.path(rel);
        sh(&format!(
            "mknod {} {kind} {major} {minor}",
            sh_quote(p.as_os_str().as_bytes())
        ));
        p
    }
    pub fn chmod(&self, rel: impl AsRef<Path>, mode: u32) {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(self.path(rel), std::fs::Permissions::from_mode(mode))
            .expect("chmod");
    }
    /// Sets the modification (and access) time of an entry, not following symlinks.
    pub fn mtime(&self, rel: impl AsRef<Path>, secs: i64) {
        let p = self.path(rel);
        sh(&format!(
            "touch -h -d @{secs} {}",
            sh_quote(p.as_os_str().as_bytes())
        ));
    }
    /// Sets every entry's times under the fixture to `secs` (deterministic listings).
    pub fn all_mtimes(&self, secs: i64) {
        sh(&format!(
            "find {} -depth -exec touch -h -d @{secs} {{}} +",
            sh_quote(self.root.as_os_str().as_bytes())
        ));
    }
    pub fn chown(&self, rel: impl AsRef<Path>, uid: u32, gid: u32) {
        std::os::unix::fs::lchown(self.path(rel), Some(uid), Some(gid)).expect("chown");
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        if std::env::var_os("BAREUTILS_KEEP").is_none() {
            let _ = Command::new("chmod")
                .arg("-R")
                .arg("u+rwx")
                .arg(&self.root)
                .status();
            let _ = std::fs::remove_dir_all(&self.root);
            if let Some(outer) = self.root.parent() {
                let _ = std::fs::remove_dir(outer);
            }
        }
    }
}

/// Runs a shell command and fails the test if it fails.
pub fn sh(cmd: &str) {
    let st = Command::new("sh").arg("-c").arg(cmd).status().expect("sh");
    assert!(st.success(), "shell command failed: {cmd}");
}

/// True when running as root (device nodes, chown and setpriv need it).
pub fn is_root() -> bool {
    // SAFETY-free: read the effective uid from /proc, falling back to `id -u`.
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .map(|l| l.split_whitespace().nth(2) == Some("0"))
        })
        .unwrap_or(false)
}

/// Builds a byte path from raw bytes (names that are not UTF-8).
pub fn bytes_path(b: &[u8]) -> PathBuf {
    PathBuf::from(OsStr::from_bytes(b))
}

/// Whether `cmd` is on PATH (`command -v`).
pub fn has(cmd: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {cmd} >/dev/null"))
        .status()
        .is_ok_and(|s| s.success())
}

/// Output bytes as text, for comparing whole outputs (invalid UTF-8 replaced).
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Fails the test unless `ok`, saying what it needs. For tests marked
/// `#[ignore = "needs ..."]`: `cargo test` leaves them out where the machine may lack
/// something, .ci/run installs it and runs them, and a test run without what it
/// needs fails instead of passing without checking.
#[track_caller]
pub fn need(ok: bool, what: &str) {
    assert!(ok, "needs {what}");
}

/// Fails the test unless it runs as root.
#[track_caller]
pub fn need_root() {
    need(is_root(), "root");
}

/// Fails the test unless `cmd` is on PATH (it comes with Debian's `package`).
#[track_caller]
pub fn need_cmd(cmd: &str, package: &str) {
    need(has(cmd), &format!("{cmd} (Debian package {package})"));
}

/// For a test marked `#[ignore = "needs strace"]` that traces our binary: true (the
/// test returns, skipped) under qemu, where strace would trace the emulator;
/// otherwise fails the test unless strace is there.
#[track_caller]
pub fn skip_strace_under_qemu() -> bool {
    if skip_under_qemu("strace would trace the emulator") {
        return true;
    }
    need_cmd("strace", "strace");
    false
}

/// Syscall counts by name (`strace -f -c`) of one run of `exe ARGS` in `dir` with
/// LC_ALL=C and `env`; stdout and stderr go nowhere. Fails unless it exits 0 or,
/// when `fails_ok`, 1.
pub fn syscall_counts(
    exe: &Path,
    args: &[&str],
    dir: &Path,
    env: &[(&str, &str)],
    fails_ok: bool,
) -> std::collections::HashMap<String, u64> {
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let log = std::env::temp_dir().join(format!("bareutils-strace-{}-{n}.out", std::process::id()));
    let st = Command::new("strace")
        .args(["-f", "-c", "-o"])
        .arg(&log)
        .arg(exe)
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("LC_ALL", "C")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("strace");
    let ok = if fails_ok {
        matches!(st.code(), Some(0 | 1))
    } else {
        st.success()
    };
    assert!(ok, "strace {} {args:?}: {st:?}", exe.display());
    let text = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    let mut m = std::collections::HashMap::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() >= 5 && f[0].parse::<f64>().is_ok() {
            m.insert(f[f.len() - 1].to_string(), f[3].parse::<u64>().unwrap_or(0));
        }
    }
    m
}

/// The LS_COLORS value of the machine's `dircolors -b` (Debian's database).
pub fn dircolors() -> String {
    let out = Command::new("dircolors")
        .arg("-b")
        .env_clear()
        .output()
        .expect("dircolors");
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text.lines().next().unwrap();
    line.trim_start_matches("LS_COLORS='")
        .trim_end_matches("';")
        .to_string()
}

/// `c` on an xterm with LS_COLORS set to `db` (None: unset, the built-in database).
pub fn with_db(c: Cmd, db: &Option<String>) -> Cmd {
    let c = c.env("TERM", "xterm");
    match db {
        Some(v) => c.env("LS_COLORS", v),
        None => c,
    }
}
