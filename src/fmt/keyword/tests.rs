use super::*;

#[test]
fn exact_prefix_synonyms() {
    let t = [
        ("none", 0),
        ("time", 1),
        ("size", 2),
        ("never", 3),
        ("no", 3),
    ];
    assert_eq!(find(&t, b"t"), Ok(1));
    assert_eq!(find(&t, b"size"), Ok(2));
    assert_eq!(find(&t, b"ne"), Ok(3));
    assert_eq!(find(&t, b"no"), Ok(3));
    assert_eq!(find(&t, b"n"), Err(Mismatch::Ambiguous));
    assert_eq!(find(&t, b""), Err(Mismatch::Ambiguous));
    assert_eq!(find(&t, b"x"), Err(Mismatch::Invalid));
    assert_eq!(find(&t, b"sizes"), Err(Mismatch::Invalid));
    static K: Keywords<i32> = crate::keywords!(
        i32,
        &[
            ("none", 0),
            ("time", 1),
            ("size", 2),
            ("never", 3),
            ("no", 3)
        ]
    );
    assert_eq!(K.find(b"ne"), Ok(3));
    assert_eq!(K.find(b"n"), Err(Mismatch::Ambiguous));
    assert_eq!(K.name(4), b"no");
    assert_eq!(K.name_of(3), Some(&b"never"[..]));
    assert_eq!(K.name_of(9), None);
}
