use super::{category_name, is_c, is_c_utf8, NAMES};

#[test]
fn category_names() {
    let all = [
        "LC_CTYPE",
        "LC_NUMERIC",
        "LC_TIME",
        "LC_COLLATE",
        "LC_MONETARY",
        "LC_MESSAGES",
        "LC_ALL",
        "LC_PAPER",
        "LC_NAME",
        "LC_ADDRESS",
        "LC_TELEPHONE",
        "LC_MEASUREMENT",
        "LC_IDENTIFICATION",
    ];
    for (i, n) in all.iter().enumerate() {
        assert_eq!(category_name(i), n.as_bytes());
    }
    assert_eq!(NAMES.len(), all.concat().len());
}

#[test]
fn built_in_names() {
    for n in [&b""[..], b"C", b"POSIX"] {
        assert!(is_c(n));
    }
    for n in [&b"C.UTF-8"[..], b"C.utf8", b"C.utf-8", b"C.UTF8"] {
        assert!(is_c_utf8(n), "{n:?}");
    }
    let others = [
        &b"c.utf8"[..],
        b"C.UTF-8@x",
        b"C.UTF-8/..",
        b"C_X.UTF-8",
        b"en_US.UTF-8",
        b"C.ISO-8859-1",
        b"C.",
        b"UTF-8",
    ];
    for n in others {
        assert!(!is_c_utf8(n), "{n:?}");
        assert!(!is_c(n));
    }
}
