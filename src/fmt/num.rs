//! Decimal integers into caller buffers.

/// Writes `v` in decimal at the end of `buf` and returns the digits.
pub fn u64_dec(mut v: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    &buf[i..]
}

/// Writes a signed `v` in decimal at the end of `buf` and returns the text.
pub fn i64_dec(v: i64, buf: &mut [u8; 24]) -> &[u8] {
    let mut tmp = [0u8; 20];
    let digits = u64_dec(v.unsigned_abs(), &mut tmp);
    let start = buf.len() - digits.len();
    buf[start..].copy_from_slice(digits);
    if v < 0 {
        buf[start - 1] = b'-';
        &buf[start - 1..]
    } else {
        &buf[start..]
    }
}

/// The number of decimal digits of `v` (1 for 0).
pub fn dec_width(mut v: u64) -> usize {
    let mut n = 1;
    while v >= 10 {
        v /= 10;
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests;
