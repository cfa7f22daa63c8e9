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
//! - The writer (`Out`) counts display columns as it writes each character and, for
//!   `-q` in the literal and shell styles, writes `?` for a nonprintable one; a run
//!   of plain printable ASCII goes out at once.

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
    let mut out = Out::new(Some(out), question_marks);
    let done = run(&plan, name, dollar_open, &mut out, &mut Findings::default());
    debug_assert!(done.is_ok());
    Quoted {
        width: out.width,
        quoted: out.len != name.len() || out.first != name.first().copied(),
    }
}

/// Where `run` writes: a sink, and what `quote` reports of the text. ls measures
/// and screens the quoted text (`-q`), so a character of the name counts as it is
/// written, and the quoting's own bytes (printable ASCII, the curly quotes) one
/// column a character.
struct Out<'a> {
    /// None in a dry run.
    sink: Option<&'a mut dyn Sink>,
    /// ls -q: the name's nonprintable characters are written as `?`.
    question_marks: bool,
    /// Display columns.
    width: usize,
    /// Bytes written (before `-q` replaced any).
    len: usize,
    first: Option<u8>,
}

impl<'a> Out<'a> {
    fn new(sink: Option<&'a mut dyn Sink>, question_marks: bool) -> Out<'a> {
        Out {
            sink,
            question_marks,
            width: 0,
            len: 0,
            first: None,
        }
    }

    /// The quoting's own bytes.
    fn put(&mut self, bytes: &[u8]) {
        // (A curly quote is three bytes of one character.)
        let chars = if bytes.first() == Some(&0xE2) {
            1
        } else {
            bytes.len()
        };
        self.text(bytes, chars, false);
    }

    fn byte(&mut self, b: u8) {
        self.put(&[b]);
    }

    /// Text of the name `cols` columns wide; `hidden`: not printable (a `?` for
    /// `-q`, one column).
    fn text(&mut self, bytes: &[u8], cols: usize, hidden: bool) {
        let Some(sink) = self.sink.as_deref_mut() else {
            return;
        };
        if self.first.is_none() {
            self.first = bytes.first().copied();
        }
        self.len += bytes.len();
        if hidden && self.question_marks {
            sink.put_byte(b'?');
            self.width += 1;
        } else {
            match bytes {
                &[b] => sink.put_byte(b),
                _ => sink.put(bytes),
            }
            self.width += cols;
        }
    }
}

/// A decided way of writing one name.
#[derive(Clone, Copy)]
struct Plan {
    /// The single-quote family: `'…'` with `'\''` for a quote, and (with
    /// `escapes`) `$'…'` segments.
    single: bool,
    /// The backslash family: backslash escapes inside optional quotes (c, escape,
    /// locale). Neither family: literal.
    backslash: bool,
    /// Backslash escapes for control and nonprintable characters.
    escapes: bool,
    /// Write nothing but the name itself, or give up (`Forced`) when a byte needs
    /// quoting: the "maybe" styles.
    bare: bool,
    /// Its quotes: an index into QUOTES.
    quotes: u8,
    /// LC_CTYPE is UTF-8.
    utf8: bool,
    extra: &'static [u8],
}

const SINGLE: &[u8] = b"'";
const DOUBLE: &[u8] = b"\"";
const LEFT_CURLY: &[u8] = "\u{2018}".as_bytes();
const RIGHT_CURLY: &[u8] = "\u{2019}".as_bytes();

/// Each style's plan, in `Style` order: the family (0 literal, 1 single, 2
/// backslash), ESCAPES, BARE, and its quotes (an index into QUOTES, shifted by 4;
/// LOCALE_QUOTES: the curly ones in UTF-8, otherwise those of the index below).
const PLANS: [u8; 10] = [
    0,
    1 | BARE | 1 << 4,
    1 | 1 << 4,
    1 | ESCAPES | BARE | 1 << 4,
    1 | ESCAPES | 1 << 4,
    2 | ESCAPES | 2 << 4,
    2 | ESCAPES | BARE | 2 << 4,
    2 | ESCAPES,
    2 | ESCAPES | LOCALE_QUOTES | 1 << 4,
    2 | ESCAPES | LOCALE_QUOTES | 2 << 4,
];
const ESCAPES: u8 = 4;
const BARE: u8 = 8;
const LOCALE_QUOTES: u8 = 0x80;
/// (open, close)
const QUOTES: [(&[u8], &[u8]); 4] = [
    (b"", b""),
    (SINGLE, SINGLE),
    (DOUBLE, DOUBLE),
    (LEFT_CURLY, RIGHT_CURLY),
];

impl Plan {
    fn of(style: Style, utf8: bool, extra: &'static [u8]) -> Plan {
        let bits = PLANS[style as usize];
        let quotes = if utf8 && bits & LOCALE_QUOTES != 0 {
            3
        } else {
            bits >> 4 & 3
        };
        Plan {
            single: bits & 3 == 1,
            backslash: bits & 3 == 2,
            escapes: bits & ESCAPES != 0,
            bare: bits & BARE != 0,
            quotes,
            utf8,
            extra,
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
    let dry_run =
        |plan: &Plan, f: &mut Findings| run(plan, name, false, &mut Out::new(None, false), f);
    if plan.bare && dry_run(&plan, &mut Findings::default()).is_err() {
        plan = plan.forced();
    }
    if plan.single && !plan.bare {
        let mut f = Findings::default();
        let _ = dry_run(&plan, &mut f);
        if f.apostrophe {
            if f.double_quote_safe {
                return (Plan::of(Style::C, q.utf8, plan.extra), false);
            }
            return (plan, f.dollar_open);
        }
    }
    (plan, false)
}

/// The `$'…'` bookkeeping of shell-escape: whether a `$'` segment is open, and whether
/// the current character was written as an escape (so the segment stays open).
struct Dollar {
    open: bool,
    escaped_now: bool,
}

impl Dollar {
    /// Before a backslash escape: in the single-quote family, leave `'…'` for `$'…'`.
    fn begin(&mut self, plan: &Plan, out: &mut Out) {
        self.escaped_now = true;
        if plan.single && !self.open {
            out.put(b"'$'");
            self.open = true;
        }
        out.byte(b'\\');
    }
    /// Before a character written as itself: close an open `$'…'` segment.
    fn end(&mut self, out: &mut Out) {
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
    dollar_open: bool,
    out: &mut Out,
    f: &mut Findings,
) -> Result<(), Forced> {
    let single = plan.single;
    if !plan.bare {
        out.put(QUOTES[plan.quotes as usize].0);
    }
    f.double_quote_safe = true;
    let mut w = Writer {
        plan,
        // Quote strings are only escaped inside the name by the backslash family.
        close: if plan.backslash {
            QUOTES[plan.quotes as usize].1
        } else {
            b""
        },
        dollar: Dollar {
            open: dollar_open,
            escaped_now: false,
        },
        out,
        f,
    };
    let mut i = 0;
    while i < name.len() {
        // A run of printable ASCII that no style escapes, quotes or counts as
        // special (no closing quote is such a byte), written at once: what
        // `character` does a byte at a time for it.
        let mut end = i;
        while let Some(&c) = name.get(end) {
            if CLASSES.get(c as usize) != Some(&(PLAIN | DQ_SAFE)) || plan.extra.contains(&c) {
                break;
            }
            end += 1;
        }
        let plain = end - i;
        if plain == 0 {
            i = w.character(name, i)?;
            continue;
        }
        w.dollar.escaped_now = false;
        w.dollar.end(w.out);
        w.out.text(&name[i..i + plain], plain, false);
        i += plain;
    }
    if name.is_empty() && single && plan.bare {
        return Err(Forced);
    }
    if !plan.bare {
        w.out.put(QUOTES[plan.quotes as usize].1);
    }
    w.f.dollar_open = w.dollar.open;
    Ok(())
}

/// The state of `run` while it writes one name.
struct Writer<'p, 'o, 's> {
    plan: &'p Plan,
    /// The closing quote, when the name must escape it.
    close: &'p [u8],
    dollar: Dollar,
    out: &'o mut Out<'s>,
    f: &'o mut Findings,
}

/// The escape `\000` (see `Need::letter`).
const ZEROS: u8 = 1;

/// How one character of a name is written (see `Writer::need`).
struct Need {
    /// Its bytes.
    len: usize,
    /// Written, when the style escapes, as a backslash and this letter (`n` for
    /// a newline, `0` for a NUL; ZEROS: `000`, for a NUL before a digit); 0: not so.
    letter: u8,
    /// Could be written unchanged inside `"…"`.
    dq_safe: bool,
    /// The shell would read it specially.
    shell_special: bool,
    /// Written as itself: its columns, whether it is unprintable (`?` for `-q`),
    /// and whether it is an incomplete character at the end of the name.
    cols: usize,
    hidden: bool,
    incomplete: bool,
    /// Unprintable in a style that escapes: written as octal escapes, a byte each.
    octal: bool,
}

/// How an ASCII byte is written: a kind (the low four bits) and flags.
const PLAIN: u8 = 0;
/// Control characters with a letter escape (`\a` ...); with FORCES (`\t` `\n` `\r`)
/// they also make the shell styles quote.
const LETTER: u8 = 1;
const NUL: u8 = 2;
const BACKSLASH: u8 = 3;
const APOSTROPHE: u8 = 4;
/// `{` `}` (special alone) and `#` `~` (special first).
const POSITIONAL: u8 = 5;
/// Not printable ASCII: see `Writer::other`.
const OTHER: u8 = 6;
const KIND: u8 = 0x0f;
/// Could be written unchanged inside `"…"`.
const DQ_SAFE: u8 = 0x10;
/// The shell would read it specially.
const SPECIAL: u8 = 0x20;
const FORCES: u8 = 0x40;

/// The classes of the ASCII bytes.
static CLASSES: [u8; 128] = {
    let mut t = [OTHER; 128];
    let mut c = 0x20;
    while c < 0x7f {
        t[c] = PLAIN | DQ_SAFE;
        c += 1;
    }
    let special = b" !\"$&()*;<=>?[^`|";
    let mut i = 0;
    while i < special.len() {
        t[special[i] as usize] = PLAIN | SPECIAL;
        i += 1;
    }
    t[b' ' as usize] = PLAIN | SPECIAL | DQ_SAFE;
    t[0] = NUL;
    t[7] = LETTER;
    t[8] = LETTER;
    t[9] = LETTER | FORCES;
    t[10] = LETTER | FORCES;
    t[11] = LETTER;
    t[12] = LETTER;
    t[13] = LETTER | FORCES;
    t[b'\\' as usize] = BACKSLASH;
    t[b'\'' as usize] = APOSTROPHE | DQ_SAFE;
    t[b'{' as usize] = POSITIONAL;
    t[b'}' as usize] = POSITIONAL;
    t[b'#' as usize] = POSITIONAL;
    t[b'~' as usize] = POSITIONAL;
    t
};

impl Writer<'_, '_, '_> {
    /// Writes the character at `name[i]`; returns where the next one starts.
    #[inline]
    fn character(&mut self, name: &[u8], i: usize) -> Result<usize, Forced> {
        let plan = self.plan;
        self.dollar.escaped_now = false;
        // (Only the backslash family has a `close` here, and it always escapes.)
        let right_quote = self.close.first() == Some(&name[i]) && name[i..].starts_with(self.close);
        if right_quote && plan.bare {
            return Err(Forced);
        }
        let need = self.need(name, i)?;
        let bytes = &name[i..i + need.len];
        if !need.dq_safe {
            self.f.double_quote_safe = false;
        }
        if need.octal {
            if plan.bare {
                return Err(Forced);
            }
            for &b in bytes {
                self.dollar.begin(plan, self.out);
                self.out
                    .put(&[b'0' + (b >> 6), b'0' + ((b >> 3) & 7), b'0' + (b & 7)]);
            }
            return Ok(i + need.len);
        }
        if need.shell_special && plan.single && plan.bare {
            return Err(Forced);
        }
        let letter = if plan.escapes { need.letter } else { 0 };
        // A loop, not `contains`: that is a memchr call per byte of every name.
        #[allow(clippy::manual_contains)]
        let extra = (plan.bare || (plan.escapes && !plan.single))
            && plan.extra.iter().any(|&e| e == bytes[0]);
        if letter != 0 || extra || right_quote {
            if plan.bare {
                return Err(Forced);
            }
            self.dollar.begin(plan, self.out);
        }
        if self.dollar.open {
            self.dollar.end(self.out);
        }
        if letter == ZEROS {
            self.out.put(b"000");
        } else if letter != 0 {
            self.out.byte(letter);
        } else if need.incomplete && !plan.bare && plan.quotes != 0 {
            // An incomplete character at the end is one unreadable unit, unless a
            // quote follows it: then each of its bytes is one.
            for b in bytes {
                self.out.text(core::slice::from_ref(b), 1, true);
            }
        } else {
            self.out.text(bytes, need.cols, need.hidden);
        }
        Ok(i + need.len)
    }

    /// How the character at `name[i]` is written.
    fn need(&mut self, name: &[u8], i: usize) -> Result<Need, Forced> {
        let (plan, single, c) = (self.plan, self.plan.single, name[i]);
        let class = CLASSES.get(c as usize).copied().unwrap_or(OTHER);
        let mut need = Need {
            len: 1,
            letter: 0,
            dq_safe: class & DQ_SAFE != 0,
            shell_special: class & SPECIAL != 0,
            cols: 1,
            hidden: false,
            incomplete: false,
            octal: false,
        };
        match class & KIND {
            PLAIN => {}
            LETTER => {
                if class & FORCES != 0 && single && plan.bare {
                    return Err(Forced);
                }
                need.letter = b"abtnvfr"[c as usize - 7];
                need.cols = 0;
                need.hidden = true;
            }
            NUL if plan.escapes => {
                need.letter = if !single && name.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    ZEROS
                } else {
                    b'0'
                };
            }
            BACKSLASH => {
                if single {
                    if plan.bare {
                        return Err(Forced);
                    }
                } else if !(plan.escapes && plan.bare && !self.close.is_empty()) {
                    need.letter = b'\\';
                }
            }
            APOSTROPHE => {
                self.f.apostrophe = true;
                if single {
                    if plan.bare {
                        return Err(Forced);
                    }
                    self.out.put(b"'\\'");
                    self.dollar.open = false;
                }
            }
            POSITIONAL => {
                let special = if c == b'{' || c == b'}' {
                    name.len() == 1
                } else {
                    i == 0
                };
                need.dq_safe = special;
                need.shell_special = special;
            }
            // Not printable ASCII: one byte in C; in UTF-8 a whole valid character,
            // one byte of an encoding error, or all of an incomplete character at the
            // end.
            _ => {
                let mut printable = false;
                if !plan.utf8 {
                    printable = (0x20..0x7f).contains(&c);
                    need.cols = printable as usize;
                    need.hidden = !printable;
                } else {
                    match unicode::decode(&name[i..]) {
                        Decoded::Char(cp, len) => {
                            let w = unicode::width(cp);
                            need.len = len;
                            printable = unicode::is_print(cp);
                            // wcwidth: -1 for what is not printable (U+0000 is 0
                            // wide).
                            need.hidden = w < 0;
                            need.cols = if w >= 0 {
                                w as usize
                            } else {
                                !unicode::is_cntrl(cp) as usize
                            };
                        }
                        Decoded::Invalid => need.hidden = true,
                        Decoded::Incomplete => {
                            need.len = name.len() - i;
                            need.hidden = true;
                            need.incomplete = true;
                        }
                    }
                }
                need.dq_safe = printable;
                need.octal = plan.escapes && !printable;
            }
        }
        Ok(need)
    }
}

#[cfg(test)]
mod tests;
