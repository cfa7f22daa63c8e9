//! `--hyperlink`: OSC 8 links to `file://HOST/PATH`, as GNU ls 9.1 writes them.
//!
//! `ESC ] 8 ; ; file://HOST PATH BEL`, the name, then `ESC ] 8 ; ; BEL` (9.1 ends both
//! with BEL; later releases use ST). HOST is the hostname and PATH the absolute,
//! canonical path, both percent-encoded: bytes outside `[A-Za-z0-9~._-]` become
//! `%xx` with lowercase hex; `/` is kept in the path (and escaped in the host). A path
//! not starting with `/` gets one inserted. With color, the link sits inside the
//! color: `lc SEQ rc`, link open, name, link close, reset.

use crate::fmt::Sink;

/// The closing OSC 8 (9.1: BEL terminated).
pub const CLOSE: &[u8] = b"\x1b]8;;\x07";

fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'~' | b'.' | b'_' | b'-')
}

/// Writes `bytes` percent-encoded; `keep_slash`: leave `/` as is (for the path).
pub fn percent_encode(out: &mut dyn Sink, bytes: &[u8], keep_slash: bool) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut plain = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if unreserved(b) || (keep_slash && b == b'/') {
            continue;
        }
        out.put(&bytes[plain..i]);
        out.put(&[b'%', HEX[(b >> 4) as usize], HEX[(b & 15) as usize]]);
        plain = i + 1;
    }
    out.put(&bytes[plain..]);
}

/// The opening OSC 8 for `absolute_path` on `host`.
pub fn open(out: &mut dyn Sink, host: &[u8], absolute_path: &[u8]) {
    out.put(b"\x1b]8;;file://");
    percent_encode(out, host, false);
    if absolute_path.first() != Some(&b'/') {
        out.put_byte(b'/');
    }
    percent_encode(out, absolute_path, true);
    out.put_byte(0x07);
}

/// The closing OSC 8.
pub fn close(out: &mut dyn Sink) {
    out.put(CLOSE);
}

#[cfg(test)]
mod tests;
