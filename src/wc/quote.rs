//! The two quoting forms wc needs, as gnulib's shell-escape styles produce them:
//! file names in messages and count lines (quote only if needed, `quotef`, which
//! also quotes names with a colon) and names in `cannot open` messages (always
//! quoted, `quoteaf`). Private to wc until src/fmt/quote.rs provides every style.
//!
//! Quoted text is `'...'`; a single quote becomes `'\''`; a non-printable byte (or
//! every byte of a non-printable or invalid character) becomes `$'\ooo'` (`\n`,
//! `\t`... for the C escapes). A name whose only problem is single quotes, and
//! which has nothing else a shell cares about, is put in double quotes instead:
//! `"it's"`. gnulib's two-pass scan carries its "inside `$'...'`" state from the
//! first pass into the second; names with a single quote that end inside an
//! escape therefore get an extra `''` (or lose a `'$'`) at the start, and that is
//! reproduced here.

use crate::fmt::unicode::{decode, is_print, Decoded};
use crate::fmt::Sink;

/// Which quoting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// Quote only if the name needs it for a shell (gnulib `quotef`; `:` needs it).
    IfNeeded,
    /// Always quote (gnulib `quoteaf`).
    Always,
}

/// How one character of a name behaves.
#[derive(Clone, Copy)]
enum Piece {
    /// Printable, stored as is. `compat`: allowed inside the double-quote form.
    Plain { compat: bool, len: usize },
    /// A C escape letter (`\n` -> `n`).
    Letter(u8),
    /// Non-printable or invalid: `len` bytes, each escaped in octal.
    Octal(usize),
    /// The single quote.
    Quote,
}

fn piece(name: &[u8], i: usize, utf8: bool) -> (Piece, bool) {
    // Returns the piece and whether it forces quoting when quoting is optional.
    let c = name[i];
    let plain = |compat| Piece::Plain { compat, len: 1 };
    match c {
        0x07 => (Piece::Letter(b'a'), true),
        0x08 => (Piece::Letter(b'b'), true),
        0x0c => (Piece::Letter(b'f'), true),
        b'\n' => (Piece::Letter(b'n'), true),
        b'\r' => (Piece::Letter(b'r'), true),
        b'\t' => (Piece::Letter(b't'), true),
        0x0b => (Piece::Letter(b'v'), true),
        b'?' | b'\\' => (plain(false), true),
        b'{' | b'}' if name.len() != 1 => (plain(false), false),
        b'{' | b'}' => (plain(true), true),
        b'#' | b'~' if i != 0 => (plain(false), false),
        b'#' | b'~' | b' ' => (plain(true), true),
        b'!' | b'"' | b'$' | b'&' | b'(' | b')' | b'*' | b';' | b'<' | b'=' | b'>' | b'[' | b'^' | b'`' | b'|' => {
            (plain(false), true)
        }
        b'\'' => (Piece::Quote, true),
        b':' => (plain(true), true),
        b'%' | b'+' | b',' | b'-' | b'.' | b'/' | b'0'..=b'9' | b'A'..=b'Z' | b']' | b'_' | b'a'..=b'z' => {
            (plain(true), false)
        }
        0x20..=0x7e => (plain(true), false),
        _ if !utf8 || c < 0x80 => (Piece::Octal(1), true),
        _ => match decode(&name[i..]) {
            Decoded::Char(cp, n) if is_print(cp) => (Piece::Plain { compat: true, len: n }, false),
            Decoded::Char(_, n) => (Piece::Octal(n), true),
            Decoded::Invalid => (Piece::Octal(1), true),
            Decoded::Incomplete => (Piece::Octal(name.len() - i), true),
        },
    }
}

fn piece_len(p: Piece) -> usize {
    match p {
        Piece::Plain { len, .. } | Piece::Octal(len) => len,
        Piece::Letter(_) | Piece::Quote => 1,
    }
}

/// True when `name` must be quoted in the if-needed style.
fn needs_quotes(name: &[u8], utf8: bool) -> bool {
    if name.is_empty() {
        return true;
    }
    let mut i = 0;
    while i < name.len() {
        let (p, forces) = piece(name, i, utf8);
        if forces {
            return true;
        }
        i += piece_len(p);
    }
    false
}

/// One pass of gnulib's always-quoted shell-escape output. Returns (whether a
/// single quote was seen, whether every character suits the double-quote form,
/// the final "inside $'...'" state).
fn shell_pass(name: &[u8], utf8: bool, mut pending: bool, out: &mut dyn Sink) -> (bool, bool, bool) {
    let mut single = false;
    let mut compat_all = true;
    out.put(b"'");
    let mut i = 0;
    while i < name.len() {
        let (p, _) = piece(name, i, utf8);
        let n = piece_len(p);
        match p {
            Piece::Plain { compat, .. } => {
                if pending {
                    out.put(b"''");
                    pending = false;
                }
                out.put(&name[i..i + n]);
                compat_all &= compat;
            }
            Piece::Letter(l) => {
                if !pending {
                    out.put(b"'$'");
                    pending = true;
                }
                out.put(&[b'\\', l]);
                compat_all = false;
            }
            Piece::Octal(len) => {
                for &b in &name[i..i + len] {
                    if !pending {
                        out.put(b"'$'");
                        pending = true;
                    }
                    out.put(&[b'\\', b'0' + (b >> 6), b'0' + ((b >> 3) & 7), b'0' + (b & 7)]);
                }
                compat_all = false;
            }
            Piece::Quote => {
                single = true;
                out.put(b"'\\''");
                pending = false;
            }
        }
        i += n;
    }
    (single, compat_all, pending)
}

/// A sink that keeps nothing (the first, scanning pass).
struct Discard;
impl Sink for Discard {
    fn put(&mut self, _: &[u8]) {}
}

/// Writes `name` quoted in `style` for the C (`utf8` false) or a UTF-8 locale.
pub fn quote(name: &[u8], utf8: bool, style: Style, out: &mut dyn Sink) {
    if style == Style::IfNeeded && !needs_quotes(name, utf8) {
        out.put(name);
        return;
    }
    let single = name.contains(&b'\'');
    if !single {
        shell_pass(name, utf8, false, out);
        out.put(b"'");
        return;
    }
    let (_, compat_all, pending) = shell_pass(name, utf8, false, &mut Discard);
    if compat_all {
        out.put(b"\"");
        out.put(name);
        out.put(b"\"");
        return;
    }
    shell_pass(name, utf8, pending, out);
    out.put(b"'");
}

#[cfg(test)]
mod tests {
    use super::*;

    struct V(Vec<u8>);
    impl Sink for V {
        fn put(&mut self, b: &[u8]) {
            self.0.extend_from_slice(b);
        }
    }

    fn q(name: &[u8], utf8: bool, style: Style) -> String {
        let mut v = V(vec![]);
        quote(name, utf8, style, &mut v);
        String::from_utf8_lossy(&v.0).into_owned()
    }

    #[test]
    fn if_needed_matches_gnu() {
        // Each pair was printed by GNU wc 9.1 (`wc -- NAME`, LC_ALL=C).
        let cases: &[(&[u8], &str)] = &[
            (b"a:b", "'a:b'"),
            (b"\x01a", "''$'\\001''a'"),
            (b"a\x01", "'a'$'\\001'"),
            (b"\n", "''$'\\n'"),
            (b"\xff", "''$'\\377'"),
            (b"{", "'{'"),
            (b"a{", "a{"),
            (b"#a", "'#a'"),
            (b"a#", "a#"),
            (b"~", "'~'"),
            (b"a~", "a~"),
            (b"?", "'?'"),
            (b"a=b", "'a=b'"),
            (b"%@+", "%@+"),
            (b"'", "\"'\""),
            (b"a'b\"", "'a'\\''b\"'"),
            (b"a\\b", "'a\\b'"),
            (b"\t", "''$'\\t'"),
            (b"x\x7fy", "'x'$'\\177''y'"),
            (b"it's\n", "'''it'\\''s'$'\\n'"),
            (b"]", "]"),
            (b"!", "'!'"),
            (b"a,b", "a,b"),
            (b"\n'", "''$'\\n'\\'''"),
            (b"a'\n", "'''a'\\'''$'\\n'"),
            (b"'\n", "''\\'''$'\\n'"),
            (b"\na'b", "''$'\\n''a'\\''b'"),
            (b"a'b\nc", "'a'\\''b'$'\\n''c'"),
            (b"ab''c\n", "'''ab'\\'''\\''c'$'\\n'"),
            (b"'a", "\"'a\""),
            (b"a'b c", "\"a'b c\""),
            (b"\n\na", "''$'\\n\\n''a'"),
            (b"a b\nc", "'a b'$'\\n''c'"),
            (b"\na'\n", "'\\n''a'\\'''$'\\n'"),
            (b"new\nline", "'new'$'\\n''line'"),
            ("é".as_bytes(), "''$'\\303\\251'"),
        ];
        for &(name, want) in cases {
            assert_eq!(q(name, false, Style::IfNeeded), want, "{:?}", String::from_utf8_lossy(name));
        }
    }

    #[test]
    fn utf8_names() {
        assert_eq!(q("é".as_bytes(), true, Style::IfNeeded), "é");
        assert_eq!(q(b"\xe6\x97\xa5\xff", true, Style::IfNeeded), "'日'$'\\377'");
        assert_eq!(q(b"\xc2\x85", true, Style::IfNeeded), "''$'\\302\\205'");
        assert_eq!(q(b"\xe2\x80\x8b", true, Style::IfNeeded), "\u{200b}");
        assert_eq!(q(b"a\xe6\x97", true, Style::IfNeeded), "'a'$'\\346\\227'");
    }

    #[test]
    fn always() {
        assert_eq!(q(b"nosuch", false, Style::Always), "'nosuch'");
        assert_eq!(q(b"", false, Style::Always), "''");
        assert_eq!(q(b"it's", false, Style::Always), "\"it's\"");
        assert_eq!(q(b"l\nb", false, Style::Always), "'l'$'\\n''b'");
        assert_eq!(q(b"a:b", false, Style::Always), "'a:b'");
    }
}
