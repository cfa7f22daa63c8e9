//! A timing of the key sort against core's `sort_unstable_by` (ignored: run it
//! with `--ignored --nocapture`).

use super::*;
use std::time::Instant;

fn core_sort(keys: &mut [Key], tie: &dyn Fn(usize, usize) -> Ordering) {
    keys.sort_unstable_by(|a, b| {
        { a.prefix }
            .cmp(&{ b.prefix })
            .then_with(|| tie(a.at(), b.at()))
    });
}

fn time(f: &dyn Fn(&mut [Key]), keys: &[Key], m: usize) -> f64 {
    let mut v = keys.to_vec();
    let mut total = 0.0;
    for chunk in 0..keys.len() / m {
        let r = chunk * m..chunk * m + m;
        v[r.clone()].copy_from_slice(&keys[r.clone()]);
        let t = Instant::now();
        f(&mut v[r]);
        total += t.elapsed().as_secs_f64() * 1e3;
    }
    total
}

#[test]
#[ignore]
fn against_core() {
    let mut s = 0x1234_5678_9abc_def1u64;
    let n = 100_000;
    let vals: Vec<u64> = (0..n).map(|_| super::tests_rng(&mut s)).collect();
    let names: Vec<Vec<u8>> = vals
        .iter()
        .map(|v| format!("file_{:016x}", v).into_bytes())
        .collect();
    type Tie<'a> = Box<dyn Fn(usize, usize) -> Ordering + 'a>;
    let cases: Vec<(&str, Vec<Key>, Tie)> = vec![
        (
            "prefix",
            (0..n).map(|i| Key::new(vals[i], i as u32)).collect(),
            Box::new(|_, _| Ordering::Equal),
        ),
        (
            "tie-u64",
            (0..n).map(|i| Key::new(0, i as u32)).collect(),
            Box::new(|i, j| vals[j].cmp(&vals[i]).then(i.cmp(&j))),
        ),
        (
            "tie-name",
            (0..n)
                .map(|i| Key::new(prefix(&names[i]), i as u32))
                .collect(),
            Box::new(|i, j| bytes_cmp(&names[i], &names[j])),
        ),
    ];
    let count = std::cell::Cell::new(0u64);
    let counting = |i: usize, j: usize| {
        count.set(count.get() + 1);
        vals[j].cmp(&vals[i])
    };
    let keys: Vec<Key> = (0..n).map(|i| Key::new(0, i as u32)).collect();
    for m in [12, 20, 50, 300, 3000, 100_000] {
        let mut v = keys.clone();
        count.set(0);
        v.chunks_mut(m).for_each(|c| core_sort(c, &counting));
        let a = count.replace(0);
        v = keys.clone();
        v.chunks_mut(m).for_each(|c| sort_keys(c, &counting));
        let b = count.get();
        println!(
            "n={m:6} comparisons core {a} own {b} ratio {:.3}",
            b as f64 / a as f64
        );
    }
    for m in [12, 50, 300, 3000, 100_000] {
        for (name, keys, tie) in &cases {
            let (mut a, mut b) = (f64::MAX, f64::MAX);
            for _ in 0..25 {
                a = a.min(time(&|v| core_sort(v, &**tie), keys, m));
                b = b.min(time(&|v| sort_keys(v, &**tie), keys, m));
            }
            println!(
                "n={m:6} {name:10} core {a:8.3} ms  own {b:8.3} ms  ratio {:.3}",
                b / a
            );
        }
    }
}
