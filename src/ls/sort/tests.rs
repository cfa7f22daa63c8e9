use super::*;

#[test]
fn byte_order() {
    let words: &[&[u8]] = &[
        b"",
        b"a",
        b"ab",
        b"abcdefgh",
        b"abcdefghi",
        b"abcdefgi",
        b"b",
        b"\xff",
        b"abcdefgh\x00",
    ];
    for x in words {
        for y in words {
            assert_eq!(bytes_cmp(x, y), x.cmp(y), "{x:?} {y:?}");
        }
    }
}

#[test]
fn extensions() {
    assert_eq!(extension(b"a.tar.gz"), b".gz");
    assert_eq!(extension(b"plain"), b"");
    assert_eq!(extension(b".bashrc"), b".bashrc");
    assert_eq!(extension(b"a."), b".");
}
