//! The two locale facts bareutils needs, read from the environment the way glibc
//! chooses a category: LC_ALL, then LC_<CATEGORY>, then LANG. A value that names the
//! UTF-8 charset (any case, `utf8` too) selects UTF-8; anything else behaves as C.

use crate::sys::env;

fn category(name: &[u8]) -> &'static [u8] {
    for var in [&b"LC_ALL"[..], name, b"LANG"] {
        if let Some(v) = env::get(var) {
            if !v.is_empty() {
                return v;
            }
        }
    }
    b""
}

/// True when `value` (a locale name such as `C.UTF-8` or `en_US.utf8`) has the UTF-8
/// charset.
pub fn names_utf8(value: &[u8]) -> bool {
    let cs = match value.iter().position(|&c| c == b'.') {
        Some(i) => &value[i + 1..],
        None => return false,
    };
    let cs = match cs.iter().position(|&c| c == b'@') {
        Some(i) => &cs[..i],
        None => cs,
    };
    cs.eq_ignore_ascii_case(b"utf-8") || cs.eq_ignore_ascii_case(b"utf8")
}

/// LC_CTYPE is a UTF-8 locale: characters are decoded, widths come from wcwidth,
/// and messages use curly quotes.
pub fn ctype_utf8() -> bool {
    names_utf8(category(b"LC_CTYPE"))
}

/// LC_TIME names a locale other than C/POSIX (for ls's `posix-` time styles).
pub fn time_is_posix() -> bool {
    let v = category(b"LC_TIME");
    v.is_empty() || v == b"C" || v == b"POSIX"
}

#[cfg(test)]
mod tests {
    use super::names_utf8;

    #[test]
    fn charset_names() {
        assert!(names_utf8(b"C.UTF-8"));
        assert!(names_utf8(b"en_US.utf8"));
        assert!(names_utf8(b"de_DE.UTF-8@euro"));
        assert!(!names_utf8(b"C"));
        assert!(!names_utf8(b"POSIX"));
        assert!(!names_utf8(b"en_US.ISO-8859-1"));
        assert!(!names_utf8(b"UTF-8"));
    }
}
