//! Sizes and block counts as ls prints them: gnulib's human_readable (always rounding
//! up, as ls asks) and the SIZE syntax of `--block-size`, LS_BLOCK_SIZE, BLOCK_SIZE and
//! BLOCKSIZE.
//!
//! - `-h`: powers of 1024 with `K M G T P E Z Y`; `--si`: powers of 1000 with
//!   `k M G …`. Below 10 one decimal is shown (`1.1K`), from 10 on a whole number.
//! - `--block-size=SIZE`: values are divided by SIZE and rounded up. A SIZE without
//!   digits (`K`, `KB`, `KiB`, `MB`…) also prints its unit after each value
//!   (`2K`, `5kB`, `3KiB`); `1K` prints bare numbers. `human-readable` and `si` (or a
//!   prefix) mean `-h` and `--si`; a leading `'` asks for digit grouping, which
//!   prints nothing in the C and C.UTF-8 locales (no thousands separator).
//! - An installed LC_NUMERIC gives the decimal point (used when 1 to 16 bytes long),
//!   the thousands separator (when at most 16 bytes) and the grouping (group sizes
//!   from the right, the last one repeated, 127 or more: no further groups).
//! - Like GNU, a value that does not divide evenly (`--block-size=1000` for 512-byte
//!   blocks) is computed in x87 long double arithmetic; we reproduce its rounding.

/// What a SIZE without digits prints after each scaled value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Suffix {
    /// Plain numbers.
    None,
    /// The unit letter, powers of 1024: `K` → `2K`.
    Letter,
    /// Letter and `B`, powers of 1000: `KB` → `5kB`, `MB` → `3MB`.
    DecimalBytes,
    /// Letter, `i` and `B`, powers of 1024: `KiB` → `3KiB`.
    BinaryBytes,
}

/// An output block size with its printing options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BlockSize {
    /// Some(1024) for `-h`, Some(1000) for `--si`: choose a unit per value.
    pub human: Option<u32>,
    /// Bytes per output unit (1 with `human`).
    pub factor: u64,
    pub suffix: Suffix,
    /// A leading `'`: group thousands (no visible effect in C/C.UTF-8).
    pub grouping: bool,
}

impl BlockSize {
    /// Plain units of `factor` bytes (`-k` is `plain(1024)`).
    pub const fn plain(factor: u64) -> BlockSize {
        BlockSize {
            human: None,
            factor,
            suffix: Suffix::None,
            grouping: false,
        }
    }
    /// `-h`.
    pub const HUMAN: BlockSize = BlockSize {
        human: Some(1024),
        factor: 1,
        suffix: Suffix::None,
        grouping: false,
    };
    /// `--si`.
    pub const SI: BlockSize = BlockSize {
        human: Some(1000),
        factor: 1,
        suffix: Suffix::None,
        grouping: false,
    };
}

/// C's values (for a cell that could not be set: never, in one thread).
static C_NUMERIC: Numeric = Numeric {
    point: b".",
    sep: b"",
    grouping: b"",
};

/// The LC_NUMERIC values human_readable uses.
pub struct Numeric {
    pub point: &'static [u8],
    pub sep: &'static [u8],
    pub grouping: &'static [u8],
}

impl Numeric {
    /// C, POSIX and C.UTF-8.
    #[cfg(test)]
    pub const C: Numeric = Numeric {
        point: b".",
        sep: b"",
        grouping: b"",
    };

    /// The locale's values, as gnulib's human_readable takes them (read once).
    pub fn current() -> &'static Numeric {
        static READ: crate::sys::once::Once<Numeric> = crate::sys::once::Once::unset();
        if let Some(n) = READ.get_ref() {
            return n;
        }
        READ.set(Numeric::read());
        READ.get_ref().unwrap_or(&C_NUMERIC)
    }

    fn read() -> Numeric {
        let item = |i| crate::locale::string(crate::locale::NUMERIC, i).unwrap_or_default();
        let (point, sep) = (item(0), item(1));
        Numeric {
            point: if (1..=16).contains(&point.len()) {
                point
            } else {
                b"."
            },
            sep: if sep.len() <= 16 { sep } else { b"" },
            grouping: item(2),
        }
    }
}

/// The longest text `render` builds: 39 digits, 38 separators of 16 bytes, a
/// decimal point of 16, a digit and the unit.
pub const LONGEST: usize = 680;

/// The default block size for `-s` and `total` without options or environment:
/// 1024, or 512 when POSIXLY_CORRECT is set.
pub fn default_block_size(posixly_correct: bool) -> BlockSize {
    BlockSize::plain(if posixly_correct { 512 } else { 1024 })
}

/// Why a SIZE was refused; each has its GNU message:
/// `invalid --block-size argument 'X'`, `invalid suffix in --block-size argument 'X'`,
/// `--block-size argument 'X' too large` (ls exits with status 2).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BlockSizeError {
    Invalid,
    InvalidSuffix,
    TooLarge,
}

/// Parses a `--block-size` argument; None when GNU refuses it.
#[cfg(test)] // used by the tests only
pub fn parse_block_size(s: &[u8]) -> Option<BlockSize> {
    parse_block_size_checked(s).ok()
}

/// Parses a `--block-size` argument, telling which message GNU gives for a bad one.
pub fn parse_block_size_checked(s: &[u8]) -> Result<BlockSize, BlockSizeError> {
    let (bs, err) = interpret(s);
    match err {
        Some(e) => Err(e),
        None if bs.factor == 0 => Err(BlockSizeError::Invalid),
        None => Ok(bs),
    }
}

/// The block size ls ends up with for an environment value (the first of
/// LS_BLOCK_SIZE, BLOCK_SIZE, BLOCKSIZE that is set, even if empty). GNU never
/// complains here, and keeps what its parser stored: `1X` means 1-byte blocks, a
/// value that is invalid or zero means the default.
pub fn block_size_from_env(value: &[u8], posixly_correct: bool) -> BlockSize {
    let (bs, err) = interpret(value);
    let bs = if err.is_some() {
        BlockSize::plain(bs.factor)
    } else {
        bs
    };
    if bs.factor == 0 {
        default_block_size(posixly_correct)
    } else {
        bs
    }
}

/// GNU's humblock: the block size and options it stores, and its error, if any. On
/// an error the factor is what the number parser left (0 when it stored nothing).
fn interpret(s: &[u8]) -> (BlockSize, Option<BlockSizeError>) {
    let (grouping, s) = match s {
        [b'\'', rest @ ..] => (true, rest),
        _ => (false, s),
    };
    if let Some(human) = human_word(s) {
        return (BlockSize { grouping, ..human }, None);
    }
    let (factor, err) = parse_size(s);
    if factor == 0 {
        // GNU replaces a zero block size by the default and calls it invalid.
        return (BlockSize::plain(0), Some(BlockSizeError::Invalid));
    }
    if err.is_some() {
        return (BlockSize::plain(factor), err);
    }
    let mut suffix = Suffix::None;
    if !s.iter().any(u8::is_ascii_digit) {
        // A bare unit: print it after the values.
        let last = s.last().copied();
        let before = s.len().checked_sub(2).map(|i| s[i]);
        suffix = match (last == Some(b'B'), before == Some(b'i')) {
            (false, _) => Suffix::Letter,
            (true, true) => Suffix::BinaryBytes,
            (true, false) => Suffix::DecimalBytes,
        };
    }
    (
        BlockSize {
            human: None,
            factor,
            suffix,
            grouping,
        },
        None,
    )
}

/// `human-readable` or `si`, or an unambiguous prefix of one.
fn human_word(s: &[u8]) -> Option<BlockSize> {
    if s.is_empty() {
        return None;
    }
    if b"human-readable".starts_with(s) {
        Some(BlockSize::HUMAN)
    } else if b"si".starts_with(s) {
        Some(BlockSize::SI)
    } else {
        None
    }
}

/// xstrtoumax(s, base 0, suffixes "eEgGkKmMpPtTYZ0"): the value it stores (0 when
/// none) and its error.
#[inline(never)]
fn parse_size(s: &[u8]) -> (u64, Option<BlockSizeError>) {
    // (A `-` after the blanks starts no number, and is no unit: refused below.)
    let (i, mut value, mut overflow, end) = parse_c_number(s);
    let rest = if end == i {
        // No number: a valid unit alone means one of it.
        match s.first() {
            Some(c) if b"eEgGkKmMpPtTYZ0".contains(c) => {
                value = 1;
                s
            }
            _ => return (0, Some(BlockSizeError::Invalid)),
        }
    } else {
        &s[end..]
    };
    if let Some(&unit) = rest.first() {
        if !b"eEgGkKmMpPtTYZ0".contains(&unit) {
            return (value, Some(BlockSizeError::InvalidSuffix));
        }
        let (base, len): (u64, usize) = match rest.get(1) {
            Some(b'i') if rest.get(2) == Some(&b'B') => (1024, 3),
            Some(b'B') | Some(b'D') => (1000, 2),
            _ => (1024, 1),
        };
        let power = match unit {
            b'k' | b'K' => 1,
            b'M' | b'm' => 2,
            b'G' | b'g' => 3,
            b'T' | b't' => 4,
            b'P' => 5,
            b'E' => 6,
            b'Z' => 7,
            b'Y' => 8,
            _ => return (value, Some(BlockSizeError::InvalidSuffix)),
        };
        for _ in 0..power {
            match value.checked_mul(base) {
                Some(v) => value = v,
                None => {
                    value = u64::MAX;
                    overflow = true;
                }
            }
        }
        if rest.len() > len {
            return (value, Some(BlockSizeError::InvalidSuffix));
        }
    }
    (value, overflow.then_some(BlockSizeError::TooLarge))
}

/// strtoumax(s, base 0) without its minus sign: blanks and a `+` skipped, then `0x`
/// hex, leading-0 octal, else decimal. Returns where the number starts (after the
/// blanks and the sign), the value (saturated), whether it overflowed, and where the
/// digits end (the start if none). One copy for the SIZE and the integer arguments.
#[inline(never)]
pub fn parse_c_number(s: &[u8]) -> (usize, u64, bool, usize) {
    let mut i = 0;
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r') {
        i += 1;
    }
    if s.get(i) == Some(&b'+') {
        i += 1;
    }
    let (radix, start) = match (s.get(i), s.get(i + 1)) {
        (Some(b'0'), Some(b'x' | b'X')) if s.get(i + 2).is_some_and(u8::is_ascii_hexdigit) => {
            (16, i + 2)
        }
        (Some(b'0'), _) => (8, i),
        _ => (10, i),
    };
    let mut value: u64 = 0;
    let mut overflow = false;
    let mut j = start;
    while let Some(d) = s.get(j).and_then(|&c| (c as char).to_digit(radix)) {
        match value
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d as u64))
        {
            Some(v) => value = v,
            None => {
                overflow = true;
                value = u64::MAX;
            }
        }
        j += 1;
    }
    (i, value, overflow, j)
}

/// `value` units of `from_unit` bytes in `bs` units (rounded up), with the unit
/// letters `bs` asks for and the locale's decimal point and grouping, built in
/// `buf`. `from_unit` is 512 for st_blocks and 1 for st_size.
pub fn scaled<'a>(
    value: u64,
    from_unit: u64,
    bs: &BlockSize,
    buf: &'a mut [u8; LONGEST],
) -> &'a [u8] {
    render(value, from_unit, bs, Numeric::current(), buf)
}

const UNIT_LETTERS: &[u8; 8] = b"KMGTPEZY";
const MAX_EXPONENT: u32 = 8;

/// Text built from its end towards its start.
struct Backwards<'a> {
    buf: &'a mut [u8; LONGEST],
    start: usize,
}

impl Backwards<'_> {
    fn push(&mut self, b: u8) {
        self.start -= 1;
        self.buf[self.start] = b;
    }
    fn push_all(&mut self, bytes: &[u8]) {
        for &b in bytes.iter().rev() {
            self.push(b);
        }
    }
    /// The digits of `v`, with `sep` between the groups `grouping` gives.
    fn push_decimal(&mut self, mut v: u128, mut grouping: &[u8], sep: &[u8]) {
        let mut size = usize::MAX;
        let mut next = |size: &mut usize| {
            if let Some((&g, rest)) = grouping.split_first() {
                *size = if g < 127 { usize::from(g) } else { usize::MAX };
                grouping = rest;
            }
            *size
        };
        let mut left = next(&mut size);
        loop {
            self.push(b'0' + (v % 10) as u8);
            v /= 10;
            if v == 0 {
                break;
            }
            left -= 1;
            if left == 0 {
                self.push_all(sep);
                left = next(&mut size);
            }
        }
    }
}

/// The value scaled exactly in integers: whole units, tenths, and where the rest
/// lies (0: nothing, 1: under half a tenth, 2: exactly half, 3: over half).
struct Exact {
    amount: u64,
    tenths: u32,
    rounding: u32,
}

/// GNU's integer paths: when one block size is a multiple of the other.
fn scale_exactly(n: u64, from: u64, to: u64) -> Option<Exact> {
    if to <= from {
        if !from.is_multiple_of(to) {
            return None;
        }
        let amount = n.checked_mul(from / to)?;
        return Some(Exact {
            amount,
            tenths: 0,
            rounding: 0,
        });
    }
    if from == 0 || !to.is_multiple_of(from) {
        return None;
    }
    let d = (to / from) as u128;
    let r10 = (n as u128 % d) * 10;
    let r2 = (r10 % d) * 2;
    let rounding = if r2 < d {
        (r2 > 0) as u32
    } else {
        2 + (d < r2) as u32
    };
    Some(Exact {
        amount: (n as u128 / d) as u64,
        tenths: (r10 / d) as u32,
        rounding,
    })
}

/// Builds the text at the end of `buf` and returns it.
fn render<'a>(
    n: u64,
    from: u64,
    bs: &BlockSize,
    num: &Numeric,
    buf: &'a mut [u8; LONGEST],
) -> &'a [u8] {
    let grouping = if bs.grouping { num.grouping } else { b"" };
    let base: u64 = match (bs.human, bs.suffix) {
        (Some(b), _) => b as u64,
        (None, Suffix::DecimalBytes) => 1000,
        _ => 1024,
    };
    let to = bs.factor.max(1);
    let mut text = Backwards {
        buf,
        start: LONGEST,
    };
    let mut suffix = [0u8; 4];
    let Some(Exact {
        mut amount,
        mut tenths,
        mut rounding,
    }) = scale_exactly(n, from, to)
    else {
        // GNU's long double fallback; ls only reaches it without autoscaling.
        let len = write_suffix(bs, unit_exponent(to, base), base, &mut suffix);
        text.push_all(&suffix[..len]);
        let v = match bs.human {
            Some(_) => (n as u128 * from as u128).div_ceil(to as u128),
            None => x87_scaled_ceiling(n, from, to),
        };
        text.push_decimal(v, grouping, num.sep);
        let start = text.start;
        return &buf[start..];
    };
    let mut exponent = None;
    let mut decimal = None;
    if bs.human.is_some() {
        let mut e = 0;
        if amount >= base {
            let b = base as u32;
            loop {
                let r10 = (amount % base) as u32 * 10 + tenths;
                let r2 = (r10 % b) * 2 + (rounding >> 1);
                amount /= base;
                tenths = r10 / b;
                rounding = if r2 < b {
                    (r2 + rounding != 0) as u32
                } else {
                    2 + (b < r2 + rounding) as u32
                };
                e += 1;
                if amount < base || e == MAX_EXPONENT {
                    break;
                }
            }
            if amount < 10 {
                // One decimal, rounded up.
                if rounding > 0 {
                    tenths += 1;
                    rounding = 0;
                    if tenths == 10 {
                        amount += 1;
                        tenths = 0;
                    }
                }
                if amount < 10 {
                    decimal = Some(b'0' + tenths as u8);
                    tenths = 0;
                    rounding = 0;
                }
            }
        }
        exponent = Some(e);
    }
    if tenths + rounding > 0 {
        amount += 1;
        if let Some(e) = exponent {
            if amount == base && e < MAX_EXPONENT {
                exponent = Some(e + 1);
                decimal = Some(b'0');
                amount = 1;
            }
        }
    }
    let exponent = exponent.unwrap_or_else(|| unit_exponent(to, base));
    let len = write_suffix(bs, exponent, base, &mut suffix);
    text.push_all(&suffix[..len]);
    if let Some(d) = decimal {
        text.push(d);
        text.push_all(num.point);
    }
    text.push_decimal(amount as u128, grouping, num.sep);
    let start = text.start;
    &buf[start..]
}

/// The unit exponent GNU derives from the block size when it does not autoscale:
/// the number of times `base` must be multiplied to reach `to` (at most 8).
fn unit_exponent(to: u64, base: u64) -> u32 {
    let mut e = 0;
    let mut power: u64 = 1;
    while power < to {
        e += 1;
        if e == MAX_EXPONENT {
            break;
        }
        power = power.wrapping_mul(base);
    }
    e
}

/// The unit letters after a value; returns their length.
fn write_suffix(bs: &BlockSize, exponent: u32, base: u64, out: &mut [u8; 4]) -> usize {
    if bs.human.is_none() && bs.suffix == Suffix::None {
        return 0;
    }
    let mut len = 0;
    if exponent > 0 {
        out[len] = if base == 1000 && exponent == 1 {
            b'k'
        } else {
            UNIT_LETTERS[exponent as usize - 1]
        };
        len += 1;
    }
    if bs.human.is_none() && matches!(bs.suffix, Suffix::DecimalBytes | Suffix::BinaryBytes) {
        if base == 1024 && exponent > 0 {
            out[len] = b'i';
            len += 1;
        }
        out[len] = b'B';
        len += 1;
    }
    len
}

mod x87;
use x87::x87_scaled_ceiling;

#[cfg(test)]
mod tests;
