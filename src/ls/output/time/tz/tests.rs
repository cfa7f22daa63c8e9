//! Differential tests: our localtime against glibc's localtime_r (through python3's
//! ctypes) for many zones, TZ strings and instants, comparing every field.

use super::*;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::process::{Command, Stdio};

/// glibc's localtime_r for each `(TZ value or None, instants)`: one line per instant,
/// `year mon mday hour min sec wday yday isdst gmtoff abbr`, or `NULL`.
const ORACLE: &str = r#"
import ctypes, os, sys
libc = ctypes.CDLL(None)
class TM(ctypes.Structure):
    _fields_ = [(n, ctypes.c_int) for n in "sec min hour mday mon year wday yday isdst".split()] + \
               [("gmtoff", ctypes.c_long), ("zone", ctypes.c_char_p)]
libc.localtime_r.restype = ctypes.POINTER(TM)
tm = TM()
out = sys.stdout.buffer
for line in sys.stdin.buffer:
    # glibc reuses an already loaded zone file, even one it modified for posixrules:
    # load another file so that every case starts afresh, as in a new process.
    os.environ["TZ"] = "/usr/share/zoneinfo/Etc/UTC"
    libc.tzset()
    tz, ts = line.rstrip(b"\n").split(b"\t")
    if tz == b"-unset-":
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = tz.decode("latin-1")
    libc.tzset()
    res = []
    for t in ts.split(b","):
        r = libc.localtime_r(ctypes.byref(ctypes.c_long(int(t))), ctypes.byref(tm))
        if not r:
            res.append(b"NULL")
        else:
            res.append(b"%d %d %d %d %d %d %d %d %d %d %s" % (tm.year + 1900, tm.mon, tm.mday, tm.hour,
                       tm.min, tm.sec, tm.wday, tm.yday, tm.isdst, tm.gmtoff, tm.zone))
    out.write(b"\n".join(res) + b"\n")
"#;

fn leak(bytes: Vec<u8>) -> &'static [u8] {
    Box::leak(bytes.into_boxed_slice())
}

fn read(path: &[u8]) -> Option<&'static [u8]> {
    std::fs::read(std::ffi::OsStr::from_bytes(path))
        .ok()
        .map(leak)
}

/// What ls will do: glibc's tzset steps, reading the files named.
fn load(env: Option<&'static [u8]>) -> Tz<'static> {
    if let Some(name) = zone_file(env) {
        let path = if name.starts_with(b"/") {
            name.to_vec()
        } else {
            [ZONEINFO, b"/", name].concat()
        };
        if let Some(tz) = read(&path).and_then(Tz::from_tzif) {
            return tz;
        }
    }
    let tz = Tz::without_file(env);
    if tz.wants_default_rules() {
        if let Some(bytes) = read(&[ZONEINFO, b"/", DEFAULT_RULES].concat()) {
            return tz.with_default_rules(bytes);
        }
    }
    tz
}

fn line(tm: Option<Tm>) -> String {
    match tm {
        None => "NULL".into(),
        Some(t) => format!(
            "{} {} {} {} {} {} {} {} {} {} {}",
            t.year,
            t.mon,
            t.mday,
            t.hour,
            t.min,
            t.sec,
            t.wday,
            t.yday,
            u8::from(t.isdst),
            t.gmtoff,
            String::from_utf8_lossy(t.abbr)
        ),
    }
}

/// A deterministic pseudo-random sequence (xorshift).
fn randoms(seed: u64, n: usize) -> Vec<u64> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .collect()
}

/// Instants worth checking in `tz`: its transitions and neighbours, the instants
/// where our own answer changes (found by bisection over a two-day sweep), year
/// ends, the extremes and random instants.
fn instants(tz: &Tz) -> Vec<i64> {
    let mut v: Vec<i64> = Vec::new();
    if let Zone::File(f) = &tz.zone {
        let offsets = if f.rebase.is_some() {
            f.rule_offsets()
        } else {
            (0, 0)
        };
        for i in 0..f.transition_count() {
            let t = f.transition(i, offsets);
            v.extend([t - 1, t, t + 1]);
        }
        let rec = f.width + 4;
        for i in 0..f.leaps.len() / rec {
            let t = be_time(&f.leaps[i * rec..], f.width);
            v.extend([t - 1, t, t + 1]);
        }
    }
    let key = |t: i64| tz.localtime(t).map(|m| (m.gmtoff, m.isdst, m.abbr));
    let sweeps = [
        (-2_300_000_000i64, -2_000_000_000i64),
        (-400_000_000, 400_000_000),
        (900_000_000, 2_400_000_000),
    ];
    for (from, to) in sweeps {
        let step = 2 * 86400 + 3601;
        let mut t = from;
        while t < to {
            let (mut lo, mut hi) = (t, t + step);
            if key(lo) != key(hi) {
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    if key(mid) == key(lo) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                v.extend([lo - 1, lo, hi, hi + 1]);
            }
            v.push(t);
            t += step;
        }
    }
    for year in [
        1800i64, 1900, 1901, 1969, 1970, 1971, 2000, 2037, 2038, 2039, 2100, 2400, 10000,
    ] {
        let jan1 = (year - 1970) * 31_556_952; // near January 1
        for d in -3..=3 {
            v.push(jan1 + d * 43_200);
        }
    }
    // Around the largest and smallest years glibc can represent.
    for base in [67_768_036_191_676_799i64, -67_768_040_609_740_800] {
        for d in -30..=30 {
            v.push(base + d * 1800);
        }
    }
    v.extend([
        i64::MIN,
        i64::MAX,
        i64::MIN + 1,
        i64::MAX - 1,
        0,
        -1,
        1,
        1 << 31,
        -(1 << 31),
        (1 << 31) - 1,
    ]);
    for r in randoms(0x9e37_79b9_7f4a_7c15, 400) {
        v.push(r as i64);
        v.push((r as i64) >> 28);
        v.push((r as i64) >> 8);
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// Compares every instant of every case with glibc; panics with the first
/// difference of each case that differs.
fn compare(cases: &[Option<&'static str>]) {
    compare_at(cases, instants)
}

fn compare_at(cases: &[Option<&'static str>], instants: fn(&Tz) -> Vec<i64>) {
    let mut input = Vec::new();
    let mut ours = Vec::new();
    for &case in cases {
        let tz = load(case.map(str::as_bytes));
        let ts = instants(&tz);
        input.extend_from_slice(case.unwrap_or("-unset-").as_bytes());
        input.push(b'\t');
        let list: Vec<String> = ts.iter().map(i64::to_string).collect();
        input.extend_from_slice(list.join(",").as_bytes());
        input.push(b'\n');
        ours.push((
            case,
            ts.clone(),
            ts.iter()
                .map(|&t| line(tz.localtime(t)))
                .collect::<Vec<_>>(),
        ));
    }
    let mut child = Command::new("python3")
        .arg("-c")
        .arg(ORACLE)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut glibc = text.lines();
    let mut failures = Vec::new();
    let mut compared = 0;
    for (case, ts, lines) in &ours {
        let mut first = None;
        let mut bad = 0;
        for (t, ours) in ts.iter().zip(lines) {
            let theirs = glibc.next().expect("oracle output ended early");
            compared += 1;
            if theirs != ours {
                bad += 1;
                first.get_or_insert(format!(
                    "TZ={case:?} t={t}: glibc `{theirs}`, ours `{ours}`"
                ));
            }
        }
        if let Some(f) = first {
            failures.push(format!("{f} ({bad} of {} differ)", ts.len()));
        }
    }
    assert!(glibc.next().is_none());
    assert!(compared > 1000);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn zone_files_match_glibc() {
    compare(&[
        Some("America/New_York"),
        Some("Europe/Berlin"),
        Some("Asia/Kolkata"),
        Some("Australia/Lord_Howe"),
        Some("America/Sao_Paulo"),
        Some("Pacific/Apia"),
        Some("UTC"),
        Some("Asia/Jerusalem"),
        Some("America/Nuuk"),
        Some("Africa/Casablanca"),
        Some("Europe/Dublin"),
        Some("America/Santiago"),
        Some("Antarctica/Troll"),
        Some("Pacific/Kiritimati"),
        Some(":Europe/London"),
        Some("/usr/share/zoneinfo/Asia/Tokyo"),
        Some("right/America/New_York"),
        Some("right/UTC"),
        Some("EST5EDT"),
        None,
    ]);
}

#[test]
fn tz_strings_match_glibc() {
    compare(&[
        Some("EST5EDT,M3.2.0,M11.1.0"),
        Some("<+0530>-5:30"),
        Some("CET-1CEST,M3.5.0,M10.5.0/3"),
        Some("AEST-10AEDT,M10.1.0,M4.1.0/3"),
        Some("UTC0"),
        Some("JST-9"),
        Some("IST-2IDT,M3.4.4/26,M10.5.0"),
        Some("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"),
        Some("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1"),
        Some("XXX3YYY2:30,J60/1,J300/25:30"),
        Some("XXX-3YYY,0/0,365/23"),
        Some("XXX-3YYY,59,J59"),
        Some("XXX-13:45YYY-14:45,M9.5.0/2:45,M4.1.0/3:45"),
        Some("ABC5:30:15DEF4:10,M4.5.6/167,M10.1.1/-167"),
        Some("EST5EDT,M2.5.0,M11.5.6"),
        Some("EST5EDT,J1/0,J365/25"),
        Some("EST5EDT,M3.2.0,M11.1.0/-30:15:15"),
        Some("ABC+5:99:99"),
        Some("ABC99999"),
        Some("ABC-30"),
        Some("<ABC1>5<DEF2>4,M1.1.0,M12.5.6"),
    ]);
}

#[test]
fn odd_and_invalid_tz_values_match_glibc() {
    compare(&[
        Some(""),
        Some(":"),
        Some(":UTC"),
        Some("Foo"),
        Some("Foo/Bar"),
        Some("Fo"),
        Some("Foo5"),
        Some("Foo+"),
        Some("ABC3DEF"),
        Some("ABC3DEF,"),
        Some("ABC3DEF2:30"),
        Some("EST5x"),
        Some("EST5EDT,x"),
        Some("EST5EDT,M3.2.0"),
        Some("EST5EDT,M3.2.0x,M11.1.0"),
        Some("EST5EDT,M3.2.0/x,M11.1.0"),
        Some("EST5EDT,M3.2.0/-x,M11.1.0"),
        Some("EST5EDT,M3.2.0/,M11.1.0"),
        Some("EST5EDT,M3.0.0,M11.1.0"),
        Some("EST5EDT,M3.6.0,M11.1.0"),
        Some("EST5EDT,M3.2.7,M11.1.0"),
        Some("EST5EDT,J0,J365"),
        Some("EST5EDT,366,0"),
        Some("EST5EDT,M3.2.0,J0"),
        Some("ABC 5"),
        Some("ABC+ 5DEF"),
        Some("ABC5DEF+ 3,M3.2.0,M11.1.0"),
        Some("<AB>5"),
        Some("<ABC5"),
        Some("EST5EDT,M 3. 2. 0,M11.1.0"),
        Some("EST5EDT,M3.2.0/ 1:-5,M11.1.0/+3"),
        Some("/etc/localtime"),
        Some("/nonexistent/zone"),
        Some("/etc/passwd"),
        Some("Universal"),
        Some("America"),
    ]);
}

/// Zone files in the older formats: version 1 (32-bit data only), and a version 2
/// file cut before its footer.
#[test]
fn version_1_and_footerless_files_match_glibc() {
    let dir = std::env::temp_dir().join(format!("bareutils-tz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ny = std::fs::read("/usr/share/zoneinfo/America/New_York").unwrap();
    let mut v1 = ny.clone();
    v1[4] = 0;
    let data_end = ny.len() - ny.iter().rev().skip(1).position(|&b| b == b'\n').unwrap() - 2;
    let no_footer = ny[..data_end].to_vec();
    let empty_footer = [&ny[..data_end], b"\n\n"].concat();
    let junk_footer = [&ny[..data_end], b"XX"].concat();
    let unterminated_footer = [&ny[..data_end], b"\nCET-1CEST,M3.5.0,M10.5.0/3"].concat();
    let long_footer = [&ny[..data_end], b"\nEST5\nfoo\n"].concat();
    let mut lh = std::fs::read("/usr/share/zoneinfo/Australia/Lord_Howe").unwrap();
    lh[4] = 0;
    let paths = [
        ("v1-new-york", v1),
        ("no-footer-new-york", no_footer),
        ("empty-footer", empty_footer),
        ("junk-footer", junk_footer),
        ("unterminated-footer", unterminated_footer),
        ("long-footer", long_footer),
        ("v1-lord-howe", lh),
    ];
    let mut cases = Vec::new();
    for (name, bytes) in paths {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        cases.push(Some(&*Box::leak(
            p.to_str().unwrap().to_string().into_boxed_str(),
        )));
    }
    compare(&cases);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fixed_examples() {
    let tz = Tz::from_posix(b"CET-1CEST,M3.5.0,M10.5.0/3");
    let tm = tz.localtime(1_711_846_799).unwrap(); // 2024-03-31 00:59:59 UTC
    assert_eq!(
        (tm.year, tm.mon, tm.mday, tm.hour, tm.min, tm.sec),
        (2024, 2, 31, 1, 59, 59)
    );
    assert_eq!((tm.isdst, tm.gmtoff, tm.abbr), (false, 3600, &b"CET"[..]));
    let tm = tz.localtime(1_711_846_800).unwrap();
    assert_eq!(
        (tm.hour, tm.isdst, tm.gmtoff, tm.abbr),
        (3, true, 7200, &b"CEST"[..])
    );
    assert_eq!((tm.wday, tm.yday), (0, 90));
    let utc = Tz::UTC.localtime(-1).unwrap();
    assert_eq!(
        (utc.year, utc.mon, utc.mday, utc.hour, utc.yday, utc.wday),
        (1969, 11, 31, 23, 364, 3)
    );
    assert!(Tz::UTC.localtime(i64::MAX).is_none());
    assert!(Tz::from_tzif(b"TZif2").is_none());
    assert!(Tz::from_tzif(b"not a zone file at all, but long enough to hold a header").is_none());
    assert_eq!(zone_file(None), Some(LOCALTIME));
    assert_eq!(zone_file(Some(b"")), Some(&b"Universal"[..]));
    assert_eq!(zone_file(Some(b":")), None);
    assert_eq!(
        zone_file(Some(b":Europe/Paris")),
        Some(&b"Europe/Paris"[..])
    );
    assert!(Tz::from_posix(b"ABC3DEF").wants_default_rules());
    assert!(!Tz::from_posix(b"ABC3DEF,M3.2.0,M11.1.0").wants_default_rules());
}

/// Every prefix of a real zone file, and every single-byte corruption of a small
/// one, is accepted or rejected without panicking.
#[test]
fn truncated_and_corrupt_files_do_not_panic() {
    let ny = std::fs::read("/usr/share/zoneinfo/America/New_York").unwrap();
    for n in 0..ny.len() {
        if let Some(tz) = Tz::from_tzif(&ny[..n]) {
            let _ = tz.localtime(1_700_000_000);
        }
    }
    let kolkata = std::fs::read("/usr/share/zoneinfo/Asia/Kolkata").unwrap();
    for i in 0..kolkata.len() {
        for b in [0u8, 1, 0x7f, 0xff] {
            let mut bad = kolkata.clone();
            bad[i] = b;
            if let Some(tz) = Tz::from_tzif(&bad) {
                for t in [i64::MIN, -5_000_000_000, 0, 1_700_000_000, i64::MAX] {
                    let _ = tz.localtime(t);
                }
            }
        }
    }
}

/// Random TZ strings, well-formed and not, built from the pieces of the grammar.
#[test]
fn random_tz_strings_match_glibc() {
    let names = [
        "EST", "EDT", "<+0530>", "<-03>", "<AB>", "ab", "XYZW", "<A+1>", "Q",
    ];
    let offsets = [
        "5",
        "-5",
        "+5",
        "05:30",
        "-13:45:15",
        "24",
        "25",
        "99999",
        "0",
        "-0:30",
        "+12:60:60",
        "",
        "+",
        "1:",
        "1::5",
    ];
    let dates = [
        "M3.2.0", "M11.1.0", "M10.5.0", "M4.1.0", "M3.5.6", "M13.1.0", "M1.0.0", "M2.5.0",
        "M12.5.6", "J60", "J1", "J0", "J365", "59", "365", "366", "0", "M3.2", "M 3.2.0", "x", "",
    ];
    let times = [
        "",
        "",
        "/2",
        "/-1",
        "/26",
        "/167:59:59",
        "/-167",
        "/",
        "/x",
        "/0",
        "/-0:30",
        "/24:00:01",
        "/1:2:3",
    ];
    let junk = [
        "", "", "", "", "", "", "", "", "", "", "", "", "x", " ", ",", ".", ":", "5",
    ];
    let mut rng = randoms(0x9e37_79b9_7f4a_7c15, 40_000).into_iter();
    let mut next = move |n: usize| (rng.next().unwrap() % n as u64) as usize;
    let mut cases = Vec::new();
    for _ in 0..800 {
        let pick = |list: &[&str], next: &mut dyn FnMut(usize) -> usize| {
            let a = list[next(list.len())];
            format!("{a}{}", junk[next(junk.len())])
        };
        let mut s = pick(&names, &mut next) + &pick(&offsets, &mut next);
        if next(5) != 0 {
            s += &(pick(&names, &mut next) + &pick(&offsets, &mut next));
            if next(6) != 0 {
                let (d1, t1) = (pick(&dates, &mut next), pick(&times, &mut next));
                let (d2, t2) = (pick(&dates, &mut next), pick(&times, &mut next));
                s += &format!(",{d1}{t1},{d2}{t2}");
            }
        }
        if s.contains('/') && !s.contains(',') {
            continue; // would name a zone file
        }
        cases.push(Some(&*Box::leak(s.into_boxed_str())));
    }
    let few = |_: &Tz| -> Vec<i64> {
        let mut v = vec![
            -3_000_000_000,
            -1,
            0,
            1,
            15_000_000,
            1_000_000_000,
            1_700_000_000,
            1_710_000_000,
            1_720_000_000,
            1_730_000_000,
        ];
        for year in [1971i64, 2000, 2024, 2039] {
            let jan1 = (year - 1970) * 31_556_952;
            for d in (0..366).step_by(5) {
                v.push(jan1 + d * 86_400 + (d * 3_607) % 86_400);
            }
        }
        v
    };
    compare_at(&cases, few);
}
