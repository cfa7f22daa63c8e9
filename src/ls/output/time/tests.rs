use super::*;
use strtime::C_NAMES;

#[test]
fn quick_formats_agree_with_strtime() {
    let zones: [&[u8]; 4] = [
        b"UTC0",
        b"EST5EDT,M3.2.0,M11.1.0",
        b"<+0530>-5:30",
        b"<-0330>3:30",
    ];
    let fmts: [&[u8]; 6] = [
        b"%b %e  %Y",
        b"%b %e %H:%M",
        b"%Y-%m-%d %H:%M:%S.%N %z",
        b"%Y-%m-%d %H:%M",
        b"%Y-%m-%d ",
        b"%m-%d %H:%M",
    ];
    let mut t: i64 = -2_000_000_000;
    while t < 4_000_000_000 {
        for z in zones {
            let tz = Tz::from_posix(z);
            let tm = tz.localtime(t).unwrap();
            for f in fmts {
                let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
                let nsec = (t as u32).wrapping_mul(7919) % 1_000_000_000;
                let q = quick(f, &tm, nsec, &mut a).unwrap();
                let s = format_bounded(f, &tm, t, nsec, C_NAMES, &mut b).unwrap();
                assert_eq!(a[..q], b[..s], "{t} {:?}", core::str::from_utf8(f));
            }
        }
        t += 7_777_777;
    }
    // Outside four-digit years, other conversions: the general path.
    let tm = Tz::UTC.localtime(-70_000_000_000).unwrap();
    assert_eq!(quick(b"%b %e  %Y", &tm, 0, &mut [0u8; 64]), None);
    let tm = Tz::UTC.localtime(0).unwrap();
    assert_eq!(quick(b"%c", &tm, 0, &mut [0u8; 64]), None);
}

#[test]
fn six_months() {
    let now = (1_000_000_000, 500);
    assert!(is_recent((now.0 - 1, 0), now));
    assert!(!is_recent(now, now));
    assert!(!is_recent((now.0 + 30, 0), now));
    assert!(!is_recent((now.0 - SIX_MONTHS, 500), now));
    assert!(is_recent((now.0 - SIX_MONTHS, 501), now));
}

/// LC_TIME texts for the tests: fr_FR.UTF-8's month abbreviations and day names.
fn fr(i: usize) -> Option<&'static [u8]> {
    let abmon = "janv. févr. mars avril mai juin juil. août sept. oct. nov. déc.";
    match i {
        14..=25 => abmon.split(' ').nth(i - 14).map(str::as_bytes),
        _ => None,
    }
}

fn ja(i: usize) -> Option<&'static [u8]> {
    let abmon = " 1月, 2月, 3月, 4月, 5月, 6月, 7月, 8月, 9月,10月,11月,12月";
    (14..=25)
        .contains(&i)
        .then(|| abmon.split(',').nth(i - 14).unwrap().as_bytes())
}

/// Month names that start with digits, one of them wider than the others.
fn digits(i: usize) -> Option<&'static [u8]> {
    (14..=25)
        .contains(&i)
        .then_some(if i == 18 { &b"7x"[..] } else { &b"1"[..] })
}

fn long(i: usize) -> Option<&'static [u8]> {
    (14..=25).contains(&i).then_some(if i == 14 {
        "abcdefghijk日x".as_bytes()
    } else {
        &b"ab"[..]
    })
}

fn percent(i: usize) -> Option<&'static [u8]> {
    (14..=25)
        .contains(&i)
        .then_some(if i == 15 { &b"f%b"[..] } else { &b"ab"[..] })
}

fn invalid(i: usize) -> Option<&'static [u8]> {
    (14..=25)
        .contains(&i)
        .then_some(if i == 15 { &b"f\xffb"[..] } else { &b"ab"[..] })
}

/// `fmt` (the old-file format) for May 20 2026 and Feb 1 2026, with `names`.
fn dates(fmt: &'static [u8], names: fn(usize) -> Option<&'static [u8]>, utf8: bool) -> [String; 2] {
    let clock = Clock::with(
        [fmt, b"%b %e %H:%M"],
        utf8,
        Names {
            text: names,
            ..C_NAMES
        },
        true,
    );
    [1_779_278_400, 1_769_904_000].map(|t| {
        let tm = Tz::UTC.localtime(t).unwrap();
        let mut buf = [0u8; LS_MAX];
        let n = clock.strftime(0, &tm, t, 0, &mut buf).unwrap();
        String::from_utf8_lossy(&buf[..n]).into_owned()
    })
}

#[test]
fn month_names_padded_as_gnu() {
    // Padded after the name to the widest by columns (févr.: 5 columns, 6 bytes).
    assert_eq!(
        dates(b"%b %e  %Y", fr, true),
        ["mai   20  2026", "févr.  1  2026"]
    );
    // German's format with the names of fr: only the first %b is padded.
    assert_eq!(
        dates(b"%e. %b %Y ", fr, true),
        ["20. mai   2026 ", " 1. févr. 2026 "]
    );
    assert_eq!(dates(b"%b|%b", fr, true), ["mai  |mai", "févr.|févr."]);
    // In an 8-bit locale a column is a byte.
    assert_eq!(dates(b"%b|", fr, false), ["mai   |", "févr.|"]);
    assert_eq!(
        dates(b"%b %e  %Y", ja, true),
        [" 5月 20  2026", " 2月  1  2026"]
    );
    // Names starting with a digit are padded before.
    assert_eq!(dates(b"%b|", digits, true), ["7x|", " 1|"]);
    // Cut to 12 columns (a wide character that does not fit is left out).
    let clock = Clock::with(
        [b"%b|", b"%b|"],
        true,
        Names {
            text: long,
            ..C_NAMES
        },
        true,
    );
    let tm = Tz::UTC.localtime(1_767_225_600).unwrap();
    let mut buf = [0u8; LS_MAX];
    let n = clock.strftime(0, &tm, 0, 0, &mut buf).unwrap();
    assert_eq!(&buf[..n], "abcdefghijk|".as_bytes());
    // GNU gives up padding for a `%` in any name, and for invalid UTF-8.
    assert_eq!(dates(b"%b|", percent, true), ["ab|", "f%b|"]);
    assert_eq!(dates(b"%b|", invalid, true), ["ab|", "f\u{fffd}b|"]);
    // ... and when a built format would reach 128 bytes.
    // (févr. is 6 bytes: 6 + 122 is 128.)
    let wide: &'static [u8] =
        Box::leak([b"%b".as_slice(), &[b'x'; 122]].concat().into_boxed_slice());
    assert_eq!(dates(wide, fr, true)[0].len(), 3 + 122);
    let fits: &'static [u8] =
        Box::leak([b"%b".as_slice(), &[b'x'; 121]].concat().into_boxed_slice());
    assert_eq!(dates(fits, fr, true)[0].len(), 5 + 121);
}
