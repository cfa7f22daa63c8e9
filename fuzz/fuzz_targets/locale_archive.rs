//! Locale data as glibc writes it, but arbitrary: the archive lookup, the reading
//! of a category file's items, the collation keys built from an LC_COLLATE and the
//! lookups in a message catalog never panic, never loop, and whatever they return
//! lies inside the input; a key's length does not depend on the window it is
//! read through.
#![no_main]
use bareutils::locale::fuzzing::{archive_lookup, catalog_lookup, item, string, valid_data, word};
use bareutils::ls::fuzzing::collate::{key, Tables};
use libfuzzer_sys::fuzz_target;

/// Names an archive may hold (already normalized as the lookup's callers give them).
const NAMES: [&[u8]; 5] = [b"en_US.utf8", b"de_DE", b"C.utf8", b"", b"x"];

fn inside(outer: &[u8], inner: &[u8]) -> bool {
    let (o, i) = (outer.as_ptr() as usize, inner.as_ptr() as usize);
    o <= i && i + inner.len() <= o + outer.len()
}

/// Every item of a category's data, as each accessor reads it.
fn read_items(data: &[u8]) {
    for i in 0..200 {
        if let Some(it) = item(data, i) {
            assert!(inside(data, it));
        }
        if let Some(s) = string(data, i) {
            assert!(inside(data, s) && !s.contains(&0));
        }
        let _ = word(data, i);
    }
}

/// Keys of a few names (some from the input) under an LC_COLLATE's tables.
fn keys(data: &[u8]) {
    let Some(nrules) = word(data, 0) else { return };
    let Some(t) = Tables::new(nrules.min(8), |i| item(data, i)) else { return };
    let tail = &data[data.len().saturating_sub(24)..];
    for name in [&b"abc"[..], b"a-b_c.D", b"\xc3\xa9\xff", b"", tail] {
        let mut whole = [0u8; 4096];
        let n = key(&t, name, 8, 0, &mut whole);
        let mut part = [0u8; 7];
        assert_eq!(key(&t, name, 8, 3, &mut part), n);
        if n <= whole.len() && n >= 10 {
            assert_eq!(part[..], whole[3..10]);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    if kind == 0xff {
        // A message catalog.
        for msgid in [&b""[..], b"total", b"cannot access %s", b"\xff"] {
            if let Some(t) = catalog_lookup(rest, msgid) {
                assert!(inside(rest, t));
            }
        }
        return;
    }
    let cat = usize::from(kind % 13);
    if cat == 6 {
        return;
    }
    if kind & 0x80 == 0 {
        for name in NAMES {
            if let Some(d) = archive_lookup(rest, name, cat) {
                assert!(inside(rest, d));
                read_items(d);
            }
        }
    } else if let Some(d) = valid_data(rest, cat) {
        assert_eq!(d.len(), rest.len());
        read_items(d);
        if cat == 3 {
            keys(d);
        }
    }
});
