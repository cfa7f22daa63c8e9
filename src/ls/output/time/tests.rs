use super::*;

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
                let s = format_bounded(f, &tm, t, nsec, &mut b).unwrap();
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
