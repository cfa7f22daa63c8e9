//! Locale data as glibc writes it, but arbitrary: the archive lookup and the reading
//! of a category file's items never panic, never loop, and whatever they return
//! lies inside the input.
#![no_main]
use bareutils::locale::fuzzing::{archive_lookup, item, string, valid_data, word};
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

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
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
    }
});
