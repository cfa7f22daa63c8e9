//! The counter's block path against its byte-at-a-time step (`feed_scalar`) on
//! random text with test classes: with the kernels in use, with SSE2 forced and with
//! SWAR forced; and the restricted second bytes of E0, ED, F0 and F4 in blocks.

use super::*;

/// Classes for the tests, which compare the block path with the scalar one
/// (the real ones, from fmt::unicode, are the binary's: tests/wc.rs compares
/// with GNU): whole runs of 64 code points share a class (so that the lead
/// summaries of `Classes` take effect), a quarter of the runs are mixed.
fn test_class(cp: u32) -> u8 {
    let run = (cp >> 6).wrapping_mul(0x9e37_79b1) >> 24;
    let h = if run & 3 == 0 {
        cp.wrapping_mul(0x85eb_ca6b) >> 24
    } else {
        run
    };
    crate::classes::class(
        h & 1 != 0 || run & 3 != 0,
        (h >> 1 & 3) as i32 - 1,
        h & 24 == 8,
    )
}

/// A zeroed class table of its own (leaked: a test's cache lives to the end).
fn table() -> &'static mut [u8; crate::classes::TABLE] {
    let v = vec![0u8; crate::classes::TABLE].into_boxed_slice();
    Box::leak(v.try_into().unwrap())
}

fn rng(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Text from pieces that exercise every class, multi-byte characters included.
fn text(seed: &mut u64, n: usize) -> Vec<u8> {
    let pieces: &[&[u8]] = &[
        b"a",
        b"word",
        b" ",
        b"\t",
        b"\n",
        b"\r",
        b"\x0c",
        b"\x0b",
        b"\x00",
        b"\x01",
        b"\x7f",
        b"\xff",
        b"\x80",
        "é".as_bytes(),
        "日本".as_bytes(),
        "\u{a0}".as_bytes(),
        "\u{3000}".as_bytes(),
        "\u{2003}".as_bytes(),
        "\u{301}".as_bytes(),
        "\u{1f600}".as_bytes(),
        "\u{85}".as_bytes(),
        b"\xe6\x97",
        b"\xf0\x9f",
        b"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        b"   ",
    ];
    let mut v = Vec::new();
    while v.len() < n {
        let r = rng(seed);
        // Mostly ASCII runs, so that whole ASCII blocks occur.
        if !r.is_multiple_of(4) {
            let ascii = [0usize, 1, 2, 4, 23, 24];
            v.extend_from_slice(pieces[ascii[(r >> 8) as usize % ascii.len()]]);
        } else {
            v.extend_from_slice(pieces[(r >> 8) as usize % pieces.len()]);
        }
    }
    v
}

/// Well-formed UTF-8 (so that blocks take the mask path), optionally with a
/// rare corrupted byte; characters of ordinary and mixed 64-code-point runs.
fn valid_text(seed: &mut u64, n: usize, corrupt: bool) -> Vec<u8> {
    let chars: &[char] = &[
        'a',
        'b',
        ' ',
        '\n',
        '\t',
        '\r',
        'é',
        'ж',
        'Ω',
        '日',
        '本',
        '語',
        '한',
        '\u{3000}',
        '\u{a0}',
        '\u{2003}',
        '\u{2007}',
        '\u{2060}',
        '\u{301}',
        '\u{85}',
        '\u{378}',
        '\u{200b}',
        '\u{1f600}',
        '\u{10348}',
        '\u{feff}',
        '\u{fffd}',
        '\u{ff21}',
        '\u{e000}',
        '\u{d7ff}',
        '\u{800}',
        '\u{7ff}',
        '\u{80}',
        '\u{10ffff}',
        '\u{2028}',
        '\x01',
        '\x7f',
        '\0',
        '\x0c',
        '\x0b',
    ];
    let mut v = Vec::new();
    while v.len() < n {
        let r = rng(seed);
        let c = chars[(r >> 8) as usize % chars.len()];
        let mut b = [0u8; 4];
        v.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
        if r.is_multiple_of(7) {
            v.extend_from_slice(b"plain ascii words here ");
        }
        if corrupt && r.is_multiple_of(997) {
            let k = v.len() - 1;
            v[k] = (r >> 40) as u8;
        }
    }
    v
}

/// Feeds `data` in pieces of the given sizes, carrying cut-off characters.
fn run(data: &[u8], utf8: bool, len: bool, cuts: &[usize], scalar: bool) -> Counts {
    let mut classes = Classes::new(test_class, table());
    let mut c = Counter::new(utf8, len, &mut classes);
    let mut pending: Vec<u8> = Vec::new();
    let mut at = 0;
    let mut k = 0;
    while at < data.len() {
        let n = cuts[k % cuts.len()].max(1).min(data.len() - at);
        k += 1;
        pending.extend_from_slice(&data[at..at + n]);
        at += n;
        let used = if scalar {
            c.feed_scalar(&pending)
        } else {
            c.feed(&pending)
        };
        pending.drain(..used);
    }
    c.finish()
}

#[test]
fn blocks_match_scalar_on_random_text() {
    blocks_match_scalar(0x1234_5678_9abc_def1);
}

#[test]
fn sse2_blocks_match_scalar_on_random_text() {
    let _one = crate::FORCED.lock();
    crate::force_sse2(true);
    blocks_match_scalar(0x0fed_cba9_8765_4321);
    crate::force_sse2(false);
}

/// The SWAR kernels (production on arm, riscv64, powerpc64, s390x) on every
/// architecture.
#[test]
fn swar_blocks_match_scalar_on_random_text() {
    let _one = crate::FORCED.lock();
    crate::force_swar(true);
    blocks_match_scalar(0x5a5a_1234_0f0f_9876);
    restricted_second_bytes();
    crate::force_swar(false);
}

fn blocks_match_scalar(mut seed: u64) {
    for round in 0..300 {
        let n = (rng(&mut seed) % 3000) as usize;
        let data = match round % 5 {
            0 if round % 25 == 5 => valid_text(&mut seed, 200_000, false),
            0 if round % 25 == 10 => valid_text(&mut seed, 200_000, true),
            0 => (0..n).map(|_| rng(&mut seed) as u8).collect(),
            1 | 2 => valid_text(&mut seed, n, round % 5 == 2),
            _ => text(&mut seed, n),
        };
        let cuts = [
            1 + (rng(&mut seed) % 300) as usize,
            64,
            1 + (rng(&mut seed) % 7) as usize,
        ];
        for utf8 in [false, true] {
            for len in [false, true] {
                let want = run(&data, utf8, len, &[usize::MAX], true);
                assert_eq!(
                    run(&data, utf8, len, &cuts, false),
                    want,
                    "round {round} utf8 {utf8} len {len}"
                );
                assert_eq!(run(&data, utf8, len, &[usize::MAX], false), want);
                assert_eq!(run(&data, utf8, len, &cuts, true), want);
                if utf8 && !len {
                    let mut classes = Classes::new(test_class, table());
                    let mut c = Counter::with_words(true, false, false, &mut classes);
                    let used = c.feed(&data);
                    let mut got = c.finish();
                    let _ = used;
                    got.words = want.words;
                    let mut w = run(&data, utf8, len, &[usize::MAX], false);
                    w.words = want.words;
                    assert_eq!(got, w, "chars only, round {round}");
                }
            }
        }
    }
}

#[test]
fn restricted_second_bytes_in_blocks() {
    restricted_second_bytes();
}

fn restricted_second_bytes() {
    // Each sequence inside an otherwise valid, non-ASCII block, at every offset.
    let seqs: &[&[u8]] = &[
        b"\xe0\x80\x80",
        b"\xe0\x9f\xbf",
        b"\xe0\xa0\x80",
        b"\xed\x9f\xbf",
        b"\xed\xa0\x80",
        b"\xed\xbf\xbf",
        b"\xf0\x80\x80\x80",
        b"\xf0\x8f\xbf\xbf",
        b"\xf0\x90\x80\x80",
        b"\xf4\x8f\xbf\xbf",
        b"\xf4\x90\x80\x80",
        b"\xf5\x80\x80\x80",
        b"\xc0\xaf",
        b"\xc1\xbf",
        b"\xc2\x80",
        b"\xf8\x88\x80\x80\x80",
    ];
    for seq in seqs {
        for off in 0..70 {
            let mut data = "é".repeat(off).into_bytes();
            data.truncate(off);
            if data.last().is_some_and(|&b| b == 0xc3) {
                data.pop();
                data.push(b'x');
            }
            data.extend_from_slice(seq);
            data.extend_from_slice("日本語 テキスト é ".repeat(8).as_bytes());
            for len in [false, true] {
                let want = run(&data, true, len, &[usize::MAX], true);
                assert_eq!(
                    run(&data, true, len, &[usize::MAX], false),
                    want,
                    "{seq:x?} at {off}"
                );
            }
        }
    }
}
