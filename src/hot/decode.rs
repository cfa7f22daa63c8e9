//! UTF-8 decoding by glibc's `mbrtowc` rules in C.UTF-8 (31-bit UTF-8: overlong forms
//! and surrogates rejected, code points above U+10FFFF accepted in up to 6 bytes).
//! Here, beside wc's counter that decodes in its hot loop; `fmt::unicode` re-exports
//! it for the rest of the binary.

/// Result of decoding the UTF-8 sequence at the start of a byte slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// A character: its code point and the length of its sequence (1..=6 bytes; 5 and 6
    /// only for code points above U+1FFFFF, which glibc accepts).
    Char(u32, usize),
    /// The bytes start no valid sequence: treat the first byte as one invalid byte.
    Invalid,
    /// A valid lead byte followed only by continuation bytes, cut off by the end of the
    /// slice (glibc's `(size_t) -2`). Like glibc, the prefix is not checked for
    /// overlong or surrogate forms until the sequence is complete.
    Incomplete,
}

/// Decodes the sequence at the start of `b` by glibc's `mbrtowc` rules in C.UTF-8.
/// An empty slice is `Incomplete`. Not `#[inline]`: the binary's callers (fmt) then
/// call this one copy rather than compile their own at opt-level "s" (432 bytes;
/// callgrind counts the same instructions for wc and ls -l).
pub fn decode(b: &[u8]) -> Decoded {
    let b0 = match b.first() {
        Some(&b0) => b0,
        None => return Decoded::Incomplete,
    };
    if b0 < 0x80 {
        return Decoded::Char(b0 as u32, 1);
    }
    if b0 < 0xC2 {
        // A continuation byte, or a lead whose every sequence is overlong.
        return Decoded::Invalid;
    }
    if b0 < 0xE0 {
        if b.len() < 2 {
            return Decoded::Incomplete;
        }
        let b1 = b[1];
        if b1 & 0xC0 != 0x80 {
            return Decoded::Invalid;
        }
        return Decoded::Char(((b0 as u32 & 0x1F) << 6) | (b1 as u32 & 0x3F), 2);
    }
    if b0 < 0xF0 {
        if b.len() >= 3 {
            let (b1, b2) = (b[1], b[2]);
            if (b1 & 0xC0 != 0x80) | (b2 & 0xC0 != 0x80) {
                return Decoded::Invalid;
            }
            let cp = ((b0 as u32 & 0x0F) << 12) | ((b1 as u32 & 0x3F) << 6) | (b2 as u32 & 0x3F);
            if cp < 0x800 || (cp & 0xF800) == 0xD800 {
                return Decoded::Invalid;
            }
            return Decoded::Char(cp, 3);
        }
        return long(b, 3, 0x800, b0 & 0x0F);
    }
    if b0 < 0xF8 {
        return long(b, 4, 0x1_0000, b0 & 0x07);
    }
    if b0 < 0xFC {
        return long(b, 5, 0x20_0000, b0 & 0x03);
    }
    if b0 < 0xFE {
        return long(b, 6, 0x400_0000, b0 & 0x01);
    }
    Decoded::Invalid
}

/// The general case: a sequence of `len` bytes whose lead carries `bits`, and whose code
/// point must be at least `min` (shorter forms are overlong).
#[inline]
fn long(b: &[u8], len: usize, min: u32, bits: u8) -> Decoded {
    let have = if b.len() < len { b.len() } else { len };
    let mut cp = bits as u32;
    for &c in &b[1..have] {
        if c & 0xC0 != 0x80 {
            return Decoded::Invalid;
        }
        cp = (cp << 6) | (c as u32 & 0x3F);
    }
    if have < len {
        return Decoded::Incomplete;
    }
    if cp < min || (cp & 0xFFFF_F800) == 0xD800 {
        return Decoded::Invalid;
    }
    Decoded::Char(cp, len)
}
