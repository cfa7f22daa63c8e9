//! LS_COLORS on arbitrary text: parsing never panics; an accepted database, written
//! back as `key=\ooo...` entries, parses again to the same sequence for every key.
#![no_main]
use bareutils::ls::fuzzing::colors::{parse, storage_size, Database, Key, Slot, Storage};
use libfuzzer_sys::fuzz_target;

const LABELS: &[&[u8; 2]] = &[
    b"no", b"fi", b"rs", b"di", b"ln", b"mh", b"pi", b"so", b"do", b"bd", b"cd", b"or", b"mi",
    b"su", b"sg", b"ca", b"tw", b"ow", b"st", b"ex", b"lc", b"rc", b"ec", b"cl",
];

fn parsed<'a>(text: &[u8], bytes: &'a mut Vec<u8>, slots: &'a mut Vec<Slot<'a>>) -> Option<Database<'a>> {
    let size = storage_size(text);
    bytes.resize(size.bytes, 0);
    slots.resize(size.slots, Slot::EMPTY);
    parse(text, Storage { bytes, slots }).ok()
}

fuzz_target!(|text: &[u8]| {
    let (mut b1, mut s1) = (Vec::new(), Vec::new());
    let Some(db) = parsed(text, &mut b1, &mut s1) else { return };
    let mut again = Vec::new();
    let mut expect = Vec::new();
    for label in LABELS {
        let key = Key::from_label(**label).expect("label");
        let _ = db.is_colored(key);
        if label == &b"ln" && db.link_as_target() {
            continue;
        }
        if let Some(seq) = db.get(key) {
            again.extend_from_slice(&label[..]);
            again.push(b'=');
            for &c in seq {
                again.extend_from_slice(format!("\\{:03o}", c).as_bytes());
            }
            again.push(b':');
            expect.push((key, seq.to_vec()));
        }
    }
    let _ = db.suffix_sequence(text);
    let (mut b2, mut s2) = (Vec::new(), Vec::new());
    let db2 = parsed(&again, &mut b2, &mut s2).expect("re-encoded database rejected");
    for (key, seq) in expect {
        assert_eq!(db2.get(key), Some(&seq[..]), "key {:?}", key);
    }
});
