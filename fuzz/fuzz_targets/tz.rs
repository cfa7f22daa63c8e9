//! TZif files and POSIX TZ strings: parsing and conversion never panic, the broken-down
//! fields stay in range, and for a TZ string the fields are exactly `t + gmtoff`.
#![no_main]
use bareutils::ls::fuzzing::tz::{Tm, Tz};
use libfuzzer_sys::fuzz_target;

/// Days since 1970-01-01 of a proleptic Gregorian date (month 0-based).
fn days_from_civil(year: i64, mon: u8, mday: u8) -> i64 {
    let m = i64::from(mon) + 1;
    let y = if m <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(mday) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `max_sec`: 59 for a TZ string (no leap seconds); for a TZif file, a time that hits
/// a run of consecutive leap records gets one more second per record, as glibc's
/// localtime does, so a crafted file can give 61 and beyond.
fn check_ranges(tm: &Tm, max_sec: u32) {
    assert!(tm.mon < 12 && (1..=31).contains(&tm.mday) && tm.hour < 24 && tm.min < 60);
    assert!(u32::from(tm.sec) <= max_sec && tm.wday < 7 && tm.yday < 366, "{:?}", tm);
}

fn times(data: &[u8]) -> Vec<i64> {
    let mut v = vec![0, -1, 1_700_000_000, -2_208_988_800, 4_102_444_800, 253_402_300_799, i64::from(i32::MIN), 67_768_036_191_676_799];
    for c in data.chunks_exact(8).take(4) {
        v.push(i64::from_le_bytes(c.try_into().unwrap()));
    }
    v
}

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    if kind & 1 == 0 {
        if let Some(tz) = Tz::from_tzif(rest) {
            let tz = if tz.wants_default_rules() { tz.with_default_rules(rest) } else { tz };
            for t in times(rest) {
                if let Some(tm) = tz.localtime(t) {
                    check_ranges(&tm, u32::MAX);
                }
            }
        }
    } else {
        let spec = rest.split(|&b| b == 0).next().unwrap_or(rest);
        let tz = Tz::from_posix(spec);
        let tail = &rest[spec.len().min(rest.len())..];
        for t in times(tail) {
            if let Some(tm) = tz.localtime(t) {
                check_ranges(&tm, 59);
                let local = days_from_civil(tm.year, tm.mon, tm.mday) * 86_400
                    + i64::from(tm.hour) * 3600
                    + i64::from(tm.min) * 60
                    + i64::from(tm.sec);
                assert_eq!(Some(local), t.checked_add(tm.gmtoff), "{:?} at {}", tm, t);
                let wday = (days_from_civil(tm.year, tm.mon, tm.mday) + 4).rem_euclid(7);
                assert_eq!(wday, i64::from(tm.wday));
                assert_eq!(
                    days_from_civil(tm.year, tm.mon, tm.mday) - days_from_civil(tm.year, 0, 1),
                    i64::from(tm.yday)
                );
            }
        }
    }
});
