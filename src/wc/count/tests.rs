use super::*;

fn count(s: &[u8], utf8: bool) -> (u64, u64, u64, u64) {
    let mut classes = super::super::classes::new(false).unwrap();
    let mut c = Counter::with_words(utf8, true, true, &mut classes);
    assert_eq!(c.feed(s), s.len());
    let c = c.finish();
    (c.lines, c.words, c.chars, c.max_len)
}

#[test]
fn gnu_91_examples() {
    // Words: controls and invalid bytes are transparent.
    assert_eq!(count(b"a\x01b c", false).1, 2);
    assert_eq!(count(b"\x01", false).1, 0);
    assert_eq!(count(b"\x01\n", true).1, 0);
    assert_eq!(count(b"a\xffb", true), (0, 1, 2, 2));
    assert_eq!(count("a\u{a0}b".as_bytes(), false).1, 1);
    assert_eq!(count("a\u{a0}b".as_bytes(), true).1, 2);
    assert_eq!(count("a\u{3000}b".as_bytes(), true).1, 2);
    assert_eq!(count("a\u{85}b".as_bytes(), true).1, 1);
    assert_eq!(count("a\u{200b}b".as_bytes(), true).1, 1);
    assert_eq!(count("日本".as_bytes(), false), (0, 0, 0, 0));
    assert_eq!(count("日本".as_bytes(), true), (0, 1, 2, 4));
    // -L.
    assert_eq!(count(b"abc\rd", false).3, 3);
    assert_eq!(count(b"a\x0cb", false).3, 1);
    assert_eq!(count(b"1234567\tx", false).3, 9);
    assert_eq!(count(b"\n123456", false).3, 6);
}
