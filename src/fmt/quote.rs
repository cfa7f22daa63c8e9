//! File name quoting: the ten GNU quoting styles (`--quoting-style`, `-b`, `-Q`, `-N`),
//! ls's `-q` question marks, and the display width of the result.
//!
//! How it works. A style is first *decided* (`decide`), then *written* (`write`):
//! - The "maybe" styles (`shell`, `shell-escape`, `c-maybe`) print a name as it is
//!   unless some byte needs quoting; then the name is written in the matching
//!   always-quoting style (`shell-always`, `shell-escape-always`, `c`), and the extra
//!   characters no longer count.
//! - The single-quote styles write a name that contains `'` but nothing else that is
//!   awkward (only letters, digits, `%+,-./:]_@`, spaces, a leading `#`/`~`, a lone
//!   `{`/`}`, printable multibyte characters) in the `c` style instead: `"it's"`.
//! - The writer's end (`out::Out`) counts display columns as it writes each character and, for
//!   `-q` in the literal and shell styles, writes `?` for a nonprintable one; a run
//!   of plain printable ASCII goes out at once.

mod decide;
mod out;
mod plan;
mod write;

use crate::fmt::Sink;
use decide::decide;
use out::Out;
use plan::Findings;
use write::run;

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
    /// In an 8-bit locale (not `utf8`), its CLASS table: byte `b` >= 0x80 is
    /// printable when bit 6 of `high[2 * b + 257]` is set. None in C.
    pub high: Option<&'static [u8; 768]>,
    /// More characters that must be quoted or escaped. GNU ls 9.1 adds `=>@|` for
    /// `-F`/`--classify`, `*=>@|` for `--file-type` (sic: the sets are swapped in 9.1),
    /// a space for file names in the escape style, and `:` for directory headers.
    pub extra: &'static [u8],
    /// The locale and clocale styles' quotes where the message catalog gives them
    /// (gnulib's gettext("`") and gettext("'")), in the output codeset.
    pub quotes: Quotes,
}

/// An opening and a closing quote, each perhaps not given.
pub type Quotes = [Option<&'static [u8]>; 2];

/// gnulib's quoting functions for names in messages, as the style each gives:
/// `quotef` (shell-escape quoting only where needed, `:` included: a name before
/// `: text`), `quoteaf` (shell-escape quoting, always), `quote` (the locale's
/// quotation marks: option values).
pub const QUOTEF: Style = Style::ShellEscape;
pub const QUOTEAF: Style = Style::ShellEscapeAlways;
pub const QUOTE: Style = Style::Locale;

impl Quoting {
    /// The quoting of gnulib's function `how` (QUOTEF, QUOTEAF, QUOTE).
    pub const fn gnulib(how: Style, utf8: bool) -> Quoting {
        Quoting {
            style: how,
            hide_control: false,
            utf8,
            high: None,
            extra: if matches!(how, QUOTEF) { b":" } else { b"" },
            quotes: [None; 2],
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

#[cfg(test)]
mod tests;
