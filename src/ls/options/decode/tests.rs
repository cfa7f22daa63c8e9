use super::*;

#[test]
fn c_integers() {
    assert!(matches!(parse_c_uint(b"10"), Num::Ok(10)));
    assert!(matches!(parse_c_uint(b"0x10"), Num::Ok(16)));
    assert!(matches!(parse_c_uint(b"010"), Num::Ok(8)));
    assert!(matches!(parse_c_uint(b" +5"), Num::Ok(5)));
    assert!(matches!(parse_c_uint(b"08"), Num::Invalid));
    assert!(matches!(parse_c_uint(b""), Num::Invalid));
    assert!(matches!(parse_c_uint(b"-1"), Num::Invalid));
    assert!(matches!(parse_c_uint(b"5k"), Num::Invalid));
    assert!(matches!(
        parse_c_uint(b"99999999999999999999999"),
        Num::Overflow
    ));
    assert_eq!(line_width(b"99999999999999999999999"), Some(0));
}
