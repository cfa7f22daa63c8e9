//! GNU's long double fallback of human_readable: `n * (from / (long double) to)`
//! rounded up, computed exactly as an x87 80-bit extended value rounds.

/// A number `mantissa × 2^exp` with a 64-bit mantissa, as x87 long double holds it.
#[derive(Clone, Copy)]
struct Extended {
    mantissa: u64,
    exp: i32,
}

/// Rounds `v × 2^exp` to a 64-bit mantissa, to nearest with ties to even.
fn round_extended(v: u128, exp: i32) -> Extended {
    if v == 0 {
        return Extended {
            mantissa: 0,
            exp: 0,
        };
    }
    let bits = 128 - v.leading_zeros() as i32;
    if bits <= 64 {
        return Extended {
            mantissa: v as u64,
            exp,
        };
    }
    let shift = bits - 64;
    let mut m = v >> shift;
    let rest = v & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    if rest > half || (rest == half && m & 1 == 1) {
        m += 1;
    }
    if m >> 64 != 0 {
        return Extended {
            mantissa: (m >> 1) as u64,
            exp: exp + shift + 1,
        };
    }
    Extended {
        mantissa: m as u64,
        exp: exp + shift,
    }
}

/// `n * (from / (long double) to)` rounded up to an integer, as GNU's
/// adjust_value(human_ceiling) and "%.0Lf" produce it.
pub(super) fn x87_scaled_ceiling(n: u64, from: u64, to: u64) -> u128 {
    if from == 0 || n == 0 {
        return 0;
    }
    // from / to with a 64-bit mantissa, rounded to nearest (ties to even).
    let from_bits = 64 - from.leading_zeros() as i32;
    let to_bits = 64 - to.leading_zeros() as i32;
    let mut shift = (64 + to_bits - from_bits) as u32;
    let (mut q, mut r) = divide(from, to, shift);
    if q >> 64 != 0 {
        shift -= 1;
        (q, r) = divide(from, to, shift);
    }
    let twice = 2 * r;
    if twice > to as u128 || (twice == to as u128 && q & 1 == 1) {
        q += 1;
    }
    let quotient = round_extended(q, -(shift as i32));
    let product = round_extended(n as u128 * quotient.mantissa as u128, quotient.exp);
    let (m, e) = (product.mantissa as u128, product.exp);
    if e >= 0 {
        return m.checked_shl(e as u32).unwrap_or(u128::MAX);
    }
    let down = (-e) as u32;
    if down >= 64 {
        return 1;
    }
    (m >> down) + (m & ((1u128 << down) - 1) != 0) as u128
}

/// (from << shift) / to and its remainder.
fn divide(from: u64, to: u64, shift: u32) -> (u128, u128) {
    let numerator = (from as u128) << shift;
    (numerator / to as u128, numerator % to as u128)
}
