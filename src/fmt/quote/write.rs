//! Writing one name with a decided plan: the ASCII byte classes, each
//! character's escape, quoting or `?`, and shell-escape's `$'…'` segments.

use super::out::Out;
use super::plan::{Findings, Forced, Plan};
use crate::fmt::unicode::{self, Decoded};

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
pub(super) fn run(
    plan: &Plan,
    name: &[u8],
    dollar_open: bool,
    out: &mut Out,
    f: &mut Findings,
) -> Result<(), Forced> {
    let single = plan.single;
    if !plan.bare {
        out.put(plan.open);
    }
    f.double_quote_safe = true;
    let mut w = Writer {
        plan,
        // Quote strings are only escaped inside the name by the backslash family.
        close: if plan.backslash { plan.close } else { b"" },
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
        w.out.put(plan.close);
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
        } else if need.incomplete && !plan.bare && !plan.open.is_empty() {
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
                    // (The printable ASCII bytes have their own classes.)
                    printable = c >= 0x80
                        && plan
                            .high
                            .is_some_and(|t| crate::hot::classes::in_class(t, c, 6));
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
