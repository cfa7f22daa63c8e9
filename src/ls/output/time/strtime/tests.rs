//! strftime against GNU `date` and GNU `ls --time-style`, for many conversions,
//! flags, widths, zones and instants.

use super::*;
use crate::ls::output::time::tz::Tz;
use std::process::Command;

fn zone(name: &str) -> Tz<'static> {
    let bytes = std::fs::read(format!("/usr/share/zoneinfo/{name}")).unwrap();
    Tz::from_tzif(Box::leak(bytes.into_boxed_slice())).unwrap()
}

fn ours(fmt: &[u8], tz: &Tz, secs: i64, nsec: u32) -> Vec<u8> {
    let tm = tz.localtime(secs).unwrap();
    let mut out = Vec::new();
    struct V<'v>(&'v mut Vec<u8>);
    impl Sink for V<'_> {
        fn put(&mut self, b: &[u8]) {
            self.0.extend_from_slice(b);
        }
    }
    format(fmt, &tm, secs, nsec, C_NAMES, &mut V(&mut out));
    out
}

/// `@secs.nsec` as date reads it.
fn at(secs: i64, nsec: u32) -> String {
    if secs < 0 && nsec > 0 {
        format!("@-{}.{:09}", -(secs + 1), 1_000_000_000 - nsec)
    } else {
        format!("@{secs}.{nsec:09}")
    }
}

fn gnu_date(fmt: &[u8], tz: &str, secs: i64, nsec: u32) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    let mut arg = b"+".to_vec();
    arg.extend_from_slice(fmt);
    let out = Command::new("date")
        .env("TZ", tz)
        .env("LC_ALL", "C")
        .arg("-d")
        .arg(at(secs, nsec))
        .arg(std::ffi::OsStr::from_bytes(&arg))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "date failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut s = out.stdout;
    assert_eq!(s.pop(), Some(b'\n'));
    s
}

/// Every conversion with a spread of flags, widths and modifiers.
fn big_format() -> Vec<u8> {
    let convs = b"aAbBcCdDeFgGhHIjklmMnNpPqrRsStTuUVwWxXyYzZ%QfEO:";
    let prefixes: &[&str] = &[
        "", "-", "_", "0", "+", "^", "#", "^#", "5", "12", "1", "-5", "_5", "05", "+6", "_10",
        "-12", "^10", "#8", "E", "O", "5E", "_5O", "-O", "^E", "#O", ":", "::", ":::", "::::",
        "_9:", "-3::", "+7:", "O:", "E:",
    ];
    let mut f = Vec::new();
    for &c in convs {
        for p in prefixes {
            if c == b'N' && *p == "-" {
                continue; // date prints %-N unlike ls (nstrftime); ls_time_styles covers it
            }
            f.push(b'%');
            f.extend_from_slice(p.as_bytes());
            f.push(c);
            f.push(b'|');
        }
    }
    f.extend_from_slice(b"%::z%:::z%3:::z%_12:::z%-::z literal % text%");
    f
}

#[test]
fn every_conversion_matches_gnu_date() {
    let fmt = big_format();
    let zones = [
        "UTC",
        "Asia/Kolkata",
        "America/St_Johns",
        "Europe/Amsterdam",
        "Africa/Monrovia",
        "America/Sao_Paulo",
        "Pacific/Kiritimati",
        "right/UTC",
        "Factory",
    ];
    let instants: &[(i64, u32)] = &[
        (0, 0),
        (1_764_680_000, 123_456_789),
        (1_764_680_000, 500_000_000),
        (1_764_720_000, 50_000_000),
        (1_700_000_000, 1),
        (-1, 999_999_999),
        (-1_000_000_000, 0),
        (-2_000_000_000, 100),
        (-62_293_197_000, 0),
        (-62_167_219_200, 0),
        (-62_198_755_200, 7),
        (-66_920_000_000, 0),
        (-200_000_000_000, 0),
        (-65_000_000_000_000, 0),
        (253_402_300_800, 0),
        (327_000_000_000, 0),
        (315_537_897_600, 0),
        (1_230_768_000 + 21, 0),
        (946_684_800, 0),
        (978_307_200, 0),
        (1_104_537_600, 0),
        (1_135_987_200, 0),
        (1_199_145_600, 0),
        (4_102_444_800, 0),
        (951_782_400, 0),
        (1_009_843_200, 42),
        (1_325_376_000 - 43_200, 0),
    ];
    let mut compared = 0;
    for tzname in zones {
        let tz = zone(tzname);
        for &(secs, nsec) in instants {
            let want = gnu_date(&fmt, tzname, secs, nsec);
            let got = ours(&fmt, &tz, secs, nsec);
            if want != got {
                let w: Vec<&[u8]> = want.split(|&b| b == b'|').collect();
                let g: Vec<&[u8]> = got.split(|&b| b == b'|').collect();
                let f: Vec<&[u8]> = fmt.split(|&b| b == b'|').collect();
                for k in 0..w.len().max(g.len()) {
                    if w.get(k) != g.get(k) {
                        panic!(
                            "TZ={tzname} t={secs}.{nsec:09} format {:?}: date {:?}, ours {:?}",
                            String::from_utf8_lossy(f.get(k).copied().unwrap_or(b"")),
                            String::from_utf8_lossy(w.get(k).copied().unwrap_or(b"")),
                            String::from_utf8_lossy(g.get(k).copied().unwrap_or(b"")),
                        );
                    }
                }
            }
            compared += 1;
        }
    }
    assert_eq!(compared, zones.len() * instants.len());
}

#[test]
fn edge_formats_match_gnu_date() {
    let tz = zone("UTC");
    let formats: &[&[u8]] = &[
        b"",
        b"%",
        b"abc%",
        b"%5",
        b"%-5",
        b"%05",
        b"%_",
        b"%E",
        b"%O",
        b"%^",
        b"%5E",
        b"%:",
        b"%::",
        b"%:x",
        b"%10%",
        b"%%%%",
        b"%%%",
        b"plain text",
        b"%99999999999Y"[..6].as_ref(),
        b"%b %e %H:%M",
        b"%b %e  %Y",
        b"%Y-%m-%d %H:%M:%S.%N %z",
        b"%Y-%m-%d %H:%M",
        b"%m-%d %H:%M",
        b"%Y-%m-%d ",
        b"%+%",
        b"%#%",
        b"%O%",
        b"%E%",
        b"\x80\xff%a\xc3\xa9",
        b"%5n",
        b"%_5t",
        b"%-5n",
        b"%05t",
    ];
    for &f in formats {
        for &(secs, nsec) in &[(1_764_680_000i64, 123_456_789u32), (-62_293_197_000, 5)] {
            assert_eq!(
                String::from_utf8_lossy(&ours(f, &tz, secs, nsec)),
                String::from_utf8_lossy(&gnu_date(f, "UTC", secs, nsec)),
                "format {:?}",
                String::from_utf8_lossy(f)
            );
        }
    }
}

/// The date field of `ls -l --time-style=STYLE` on a file with mtime `secs.nsec`.
fn ls_date(style: &str, secs: i64, nsec: u32, tz: &str) -> Vec<u8> {
    static SEQ: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let seq = SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("bareutils-strtime-{}-{seq}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("f");
    std::fs::write(&f, b"").unwrap();
    let ok = Command::new("touch")
        .arg("-d")
        .arg(at(secs, nsec))
        .arg(&f)
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let out = Command::new("ls")
        .env("TZ", tz)
        .env("LC_ALL", "C")
        .arg("-gon")
        .arg(format!("--time-style={style}"))
        .arg("f")
        .current_dir(&dir)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = out.stdout;
    // "-rw-r--r-- 1 0 DATE f\n": the date sits after the third space.
    let mut spaces = 0;
    let start = line
        .iter()
        .position(|&b| {
            spaces += usize::from(b == b' ');
            spaces == 3
        })
        .unwrap()
        + 1;
    assert!(line.ends_with(b" f\n"));
    line[start..line.len() - 3].to_vec()
}

#[test]
fn ls_time_styles_match_gnu_ls() {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let cases: &[(&str, &[u8], &[u8])] = &[
        (
            "full-iso",
            b"%Y-%m-%d %H:%M:%S.%N %z",
            b"%Y-%m-%d %H:%M:%S.%N %z",
        ),
        ("long-iso", b"%Y-%m-%d %H:%M", b"%Y-%m-%d %H:%M"),
        ("iso", b"%Y-%m-%d ", b"%m-%d %H:%M"),
        ("locale", b"%b %e  %Y", b"%b %e %H:%M"),
        (
            "+%A %-d %B %Y, %T.%3N %:z (%Z) %s %j %V %G",
            b"%A %-d %B %Y, %T.%3N %:z (%Z) %s %j %V %G",
            b"",
        ),
        (
            "+%c|%x|%X|%r|%D|%F|%^a%#b%P|%10N|%_5e",
            b"%c|%x|%X|%r|%D|%F|%^a%#b%P|%10N|%_5e",
            b"",
        ),
        (
            "+[%-N][%-ON][%_N][%_ON][%-3N][%1N][%-9N][%_12N][%+4N]",
            b"[%-N][%-ON][%_N][%_ON][%-3N][%1N][%-9N][%_12N][%+4N]",
            b"",
        ),
        ("+%Y-%m-%d\n%m-%d %H:%M", b"%Y-%m-%d", b"%m-%d %H:%M"),
    ];
    for &(style, old_fmt, recent_fmt) in cases {
        for tzname in ["UTC", "Asia/Kolkata", "America/New_York"] {
            let tz = zone(tzname);
            for &(secs, nsec, recent) in &[
                (1_000_000_000i64, 123_456_789u32, false),
                (now - 3600, 987_654_321, true),
                (-2_000_000_000, 1, false),
            ] {
                let fmt = if recent && !recent_fmt.is_empty() {
                    recent_fmt
                } else {
                    old_fmt
                };
                assert_eq!(
                    String::from_utf8_lossy(&ours(fmt, &tz, secs, nsec)),
                    String::from_utf8_lossy(&ls_date(style, secs, nsec, tzname)),
                    "--time-style={style} TZ={tzname} t={secs}"
                );
            }
        }
    }
}

/// Random conversions (flags, widths, modifiers, colons, conversion characters in
/// any order) against GNU date.
#[test]
fn random_conversions_match_gnu_date() {
    let pieces: &[&[u8]] = &[
        b"_", b"-", b"0", b"+", b"^", b"#", b"E", b"O", b":", b"1", b"3", b"9", b"12",
    ];
    let convs = b"aAbBcCdDeFgGhHIjklmMnNpPqrRsStTuUVwWxXyYzZ%:EO09_-^#QfiJ";
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    for (k, tzname) in ["UTC", "America/St_Johns", "Asia/Kolkata", "Factory"]
        .iter()
        .enumerate()
    {
        let tz = zone(tzname);
        for round in 0..5 {
            let mut fmt = Vec::new();
            for _ in 0..300 {
                fmt.push(b'%');
                for _ in 0..next(4) {
                    fmt.extend_from_slice(pieces[next(pieces.len())]);
                }
                fmt.push(convs[next(convs.len())]);
                if fmt.ends_with(b"|%-N") || fmt == b"%-N" {
                    fmt.pop(); // date alone prints exactly `%-N` as `%N`
                    fmt.pop();
                    fmt.push(b'N');
                }
                fmt.push(b'|');
            }
            let secs = [0i64, 1_764_680_000, -62_293_197_000, 253_402_300_800, -1][(k + round) % 5];
            let nsec = [0u32, 123_456_789, 5, 999_999_999, 100_000_000][round];
            let want = gnu_date(&fmt, tzname, secs, nsec);
            let got = ours(&fmt, &tz, secs, nsec);
            if want != got {
                let split = |v: &[u8]| {
                    v.split(|&b| b == b'|')
                        .map(|p| String::from_utf8_lossy(p).into_owned())
                        .collect::<Vec<_>>()
                };
                let (w, g, f) = (split(&want), split(&got), split(&fmt));
                let k = (0..w.len().max(g.len()))
                    .find(|&k| w.get(k) != g.get(k))
                    .unwrap();
                panic!(
                    "TZ={tzname} t={secs} near {:?}: date {:?}, ours {:?}",
                    f.get(k),
                    w.get(k),
                    g.get(k)
                );
            }
        }
    }
}

/// Past 1000 bytes GNU ls prints the seconds instead of the formatted time.
#[test]
fn overlong_time_stamps_fall_back_like_gnu_ls() {
    let tz = zone("UTC");
    let (secs, nsec) = (1_764_680_000i64, 5u32);
    let formats = [
        "%1000Y",
        "%1001Y",
        "%999Yx",
        "%999Yxy",
        "%2147483648Q",
        "%99999999999999999999d",
        "%-5000d",
        "%_1001N",
        "%-1001N",
        "%^#5000%",
        "%1001%",
        "%1000%",
        "%-1001Q",
        "%%1001d",
        "%500Y%500Y",
        "%500Y%501Y",
        "",
        "%1001",
        "%-^1001",
        // A `%` after flags or a width ends a bad conversion and starts the next.
        "%5%%1001H",
        "%-5%%1001H",
        "%E%%1001H",
        "%E%1001H",
        "%5%1001H",
    ];
    for f in formats {
        let mut buf = [0u8; LS_MAX];
        let tm = tz.localtime(secs).unwrap();
        let ours = match format_bounded(f.as_bytes(), &tm, secs, nsec, C_NAMES, &mut buf) {
            Some(n) => buf[..n].to_vec(),
            None => secs.to_string().into_bytes(),
        };
        assert_eq!(
            String::from_utf8_lossy(&ours),
            String::from_utf8_lossy(&ls_date(&format!("+{f}"), secs, nsec, "UTC")),
            "{f}"
        );
    }
}

/// Every `%` followed by two arbitrary bytes, and odd field values, format without
/// panicking, and within LS_MAX when bounded.
#[test]
fn any_short_format_is_safe() {
    let tz = zone("America/St_Johns");
    let mut tm = tz.localtime(-1).unwrap();
    for pass in 0..2 {
        if pass == 1 {
            tm = Tm {
                year: i64::from(i32::MAX) + 1900,
                mon: 200,
                mday: 0,
                hour: 99,
                min: 255,
                sec: 61,
                wday: 9,
                yday: 999,
                isdst: true,
                gmtoff: -i64::from(i32::MAX),
                abbr: b"-",
            };
        }
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let mut buf = [0u8; LS_MAX];
                let n = format_bounded(&[b'%', a, b], &tm, i64::MIN, u32::MAX, C_NAMES, &mut buf)
                    .unwrap();
                assert!(n <= 99, "{a} {b}");
            }
        }
    }
}

#[test]
fn fixed_examples() {
    let tz = Tz::from_posix(b"<+0530>-5:30");
    let f = |fmt: &[u8]| String::from_utf8(ours(fmt, &tz, 1_764_680_000, 120_000_000)).unwrap();
    assert_eq!(
        f(b"%Y-%m-%d %H:%M:%S.%N %z"),
        "2025-12-02 18:23:20.120000000 +0530"
    );
    assert_eq!(f(b"%b %e %H:%M"), "Dec  2 18:23");
    assert_eq!(
        f(b"%-d|%_H|%05Y|%^a|%#Z|%3N|%-3N|%_3N|%:z|%::z|%:::z"),
        "2|18|02025|TUE|+0530|120|12|12 |+05:30|+05:30:00|+05:30"
    );
    assert_eq!(
        f(b"%s %u %w %j %U %W %V %G %g %C %y %q"),
        "1764680000 2 2 336 48 48 49 2025 25 20 25 4"
    );
    assert_eq!(f(b"%Q %5Q %-5% %%"), "%Q   %5Q %-5% %");
}
