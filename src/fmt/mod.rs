//! The text vocabulary both applets share, pure: nothing here calls the kernel (the
//! sinks that write, stdout and a stderr message, are in `crate::msg`), so all of it
//! is unit-tested under std. `Sink` is where formatted bytes go; `num` decimal
//! integers; `quote` GNU's quoting styles; `unicode` UTF-8 decoding and character
//! classes and widths (its tables generated into `unicode_tables.rs`); `kind` the
//! file types; `keyword` argmatch's lookup of a word in a (name, value) table.
//! What only ls uses lives in src/ls/ (ls::values, and next to its one stage).

pub mod keyword;
pub mod kind;
pub mod num;
pub mod quote;
pub mod unicode;

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

/// Where formatted bytes go: stdout or a stderr message (`crate::msg`), an arena
/// buffer, a fixed array, or a counter. Formatting functions take `&mut dyn Sink` or `&mut impl Sink`.
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

/// A sink into a fixed buffer: what does not fit is dropped, and `lost` says so.
pub struct Fixed<'b> {
    pub bytes: &'b mut [u8],
    pub len: usize,
    pub lost: bool,
}

impl<'b> Fixed<'b> {
    pub fn new(bytes: &'b mut [u8]) -> Fixed<'b> {
        Fixed {
            bytes,
            len: 0,
            lost: false,
        }
    }

    /// What was kept.
    pub fn text(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl Sink for Fixed<'_> {
    fn put(&mut self, b: &[u8]) {
        let n = b.len().min(self.bytes.len() - self.len);
        self.lost |= n < b.len();
        self.bytes[self.len..self.len + n].copy_from_slice(&b[..n]);
        self.len += n;
    }
}

/// A short text built in place (a word, a quote, an errno text); bytes past its
/// size are dropped.
pub type Buf = heapless::Vec<u8, 64>;

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
