//! ls's -I/--hide patterns in the installed locales, compared with GNU byte for
//! byte: character classes of 8-bit locales come from their class tables, and
//! ranges (`[a-z]`) follow the locale's collation sequence (COLLSEQMB for bytes,
//! COLLSEQWC for characters), as glibc's fnmatch reads them; equivalence classes
//! and collating symbols as before.
mod common;
use common::*;

/// Names: ASCII of both cases and punctuation, Latin-1 bytes (one byte a name in
/// the 8-bit locales, invalid UTF-8 elsewhere), UTF-8 letters, and names that do
/// not decode.
fn names() -> Fixture {
    let fx = Fixture::new("locpat");
    let mut names: Vec<Vec<u8>> = ["a", "B", "c", "D", "z", "Z", "^", "_x", "0", "~"]
        .iter()
        .map(|n| n.as_bytes().to_vec())
        .collect();
    for b in [
        0xa0u8, 0xaa, 0xb5, 0xc8, 0xd7, 0xdf, 0xe4, 0xe9, 0xf7, 0xff, 0x9a, 0xc1,
    ] {
        names.push(vec![b]);
        names.push(vec![b'B', b]);
    }
    for n in ["é", "È", "ä", "ß", "ê", "ı", "İ", "ch", "漢", "あ"] {
        names.push(n.as_bytes().to_vec());
    }
    for n in &names {
        fx.file(std::ffi::OsStr::from_bytes(n), "");
    }
    fx
}

use std::os::unix::ffi::OsStrExt;

const PATTERNS: [&str; 26] = [
    "[a-f]*",
    "[A-z]*",
    "[a-z]*",
    "[A-Z]*",
    "[à-z]*",
    "[Z-a]*",
    "[[.a.]-c]*",
    "[^a-e]*",
    "[!a-z]*",
    "[é-z]*",
    "[a-é]*",
    "[0-~]*",
    "[=e=]*",
    "[=a=]",
    "[[:alpha:]]*",
    "[[:upper:]]",
    "[[:lower:]]",
    "[[:punct:]]",
    "[[:alnum:]]",
    "[[:graph:]]",
    "[[:print:]]",
    "[[:space:]]",
    "[[:cntrl:]]",
    "[[:xdigit:]]",
    "?",
    "[h-i]*",
];

#[test]
#[ignore = "needs localedef and Debian's locales package (.ci/run installs it)"]
fn hidden_and_ignored_names_as_glibc_matches_them() {
    if locales::skip() {
        return;
    }
    let fx = names();
    let loc = locales::locpath();
    for name in locales::names().chain(["C", "C.UTF-8"]) {
        for pat in PATTERNS {
            for opt in ["--hide", "-I"] {
                Cmd::new("ls")
                    .env_remove("LC_ALL")
                    .env("LANG", name)
                    .env("LOCPATH", loc)
                    .cwd(&fx.root)
                    .args(["-b", opt, pat])
                    .same();
            }
        }
    }
}
