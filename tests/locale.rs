//! Locales as glibc's setlocale(LC_ALL, "") settles them for GNU ls and wc: a name
//! that is not installed behaves as C (byte semantics, ASCII quotes), and so does
//! every category when one category's locale is missing; installed locales are
//! found in LOCPATH's directories, /usr/lib/locale and the locale archive, with
//! glibc's name fallbacks. Everything is compared with GNU.
//!
//! The machine this was written on has only C.utf8 installed. Tests that need a
//! real locale compile one with localedef (Debian's `locales` package has the
//! sources); the archive test also needs root, for a private mount namespace.
mod common;
use common::*;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Names with multibyte characters: escaped byte by byte in C, shown (and one
/// column per character, two for wide ones) in UTF-8. Their byte order is also
/// their order in en_US.UTF-8.
const NAMES: [&str; 5] = ["café", "naïve", "x", "zz", "日本語のファイル"];

/// Text for wc: multibyte, wide and non-breaking characters, a malformed byte.
const TEXT: &str = "héllo wörld\n日本語 テキスト 漢字\na\u{a0}b\tc\n\u{301}x y\nbad\u{80}\n";

fn names_fixture() -> Fixture {
    let fx = Fixture::new("locale");
    for n in NAMES {
        fx.file(n, "");
    }
    fx.file("text", TEXT);
    fx.all_mtimes(1_600_000_000);
    fx
}

/// A made-up locale name no system has.
const MISSING: &str = "xx_YY.UTF-8";

/// Every check of the character set one environment gives ls and wc: counts, escapes,
/// widths on a terminal, quotes in a message.
fn compare_all(fx: &Fixture, env: &[(&str, &str)]) {
    for args in [
        &["-m", "text"][..],
        &["-w", "text"],
        &["-L", "text"],
        &["-mwlcL", "text"],
    ] {
        run("wc", fx, env).args(args).same();
    }
    let ls_args: [&[&str]; 6] = [
        &["-b"],
        &["-q"],
        &["--quoting-style=locale"],
        &["-C", "-w", "30"],
        &["--format=bogus"],
        &["nonexistent"],
    ];
    for args in ls_args {
        run("ls", fx, env).args(args).same();
    }
    run("ls", fx, env).same_on_tty(30);
}

/// `applet` in the fixture with `env` (and no LC_ALL unless `env` has one).
fn run(applet: &str, fx: &Fixture, env: &[(&str, &str)]) -> Cmd {
    env.iter().fold(
        Cmd::new(applet).env_remove("LC_ALL").cwd(&fx.root),
        |c, (k, v)| c.env(k, v),
    )
}

#[test]
fn a_missing_locale_is_c() {
    let fx = names_fixture();
    for name in [MISSING, "xx_YY.utf8", "xx_YY"] {
        for var in ["LC_ALL", "LC_CTYPE", "LANG"] {
            compare_all(&fx, &[(var, name)]);
        }
    }
    // en_US.UTF-8 may be in the host's archive (and under qemu a big-endian build
    // must not read a little-endian one, where GNU does): LOCPATH leaves the archive
    // out, and no directory holds it.
    let empty = Fixture::new("locale-empty");
    let none = empty.root.to_str().unwrap();
    for var in ["LC_ALL", "LC_CTYPE", "LANG"] {
        compare_all(&fx, &[(var, "en_US.UTF-8"), ("LOCPATH", none)]);
    }
    // Bytes, not characters, whatever GNU says on this machine.
    run("wc", &fx, &[("LC_ALL", MISSING)])
        .arg("-m")
        .stdin(Input::Bytes("é\n".into()))
        .expect(b"3\n", 0);
}

#[test]
fn one_missing_category_makes_every_category_c() {
    let fx = names_fixture();
    let cases: &[&[(&str, &str)]] = &[
        &[("LANG", MISSING), ("LC_CTYPE", "C.UTF-8")],
        &[("LANG", "C.UTF-8"), ("LC_CTYPE", MISSING)],
        &[("LC_CTYPE", "C.UTF-8"), ("LC_TIME", MISSING)],
        &[("LC_CTYPE", "C.UTF-8"), ("LC_MESSAGES", "xx")],
        &[("LC_CTYPE", "C.UTF-8"), ("LC_IDENTIFICATION", MISSING)],
        &[("LC_ALL", ""), ("LC_CTYPE", "C.UTF-8"), ("LANG", MISSING)],
        // LC_ALL covers every category: LANG is not looked at.
        &[("LC_ALL", "C.UTF-8"), ("LANG", MISSING)],
        // Empty values do not count; POSIX is C.
        &[("LANG", ""), ("LC_CTYPE", "C.UTF-8"), ("LC_TIME", "POSIX")],
        &[("LANG", "C.utf8"), ("LC_NUMERIC", "C")],
    ];
    for env in cases {
        compare_all(&fx, env);
    }
    let env = [("LC_CTYPE", "C.UTF-8"), ("LC_PAPER", MISSING)];
    run("wc", &fx, &env)
        .arg("-m")
        .stdin(Input::Bytes("é\n".into()))
        .expect(b"3\n", 0);
}

#[test]
fn posix_time_styles_follow_the_loaded_lc_time() {
    // `posix-` styles apply only when LC_TIME is not C; a missing LC_TIME locale
    // leaves it C.
    let fx = names_fixture();
    for lc_time in [MISSING, "C.UTF-8", "C", "POSIX"] {
        for style in ["posix-iso", "posix-long-iso", "posix-full-iso", "posix-+%Y"] {
            let ls = || run("ls", &fx, &[("LC_TIME", lc_time)]).args(["-l", "x"]);
            ls().arg(format!("--time-style={style}")).same();
            ls().env("TIME_STYLE", style).same();
        }
    }
}

#[test]
fn names_glibc_refuses() {
    let fx = names_fixture();
    let long = format!("en_US.UTF-8@{}", "x".repeat(250));
    // (C.UTF-8; is found: its codeset normalizes to utf8, and C.utf8 is installed.)
    let names = [
        "x/C.UTF-8",
        "../C.UTF-8",
        "C.UTF-8/..",
        "/a/../C.UTF-8",
        &long,
        "c.utf8",
        ".UTF-8",
        "C.UTF-8;",
    ];
    for name in names {
        compare_all(&fx, &[("LC_ALL", name)]);
    }
}

// ---- Installed locales (compiled with localedef) ----

/// Where localedef's output is kept between runs (cargo's scratch directory for
/// integration tests).
fn scratch() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("locales")
}

/// Runs localedef, failing the test with what it needs when it cannot.
fn localedef(args: &[&str], made: &Path) {
    need_cmd("localedef", "libc-bin");
    for file in [
        "/usr/share/i18n/locales/en_US",
        "/usr/share/i18n/charmaps/UTF-8.gz",
    ] {
        need(
            Path::new(file).exists(),
            &format!("{file} (Debian package locales)"),
        );
    }
    let o = std::process::Command::new("localedef")
        .args(args)
        .output()
        .expect("localedef");
    assert!(
        made.exists(),
        "localedef {args:?} made nothing: {}",
        text(&o.stderr)
    );
}

/// en_US.UTF-8 compiled into a directory, once: DIR/en_US.UTF-8/LC_*.
fn compiled() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = scratch().join("dirs");
        let done = dir.join("en_US.UTF-8/LC_MESSAGES/SYS_LC_MESSAGES");
        if !done.exists() {
            let tmp = scratch().join(format!("dirs.{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&tmp);
            std::fs::create_dir_all(&tmp).unwrap();
            let out = tmp.join("en_US.UTF-8");
            localedef(
                &["-i", "en_US", "-f", "UTF-8", out.to_str().unwrap()],
                &out.join("LC_MESSAGES/SYS_LC_MESSAGES"),
            );
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::rename(&tmp, &dir).unwrap();
        }
        dir
    })
}

/// A locale directory NAME under `root` whose files are links to the compiled
/// en_US.UTF-8's, but for `skip` (left out) and `replace` (category, content).
fn derived(root: &Path, name: &str, skip: &[&str], replace: &[(&str, &[u8])]) {
    let src = compiled().join("en_US.UTF-8");
    let dst = root.join(name);
    std::fs::create_dir_all(dst.join("LC_MESSAGES")).unwrap();
    for entry in std::fs::read_dir(&src).unwrap() {
        let cat = entry.unwrap().file_name().into_string().unwrap();
        let rel = if cat == "LC_MESSAGES" {
            "LC_MESSAGES/SYS_LC_MESSAGES".to_string()
        } else {
            cat.clone()
        };
        if skip.contains(&rel.as_str()) {
            continue;
        }
        match replace.iter().find(|(c, _)| *c == rel) {
            Some((_, content)) => std::fs::write(dst.join(&rel), content).unwrap(),
            None => std::os::unix::fs::symlink(src.join(&rel), dst.join(&rel)).unwrap(),
        }
    }
}

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn installed_locales_in_locpath() {
    if skip_other_byte_order("locale files are in the byte order of the host that compiled them; a big-endian binary reads them as glibc there would: not at all") {
        return;
    }
    let dir = compiled().to_str().unwrap().to_string();
    let fx = names_fixture();
    let parent = compiled().parent().unwrap().to_str().unwrap().to_string();
    let cases: &[&[(&str, &str)]] = &[
        &[("LOCPATH", &dir), ("LANG", "en_US.UTF-8")],
        &[
            ("LOCPATH", &dir),
            ("LC_ALL", "en_US.UTF-8"),
            ("LANG", MISSING),
        ],
        &[("LOCPATH", &dir), ("LC_CTYPE", "en_US.UTF-8")],
        // Only UTF-8 is normalized (to utf8): en_US.utf8 finds no en_US.UTF-8.
        &[("LOCPATH", &dir), ("LANG", "en_US.utf8")],
        &[("LOCPATH", &dir), ("LANG", "en_US")],
        &[("LOCPATH", &dir), ("LANG", "en.UTF-8")],
        // The modifier is dropped when nothing has it.
        &[("LOCPATH", &dir), ("LANG", "en_US.UTF-8@euro")],
        &[
            ("LOCPATH", &dir),
            ("LANG", "en_US.UTF-8"),
            ("LC_TIME", MISSING),
        ],
        &[
            ("LOCPATH", &format!("/nonexistent:{dir}")),
            ("LANG", "en_US.UTF-8"),
        ],
        &[
            ("LOCPATH", &format!("::/nonexistent::{dir}:")),
            ("LANG", "en_US.UTF-8"),
        ],
        &[("LOCPATH", "/nonexistent"), ("LANG", "en_US.UTF-8")],
        // An absolute name is looked for below each directory too.
        &[("LOCPATH", &dir), ("LANG", &format!("{dir}/en_US.UTF-8"))],
    ];
    for env in cases {
        compare_all(&fx, env);
    }
    // A relative LOCPATH, from the directory above.
    let rel = compiled().file_name().unwrap().to_str().unwrap();
    for opt in ["-m", "-L"] {
        run("wc", &fx, &[("LOCPATH", rel), ("LANG", "en_US.UTF-8")])
            .arg(opt)
            .arg(fx.path("text"))
            .cwd(&parent)
            .same();
    }
    let en_us = [("LOCPATH", dir.as_str()), ("LANG", "en_US.UTF-8")];
    run("wc", &fx, &en_us)
        .arg("-m")
        .stdin(Input::Bytes("é\n".into()))
        .expect(b"2\n", 0);
    // An installed LC_TIME that is not C: the posix- styles apply.
    for style in ["posix-iso", "posix-long-iso"] {
        let env = [("LOCPATH", dir.as_str()), ("LC_TIME", "en_US.UTF-8")];
        run("ls", &fx, &env)
            .args(["-l", "x"])
            .arg(format!("--time-style={style}"))
            .same();
    }
}

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn locale_directories_read_as_glibc_reads_them() {
    if skip_other_byte_order("locale files are in the byte order of the host that compiled them; a big-endian binary reads them as glibc there would: not at all") {
        return;
    }
    let fx = names_fixture();
    let loc = Fixture::new("locale-dirs");
    // UTF-8 data under a name without a codeset.
    derived(&loc.root, "en_US", &[], &[]);
    // Only LC_CTYPE.
    let all_but_ctype = [
        "LC_NUMERIC",
        "LC_TIME",
        "LC_COLLATE",
        "LC_MONETARY",
        "LC_MESSAGES/SYS_LC_MESSAGES",
        "LC_PAPER",
        "LC_NAME",
        "LC_ADDRESS",
        "LC_TELEPHONE",
        "LC_MEASUREMENT",
        "LC_IDENTIFICATION",
    ];
    derived(&loc.root, "ct_CT.UTF-8", &all_but_ctype, &[]);
    // An empty LC_MESSAGES directory; LC_MESSAGES as a plain file.
    derived(
        &loc.root,
        "nm_NM.UTF-8",
        &["LC_MESSAGES/SYS_LC_MESSAGES"],
        &[],
    );
    derived(
        &loc.root,
        "pf_PF.UTF-8",
        &["LC_MESSAGES/SYS_LC_MESSAGES"],
        &[],
    );
    std::fs::remove_dir(loc.path("pf_PF.UTF-8/LC_MESSAGES")).unwrap();
    let messages = compiled().join("en_US.UTF-8/LC_MESSAGES/SYS_LC_MESSAGES");
    std::os::unix::fs::symlink(messages, loc.path("pf_PF.UTF-8/LC_MESSAGES")).unwrap();
    // Files that are not valid: empty, another category's, truncated.
    let numeric = std::fs::read(compiled().join("en_US.UTF-8/LC_NUMERIC")).unwrap();
    let ctype = std::fs::read(compiled().join("en_US.UTF-8/LC_CTYPE")).unwrap();
    derived(&loc.root, "em_EM.UTF-8", &[], &[("LC_CTYPE", b"")]);
    derived(&loc.root, "wm_WM.UTF-8", &[], &[("LC_TIME", &numeric)]);
    derived(
        &loc.root,
        "tr_TR.UTF-8",
        &[],
        &[("LC_CTYPE", &ctype[..100])],
    );
    // An invalid file is passed over for the next name: bd_BD.UTF-8's LC_CTYPE is
    // empty, bd_BD's is good.
    derived(&loc.root, "bd_BD.UTF-8", &[], &[("LC_CTYPE", b"")]);
    derived(&loc.root, "bd_BD", &[], &[]);
    let lp = loc.root.to_str().unwrap();
    let cases: &[&[(&str, &str)]] = &[
        &[("LANG", "en_US")],
        // The first file found has another codeset than the name asks for.
        &[("LANG", "en_US.ISO-8859-1")],
        &[("LANG", "en_US.utf-8")],
        &[("LANG", "en_US.UTF-8")],
        &[("LC_CTYPE", "ct_CT.UTF-8")],
        &[("LANG", "ct_CT.UTF-8")],
        &[("LANG", "C"), ("LC_CTYPE", "ct_CT.UTF-8")],
        &[("LANG", "nm_NM.UTF-8")],
        &[("LANG", "C.UTF-8"), ("LC_MESSAGES", "nm_NM.UTF-8")],
        &[("LANG", "pf_PF.UTF-8")],
        &[("LANG", "em_EM.UTF-8")],
        &[("LC_CTYPE", "em_EM.UTF-8")],
        &[("LANG", "wm_WM.UTF-8")],
        &[("LC_CTYPE", "wm_WM.UTF-8")],
        &[("LANG", "tr_TR.UTF-8")],
        &[("LANG", "bd_BD.UTF-8")],
    ];
    for env in cases {
        let mut env = env.to_vec();
        env.push(("LOCPATH", lp));
        compare_all(&fx, &env);
    }
}

/// Copies of GNU's ls and our binary in `dir`, made set-user-ID root.
fn set_user_id_copies(dir: &Fixture) -> (PathBuf, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let gnu_copy = dir.path("gnu/ls");
    let our_copy = dir.path("ours/ls");
    for (from, to) in [(gnu("ls"), &gnu_copy), (bin(), &our_copy)] {
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(from, to).unwrap();
        std::os::unix::fs::chown(to, Some(0), Some(0)).unwrap();
        std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o4755)).unwrap();
    }
    (gnu_copy, our_copy)
}

#[test]
#[ignore = "needs root (set-user-ID root copies of ls run as nobody) and localedef"]
fn set_user_id_programs_ignore_locpath() {
    if skip_under_qemu(
        "the emulator is not set-user-ID: the kernel would not mark our binary secure",
    ) {
        return;
    }
    need_root();
    let fx = names_fixture();
    // A locale no system has, readable by nobody.
    let loc = Fixture::new("locale-suid");
    let q = |p: &Path| sh_quote(p.as_os_str().as_encoded_bytes());
    sh(&format!(
        "cp -r {} {}",
        q(&compiled().join("en_US.UTF-8")),
        q(&loc.path("zz_ZZ.UTF-8"))
    ));
    sh(&format!("chmod -R a+rX {}", q(&loc.root)));
    let bins = Fixture::new("locale-suid-bins");
    let (gnu_copy, our_copy) = set_user_id_copies(&bins);
    sh(&format!("chmod -R a+rX {}", q(&bins.root)));
    for args in [&["-b"][..], &["--format=bogus"]] {
        let c = Cmd::new("ls")
            .env_remove("LC_ALL")
            .env("LOCPATH", &loc.root)
            .env("LANG", "zz_ZZ.UTF-8")
            .args(args)
            .cwd(&fx.root)
            .user("nobody");
        // Not set-user-ID: LOCPATH counts (UTF-8).
        let plain = c.same();
        // Set-user-ID: LOCPATH is dropped, zz_ZZ is nowhere (C).
        let g = c.run_with(&gnu_copy);
        let o = c.run_with(&our_copy);
        assert_eq!(g, o, "set-user-ID copies differ: {args:?}");
        assert_ne!(g, plain, "LOCPATH made no difference to GNU: {args:?}");
    }
}

/// An archive made with `localedef --prefix`: en_US.UTF-8 and de_DE (ISO-8859-1),
/// with C.utf8 beside it, as DIR/usr/lib/locale.
fn archive_root() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let root = scratch().join("archive");
        let lib = root.join("usr/lib/locale");
        if !lib.join("C.utf8/LC_CTYPE").exists() {
            let tmp = scratch().join(format!("archive.{}", std::process::id()));
            let tmp_lib = tmp.join("usr/lib/locale");
            let _ = std::fs::remove_dir_all(&tmp);
            std::fs::create_dir_all(&tmp_lib).unwrap();
            let prefix = format!("--prefix={}", tmp.display());
            localedef(
                &[&prefix, "-i", "en_US", "-f", "UTF-8", "en_US.UTF-8"],
                &tmp_lib.join("locale-archive"),
            );
            localedef(
                &[&prefix, "-i", "de_DE", "-f", "ISO-8859-1", "de_DE"],
                &tmp_lib.join("locale-archive"),
            );
            // A locale directory beside the archive.
            derived(&tmp_lib, "dd_DD.UTF-8", &[], &[]);
            sh(&format!(
                "cp -r /usr/lib/locale/C.utf8 {}",
                sh_quote(tmp_lib.as_os_str().as_encoded_bytes())
            ));
            let _ = std::fs::remove_dir_all(&root);
            std::fs::rename(&tmp, &root).unwrap();
        }
        root
    })
}

/// Runs `exe` as `applet ARGS` with `env`, in a private mount namespace where
/// `archive_root()`'s usr/lib/locale is mounted over /usr/lib/locale (the real
/// one is not touched).
fn in_namespace(
    exe: &Path,
    applet: &str,
    args: &[&str],
    env: &[(&str, &str)],
    cwd: &Path,
) -> Output {
    let lib = archive_root().join("usr/lib/locale");
    let lib = sh_quote(lib.as_os_str().as_encoded_bytes());
    let mut line = format!(
        "mount --bind {lib} /usr/lib/locale || exit 99; {}",
        sh_exec(exe, applet)
    );
    for a in args {
        line.push(' ');
        line.push_str(&sh_quote(a.as_bytes()));
    }
    let mut c = std::process::Command::new("unshare");
    c.args(["-m", "bash", "-c", &line])
        .env_clear()
        .current_dir(cwd);
    for (k, v) in base_env().into_iter().filter(|(k, _)| k != "LC_ALL") {
        c.env(k, v);
    }
    for (k, v) in env {
        c.env(k, v);
    }
    let o = c.output().expect("unshare");
    need(
        o.status.code() != Some(99),
        &format!("unshare -m and mount --bind: {}", text(&o.stderr)),
    );
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

#[test]
#[ignore = "needs root (a private mount namespace shows a test locale archive at /usr/lib/locale) and localedef"]
fn locale_archive() {
    if skip_other_byte_order("locale files are in the byte order of the host that compiled them; a big-endian binary reads them as glibc there would: not at all") {
        return;
    }
    need_root();
    let fx = names_fixture();
    let cases: &[&[(&str, &str)]] = &[
        &[("LANG", "en_US.UTF-8")],
        &[("LANG", "en_US.utf8")],
        &[("LANG", "en_US.UTF8")],
        &[("LC_ALL", "en_US.utf-8")],
        &[("LANG", "en_US")],
        &[("LANG", "en_US.UTF-8@euro")],
        // (LC_COLLATE and LC_MESSAGES C: GNU would sort by de_DE's collation and
        // speak German.)
        &[
            ("LANG", "de_DE.ISO-8859-1"),
            ("LC_CTYPE", "en_US.UTF-8"),
            ("LC_COLLATE", "C"),
            ("LC_MESSAGES", "C"),
        ],
        &[
            ("LANG", "de_DE.iso88591"),
            ("LC_CTYPE", "C.UTF-8"),
            ("LC_COLLATE", "C"),
            ("LC_MESSAGES", "C"),
        ],
        // An alias from /usr/share/locale/locale.alias (german: de_DE.ISO-8859-1).
        &[
            ("LANG", "german"),
            ("LC_CTYPE", "C.UTF-8"),
            ("LC_COLLATE", "C"),
            ("LC_MESSAGES", "C"),
        ],
        &[
            ("LANG", "GERMAN"),
            ("LC_CTYPE", "C.UTF-8"),
            ("LC_COLLATE", "C"),
            ("LC_MESSAGES", "C"),
        ],
        &[
            ("LANG", "french"),
            ("LC_CTYPE", "C.UTF-8"),
            ("LC_COLLATE", "C"),
            ("LC_MESSAGES", "C"),
        ],
        &[("LANG", MISSING), ("LC_CTYPE", "en_US.UTF-8")],
        // With LOCPATH the archive is not read.
        &[("LOCPATH", "/nonexistent"), ("LANG", "en_US.UTF-8")],
        // A directory beside the archive.
        &[("LANG", "dd_DD.UTF-8")],
        &[("LANG", "dd_DD.utf8")],
        // Every category from the archive: collation, dates, numbers, messages.
        &[("LANG", "de_DE.ISO-8859-1")],
        &[("LC_ALL", "german"), ("LANGUAGE", "fr")],
    ];
    let mut utf8_seen = false;
    for env in cases {
        let runs: [(&str, &[&str]); 8] = [
            ("wc", &["-m", "text"]),
            ("wc", &["-L", "text"]),
            ("ls", &["-b"]),
            ("ls", &["--format=bogus"]),
            ("ls", &["-l", "--time-style=locale"]),
            ("ls", &["-sh", "--block-size='1"]),
            ("ls", &["nonexistent"]),
            ("wc", &["-x"]),
        ];
        for (applet, args) in runs {
            let g = in_namespace(&gnu(applet), applet, args, env, &fx.root);
            let o = in_namespace(&bin(), applet, args, env, &fx.root);
            assert_eq!(g, o, "differs from GNU: {applet} {args:?} with {env:?}");
            utf8_seen |= applet == "ls" && args == ["-b"] && text(&g.stdout).contains("café");
        }
    }
    assert!(utf8_seen, "no case found a UTF-8 locale in the archive");
}

/// A set-user-ID run reads zone files as glibc's does there: TZDIR is dropped,
/// and a TZ file name with `../`, or absolute outside /usr/share/zoneinfo, is not
/// read (UTC under the given name). Found by the locale work: ours used TZDIR.
#[test]
#[ignore = "needs root (set-user-ID root copies of ls run as nobody)"]
fn set_user_id_programs_read_zones_as_glibc() {
    if skip_under_qemu(
        "the emulator is not set-user-ID: the kernel would not mark our binary secure",
    ) {
        return;
    }
    need_root();
    let fx = Fixture::new("tz-suid");
    fx.file("f", "");
    fx.mtime("f", 0);
    std::fs::copy("/usr/share/zoneinfo/Asia/Tokyo", fx.path("zi/Foo"))
        .or_else(|_| {
            std::fs::create_dir_all(fx.path("zi"))?;
            std::fs::copy("/usr/share/zoneinfo/Asia/Tokyo", fx.path("zi/Foo"))
        })
        .unwrap();
    let q = |p: &Path| sh_quote(p.as_os_str().as_encoded_bytes());
    sh(&format!("chmod -R a+rX {}", q(&fx.root)));
    let bins = Fixture::new("tz-suid-bins");
    let (gnu_copy, our_copy) = set_user_id_copies(&bins);
    sh(&format!("chmod -R a+rX {}", q(&bins.root)));
    let zi = fx.path("zi");
    let abs = fx.path("zi/Foo");
    let cases: Vec<(Option<String>, String, bool)> = vec![
        (Some(zi.display().to_string()), "Foo".into(), true),
        (None, abs.display().to_string(), true),
        (None, format!(":{}", abs.display()), true),
        (None, "../zoneinfo/Asia/Tokyo".into(), true),
        (None, "/usr/share/zoneinfo/Asia/Tokyo".into(), false),
        (None, "Asia/Tokyo".into(), false),
    ];
    for (tzdir, tz, differs) in cases {
        let mut c = Cmd::new("ls")
            .args(["-l", "--time-style=+%H:%M %Z", "f"])
            .env("TZ", &tz)
            .cwd(&fx.root)
            .user("nobody");
        if let Some(d) = &tzdir {
            c = c.env("TZDIR", d);
        }
        let plain = c.same();
        let g = c.run_with(&gnu_copy);
        let o = c.run_with(&our_copy);
        assert_eq!(g, o, "set-user-ID copies differ: TZDIR={tzdir:?} TZ={tz}");
        assert_eq!(
            g != plain,
            differs,
            "set-user-ID made {} difference to GNU: TZDIR={tzdir:?} TZ={tz}",
            if differs { "no" } else { "a" }
        );
    }
}
