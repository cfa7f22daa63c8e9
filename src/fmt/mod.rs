//! Pure formatting: functions from values to bytes. Nothing here touches the kernel,
//! so every function is unit-tested under std.

pub mod colors;
pub mod columns;
pub mod glob;
pub mod keyword;
pub mod kind;
pub mod mode;
pub mod num;
pub mod quote;
pub mod size;
pub mod strtime;
pub mod tz;
pub mod unicode;
pub mod vercmp;

/// `a == b` for byte strings where a `const` item needs it (slice `==` is not const).
pub const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Where formatted bytes go: stdout (`sys::out`), an arena buffer, a fixed array,
/// or a counter. Formatting functions take `&mut dyn Sink` or `&mut impl Sink`.
pub trait Sink {
    fn put(&mut self, bytes: &[u8]);
    fn put_byte(&mut self, b: u8) {
        self.put(&[b]);
    }
}

/// Counts bytes without storing them.
#[derive(Default)]
pub struct Counter(pub usize);

impl Sink for Counter {
    fn put(&mut self, bytes: &[u8]) {
        self.0 += bytes.len();
    }
}

impl<const N: usize> Sink for heapless::Vec<u8, N> {
    /// Bytes past the capacity are dropped (callers size their buffers).
    fn put(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.push(b).is_err() {
                break;
            }
        }
    }
}

/// Standard output as a sink.
pub struct Stdout;

impl Sink for Stdout {
    fn put(&mut self, bytes: &[u8]) {
        crate::sys::out::bytes(bytes);
    }
    fn put_byte(&mut self, b: u8) {
        crate::sys::out::byte(b);
    }
}

/// A stderr message as a sink.
impl Sink for crate::sys::err::Line {
    fn put(&mut self, bytes: &[u8]) {
        self.push(bytes);
    }
}
