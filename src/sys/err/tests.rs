use super::*;

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
