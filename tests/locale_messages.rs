//! Messages in the installed locales, compared with GNU ls and wc byte for byte
//! (stdout, stderr, status): the texts of coreutils' catalog (ls's and wc's own,
//! gnulib's, the quotes), of glibc's (errno texts, getopt's), the `total` word and
//! ls -l's time formats (coreutils' catalog under LC_TIME), in every locale of
//! tests/common/locales.rs, with and without LANGUAGE, and C.UTF-8 with LANGUAGE;
//! LS_COLORS's messages too. ru_RU.KOI8-R included: Russian converted to KOI8-R,
//! `«` as `<<` by its transliteration.
mod common;
use common::*;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::Stdio;

/// The catalogs GNU finds on this machine (Debian: coreutils' own, and libc-l10n).
fn need_catalogs() {
    for f in [
        "/usr/share/locale/de/LC_MESSAGES/coreutils.mo",
        "/usr/share/locale/de/LC_MESSAGES/libc.mo",
    ] {
        need(
            Path::new(f).exists(),
            &format!("{f} (coreutils' and libc-l10n's catalogs)"),
        );
    }
}

/// The environments: each locale alone and with LANGUAGE lists, and C.UTF-8 with
/// LANGUAGE (GNU translates there).
fn envs() -> Vec<Vec<(&'static str, &'static str)>> {
    let mut v = vec![];
    for name in locales::names() {
        for language in [None, Some("fr"), Some("sv:de"), Some("xx:de"), Some("C:de")] {
            let mut e = vec![("LC_ALL", name)];
            if let Some(l) = language {
                e.push(("LANGUAGE", l));
            }
            v.push(e);
        }
    }
    for l in ["de", "fr", "ja"] {
        v.push(vec![("LC_ALL", "C.UTF-8"), ("LANGUAGE", l)]);
    }
    v.push(vec![
        ("LANG", "de_DE.UTF-8"),
        ("LC_MESSAGES", "fr_FR.UTF-8"),
    ]);
    // Messages and dates translated, LC_CTYPE C: written in ASCII, with the C
    // locale's transliterations (`„` as `,,`, a no-break space as a space) and `?`.
    for name in [
        "de_DE.UTF-8",
        "fr_FR.UTF-8",
        "cs_CZ.UTF-8",
        "sv_SE.UTF-8",
        "ja_JP.UTF-8",
        "de_DE",
    ] {
        v.push(vec![("LANG", name), ("LC_CTYPE", "C")]);
    }
    v
}

fn fixture() -> Fixture {
    let fx = Fixture::new("locale_messages");
    fx.file("d/f", "one two\n");
    fx.dir("unreadable");
    fx.chmod("unreadable", 0o000);
    fx.file("q/a'b", "");
    fx.all_mtimes(1_600_000_000);
    fx
}

fn cmd(applet: &str, fx: &Fixture, env: &[(&str, &str)]) -> Cmd {
    let c = Cmd::new(applet)
        .env_remove("LC_ALL")
        .env("LOCPATH", locales::locpath())
        .cwd(&fx.root);
    env.iter().fold(c, |c, (k, v)| c.env(k, v))
}

const LS: &[&[&str]] = &[
    &["/nonexist"],
    &["--bogus"],
    &["-x1", "--bogus"],
    &["-w"],
    &["--all=x"],
    &["--format"],
    &["--colo"],
    &["--sort=foo"],
    &["-l", "--time-style=foo"],
    &["-l", "--time-style=+%Y\n%m\n%d"],
    &["-w", "0x"],
    &["--tabsize=x"],
    &["--block-size=x"],
    &["--block-size=1x"],
    &["--block-size=99999999999999999999999"],
    &["--quoting-style=foo"],
    &["--quoting-style=locale", "q"],
    &["--quoting-style=clocale", "q"],
    &["-l", "--dired", "--zero", "d"],
    &["-s", "d"],
];

const WC: &[&[&str]] = &[
    &["/nonexist"],
    &["-x"],
    &["--files0-from=/nonexist"],
    &["--files0-from=/nonexist", "x"],
    &["d"],
    &["d", "d/f"],
];

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn messages_as_gnu() {
    if locales::skip() {
        return;
    }
    need_catalogs();
    let fx = fixture();
    for env in envs() {
        for args in LS {
            cmd("ls", &fx, &env).args(*args).same();
        }
        for args in WC {
            cmd("wc", &fx, &env).args(*args).same();
        }
        // `standard input` quoted: fr's `entrée` in ISO-8859-1 (and ru's in KOI8-R)
        // with the 8-bit locale's printable bytes; a name with high bytes too.
        cmd("wc", &fx, &env)
            .stdin(Input::File(fx.path("d"), 0))
            .same();
        cmd("wc", &fx, &env)
            .arg(std::ffi::OsStr::from_bytes(b"caf\xe9\x9a: x"))
            .same();
        cmd("ls", &fx, &env)
            .env("COLUMNS", "x")
            .args(["-C", "d"])
            .same();
        cmd("ls", &fx, &env)
            .env("QUOTING_STYLE", "x")
            .arg("d")
            .same();
        cmd("ls", &fx, &env)
            .env("TABSIZE", "x")
            .args(["-C", "d"])
            .same();
        // LS_COLORS rejected: with a prefix (the catalog's quotes around it), without.
        for colors in ["zz=1:", "abc", "di=\\"] {
            cmd("ls", &fx, &env)
                .env("LS_COLORS", colors)
                .args(["--color=always", "d"])
                .same();
        }
    }
}

/// `total` and the dates of ls -l. The month names are LC_TIME's (another part of
/// the locale work): compared where GNU's equal the C ones or are not printed.
#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn long_listing_total_and_formats() {
    if locales::skip() {
        return;
    }
    need_catalogs();
    let fx = fixture();
    for env in envs() {
        let c = cmd("ls", &fx, &env).args(["-l", "--time-style=locale", "d"]);
        let (g, o) = (c.gnu(), c.ours());
        assert_eq!(g.status, o.status);
        assert_eq!(g.stderr, o.stderr, "{env:?}");
        let first = |b: &[u8]| b.split(|&c| c == b'\n').next().unwrap_or(b"").to_vec();
        assert_eq!(
            first(&g.stdout),
            first(&o.stdout),
            "{env:?}: the total line"
        );
        // The date (Sep 13 2020): the format's fixed parts around the month.
        let date = |b: &[u8]| {
            let line = b.split(|&c| c == b'\n').nth(1).unwrap_or(b"").to_vec();
            let s = String::from_utf8_lossy(&line).into_owned();
            s.split_whitespace()
                .filter(|w| w.contains("20") || w.contains("13"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(
            date(&g.stdout),
            date(&o.stdout),
            "{env:?}: the date's format"
        );
    }
}

/// An unreadable directory, listed as nobody.
#[test]
#[ignore = "needs root, localedef and Debian's locales package (.ci/run installs them)"]
fn permission_denied() {
    if locales::skip() {
        return;
    }
    need_root();
    need_catalogs();
    let fx = fixture();
    for env in envs() {
        cmd("ls", &fx, &env).user("nobody").arg("unreadable").same();
        cmd("wc", &fx, &env).user("nobody").arg("unreadable").same();
    }
}

/// stderr and status of `applet args` with stdout on /dev/full.
fn full(
    exe: &Path,
    applet: &str,
    fx: &Fixture,
    env: &[(&str, &str)],
    args: &[&str],
) -> (Vec<u8>, i32) {
    let mut c = applet_cmd(exe, applet);
    c.env_clear()
        .envs(base_env())
        .env_remove("LC_ALL")
        .env("LOCPATH", locales::locpath());
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c
        .args(args)
        .current_dir(&fx.root)
        .stdin(Stdio::null())
        .stdout(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .output()
        .unwrap();
    (out.stderr, out.status.code().unwrap_or(-1))
}

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn write_errors() {
    if locales::skip() {
        return;
    }
    need_catalogs();
    need(Path::new("/dev/full").exists(), "/dev/full");
    let fx = fixture();
    for env in envs() {
        for (applet, args) in [("ls", &["d"][..]), ("wc", &["d/f"])] {
            let g = full(&gnu(applet), applet, &fx, &env, args);
            let o = full(&bin(), applet, &fx, &env, args);
            assert_eq!(show(&g.0), show(&o.0), "{applet} {args:?} {env:?}");
            assert_eq!(g.1, o.1);
        }
    }
}
