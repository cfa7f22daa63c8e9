//! The path of the directory being walked: one buffer used as a stack (a child's
//! name is appended, and cut off again when it is done). It starts in static
//! memory and moves to a reservation when a deep tree needs more, so paths grow
//! without bound (they are opened in pieces, see `fds`).

use crate::sys::arena::Exhausted;
use crate::sys::Errno;
use core::ffi::CStr;

/// The reservations tried in turn for the path being walked.
const PATH_SPACE: [usize; 3] = [1 << 30, 64 << 20, 1 << 20];

pub(super) struct Path {
    buf: &'static mut [u8],
    len: usize,
}

impl Path {
    pub(super) fn new() -> Path {
        Path {
            buf: crate::sys::mem::path_start(),
            len: 0,
        }
    }

    /// The path.
    #[inline(always)]
    pub(super) fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    #[inline(always)]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Cuts the path back to its first `len` bytes.
    #[inline(always)]
    pub(super) fn truncate(&mut self, len: usize) {
        self.len = len;
    }

    /// The whole buffer, whose first `len()` bytes are the path (with room for a
    /// NUL after them).
    pub(super) fn buffer(&mut self) -> &mut [u8] {
        self.buf
    }

    /// `path[from..]`.
    #[inline(always)]
    pub(super) fn tail(&self, from: usize) -> &[u8] {
        &self.buf[from..self.len]
    }

    /// `path[from..]` as a C string (a NUL is written after the path).
    #[inline(always)]
    pub(super) fn c_str(&mut self, from: usize) -> Result<&CStr, Errno> {
        let n = self.len;
        self.buf[n] = 0;
        CStr::from_bytes_with_nul(&self.buf[from..=n]).map_err(|_| Errno::INVAL)
    }

    pub(super) fn set(&mut self, p: &[u8]) -> Result<(), Exhausted> {
        self.len = 0;
        self.room(p.len() + 1)?;
        self.buf[..p.len()].copy_from_slice(p);
        self.len = p.len();
        Ok(())
    }

    /// Makes the buffer hold at least `need` bytes: the check here, the move to a
    /// reservation (at most three in a run) apart, in `enlarge`.
    fn room(&mut self, need: usize) -> Result<(), Exhausted> {
        if need <= self.buf.len() {
            return Ok(());
        }
        self.enlarge(need)
    }

    /// Moves the path past the static start, to a reservation of at least `need`
    /// bytes (a smaller one when `ulimit -v` refuses the large one).
    #[cold]
    #[inline(never)]
    fn enlarge(&mut self, need: usize) -> Result<(), Exhausted> {
        let big = PATH_SPACE
            .iter()
            .filter(|&&n| n >= need && n > self.buf.len())
            .find_map(|&n| crate::sys::mem::reserve(n).ok())
            .ok_or(Exhausted)?;
        crate::sys::mem::copy_bytes(&mut big[..self.len], &self.buf[..self.len]);
        self.buf = big;
        Ok(())
    }

    /// Appends `/name` (no slash after a path that ends in one); returns where the
    /// name starts.
    #[inline(never)]
    pub(super) fn push_name(&mut self, name: &[u8]) -> Result<usize, Exhausted> {
        let at = self.grow(name.len())?;
        crate::sys::mem::copy_bytes(&mut self.buf[at..self.len], name);
        Ok(at)
    }

    /// Appends a slash (none after a path that ends in one) and `n` bytes to be
    /// written at the offset returned (with room for a NUL after them).
    #[inline(always)]
    fn grow(&mut self, n: usize) -> Result<usize, Exhausted> {
        let slash = self.len > 0 && self.buf[self.len - 1] != b'/';
        let need = self.len + slash as usize + n + 1;
        self.room(need)?;
        if slash {
            self.buf[self.len] = b'/';
            self.len += 1;
        }
        let at = self.len;
        self.len += n;
        Ok(at)
    }
}
