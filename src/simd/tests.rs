//! Every kernel this architecture can run (SWAR everywhere; SSE2 and, on a CPU
//! that has it, AVX2 on x86; NEON on aarch64) and the dispatch against the scalar
//! references, on random bytes and on blocks with every byte value at every position.

use super::*;
use crate::*;

fn random(seed: &mut u64, n: usize, alphabet: &[u8]) -> Vec<u8> {
    (0..n)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            if alphabet.is_empty() {
                *seed as u8
            } else {
                alphabet[(*seed % alphabet.len() as u64) as usize]
            }
        })
        .collect()
}

struct Collect(Vec<(usize, Masks)>);
impl Blocks for Collect {
    fn block<K: crate::Kernel>(&mut self, _: &[u8], at: usize, m: &Masks) -> usize {
        self.0.push((at, *m));
        at + 64
    }
}

/// One kernel family, as functions of plain types.
struct Kernel {
    name: &'static str,
    scan: fn(&[u8], usize, &mut Collect) -> usize,
    newlines: fn(&[u8]) -> u64,
    utf8: fn(&[u8; 64]) -> Utf8Masks,
    leads: fn(&[u8; 64], &[u8; 64]) -> [u64; 4],
}

/// Every kernel this architecture can run, the SWAR one on all of them.
fn kernels() -> Vec<Kernel> {
    let mut v = vec![Kernel {
        name: "swar",
        scan: swar::scan::<Collect>,
        newlines: swar::count_newlines,
        utf8: swar::utf8_masks,
        leads: swar::lead_bits,
    }];
    #[cfg(any(
        target_arch = "x86_64",
        all(target_arch = "x86", target_feature = "sse2")
    ))]
    {
        v.push(Kernel {
            name: "sse2",
            scan: x86::scan_sse2::<Collect>,
            newlines: x86::count_newlines_sse2,
            utf8: |b| x86::utf8_masks_sse2(b),
            leads: lead_bits_scalar_64,
        });
        if detect() == crate::simd::AVX2 {
            v.push(Kernel {
                name: "avx2",
                // SAFETY (all four): AVX2, POPCNT, BMI1 and BMI2 detected.
                scan: |b, f, s| unsafe { x86::scan_avx2(b, f, s) },
                newlines: |b| unsafe { x86::count_newlines_avx2(b) },
                utf8: |b| unsafe { x86::utf8_masks_avx2(b) },
                leads: |b, t| unsafe { x86::lead_bits_avx2(b, t) },
            });
        } else {
            eprintln!("no AVX2 on this CPU: its kernels are not tested");
        }
    }
    #[cfg(target_arch = "aarch64")]
    v.push(Kernel {
        name: "neon",
        scan: aarch64::neon::scan::<Collect>,
        newlines: aarch64::neon::count_newlines,
        utf8: aarch64::neon::utf8_masks,
        leads: aarch64::neon::lead_bits,
    });
    v
}

#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "x86", target_feature = "sse2")
))]
fn lead_bits_scalar_64(b: &[u8; 64], t: &[u8; 64]) -> [u64; 4] {
    lead_bits_scalar(b, t)
}

/// Blocks with every byte value, and the UTF-8 edge bytes, at every position.
fn edge_blocks() -> Vec<[u8; 64]> {
    let mut v = vec![];
    let all: Vec<u8> = (0..=255u8).collect();
    for i in 0..4 {
        v.push(all[64 * i..64 * i + 64].try_into().unwrap());
    }
    let edges = [
        0x00, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x1f, 0x20, 0x21, 0x7e, 0x7f, 0x80, 0x8f,
        0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0,
        0xf1, 0xf3, 0xf4, 0xf5, 0xff,
    ];
    for (k, &e) in edges.iter().enumerate() {
        for p in 0..64 {
            let mut b = [edges[(k + 7) % edges.len()]; 64];
            b[p] = e;
            b[(p + 13) % 64] = edges[(k + p) % edges.len()];
            v.push(b);
        }
    }
    v
}

#[test]
fn masks_match_scalar() {
    let ks = kernels();
    let mut seed = 0x9e3779b97f4a7c15;
    for round in 0..200 {
        let alpha: &[u8] = if round % 2 == 0 {
            b""
        } else {
            b"ab \t\n\r\x0c\x0b\x00\x7f\x80\xff~!"
        };
        let n = (round * 37) % 700;
        let buf = random(&mut seed, n, alpha);
        for from in [0, 1, 3] {
            let mut want = Collect(vec![]);
            let end_s = scan_scalar(&buf, from, &mut want);
            for k in &ks {
                let mut got = Collect(vec![]);
                let end = (k.scan)(&buf, from, &mut got);
                assert_eq!((end, &got.0), (end_s, &want.0), "{} round {round}", k.name);
            }
            let mut got = Collect(vec![]);
            assert_eq!(scan(&buf, from, &mut got), end_s);
            assert_eq!(got.0, want.0);
        }
    }
    let edges: Vec<u8> = edge_blocks().concat();
    for k in &ks {
        let (mut got, mut want) = (Collect(vec![]), Collect(vec![]));
        assert_eq!(
            (k.scan)(&edges, 0, &mut got),
            scan_scalar(&edges, 0, &mut want)
        );
        for (g, w) in got.0.iter().zip(&want.0) {
            assert_eq!(g, w, "{}: block {:x?}", k.name, &edges[w.0..w.0 + 64]);
        }
    }
}

#[test]
fn utf8_masks_match_scalar() {
    let ks = kernels();
    let mut seed = 777;
    let mut blocks = edge_blocks();
    for round in 0..500 {
        let buf = random(
            &mut seed,
            64,
            if round % 2 == 0 {
                b""
            } else {
                b"\x80\xbf\xc2\xe0\xed\xf0\xf4a"
            },
        );
        blocks.push(buf.try_into().unwrap());
    }
    for b in &blocks {
        let want = utf8_masks_scalar(b);
        assert_eq!(utf8_masks(b), want);
        for k in &ks {
            assert_eq!((k.utf8)(b), want, "{}: {b:x?}", k.name);
        }
    }
}

#[test]
fn lead_bits_match_scalar() {
    let ks = kernels();
    let mut seed = 4242;
    let mut blocks = edge_blocks();
    for _ in 0..300 {
        blocks.push(random(&mut seed, 64, b"").try_into().unwrap());
    }
    for t in 0..20 {
        let table: Vec<u8> = if t == 0 {
            vec![0xff; 64]
        } else {
            random(&mut seed, 64, b"")
        };
        let table: &[u8; 64] = table.as_slice().try_into().unwrap();
        for buf in &blocks {
            let leads: u64 = (0..64).filter(|&i| buf[i] >= 0xc0).map(|i| 1u64 << i).sum();
            let want = lead_bits_scalar(buf, table);
            let got = lead_bits(buf, table);
            for k in 0..4 {
                assert_eq!(got[k] & leads, want[k]);
            }
            for kern in &ks {
                let got = (kern.leads)(buf, table);
                for k in 0..4 {
                    assert_eq!(got[k] & leads, want[k], "{}", kern.name);
                }
            }
            let (u, lb) = utf8_and_lead_bits(buf, table);
            assert_eq!(u, utf8_masks_scalar(buf));
            for k in 0..4 {
                assert_eq!(lb[k] & leads, want[k]);
            }
        }
    }
}

/// A sink that jumps far past the end (as a buggy consumer might): the scan
/// must stop there, not wrap `at + 64` around and read outside the buffer.
struct Jump(usize, u32);
impl Blocks for Jump {
    fn block<K: crate::Kernel>(&mut self, _: &[u8], _: usize, _: &Masks) -> usize {
        self.1 += 1;
        self.0
    }
}

#[test]
fn scan_stops_at_any_position_past_the_end() {
    let buf = vec![b'a'; 200];
    type Scan = fn(&[u8], usize, &mut Jump) -> usize;
    let mut scans: Vec<(&str, Scan)> = vec![
        ("swar", swar::scan::<Jump>),
        ("scalar", scan_scalar::<Jump>),
    ];
    scans.push(("dispatch", scan::<Jump>));
    #[cfg(any(
        target_arch = "x86_64",
        all(target_arch = "x86", target_feature = "sse2")
    ))]
    {
        scans.push(("sse2", x86::scan_sse2::<Jump>));
        if detect() == crate::simd::AVX2 {
            // SAFETY: AVX2, POPCNT, BMI1 and BMI2 detected.
            scans.push(("avx2", |b, f, s| unsafe { x86::scan_avx2(b, f, s) }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    scans.push(("neon", aarch64::neon::scan::<Jump>));
    for (name, scan) in scans {
        for to in [201, 4096, usize::MAX - 63, usize::MAX - 3, usize::MAX] {
            let mut sink = Jump(to, 0);
            assert_eq!(scan(&buf, 0, &mut sink), to, "{name}");
            assert_eq!(sink.1, 1, "{name}: one block, then the end");
            // Starting past the end: no block at all.
            let mut sink = Jump(0, 0);
            assert_eq!(scan(&buf, to, &mut sink), to, "{name}");
            assert_eq!(sink.1, 0, "{name}");
        }
    }
}

#[test]
fn newlines_match_scalar() {
    let ks = kernels();
    let mut seed = 12345;
    for n in (0..2000).step_by(7).chain([
        40_000,
        70_001,
        131_072,
        255 * 64 + 63,
        255 * 128 + 1,
        255 * 8 * 3,
    ]) {
        let buf = random(
            &mut seed,
            n,
            if n % 3 == 0 {
                b"\n"
            } else if n % 3 == 1 {
                b"\na"
            } else {
                b""
            },
        );
        let want = count_newlines_scalar(&buf);
        for k in &ks {
            assert_eq!((k.newlines)(&buf), want, "{} n={n}", k.name);
            // Unaligned starts.
            if n > 3 {
                assert_eq!(
                    (k.newlines)(&buf[3..]),
                    count_newlines_scalar(&buf[3..]),
                    "{} n={n}",
                    k.name
                );
            }
        }
        assert_eq!(count_newlines(&buf), want);
    }
}
