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
    let Some(digits) = buf.last_chunk_mut::<20>() else {
        return b"";
    };
    let mut start = 24 - u64_dec(v.unsigned_abs(), digits).len();
    if v < 0 {
        start -= 1;
        buf[start] = b'-';
    }
    &buf[start..]
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

/// C's `strtoul` in the C locale, base 10, at `s[i..]`: white space, a sign, then
/// digits. Returns their value (u64::MAX past it), whether it overflowed, whether a
/// `-` came before them, and the index after them; None when there is no digit.
pub fn strtoul(s: &[u8], mut i: usize) -> Option<(u64, bool, bool, usize)> {
    while s
        .get(i)
        .is_some_and(|&b| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
    {
        i += 1;
    }
    let negative = s.get(i) == Some(&b'-');
    if matches!(s.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    let start = i;
    let (mut v, mut overflow) = (0u64, false);
    while let Some(&c) = s.get(i).filter(|c| c.is_ascii_digit()) {
        match v
            .checked_mul(10)
            .and_then(|x| x.checked_add(u64::from(c - b'0')))
        {
            Some(x) => v = x,
            None => (v, overflow) = (u64::MAX, true),
        }
        i += 1;
    }
    (i > start).then_some((v, overflow, negative, i))
}

#[cfg(test)]
mod tests;
