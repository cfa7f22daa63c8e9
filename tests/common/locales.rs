//! The installed locales the comparisons with GNU run in, compiled once with
//! localedef into cargo's scratch directory and found through LOCPATH, so that no
//! test depends on (or changes) the machine's locale archive.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// (localedef's input, its charmap, the directory name LANG and LC_* give).
pub const LOCALES: [(&str, &str, &str); 10] = [
    ("en_US", "UTF-8", "en_US.UTF-8"),
    ("de_DE", "UTF-8", "de_DE.UTF-8"),
    ("fr_FR", "UTF-8", "fr_FR.UTF-8"),
    ("sv_SE", "UTF-8", "sv_SE.UTF-8"),
    ("cs_CZ", "UTF-8", "cs_CZ.UTF-8"),
    ("tr_TR", "UTF-8", "tr_TR.UTF-8"),
    ("ja_JP", "UTF-8", "ja_JP.UTF-8"),
    ("de_DE", "ISO-8859-1", "de_DE"),
    ("fr_FR", "ISO-8859-1", "fr_FR.ISO-8859-1"),
    ("ru_RU", "KOI8-R", "ru_RU.KOI8-R"),
];

/// Whether to skip a test of these locales here: under qemu for a target of the
/// other byte order, which reads the host's locale files as glibc there would, not
/// at all (GNU, a host program, reads them).
pub fn skip() -> bool {
    super::skip_other_byte_order("the compiled locales are in the host's byte order")
}

/// The names of LOCALES, for loops.
pub fn names() -> impl Iterator<Item = &'static str> {
    LOCALES.iter().map(|l| l.2)
}

/// A LOCPATH directory holding every locale of LOCALES (DIR/NAME/LC_*), compiled
/// on first use (about 15 s, in parallel) and kept between runs, readable by anyone. Fails the test
/// with what is missing when localedef or its sources are not installed.
pub fn locpath() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        // Under /tmp, not in cargo's target directory: runs as nobody read it too,
        // and a CI clone may sit in a directory only root can enter.
        let scratch = std::env::temp_dir().join("bareutils-test-locales");
        let _ = std::fs::create_dir_all(&scratch);
        let _ = std::fs::set_permissions(
            &scratch,
            std::os::unix::fs::PermissionsExt::from_mode(0o755),
        );
        let dir = scratch.join("ten");
        let last = |d: &Path| d.join("ru_RU.KOI8-R/LC_MESSAGES/SYS_LC_MESSAGES");
        if last(&dir).exists() {
            return dir;
        }
        super::need_cmd("localedef", "libc-bin");
        for (input, charmap, _) in LOCALES {
            for f in [
                format!("/usr/share/i18n/locales/{input}"),
                format!("/usr/share/i18n/charmaps/{charmap}.gz"),
            ] {
                super::need(
                    Path::new(&f).exists(),
                    &format!("{f} (Debian package locales)"),
                );
            }
        }
        let tmp = scratch.join(format!("ten.{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(&tmp).unwrap();
        std::fs::set_permissions(&tmp, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        let runs: Vec<_> = LOCALES
            .iter()
            .map(|(input, charmap, name)| {
                let out = tmp.join(name);
                std::process::Command::new("localedef")
                    .args(["-i", input, "-f", charmap])
                    .arg(&out)
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("localedef")
            })
            .collect();
        for (run, (_, _, name)) in runs.into_iter().zip(LOCALES) {
            let o = run.wait_with_output().unwrap();
            let made = tmp.join(name).join("LC_MESSAGES/SYS_LC_MESSAGES");
            assert!(
                made.exists(),
                "localedef made no {name}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        if !last(&dir).exists() {
            let _ = std::fs::remove_dir_all(&dir);
            // Another test process may have won the race: either copy is whole.
            let _ = std::fs::rename(&tmp, &dir);
        }
        let _ = std::fs::remove_dir_all(&tmp);
        dir
    })
}
