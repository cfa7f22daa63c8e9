//! Every quoting style on arbitrary names: never panics; the styles a shell or a C
//! compiler can read back (shell, shell-always, shell-escape, shell-escape-always, c,
//! c-maybe, escape) give the name again through a small reference unquoter.
#![no_main]
use bareutils::fmt::quote::{quote, Quoting, Style, CHOICE_PAIRS};
use bareutils::fmt::Sink;
use libfuzzer_sys::fuzz_target;

struct Out(Vec<u8>);
impl Sink for Out {
    fn put(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }
}

fn escape(s: &[u8], i: &mut usize, out: &mut Vec<u8>) {
    let c = s[*i];
    *i += 1;
    match c {
        b'0'..=b'7' => {
            let mut v = u32::from(c - b'0');
            for _ in 0..2 {
                if *i < s.len() && (b'0'..=b'7').contains(&s[*i]) {
                    v = v * 8 + u32::from(s[*i] - b'0');
                    *i += 1;
                }
            }
            out.push(v as u8);
        }
        b'a' => out.push(7),
        b'b' => out.push(8),
        b'f' => out.push(12),
        b'n' => out.push(b'\n'),
        b'r' => out.push(b'\r'),
        b't' => out.push(b'\t'),
        b'v' => out.push(11),
        other => out.push(other),
    }
}

/// Reads back shell-quoted text: '...' literal, $'...' with C escapes, "..." with C
/// escapes (GNU uses it only for names with a single quote and nothing else special), and
/// unquoted bytes with backslash escapes.
fn unshell(s: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'\'' => {
                let end = s[i + 1..].iter().position(|&b| b == b'\'')? + i + 1;
                out.extend_from_slice(&s[i + 1..end]);
                i = end + 1;
            }
            b'"' => {
                // GNU's c-style form of a name whose only awkward byte is `'`; the
                // extra characters (-F's `=>@|`) are backslashed in it as in C.
                let end = s[i + 1..].iter().position(|&b| b == b'"')? + i + 1;
                out.extend_from_slice(&unc(&s[i + 1..end], false)?);
                i = end + 1;
            }
            b'$' if s.get(i + 1) == Some(&b'\'') => {
                i += 2;
                loop {
                    match *s.get(i)? {
                        b'\'' => break,
                        b'\\' => {
                            i += 1;
                            s.get(i)?;
                            escape(s, &mut i, &mut out);
                        }
                        c => {
                            out.push(c);
                            i += 1;
                        }
                    }
                }
                i += 1;
            }
            b'\\' => {
                out.push(*s.get(i + 1)?);
                i += 2;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Some(out)
}

/// Reads back C-style text: optional surrounding double quotes, backslash escapes.
fn unc(s: &[u8], quoted: bool) -> Option<Vec<u8>> {
    let s = if quoted { s.strip_prefix(b"\"")?.strip_suffix(b"\"")? } else { s };
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' {
            i += 1;
            s.get(i)?;
            escape(s, &mut i, &mut out);
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    Some(out)
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, name)) = data.split_first() else { return };
    // A file name never holds a NUL byte (nor does a --files0-from entry).
    if name.len() > 1024 || name.contains(&0) {
        return;
    }
    let utf8 = flags & 1 != 0;
    let hide_control = flags & 2 != 0;
    // The sets ls passes (src/ls/output.rs, the `:` of directory headers): the space
    // only ever with the escape style.
    let sets: [(&'static [u8], &'static [u8]); 4] =
        [(b"", b" "), (b"=>@|", b" =>@|"), (b"*=>@|", b" *=>@|"), (b":", b":")];
    let set = sets[usize::from((flags >> 2) & 3)];
    for &(_, style) in CHOICE_PAIRS {
        let extra = if style == Style::Escape { set.1 } else { set.0 };
        let q = Quoting { style, hide_control, utf8, high: None, extra, quotes: [None; 2] };
        let mut out = Out(Vec::new());
        let r = quote(&q, name, &mut out);
        let text = &out.0;
        if hide_control && matches!(style, Style::Literal | Style::Shell | Style::ShellAlways) {
            continue;
        }
        let back = match style {
            Style::Shell | Style::ShellAlways | Style::ShellEscape | Style::ShellEscapeAlways => unshell(text),
            Style::C => unc(text, true),
            // Unquoted c-maybe text is the name itself (GNU leaves a lone `\` as is).
            Style::CMaybe if text.first() == Some(&b'"') => unc(text, true),
            Style::CMaybe => Some(text.clone()),
            Style::Escape => unc(text, false),
            Style::Literal => Some(text.clone()),
            Style::Locale | Style::Clocale => continue,
        };
        // GNU 9.1's quirk, which ls reproduces: a name with a `'` is written in a second
        // pass that starts in the $'...' state the first pass ended in, so an escape at
        // the very start lacks its `$`: `'\377'\'''$'\377'` for the name \377'\377.
        let quirk = || {
            let shell_escape = matches!(style, Style::ShellEscape | Style::ShellEscapeAlways);
            shell_escape
                && name.contains(&b'\'')
                && text.starts_with(b"'\\")
                && unshell(&[&b"$"[..], &text[..]].concat()).as_deref() == Some(name)
        };
        assert!(back.as_deref() == Some(name) || quirk(), "{:?} {:?} -> {:?}", style, name, String::from_utf8_lossy(text));
        assert!(r.width <= text.len(), "{:?}: wider than its bytes", style);
    }
});
