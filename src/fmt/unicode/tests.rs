use super::*;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::vec::Vec;

/// Bytes around every boundary the decoder cares about.
const EDGE: &[u8] = &[
    0x00, 0x41, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF,
];
/// A shorter set for the deeper positions of long sequences.
const EDGE_SHORT: &[u8] = &[0x41, 0x80, 0x8F, 0x90, 0xBF, 0xC0];

/// A deterministic xorshift generator for the random cases.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// A byte biased toward the ones UTF-8 decoding distinguishes.
    fn byte(&mut self) -> u8 {
        let r = self.next();
        match r % 4 {
            0 => (r >> 8) as u8,
            1 => 0x80 | ((r >> 8) as u8 & 0x3F),
            2 => 0xC0 | ((r >> 8) as u8 & 0x3F),
            _ => EDGE[(r >> 8) as usize % EDGE.len()],
        }
    }
}

fn random_strings(n: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..n)
        .map(|_| {
            let len = 1 + (rng.next() % 8) as usize;
            (0..len).map(|_| rng.byte()).collect()
        })
        .collect()
}

/// Inputs that reach every branch: all 1- and 2-byte strings, every lead and second
/// byte with edge third bytes, and 4- to 6-byte leads with edge continuations
/// (their truncations are among the shorter inputs).
fn structured_inputs() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = Vec::new();
    for a in 0..=255u8 {
        v.push(vec![a]);
        for b in 0..=255u8 {
            v.push(vec![a, b]);
        }
    }
    for a in 0xC0..=0xFFu8 {
        for b in 0..=255u8 {
            for &c in EDGE {
                v.push(vec![a, b, c]);
            }
        }
    }
    for a in 0xF0..=0xFFu8 {
        for &b in EDGE {
            for &c in EDGE_SHORT {
                for &d in EDGE_SHORT {
                    v.push(vec![a, b, c, d]);
                    if a >= 0xF8 {
                        for &e in EDGE_SHORT {
                            v.push(vec![a, b, c, d, e]);
                            if a >= 0xFC {
                                for &f in EDGE_SHORT {
                                    v.push(vec![a, b, c, d, e, f]);
                                    v.push(vec![a, b, c, d, e, f, 0x80]);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    v
}

/// What std's strict (RFC 3629) decoder says about the first character of `b`.
enum Std {
    Char(u32, usize),
    Incomplete,
    Invalid,
}

fn std_first(b: &[u8]) -> Std {
    let valid = match core::str::from_utf8(b) {
        Ok(s) => s,
        Err(e) if e.valid_up_to() > 0 => core::str::from_utf8(&b[..e.valid_up_to()]).unwrap(),
        Err(e) if e.error_len().is_none() => return Std::Incomplete,
        Err(_) => return Std::Invalid,
    };
    let c = valid.chars().next().unwrap();
    Std::Char(c as u32, c.len_utf8())
}

fn check_against_std(b: &[u8]) {
    let got = decode(b);
    match std_first(b) {
        Std::Char(cp, len) => assert_eq!(got, Decoded::Char(cp, len), "{b:02x?}"),
        Std::Incomplete => assert_eq!(got, Decoded::Incomplete, "{b:02x?}"),
        // glibc is looser than std in two ways only: code points above U+10FFFF, and
        // prefixes of overlong/surrogate forms are incomplete until complete.
        Std::Invalid => match got {
            Decoded::Invalid | Decoded::Incomplete => {}
            Decoded::Char(cp, _) => assert!(cp > 0x10_FFFF, "{b:02x?} -> {got:?}"),
        },
    }
}

#[test]
fn decode_agrees_with_std() {
    for b in structured_inputs() {
        check_against_std(&b);
    }
    // Every 3-byte string with a 3-byte lead, and every 4-byte lead's second byte.
    for a in 0xE0..=0xEFu8 {
        for b in 0..=255u8 {
            for c in 0..=255u8 {
                check_against_std(&[a, b, c]);
            }
        }
    }
    for a in 0xF0..=0xF4u8 {
        for b in 0..=255u8 {
            for c in 0x7F..=0xC0u8 {
                for &d in EDGE {
                    check_against_std(&[a, b, c, d]);
                }
            }
        }
    }
    for b in random_strings(200_000) {
        check_against_std(&b);
    }
}

#[test]
fn decode_edges() {
    use Decoded::*;
    let cases: &[(&[u8], Decoded)] = &[
        (b"\x00", Char(0, 1)),
        (b"\x7f", Char(0x7F, 1)),
        (b"\x80", Invalid),
        (b"\xbf", Invalid),
        (b"\xc0\x80", Invalid),
        (b"\xc1\xbf", Invalid),
        (b"\xc2", Incomplete),
        (b"\xc2\x80", Char(0x80, 2)),
        (b"\xc2\x41", Invalid),
        (b"\xdf\xbf", Char(0x7FF, 2)),
        (b"\xe0\x80", Incomplete),
        (b"\xe0\x9f\xbf", Invalid),
        (b"\xe0\xa0\x80", Char(0x800, 3)),
        (b"\xe1\x41", Invalid),
        (b"\xed\x9f\xbf", Char(0xD7FF, 3)),
        (b"\xed\xa0", Incomplete),
        (b"\xed\xa0\x80", Invalid),
        (b"\xed\xbf\xbf", Invalid),
        (b"\xee\x80\x80", Char(0xE000, 3)),
        (b"\xef\xbf\xbf", Char(0xFFFF, 3)),
        (b"\xf0\x8f\xbf\xbf", Invalid),
        (b"\xf0\x90\x80\x80", Char(0x10000, 4)),
        (b"\xf0\x90\x80", Incomplete),
        (b"\xf0\x90\x80\x41", Invalid),
        (b"\xf4\x8f\xbf\xbf", Char(0x10FFFF, 4)),
        (b"\xf4\x90\x80\x80", Char(0x110000, 4)),
        (b"\xf7\xbf\xbf\xbf", Char(0x1FFFFF, 4)),
        (b"\xf8\x87\xbf\xbf\xbf", Invalid),
        (b"\xf8\x88\x80\x80\x80", Char(0x200000, 5)),
        (b"\xf8\x88\x80\x80", Incomplete),
        (b"\xfb\xbf\xbf\xbf\xbf", Char(0x3FFFFFF, 5)),
        (b"\xfc\x83\xbf\xbf\xbf\xbf", Invalid),
        (b"\xfc\x84\x80\x80\x80\x80", Char(0x4000000, 6)),
        (b"\xfd\xbf\xbf\xbf\xbf\xbf", Char(0x7FFFFFFF, 6)),
        (b"\xfd", Incomplete),
        (b"\xfe\x80", Invalid),
        (b"\xff", Invalid),
        (b"", Incomplete),
        (b"a\xff", Char(0x61, 1)),
        (b"\xc3\xa9\xff", Char(0xE9, 2)),
    ];
    for &(b, want) in cases {
        assert_eq!(decode(b), want, "{b:02x?}");
    }
}

#[test]
fn mbswidth_as_gnulib() {
    // Widths GNU ls 9.1 pads owner names with (C, then C.UTF-8).
    for (name, c, utf8) in [
        (&b"root"[..], 4, 4),
        (b"ct\x01l", 3, 3),
        (b"\x7f", 0, 0),
        (b"\xc3\xa9t\xc3\xa9", 5, 3),
        (b"w\xe4\xb8\xadx", 5, 4),
        (b"bad\xffu", 5, 5),
        (b"comb\xcc\x81", 6, 4),
        (b"cut\xe4\xb8", 5, 4),
        (b"a\xc2\x85b", 4, 2),
        (b"\xe2\x80\xa8", 3, 0),
        (b"\xcd\xb8", 2, 1), // U+0378, unassigned: unprintable, not a control
    ] {
        assert_eq!(mbswidth(name, false), c, "C {name:?}");
        assert_eq!(mbswidth(name, true), utf8, "UTF-8 {name:?}");
    }
}

#[test]
fn spot_checks() {
    // (code point, wcwidth, iswprint, iswspace) as glibc 2.36 C.UTF-8 answers.
    let cases: &[(u32, i32, bool, bool)] = &[
        (0x0, 0, false, false),
        (0x9, -1, false, true),
        (0x20, 1, true, true),
        (0x41, 1, true, false),
        (0x7F, -1, false, false),
        (0x85, -1, false, false),
        (0xA0, 1, true, false),
        (0xAD, 1, true, false),
        (0x300, 0, true, false),
        (0x1100, 2, true, false),
        (0x1160, 0, true, false),
        (0x2003, 1, true, true),
        (0x2007, 1, true, false),
        (0x200B, 0, true, false),
        (0x2028, -1, false, true),
        (0x3000, 2, true, true),
        (0x4E00, 2, true, false),
        (0xD7B0, 0, true, false),
        (0xD800, -1, false, false),
        (0xE000, 1, true, false),
        (0xFE0F, 0, true, false),
        (0xFFFD, 1, true, false),
        (0x1F600, 2, true, false),
        (0xE0001, 0, true, false),
        (0x10FFFF, -1, false, false),
        (0x110000, -1, false, false),
        (0x7FFF_FFFF, -1, false, false),
        (u32::MAX, -1, false, false),
    ];
    for &(cp, w, p, s) in cases {
        assert_eq!(
            (width(cp), is_print(cp), is_space(cp)),
            (w, p, s),
            "U+{cp:04X}"
        );
    }
    for cp in [0xA0, 0x2007, 0x202F, 0x2060] {
        assert!(is_nbsp(cp));
    }
    for cp in [0x20, 0x09, 0x2000, 0x2008, 0x205F, 0x3000, 0xFEFF] {
        assert!(!is_nbsp(cp));
    }
}

#[test]
fn tables_are_well_formed() {
    for t in [&WIDTH, &CASE] {
        // Heads in order from U+0000, every segment full but the last.
        assert_eq!(t.heads[0] >> 4, 0);
        assert!(t.heads.windows(2).all(|w| w[0] >> 4 < w[1] >> 4));
        let n = t.heads.len();
        let size = t.segment;
        assert!((n - 1) * size < t.steps.len() && t.steps.len() <= n * size);
        // Every multi-byte step whole inside its segment, every boundary that
        // changes the class before the next head.
        for (j, seg) in t.steps.chunks(size).enumerate() {
            let h = t.heads[j];
            let (mut at, mut prev, mut cur) = (h >> 4, (h >> 2) as u8 & 3, h as u8 & 3);
            let next = t.heads.get(j + 1).map_or(u32::MAX, |h| h >> 4);
            let mut i = 0;
            while i < seg.len() {
                let (c, d) = (seg[i] >> 6, (seg[i] & 63) as u32);
                let step = match d {
                    0 if c == cur => {
                        assert!(seg.len() > i + 1 && seg[i + 1] >= 3);
                        i += 2;
                        if seg[i - 1] % 2 == 1 {
                            (prev, cur) = (cur, prev);
                        }
                        at += seg[i - 1] as u32;
                        assert!(at < next, "segment {j}: U+{at:04X}");
                        continue;
                    }
                    0 => {
                        assert!(seg.len() > i + 2);
                        i += 3;
                        u32::from(seg[i - 2]) | u32::from(seg[i - 1]) << 8
                    }
                    _ => {
                        i += 1;
                        d
                    }
                };
                at += step;
                assert!(c == cur || at < next, "segment {j}: U+{at:04X}");
                (prev, cur) = (cur, c);
            }
        }
    }
    for w in SPACE.windows(2) {
        assert!(w[0][0] <= w[0][1] && w[0][1] < w[1][0]);
    }
}

/// Runs tools/gen_unicode.py with `mode`, feeding `input`, and returns what it
/// writes. Fails the test, saying so, when python3 cannot be run: the tests that
/// ask glibc through it are marked `#[ignore = "needs python3"]` (.ci/run installs
/// it and runs them with `--include-ignored`).
#[track_caller]
pub(crate) fn generator(mode: &str, input: &[u8]) -> Vec<u8> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/gen_unicode.py");
    let mut child = match Command::new("python3")
        .arg(script)
        .arg(mode)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("needs python3 (Debian package python3): {e}"),
    };
    // The script reads all of stdin before writing, so this cannot deadlock.
    child.stdin.take().unwrap().write_all(input).unwrap();
    let mut out = Vec::new();
    child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
    assert!(
        child.wait().unwrap().success(),
        "gen_unicode.py {mode} failed"
    );
    out
}

#[test]
#[ignore = "needs python3"]
fn every_code_point_matches_glibc() {
    let facts = generator("--dump", b"");
    assert_eq!(facts.len(), 0x11_0000);
    for (cp, &f) in facts.iter().enumerate() {
        let cp = cp as u32;
        let want = ((f & 3) as i32 - 1, f & 4 != 0, f & 8 != 0);
        assert_eq!((width(cp), is_print(cp), is_space(cp)), want, "U+{cp:04X}");
        let want = (f & 16 != 0, f & 32 != 0, f & 64 != 0);
        assert_eq!(
            (is_alpha(cp), is_upper(cp), is_lower(cp)),
            want,
            "U+{cp:04X}"
        );
    }
    for cp in [0x11_0000, 0x1F_FFFF, 0x7FFF_FFFF, u32::MAX] {
        assert!(!is_alpha(cp) && !is_upper(cp) && !is_lower(cp));
    }
}

#[test]
#[ignore = "needs python3"]
fn decode_matches_glibc_mbrtowc() {
    let mut inputs = structured_inputs();
    inputs.extend(random_strings(20_000));
    let mut hex = Vec::new();
    for b in &inputs {
        for x in b {
            write!(hex, "{x:02x}").unwrap();
        }
        hex.push(b'\n');
    }
    let out = generator("--mbrtowc", &hex);
    let out = std::str::from_utf8(&out).unwrap();
    let mut lines = out.lines();
    for b in &inputs {
        let line = lines.next().expect("fewer answers than questions");
        let want = match line {
            "-1" => Decoded::Invalid,
            "-2" => Decoded::Incomplete,
            _ => {
                let (n, cp) = line.split_once(' ').unwrap();
                let cp = u32::from_str_radix(cp, 16).unwrap();
                // mbrtowc returns 0 for the null character; it is one byte.
                let n: usize = n.parse().unwrap();
                Decoded::Char(cp, if cp == 0 { 1 } else { n })
            }
        };
        assert_eq!(decode(b), want, "{b:02x?}");
    }
    assert!(lines.next().is_none());
}
