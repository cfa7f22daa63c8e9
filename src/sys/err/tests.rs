use super::*;

/// The text of errno `i`, expanded.
fn strerror_text(i: usize) -> Option<Vec<u8>> {
    let mut v = Vec::new();
    super::super::text::expand(strerror_packed(i)?, &strerror::DICT, &mut |b| {
        v.extend_from_slice(b)
    });
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
        "/src/sys/err/strerror.txt"
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

#[test]
fn unknown_errno_text() {
    let mut l = Line::new();
    strerror(Errno::from_raw_os_error(200)).push_to(&mut l);
    assert_eq!(l.text(), b"Unknown error 200");
    let mut l = Line::new();
    strerror(Errno::from_raw_os_error(134)).push_to(&mut l);
    assert_eq!(l.text(), b"Unknown error 134");
    assert_eq!(
        strerror_text(133).unwrap(),
        b"Memory page has hardware error"
    );
}

#[test]
fn integers() {
    for (v, text) in [
        (0, "0"),
        (7, "7"),
        (10, "10"),
        (-42, "-42"),
        (1_000_000, "1000000"),
        (i64::MAX, "9223372036854775807"),
        (i64::MIN, "-9223372036854775808"),
    ] {
        let mut l = Line::new();
        l.push_int(v);
        assert_eq!(l.text(), text.as_bytes());
    }
}
