use super::*;

fn formats_of(style: &'static [u8], posix: bool) -> [&'static [u8]; 2] {
    formats(style, &|| posix, |f| f).unwrap()
}

#[test]
fn styles() {
    let [old, recent] = LOCALE;
    assert_eq!(formats_of(b"locale", true), [old, recent]);
    assert_eq!(formats_of(b"long-iso", true), [&b"%Y-%m-%d %H:%M"[..]; 2]);
    assert_eq!(formats_of(b"long", true), [&b"%Y-%m-%d %H:%M"[..]; 2]);
    assert_eq!(
        formats_of(b"iso", true),
        [&b"%Y-%m-%d "[..], b"%m-%d %H:%M"]
    );
    assert_eq!(formats_of(b"posix-iso", true), [old, recent]);
    assert_eq!(
        formats_of(b"posix-iso", false),
        [&b"%Y-%m-%d "[..], b"%m-%d %H:%M"]
    );
    assert_eq!(formats_of(b"+%Y\n%H", true), [&b"%Y"[..], b"%H"]);
    assert_eq!(formats_of(b"+%Y", true), [&b"%Y"[..], b"%Y"]);
    assert_eq!(formats_of(b"+", true), [&b""[..], b""]);
}

#[test]
fn refused() {
    let f = |s: &'static [u8]| formats(s, &|| false, |f| f);
    assert_eq!(f(b"+a\nb\nc"), Err(Bad::Format(b"a\nb\nc")));
    assert_eq!(f(b"l"), Err(Bad::Name(b"l", Mismatch::Ambiguous)));
    assert_eq!(f(b""), Err(Bad::Name(b"", Mismatch::Ambiguous)));
    assert_eq!(f(b"x"), Err(Bad::Name(b"x", Mismatch::Invalid)));
    assert_eq!(f(b"posix-x"), Err(Bad::Name(b"x", Mismatch::Invalid)));
    assert_eq!(formats(b"posix-x", &|| true, |f| f), Ok(LOCALE));
    assert_eq!(
        f(b"posix-posix-iso"),
        Err(Bad::Name(b"posix-iso", Mismatch::Invalid))
    );
}
