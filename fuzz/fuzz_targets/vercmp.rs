//! filevercmp against a reference written separately from the documented algorithm
//! (gnulib's filevercmp as coreutils 9.1 ships it, then byte order), plus the laws
//! of an order: antisymmetry and transitivity on the triples the input gives.
#![no_main]
use bareutils::ls::fuzzing::vercmp::filevercmp;
use core::cmp::Ordering;
use libfuzzer_sys::fuzz_target;

/// Whether `s` is a whole run of suffixes: (\.[A-Za-z~][A-Za-z0-9~]*)+
fn all_suffixes(s: &[u8]) -> bool {
    let mut i = 0;
    if s.is_empty() {
        return false;
    }
    while i < s.len() {
        if s[i] != b'.' || i + 1 >= s.len() || !(s[i + 1].is_ascii_alphabetic() || s[i + 1] == b'~') {
            return false;
        }
        i += 2;
        while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'~') {
            i += 1;
        }
    }
    true
}

/// Length of the name without its longest suffix run.
fn prefix_len(s: &[u8]) -> usize {
    (0..s.len()).find(|&i| all_suffixes(&s[i..])).unwrap_or(s.len())
}

fn weight(c: Option<u8>) -> i32 {
    match c {
        None => 0,
        Some(c) if c.is_ascii_digit() => 0,
        Some(c) if c.is_ascii_alphabetic() => i32::from(c),
        Some(b'~') => -1,
        Some(c) => i32::from(c) + 256,
    }
}

fn verrev(a: &[u8], b: &[u8]) -> Ordering {
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        // Non-digit part.
        while (i < a.len() && !a[i].is_ascii_digit()) || (j < b.len() && !b[j].is_ascii_digit()) {
            let (x, y) = (weight(a.get(i).copied()), weight(b.get(j).copied()));
            if x != y {
                return x.cmp(&y);
            }
            i += 1;
            j += 1;
        }
        // Digit part, as numbers.
        while a.get(i) == Some(&b'0') {
            i += 1;
        }
        while b.get(j) == Some(&b'0') {
            j += 1;
        }
        let (si, sj) = (i, j);
        while a.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        let (da, db) = (&a[si..i], &b[sj..j]);
        let ord = da.len().cmp(&db.len()).then(da.cmp(db));
        if ord != Ordering::Equal {
            return ord;
        }
    }
    Ordering::Equal
}

fn rank(s: &[u8]) -> u8 {
    match s {
        b"" => 0,
        b"." => 1,
        b".." => 2,
        _ if s[0] == b'.' => 3,
        _ => 4,
    }
}

fn reference(a: &[u8], b: &[u8]) -> Ordering {
    let r = rank(a).cmp(&rank(b));
    if r != Ordering::Equal || rank(a) < 3 {
        return r.then(a.cmp(b));
    }
    let (pa, pb) = (prefix_len(a), prefix_len(b));
    let mut o = verrev(&a[..pa], &b[..pb]);
    if o == Ordering::Equal {
        o = verrev(a, b);
    }
    o.then(a.cmp(b))
}

fuzz_target!(|data: &[u8]| {
    let names: Vec<&[u8]> = data.split(|&b| b == b'/').take(3).collect();
    for x in &names {
        for y in &names {
            let o = filevercmp(x, y);
            assert_eq!(o, reference(x, y), "{:?} vs {:?}", String::from_utf8_lossy(x), String::from_utf8_lossy(y));
            assert_eq!(o, filevercmp(y, x).reverse());
            assert_eq!(o == Ordering::Equal, x == y);
        }
    }
    if let [a, b, c] = names[..] {
        if filevercmp(a, b) != Ordering::Greater && filevercmp(b, c) != Ordering::Greater {
            assert_ne!(filevercmp(a, c), Ordering::Greater, "not transitive");
        }
    }
});
