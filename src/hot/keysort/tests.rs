//! The key sort against std's sort of (prefix, tie-break) pairs: random, sorted,
//! reversed, equal, pipe-organ and saw-tooth inputs of many sizes; the result must
//! be a permutation.

use super::*;

/// A xorshift generator: the same keys on every run.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Sorts keys whose prefixes come from `values` (small ranges, so many equal
/// prefixes go to the tie, itself on a second value per key) and checks the
/// order against the standard library's sort.
fn check(values: &[(u64, u64)]) {
    let tie = |i: usize, j: usize| values[i].1.cmp(&values[j].1);
    let mut keys: Vec<Key> = values
        .iter()
        .enumerate()
        .map(|(i, v)| Key::new(v.0, i as u32))
        .collect();
    sort_keys(&mut keys, &tie);
    let got: Vec<(u64, u64)> = keys.iter().map(|k| values[k.at()]).collect();
    let mut want = values.to_vec();
    want.sort();
    assert_eq!(got, want, "{} keys", values.len());
    let mut seen: Vec<usize> = keys.iter().map(Key::at).collect();
    seen.sort_unstable();
    assert!(
        seen.iter().enumerate().all(|(i, &at)| i == at),
        "not a permutation"
    );
}

#[test]
fn sorts_like_the_reference() {
    let mut state = 0x9e37_79b9_7f4a_7c15;
    for n in [
        0, 1, 2, 3, 7, 19, 20, 21, 33, 64, 65, 100, 511, 1000, 4097, 20_000,
    ] {
        for range in [2, 16, 1 << 40] {
            let random: Vec<(u64, u64)> = (0..n)
                .map(|_| (next(&mut state) % range, next(&mut state) % range))
                .collect();
            check(&random);
            let mut sorted = random.clone();
            sorted.sort();
            check(&sorted);
            sorted.reverse();
            check(&sorted);
        }
        let n64 = n as u64;
        check(&vec![(5, 5); n]);
        let pipe: Vec<(u64, u64)> = (0..n64).map(|i| (i.min(n64 - i), i % 3)).collect();
        check(&pipe);
        let saw: Vec<(u64, u64)> = (0..n64).map(|i| (i % 50, n64 - i)).collect();
        check(&saw);
    }
}
