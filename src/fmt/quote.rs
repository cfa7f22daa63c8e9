//! File name quoting: the ten GNU quoting styles (`--quoting-style`, `-b`, `-Q`, `-N`),
//! ls's `-q` question marks, and the display width of the result.
//!
//! How it works. A style is first *decided*, then *written*:
//! - The "maybe" styles (`shell`, `shell-escape`, `c-maybe`) print a name as it is
//!   unless some byte needs quoting; then the name is written in the matching
//!   always-quoting style (`shell-always`, `shell-escape-always`, `c`), and the extra
//!   characters no longer count.
//! - The single-quote styles write a name that contains `'` but nothing else that is
//!   awkward (only letters, digits, `%+,-./:]_@`, spaces, a leading `#`/`~`, a lone
//!   `{`/`}`, printable multibyte characters) in the `c` style instead: `"it's"`.
//! - The written bytes then pass through [`Screen`], which counts display columns and,
//!   for `-q` in the literal and shell styles, turns nonprintable characters into `?`.

use crate::fmt::unicode::{self, Decoded};
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

/// How names are quoted.
#[derive(Clone, Copy)]
pub struct Quoting {
    pub style: Style,
    /// ls -q: nonprintable characters become `?` (only in the literal, shell and
    /// shell-always styles; the others escape them anyway).
    pub hide_control: bool,
    /// LC_CTYPE is UTF-8: printable multibyte characters pass through, widths come
    /// from wcwidth, and the locale/clocale styles use `‘ ’`.
    pub utf8: bool,
    /// More characters that must be quoted or escaped. GNU ls 9.1 adds `=>@|` for
    /// `-F`/`--classify`, `*=>@|` for `--file-type` (sic: the sets are swapped in 9.1),
    /// a space for file names in the escape style, and `:` for directory headers.
    pub extra: &'static [u8],
}

/// gnulib's quoting of names in messages.
impl Quoting {
    /// `quotef`: shell-escape quoting only where needed, `:` included (a name
    /// before `: text`).
    pub const fn quotef(utf8: bool) -> Quoting {
        Quoting {
            style: Style::ShellEscape,
            hide_control: false,
            utf8,
            extra: b":",
        }
    }

    /// `quoteaf`: shell-escape quoting, always.
    pub const fn quoteaf(utf8: bool) -> Quoting {
        Quoting {
            style: Style::ShellEscapeAlways,
            hide_control: false,
            utf8,
            extra: b"",
        }
    }

    /// `quote`: the locale's quotation marks (option values).
    pub const fn quote(utf8: bool) -> Quoting {
        Quoting {
            style: Style::Locale,
            hide_control: false,
            utf8,
            extra: b"",
        }
    }
}

/// What [`quote`] wrote.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Quoted {
    /// Display columns of the output.
    pub width: usize,
    /// GNU's "quoted" test for the alignment rule: the quoted text (before `-q`
    /// question marks) differs from the name in its first byte or in its length.
    /// For the shell, shell-escape and c-maybe styles that means "starts with a quote".
    pub quoted: bool,
}

/// The style names in `--quoting-style` order (a keyword table: see fmt::keyword).
pub static CHOICES: super::keyword::Keywords<Style> = crate::keywords!(Style, CHOICE_PAIRS);
/// The (name, style) pairs CHOICES is built from (ls's --quoting-style table shares
/// its names).
pub const CHOICE_PAIRS: &[(&str, Style)] = &[
    ("literal", Style::Literal),
    ("shell", Style::Shell),
    ("shell-always", Style::ShellAlways),
    ("shell-escape", Style::ShellEscape),
    ("shell-escape-always", Style::ShellEscapeAlways),
    ("c", Style::C),
    ("c-maybe", Style::CMaybe),
    ("escape", Style::Escape),
    ("locale", Style::Locale),
    ("clocale", Style::Clocale),
];

/// A style by its name or an unambiguous prefix of it (as GNU's argmatch accepts
/// them, e.g. in QUOTING_STYLE); None when unknown or ambiguous.
pub fn style_from_name(word: &[u8]) -> Option<Style> {
    CHOICES.find(word).ok()
}

impl Style {
    /// The style's name (`--quoting-style=NAME`).
    pub fn name(self) -> &'static [u8] {
        CHOICES.name_of(self).unwrap_or(b"literal")
    }
}

/// Writes `name` quoted as `q` says into `out`.
pub fn quote(q: &Quoting, name: &[u8], out: &mut dyn Sink) -> Quoted {
    let (plan, dollar_open) = decide(q, name);
    let question_marks =
        q.hide_control && matches!(q.style, Style::Literal | Style::Shell | Style::ShellAlways);
    let mut screen = Screen::new(out, q.utf8, question_marks);
    let done = run(
        &plan,
        name,
        q.utf8,
        dollar_open,
        &mut screen,
        &mut Findings::default(),
    );
    debug_assert!(done.is_ok());
    let first = screen.first;
    let len = screen.raw_len;
    let width = screen.finish();
    Quoted {
        width,
        quoted: len != name.len() || first != name.first().copied(),
    }
}

/// The family a style's writing rules come from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    /// Bytes as they are.
    Literal,
    /// `'…'` with `'\''` for a quote, and (with `escapes`) `$'…'` segments.
    Single,
    /// Backslash escapes, with optional open/close quote strings (c, escape, locale).
    Backslash,
}

/// A decided way of writing one name.
#[derive(Clone, Copy)]
struct Plan {
    family: Family,
    /// Backslash escapes for control and nonprintable characters.
    escapes: bool,
    /// Write nothing but the name itself, or give up (`Forced`) when a byte needs
    /// quoting: the "maybe" styles.
    bare: bool,
    open: &'static [u8],
    close: &'static [u8],
    extra: &'static [u8],
}

const SINGLE: &[u8] = b"'";
const DOUBLE: &[u8] = b"\"";
const LEFT_CURLY: &[u8] = "\u{2018}".as_bytes();
const RIGHT_CURLY: &[u8] = "\u{2019}".as_bytes();

impl Plan {
    fn of(style: Style, utf8: bool, extra: &'static [u8]) -> Plan {
        let p = |family, escapes, bare, open, close| Plan {
            family,
            escapes,
            bare,
            open,
            close,
            extra,
        };
        match style {
            Style::Literal => p(Family::Literal, false, false, b"", b""),
            Style::Shell => p(Family::Single, false, true, SINGLE, SINGLE),
            Style::ShellAlways => p(Family::Single, false, false, SINGLE, SINGLE),
            Style::ShellEscape => p(Family::Single, true, true, SINGLE, SINGLE),
            Style::ShellEscapeAlways => p(Family::Single, true, false, SINGLE, SINGLE),
            Style::C => p(Family::Backslash, true, false, DOUBLE, DOUBLE),
            Style::CMaybe => p(Family::Backslash, true, true, DOUBLE, DOUBLE),
            Style::Escape => p(Family::Backslash, true, false, b"", b""),
            Style::Locale if utf8 => p(Family::Backslash, true, false, LEFT_CURLY, RIGHT_CURLY),
            Style::Locale => p(Family::Backslash, true, false, SINGLE, SINGLE),
            Style::Clocale if utf8 => p(Family::Backslash, true, false, LEFT_CURLY, RIGHT_CURLY),
            Style::Clocale => p(Family::Backslash, true, false, DOUBLE, DOUBLE),
        }
    }

    /// The always-quoting plan a "maybe" plan turns into (without the extra set).
    #[inline(never)]
    fn forced(self) -> Plan {
        Plan {
            bare: false,
            extra: b"",
            ..self
        }
    }
}

/// A "maybe" plan met a byte that needs quoting.
struct Forced;

/// What a dry run of the single-quote family learned.
#[derive(Default)]
struct Findings {
    apostrophe: bool,
    /// Every character could also be written unchanged inside `"…"`.
    double_quote_safe: bool,
    /// A `$'…'` segment was open at the end. GNU scans a name with an apostrophe
    /// once before writing it and does not reset this state, so the written text
    /// starts as if the segment were open: `'''it'\''s'$'\001'` for `it's\1`.
    dollar_open: bool,
}

/// Chooses the plan `name` is written with, and whether a `$'…'` segment counts as
/// open when writing starts (see [`Findings::dollar_open`]).
#[inline(never)]
fn decide(q: &Quoting, name: &[u8]) -> (Plan, bool) {
    let mut plan = Plan::of(q.style, q.utf8, q.extra);
    if plan.bare
        && run(
            &plan,
            name,
            q.utf8,
            false,
            &mut Discard,
            &mut Findings::default(),
        )
        .is_err()
    {
        plan = plan.forced();
    }
    if plan.family == Family::Single && !plan.bare {
        let mut f = Findings::default();
        let _ = run(&plan, name, q.utf8, false, &mut Discard, &mut f);
        if f.apostrophe {
            if f.double_quote_safe {
                return (Plan::of(Style::C, q.utf8, plan.extra), false);
            }
            return (plan, f.dollar_open);
        }
    }
    (plan, false)
}

struct Discard;
impl Sink for Discard {
    fn put(&mut self, _: &[u8]) {}
}

/// The `$'…'` bookkeeping of shell-escape: whether a `$'` segment is open, and whether
/// the current character was written as an escape (so the segment stays open).
struct Dollar {
    open: bool,
    escaped_now: bool,
}

impl Dollar {
    /// Before a backslash escape: in the single-quote family, leave `'…'` for `$'…'`.
    fn begin(&mut self, plan: &Plan, out: &mut dyn Sink) {
        self.escaped_now = true;
        if plan.family == Family::Single && !self.open {
            out.put(b"'$'");
            self.open = true;
        }
        out.put_byte(b'\\');
    }
    /// Before a character written as itself: close an open `$'…'` segment.
    fn end(&mut self, out: &mut dyn Sink) {
        if self.open && !self.escaped_now {
            out.put(b"''");
            self.open = false;
        }
    }
}

/// Writes `name` with `plan`, or returns Forced when a bare plan needs quoting.
fn run(
    plan: &Plan,
    name: &[u8],
    utf8: bool,
    dollar_open: bool,
    out: &mut dyn Sink,
    f: &mut Findings,
) -> Result<(), Forced> {
    let single = plan.family == Family::Single;
    if !plan.bare {
        out.put(plan.open);
    }
    f.double_quote_safe = true;
    let mut w = Writer {
        plan,
        // Quote strings are only escaped inside the name by the backslash family.
        close: if plan.family == Family::Backslash {
            plan.close
        } else {
            b""
        },
        single,
        utf8,
        dollar: Dollar {
            open: dollar_open,
            escaped_now: false,
        },
        out,
        f,
    };
    let mut i = 0;
    while i < name.len() {
        i = w.character(name, i)?;
    }
    if name.is_empty() && single && plan.bare {
        return Err(Forced);
    }
    if !plan.bare {
        w.out.put(plan.close);
    }
    w.f.dollar_open = w.dollar.open;
    Ok(())
}

/// The state of `run` while it writes one name.
struct Writer<'p, 'o> {
    plan: &'p Plan,
    /// The closing quote, when the name must escape it.
    close: &'p [u8],
    single: bool,
    utf8: bool,
    dollar: Dollar,
    out: &'o mut dyn Sink,
    f: &'o mut Findings,
}

/// What one byte of a name needs (see `Writer::byte`).
struct Need {
    /// Written as this backslash escape letter (`\n`), when the style escapes.
    letter: Option<u8>,
    /// The byte written (a NUL is written as `0` after its backslash).
    byte: u8,
    /// Could be written unchanged inside `"…"`.
    dq_safe: bool,
    /// The shell would read it specially.
    shell_special: bool,
}

/// What `Writer::byte` found.
enum Step {
    /// One byte to write, and how.
    Byte(Need),
    /// A character of this many bytes was written whole.
    Wrote(usize),
}

/// The bytes that are written as themselves and are safe in `"…"` everywhere.
fn portable(c: u8) -> bool {
    matches!(
        c,
        b'%' | b'+' | b',' | b'-' | b'.' | b'/' | b':' | b']' | b'_'
    ) || c.is_ascii_alphanumeric()
}

impl Writer<'_, '_> {
    /// Writes the character at `name[i]`; returns where the next one starts.
    #[inline]
    fn character(&mut self, name: &[u8], i: usize) -> Result<usize, Forced> {
        let plan = self.plan;
        self.dollar.escaped_now = false;
        let mut right_quote = false;
        if plan.escapes && !self.close.is_empty() && name[i..].starts_with(self.close) {
            if plan.bare {
                return Err(Forced);
            }
            right_quote = true;
        }
        let need = match self.byte(name, i, right_quote)? {
            Step::Byte(need) => need,
            Step::Wrote(len) => return Ok(i + len),
        };
        if need.shell_special && self.single && plan.bare {
            return Err(Forced);
        }
        let letter = need.letter.filter(|_| plan.escapes);
        let extra =
            (plan.bare || (plan.escapes && !self.single)) && plan.extra.contains(&need.byte);
        if letter.is_some() || extra || right_quote {
            if plan.bare {
                return Err(Forced);
            }
            self.dollar.begin(plan, self.out);
        }
        self.dollar.end(self.out);
        self.out.put_byte(letter.unwrap_or(need.byte));
        if !need.dq_safe {
            self.f.double_quote_safe = false;
        }
        Ok(i + 1)
    }

    /// What the byte `name[i]` needs: written as itself, or as a backslash escape
    /// `\x`; or a multibyte character (or an unprintable byte) written whole here.
    fn byte(&mut self, name: &[u8], i: usize, right_quote: bool) -> Result<Step, Forced> {
        let (plan, single, c) = (self.plan, self.single, name[i]);
        let mut need = Need {
            letter: None,
            byte: c,
            dq_safe: false,
            shell_special: false,
        };
        match c {
            0 if plan.escapes => {
                if plan.bare {
                    return Err(Forced);
                }
                self.dollar.begin(plan, self.out);
                if !single && name.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    self.out.put(b"00");
                }
                need.byte = b'0';
            }
            0 => {}
            0x07 | 0x08 | 0x0b | 0x0c => need.letter = Some(b"ab..vf"[c as usize - 7]),
            b'\n' | b'\r' | b'\t' => {
                if single && plan.bare {
                    return Err(Forced);
                }
                need.letter = Some(match c {
                    b'\n' => b'n',
                    b'\r' => b'r',
                    _ => b't',
                });
            }
            b'\\' => {
                if single {
                    if plan.bare {
                        return Err(Forced);
                    }
                } else if !(plan.escapes && plan.bare && !self.close.is_empty()) {
                    need.letter = Some(b'\\');
                }
            }
            b'?' => need.shell_special = true,
            b'{' | b'}' | b'#' | b'~' => {
                let special = if c == b'{' || c == b'}' {
                    name.len() == 1
                } else {
                    i == 0
                };
                need.dq_safe = special;
                need.shell_special = special;
            }
            b' ' => {
                need.dq_safe = true;
                need.shell_special = true;
            }
            b'!' | b'"' | b'$' | b'&' | b'(' | b')' | b'*' | b';' | b'<' | b'=' | b'>' | b'['
            | b'^' | b'`' | b'|' => need.shell_special = true,
            b'\'' => {
                self.f.apostrophe = true;
                need.dq_safe = true;
                if single {
                    if plan.bare {
                        return Err(Forced);
                    }
                    self.out.put(b"'\\'");
                    self.dollar.open = false;
                }
            }
            _ if portable(c) => need.dq_safe = true,
            _ => return self.other(name, i, right_quote, need),
        }
        Ok(Step::Byte(need))
    }

    /// A character outside the portable set: one byte in C, a multibyte character
    /// (or an encoding error) in UTF-8. Written here when it is longer than a byte or
    /// must be escaped.
    fn other(
        &mut self,
        name: &[u8],
        i: usize,
        right_quote: bool,
        need: Need,
    ) -> Result<Step, Forced> {
        let plan = self.plan;
        let (len, printable) = character(&name[i..], self.utf8);
        if !printable {
            self.f.double_quote_safe = false;
        }
        let escaped = plan.escapes && !printable;
        if len == 1 && !escaped {
            return Ok(Step::Byte(Need {
                dq_safe: printable,
                ..need
            }));
        }
        for (k, &b) in name[i..i + len].iter().enumerate() {
            if escaped {
                if plan.bare {
                    return Err(Forced);
                }
                self.dollar.begin(plan, self.out);
                self.out
                    .put(&[b'0' + (b >> 6), b'0' + ((b >> 3) & 7), b'0' + (b & 7)]);
            } else {
                if k == 0 && right_quote {
                    self.out.put_byte(b'\\');
                }
                self.dollar.end(self.out);
                self.out.put_byte(b);
            }
        }
        Ok(Step::Wrote(len))
    }
}

/// The length of the character at the start of `s` (non-empty) and whether it is
/// printable, as quotearg sees it: one byte in C; in UTF-8 a whole valid character,
/// one byte of an encoding error, or all of an incomplete character at the end.
fn character(s: &[u8], utf8: bool) -> (usize, bool) {
    if !utf8 {
        return (1, (0x20..0x7f).contains(&s[0]));
    }
    match unicode::decode(s) {
        Decoded::Char(cp, len) => (len, unicode::is_print(cp)),
        Decoded::Invalid => (1, false),
        Decoded::Incomplete => (s.len(), false),
    }
}

/// glibc's iswcntrl: C0, DEL, C1, and the line and paragraph separators.
fn is_cntrl(cp: u32) -> bool {
    cp < 0x20 || (0x7f..0xa0).contains(&cp) || cp == 0x2028 || cp == 0x2029
}

/// The last stage: counts display columns of what passes through and, for `-q`,
/// replaces nonprintable characters with `?` (one per character, one per byte of an
/// encoding error, one for an incomplete character at the end), as ls does on the
/// quoted text.
struct Screen<'a> {
    out: &'a mut dyn Sink,
    utf8: bool,
    question_marks: bool,
    width: usize,
    first: Option<u8>,
    raw_len: usize,
    /// The start of a multibyte character not complete yet.
    pending: [u8; 6],
    held: usize,
}

impl<'a> Screen<'a> {
    fn new(out: &'a mut dyn Sink, utf8: bool, question_marks: bool) -> Screen<'a> {
        Screen {
            out,
            utf8,
            question_marks,
            width: 0,
            first: None,
            raw_len: 0,
            pending: [0; 6],
            held: 0,
        }
    }

    fn feed(&mut self, b: u8) {
        if self.first.is_none() {
            self.first = Some(b);
        }
        self.raw_len += 1;
        if !self.utf8 {
            let printable = (0x20..0x7f).contains(&b);
            if self.question_marks {
                self.out.put_byte(if printable { b } else { b'?' });
                self.width += 1;
            } else {
                self.out.put_byte(b);
                self.width += printable as usize;
            }
            return;
        }
        if self.held == 0 && (0x20..0x7f).contains(&b) {
            self.out.put_byte(b);
            self.width += 1;
            return;
        }
        self.pending[self.held] = b;
        self.held += 1;
        while self.held > 0 {
            let held = self.held;
            match unicode::decode(&self.pending[..held]) {
                Decoded::Char(cp, len) => {
                    self.character(cp, len);
                    self.shift(len);
                }
                Decoded::Invalid => {
                    self.unreadable(1);
                    self.shift(1);
                }
                Decoded::Incomplete if held == self.pending.len() => {
                    self.unreadable(1);
                    self.shift(1);
                }
                Decoded::Incomplete => break,
            }
        }
    }

    fn shift(&mut self, n: usize) {
        self.pending.copy_within(n..self.held, 0);
        self.held -= n;
    }

    /// A decoded character: kept with its width, or hidden as `?`; nonprintable
    /// characters shown as they are take one column unless they are controls.
    fn character(&mut self, cp: u32, len: usize) {
        let w = unicode::width(cp);
        if w >= 0 {
            self.out.put(&self.pending[..len]);
            self.width += w as usize;
        } else if self.question_marks {
            self.out.put_byte(b'?');
            self.width += 1;
        } else {
            self.out.put(&self.pending[..len]);
            self.width += !is_cntrl(cp) as usize;
        }
    }

    /// `n` bytes that do not form a character: one column, one `?`.
    fn unreadable(&mut self, n: usize) {
        if self.question_marks {
            self.out.put_byte(b'?');
        } else {
            self.out.put(&self.pending[..n]);
        }
        self.width += 1;
    }

    fn finish(mut self) -> usize {
        if self.held > 0 {
            self.unreadable(self.held);
        }
        self.width
    }
}

impl Sink for Screen<'_> {
    fn put(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.feed(b);
        }
    }
    fn put_byte(&mut self, b: u8) {
        self.feed(b);
    }
}

#[cfg(test)]
#[path = "quote_tests.rs"]
mod tests;
