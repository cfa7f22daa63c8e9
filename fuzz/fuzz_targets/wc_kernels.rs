//! Each wc kernel against its scalar reference on arbitrary bytes: the vector
//! counter (AVX2 where the CPU has it, else or when forced SSE2) against the
//! one-character-at-a-time counter, in C and UTF-8, with and without -L, in one piece
//! and cut in two (the caller carries an unfinished character over); the newline
//! counter against a plain count; the block classifiers against theirs.
#![no_main]
use bareutils::hot;
use bareutils::wc::classes::Classes;
use bareutils::wc::count::{Counter, Counts};
use libfuzzer_sys::fuzz_target;
use std::sync::Mutex;

static CLASSES: Mutex<Option<Box<Classes>>> = Mutex::new(None);

fn run(classes: &mut Classes, utf8: bool, len: bool, pieces: &[&[u8]], scalar: bool) -> (Counts, usize) {
    let mut c = Counter::new(utf8, len, classes);
    let mut carry: Vec<u8> = Vec::new();
    let mut dropped = 0;
    for p in pieces {
        carry.extend_from_slice(p);
        let used = if scalar { c.feed_scalar(&carry) } else { c.feed(&carry) };
        carry.drain(..used);
    }
    dropped += carry.len();
    (c.finish(), dropped)
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, bytes)) = data.split_first() else { return };
    let mut guard = CLASSES.lock().unwrap();
    let classes = guard.get_or_insert_with(|| Box::new(bareutils::wc::classes::new(flags & 8 != 0).unwrap()));
    hot::force_sse2(flags & 4 != 0);
    let utf8 = flags & 1 != 0;
    let len = flags & 2 != 0;
    let cut = if bytes.is_empty() { 0 } else { usize::from(flags >> 4) * bytes.len() / 16 };
    let whole = run(classes, utf8, len, &[bytes], true);
    assert_eq!(run(classes, utf8, len, &[bytes], false), whole, "vector vs scalar");
    let halves = [&bytes[..cut], &bytes[cut..]];
    assert_eq!(run(classes, utf8, len, &halves, false), whole, "cut at {}", cut);
    assert_eq!(hot::count_newlines(bytes), bytes.iter().filter(|&&b| b == b'\n').count() as u64);
    for block in bytes.chunks_exact(64) {
        // A table that differs per entry; bytes below 0xc0 give arbitrary bits (the
        // callers mask them off with the leads), so only the bytes >= 0xc0 compare.
        let mut table = [0u8; 64];
        for (i, t) in table.iter_mut().enumerate() {
            *t = (i as u8).wrapping_mul(flags | 1).rotate_left(u32::from(flags & 7));
        }
        let leads = block.iter().enumerate().fold(0u64, |m, (i, &b)| m | (u64::from(b >= 0xc0) << i));
        let vector = hot::lead_bits(block, &table).map(|m| m & leads);
        assert_eq!(vector, hot::lead_bits_scalar(block, &table));
        assert_eq!(hot::utf8_masks(block), hot::utf8_masks_scalar(block));
    }
    hot::force_sse2(false);
});
