//! Temporary stand-ins for fmt::{quote, vercmp, glob, size, unicode}, which another
//! helper is writing with these APIs. Deleted once those land in main.
#![allow(dead_code)]

pub mod quote {
    use crate::fmt::Sink;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Style {
        Literal,
        Shell,
        ShellAlways,
        ShellEscape,
        ShellEscapeAlways,
        C,
        CMaybe,
        Escape,
        Locale,
        Clocale,
    }

    pub struct Quoting {
        pub style: Style,
        pub hide_control: bool,
        pub utf8: bool,
        pub extra: &'static [u8],
    }

    pub struct Quoted {
        pub width: usize,
        pub quoted: bool,
    }

    pub fn style_from_name(word: &[u8]) -> Option<Style> {
        Some(match word {
            b"literal" => Style::Literal,
            b"shell" => Style::Shell,
            b"shell-always" => Style::ShellAlways,
            b"shell-escape" => Style::ShellEscape,
            b"shell-escape-always" => Style::ShellEscapeAlways,
            b"c" => Style::C,
            b"c-maybe" => Style::CMaybe,
            b"escape" => Style::Escape,
            b"locale" => Style::Locale,
            b"clocale" => Style::Clocale,
            _ => return None,
        })
    }

    fn printable(c: u8) -> bool {
        (0x20..0x7f).contains(&c)
    }

    fn octal(c: u8, out: &mut dyn Sink) {
        out.put(&[b'\\', b'0' + (c >> 6), b'0' + ((c >> 3) & 7), b'0' + (c & 7)]);
    }

    fn c_escape(c: u8) -> Option<u8> {
        Some(match c {
            b'\n' => b'n',
            b'\t' => b't',
            7 => b'a',
            8 => b'b',
            12 => b'f',
            b'\r' => b'r',
            11 => b'v',
            _ => return None,
        })
    }

    fn shell_special(c: u8, i: usize, len: usize) -> bool {
        matches!(c, b' ' | b'!' | b'"' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b';' | b'<' | b'=' | b'>' | b'?' | b'[' | b'\\' | b'^' | b'`' | b'|' | b'\t' | b'\n')
            || (i == 0 && matches!(c, b'#' | b'~'))
            || (len == 1 && matches!(c, b'{' | b'}'))
    }

    pub fn quote(q: &Quoting, name: &[u8], out: &mut dyn Sink) -> Quoted {
        let mut n = crate::fmt::Counter(0);
        let quoted = emit(q, name, &mut n);
        emit(q, name, out);
        Quoted { width: n.0, quoted }
    }

    fn emit(q: &Quoting, name: &[u8], out: &mut dyn Sink) -> bool {
        match q.style {
            Style::Literal => {
                for &c in name {
                    out.put_byte(if q.hide_control && !printable(c) { b'?' } else { c });
                }
                false
            }
            Style::Escape | Style::C | Style::CMaybe | Style::Locale | Style::Clocale => {
                let wrap = matches!(q.style, Style::C | Style::Locale | Style::Clocale);
                let qc = if q.style == Style::Locale { b'\'' } else { b'"' };
                if wrap {
                    out.put_byte(qc);
                }
                for &c in name {
                    if let Some(e) = c_escape(c) {
                        out.put(&[b'\\', e]);
                    } else if !printable(c) {
                        octal(c, out);
                    } else if c == b'\\' || (wrap && c == qc) || q.extra.contains(&c) || (!wrap && c == b' ') {
                        out.put(&[b'\\', c]);
                    } else {
                        out.put_byte(c);
                    }
                }
                if wrap {
                    out.put_byte(qc);
                }
                wrap
            }
            _ => {
                let always = matches!(q.style, Style::ShellAlways | Style::ShellEscapeAlways);
                let escape = matches!(q.style, Style::ShellEscape | Style::ShellEscapeAlways);
                let need = always
                    || name.is_empty()
                    || name.iter().enumerate().any(|(i, &c)| shell_special(c, i, name.len()) || (escape && !printable(c)) || q.extra.contains(&c));
                if !need {
                    for &c in name {
                        out.put_byte(if q.hide_control && !printable(c) { b'?' } else { c });
                    }
                    return false;
                }
                out.put_byte(b'\'');
                for &c in name {
                    if c == b'\'' {
                        out.put(b"'\\''");
                    } else if escape && !printable(c) {
                        out.put(b"'$'");
                        match c_escape(c) {
                            Some(e) => out.put(&[b'\\', e]),
                            None => octal(c, out),
                        }
                        out.put(b"''");
                    } else if q.hide_control && !printable(c) {
                        out.put_byte(b'?');
                    } else {
                        out.put_byte(c);
                    }
                }
                out.put_byte(b'\'');
                true
            }
        }
    }
}

pub mod vercmp {
    use core::cmp::Ordering;

    fn order(c: Option<u8>) -> i32 {
        match c {
            None => 0,
            Some(c) if c.is_ascii_digit() => 0,
            Some(c) if c.is_ascii_alphabetic() => c as i32,
            Some(b'~') => -1,
            Some(c) => c as i32 + 256,
        }
    }

    fn suffix_start(s: &[u8]) -> usize {
        let mut i = 0;
        let mut start = s.len();
        let mut in_suffix = false;
        while i < s.len() {
            let c = s[i];
            if in_suffix && !(c.is_ascii_alphanumeric() || c == b'~') {
                in_suffix = false;
                start = s.len();
            }
            if c == b'.' && i + 1 < s.len() && (s[i + 1].is_ascii_alphabetic() || s[i + 1] == b'~') {
                if !in_suffix {
                    start = i;
                }
                in_suffix = true;
                i += 1;
            } else if c == b'.' {
                in_suffix = false;
                start = s.len();
            }
            i += 1;
        }
        if in_suffix {
            start
        } else {
            s.len()
        }
    }

    fn verrevcmp(a: &[u8], b: &[u8]) -> i32 {
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            let mut first = 0;
            while (i < a.len() && !a[i].is_ascii_digit()) || (j < b.len() && !b[j].is_ascii_digit()) {
                let ac = order(a.get(i).copied());
                let bc = order(b.get(j).copied());
                if ac != bc {
                    return ac - bc;
                }
                i += 1;
                j += 1;
            }
            while i < a.len() && a[i] == b'0' {
                i += 1;
            }
            while j < b.len() && b[j] == b'0' {
                j += 1;
            }
            while i < a.len() && a[i].is_ascii_digit() && j < b.len() && b[j].is_ascii_digit() {
                if first == 0 {
                    first = a[i] as i32 - b[j] as i32;
                }
                i += 1;
                j += 1;
            }
            if i < a.len() && a[i].is_ascii_digit() {
                return 1;
            }
            if j < b.len() && b[j].is_ascii_digit() {
                return -1;
            }
            if first != 0 {
                return first;
            }
        }
        0
    }

    pub fn filevercmp(a: &[u8], b: &[u8]) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let rank = |s: &[u8]| match s {
            b"" => 0,
            b"." => 1,
            b".." => 2,
            _ if s[0] == b'.' => 3,
            _ => 4,
        };
        let (ra, rb) = (rank(a), rank(b));
        if ra != rb || ra < 3 {
            return ra.cmp(&rb);
        }
        let (a1, b1) = if ra == 3 { (&a[1..], &b[1..]) } else { (a, b) };
        let (pa, pb) = (suffix_start(a1), suffix_start(b1));
        let r = if pa == pb && a1[..pa] == b1[..pb] { 0 } else { verrevcmp(&a1[..pa], &b1[..pb]) };
        let r = if r == 0 { verrevcmp(a1, b1) } else { r };
        if r == 0 {
            a.cmp(b)
        } else {
            r.cmp(&0)
        }
    }
}

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

pub mod unicode {
    pub enum Decoded {
        Char(u32, usize),
        Invalid,
        Incomplete,
    }
}
