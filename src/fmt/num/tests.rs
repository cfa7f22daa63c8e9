use super::*;

#[test]
fn decimal() {
    let mut b = [0; 20];
    assert_eq!(u64_dec(0, &mut b), b"0");
    assert_eq!(u64_dec(u64::MAX, &mut b), b"18446744073709551615");
    let mut c = [0; 24];
    assert_eq!(i64_dec(-42, &mut c), b"-42");
    assert_eq!(i64_dec(i64::MIN, &mut c), b"-9223372036854775808");
    assert_eq!(i64_dec(0, &mut c), b"0");
    assert_eq!(i64_dec(i64::MAX, &mut c), b"9223372036854775807");
    assert_eq!(dec_width(0), 1);
    assert_eq!(dec_width(9), 1);
    assert_eq!(dec_width(10), 2);
    assert_eq!(dec_width(u64::MAX), 20);
}

#[test]
fn strtoul_as_c() {
    assert_eq!(strtoul(b" \t+42:", 0), Some((42, false, false, 5)));
    assert_eq!(strtoul(b"x-7", 1), Some((7, false, true, 3)));
    assert_eq!(
        strtoul(b"18446744073709551616", 0),
        Some((u64::MAX, true, false, 20))
    );
    assert_eq!(strtoul(b" -", 0), None);
    assert_eq!(strtoul(b"", 0), None);
}
