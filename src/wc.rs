//! wc: options -> per input: fast path or read loop -> count -> render.

/// Runs wc with its arguments starting at argv[first]; `prog` names it in messages.
pub fn main(_prog: &'static [u8], _first: usize) -> i32 {
    0
}
