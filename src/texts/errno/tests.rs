use super::*;

/// The text of errno `i`, expanded.
fn strerror_text(i: usize) -> Option<Vec<u8>> {
    let mut v = Vec::new();
    text(i32::try_from(i).ok()?)?.put(&mut |b| v.extend_from_slice(b));
    Some(v)
}

/// Every text is glibc's, as the running system's strerror (through Python, which
/// calls it) prints it.
#[test]
fn strerror_matches_glibc() {
    let py = std::process::Command::new("python3")
        .arg("-c")
        .arg("import os\nfor i in range(134): print(os.strerror(i))")
        .output();
    let py = match py {
        Ok(o) if o.status.success() => o.stdout,
        _ => {
            eprintln!("python3 not available: comparing with fixed samples only");
            Vec::new()
        }
    };
    for (i, line) in py.split(|&c| c == b'\n').take(134).enumerate() {
        assert_eq!(strerror_text(i).as_deref(), Some(line), "errno {i}");
    }
    for (i, text) in std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/texts/errno/strerror.txt"
    ))
    .unwrap()
    .lines()
    .enumerate()
    {
        let expanded = strerror_text(i).expect("as many packed texts as lines");
        assert_eq!(expanded, text.as_bytes(), "run tools/gen_help.py");
    }
    assert_eq!(strerror_text(134), None);
    assert_eq!(strerror_text(2).unwrap(), b"No such file or directory");
    assert_eq!(strerror_text(28).unwrap(), b"No space left on device");
    assert_eq!(strerror_text(32).unwrap(), b"Broken pipe");
}

/// glibc names 0..=133; the others are `Unknown error N` (the number written by
/// the caller: sys::err's `Line::push_int`).
#[test]
fn unknown_errno_text() {
    for n in [134, 200, -5, i32::MIN, i32::MAX] {
        assert!(text(n).is_none(), "errno {n}");
    }
    assert_eq!(UNKNOWN, b"Unknown error ");
    assert_eq!(
        strerror_text(133).unwrap(),
        b"Memory page has hardware error"
    );
}
