//! Temporary stand-ins for fmt::{glob, size}, which another
//! helper is writing with these APIs. Deleted once those land in main.
#![allow(dead_code)]

pub mod glob {
    fn class(p: &[u8], c: u8) -> Option<(bool, usize)> {
        let mut i = 1;
        let neg = matches!(p.get(1), Some(b'!' | b'^'));
        if neg {
            i += 1;
        }
        let mut hit = false;
        let mut first = true;
        loop {
            let mut lo = *p.get(i)?;
            if lo == b']' && !first {
                return Some((hit != neg, i + 1));
            }
            if lo == b'\\' {
                i += 1;
                lo = *p.get(i)?;
            }
            first = false;
            let mut hi = lo;
            if p.get(i + 1) == Some(&b'-') && p.get(i + 2).is_some_and(|&x| x != b']') {
                hi = p[i + 2];
                i += 2;
            }
            if lo <= c && c <= hi {
                hit = true;
            }
            i += 1;
        }
    }

    fn m(p: &[u8], n: &[u8], start: bool) -> bool {
        if p.is_empty() {
            return n.is_empty();
        }
        match p[0] {
            b'*' => {
                if start && n.first() == Some(&b'.') {
                    return false;
                }
                (0..=n.len()).any(|k| m(&p[1..], &n[k..], false))
            }
            b'?' => !n.is_empty() && !(start && n[0] == b'.') && m(&p[1..], &n[1..], false),
            b'[' => {
                if n.is_empty() || (start && n[0] == b'.') {
                    return false;
                }
                match class(p, n[0]) {
                    Some((true, used)) => m(&p[used..], &n[1..], false),
                    Some((false, _)) => false,
                    None => n[0] == b'[' && m(&p[1..], &n[1..], false),
                }
            }
            b'\\' if p.len() > 1 => !n.is_empty() && n[0] == p[1] && m(&p[2..], &n[1..], false),
            c => !n.is_empty() && n[0] == c && m(&p[1..], &n[1..], false),
        }
    }

    pub fn matches(pattern: &[u8], name: &[u8]) -> bool {
        m(pattern, name, true)
    }
}

pub mod size {
    use crate::fmt::Sink;

    #[derive(Clone, Copy)]
    pub struct BlockSize {
        pub human: Option<u32>,
        pub factor: u64,
    }

    pub fn parse_block_size(s: &[u8]) -> Option<BlockSize> {
        match s {
            b"human-readable" => Some(BlockSize { human: Some(1024), factor: 1 }),
            b"si" => Some(BlockSize { human: Some(1000), factor: 1 }),
            _ => {
                let mut v: u64 = 0;
                for &c in s {
                    if !c.is_ascii_digit() {
                        return None;
                    }
                    v = v.checked_mul(10)?.checked_add((c - b'0') as u64)?;
                }
                if v == 0 {
                    None
                } else {
                    Some(BlockSize { human: None, factor: v })
                }
            }
        }
    }

    pub fn format_scaled(value: u64, from_unit: u64, bs: &BlockSize, out: &mut dyn Sink) -> usize {
        let bytes = value.saturating_mul(from_unit);
        let v = bytes.div_ceil(bs.factor.max(1));
        let mut b = [0u8; 20];
        let d = crate::fmt::num::u64_dec(v, &mut b);
        out.put(d);
        d.len()
    }
}

