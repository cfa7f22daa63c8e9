use super::*;

/// Tables of one forward level: `a` weighs 2, `b` 3, `-` is ignored.
fn tiny(buf: &mut [u8; 1024]) -> ([u8; 2], [u8; 8]) {
    for (c, i) in [(b'a', 1i32), (b'b', 3), (b'-', 5)] {
        buf[c as usize * 4..c as usize * 4 + 4].copy_from_slice(&i.to_ne_bytes());
    }
    // Entry 0 ignored; 1: [1] 2; 3: [1] 3; 5: [0].
    ([1, 0], [0, 1, 2, 1, 3, 0, 0, 0])
}

#[test]
fn one_level_keys() {
    let mut table = [0u8; 1024];
    let (rules, weights) = tiny(&mut table);
    let mut sets = rules.to_vec();
    sets.extend_from_slice(&table);
    let items: [&[u8]; 5] = [&sets, &table, &weights, &[], &[]];
    let t = Tables::new(1, |i| items.get(i - 1).copied()).unwrap();
    let k = |s: &[u8]| {
        let mut out = [0u8; 64];
        let n = key(&t, s, 9, 0, &mut out);
        out[..n].to_vec()
    };
    assert_eq!(k(b"ab"), [2, 3, 0]);
    assert_eq!(k(b"a-b"), k(b"ab"));
    assert!(k(b"ab") < k(b"b"));
    assert!(k(b"a") < k(b"ab"));
    // A buffer too short gets what fits and the whole length; a window from
    // byte `skip` on.
    let mut out = [0u8; 1];
    assert_eq!(key(&t, b"ab", 1, 0, &mut out), 3);
    assert_eq!(out, [2]);
    assert_eq!(key(&t, b"ab", 1, 1, &mut out), 3);
    assert_eq!(out, [3]);
    assert_eq!(key(&t, b"ab", 1, 2, &mut out), 3);
    assert_eq!(out, [0]);
}

#[test]
fn refused_tables() {
    let table = [0u8; 1024];
    let new = |n, sets: &[u8]| {
        let sets = [sets, &table].concat();
        let items: [&[u8]; 5] = [&sets, &table, &[], &[], &[]];
        Tables::new(n, |i| items.get(i - 1).copied()).is_some()
    };
    assert!(!new(0, &[]));
    // Level 2's position flag differs between the two rule sets.
    assert!(!new(2, &[1, 4, 1, 1]));
    assert!(new(2, &[1, 5, 1, 4]));
    // A set with a 0 flag is padding.
    assert!(new(2, &[1, 5, 1, 4, 0, 0]));
    assert!(!new(2, &[1, 5, 1, 1, 0, 0]));
}
