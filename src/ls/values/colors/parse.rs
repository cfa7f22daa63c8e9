//! Parsing LS_COLORS as GNU ls 9.1 does.
//!
//! The text is a sequence of entries separated by `:` (empty entries are skipped):
//! `xx=VALUE` for one of the two-letter [`Key`]s, or `*SUFFIX=VALUE`. VALUE (and
//! SUFFIX) may contain escapes, resolved here:
//! - `\a \b \e \f \n \r \t \v` (BEL BS ESC FF LF CR TAB VT), `\?` (DEL), `\_` (space);
//! - `\` then octal digits: as many as follow (not just three), the value taken
//!   modulo 256; `\x` (or `\X`) then hex digits, likewise (no digit at all gives NUL);
//! - `\` then any other byte: that byte (`\:`, `\=`, `\\`, `\^`);
//! - `^X` for X in `@`..`~`: X & 0x1f; `^?`: DEL. 9.1 quirk: `^?` does not consume the
//!   `?`, so it gives DEL followed by `?` (checked: `di=^?` writes `\e[\x7f?m`).
//!
//! A value ends at `:` or at the end; a SUFFIX also ends at `=`. `\` or `^` at the end,
//! `^` before a byte outside `@`..`~` and `?`, a key with no `=`, an unknown key, or a
//! `*SUFFIX` with no `=` make the whole text invalid. Later entries override earlier
//! ones; `ln=target` turns on coloring symlinks like their targets.

use super::error::ParseError;
use super::suffix::Builder;
use super::{builtin_seqs, Database, Key, Storage};

/// The part of `Storage::bytes` not yet handed out, and how much of its front the
/// string being decoded has filled.
struct Decoded<'a> {
    rest: &'a mut [u8],
    len: usize,
}

impl<'a> Decoded<'a> {
    fn push(&mut self, b: u8) -> Result<(), ParseError> {
        let slot = self.rest.get_mut(self.len).ok_or(ParseError::NoRoom)?;
        *slot = b;
        self.len += 1;
        Ok(())
    }

    /// Hands out the string decoded so far.
    fn take(&mut self) -> &'a [u8] {
        let rest = core::mem::take(&mut self.rest);
        let (done, tail) = rest.split_at_mut(self.len);
        self.rest = tail;
        self.len = 0;
        done
    }
}

/// The one-letter escapes and their bytes: BEL BS ESC FF LF CR TAB VT DEL space.
const SIMPLE: &[u8; 20] = b"a\x07b\x08e\x1bf\x0cn\nr\rt\tv\x0b?\x7f_ ";

fn hex_digit(b: Option<&u8>) -> Option<u8> {
    match *b? {
        d @ b'0'..=b'9' => Some(d - b'0'),
        d @ b'a'..=b'f' => Some(d - b'a' + 10),
        d @ b'A'..=b'F' => Some(d - b'A' + 10),
        _ => None,
    }
}

/// Decodes one value (or suffix, when `stop_at_equals`) starting at `*at`, leaving
/// `*at` on the byte that ended it (`:`, `=`, or the end). A bad escape is the
/// error `bad`.
fn decode<'a>(
    text: &[u8],
    at: &mut usize,
    stop_at_equals: bool,
    out: &mut Decoded<'a>,
    bad: ParseError,
) -> Result<&'a [u8], ParseError> {
    let mut i = *at;
    loop {
        let c = match text.get(i) {
            None | Some(b':') => break,
            Some(b'=') if stop_at_equals => break,
            Some(&c) => c,
        };
        i += 1;
        match c {
            b'\\' => {
                let e = match text.get(i) {
                    None => return Err(bad),
                    Some(&e) => e,
                };
                i += 1;
                let value = match e {
                    b'0'..=b'7' => {
                        let mut n = e - b'0';
                        while let Some(&d @ b'0'..=b'7') = text.get(i) {
                            n = (n << 3).wrapping_add(d - b'0');
                            i += 1;
                        }
                        n
                    }
                    b'x' | b'X' => {
                        let mut n = 0u8;
                        while let Some(d) = hex_digit(text.get(i)) {
                            n = (n << 4).wrapping_add(d);
                            i += 1;
                        }
                        n
                    }
                    // The letters, each followed by what it stands for (a table:
                    // as a match, a chain of ten compares).
                    other => SIMPLE
                        .chunks_exact(2)
                        .find(|p| p[0] == other)
                        .map_or(other, |p| p[1]),
                };
                out.push(value)?;
            }
            b'^' => match text.get(i) {
                Some(&x @ b'@'..=b'~') => {
                    out.push(x & 0x1f)?;
                    i += 1;
                }
                // 9.1 leaves the `?` to be read again as an ordinary byte.
                Some(b'?') => out.push(0x7f)?,
                _ => return Err(bad),
            },
            _ => out.push(c)?,
        }
    }
    *at = i;
    Ok(out.take())
}

/// What an entry names: `*SUFFIX`, or a key by its two letters.
enum Name<'a> {
    Suffix(&'a [u8]),
    Key([u8; 2]),
}

const fn invalid(prefix: Option<[u8; 2]>) -> ParseError {
    ParseError::Invalid { prefix }
}

/// Parses a non-empty LS_COLORS value into `storage` (sized by `storage_size`). A NUL
/// byte ends the text, as it would end GNU's C string.
pub fn parse<'a>(text: &[u8], storage: Storage<'a>) -> Result<Database<'a>, ParseError> {
    let text = match text.iter().position(|&b| b == 0) {
        Some(n) => &text[..n],
        None => text,
    };
    let mut seqs = builtin_seqs();
    let mut suffixes = Builder::new(storage.slots);
    let mut out = Decoded {
        rest: storage.bytes,
        len: 0,
    };
    let mut i = 0;
    while let Some(&c) = text.get(i) {
        if c == b':' {
            i += 1;
            continue;
        }
        // The entry's name: `*SUFFIX` (decoded) or two letters.
        let name = if c == b'*' {
            i += 1;
            Name::Suffix(decode(text, &mut i, true, &mut out, invalid(None))?)
        } else {
            let label = [c, *text.get(i + 1).ok_or(invalid(None))?];
            i += 2;
            Name::Key(label)
        };
        if text.get(i) != Some(&b'=') {
            return Err(invalid(None));
        }
        i += 1;
        match name {
            Name::Suffix(suffix) => {
                let seq = decode(text, &mut i, false, &mut out, invalid(None))?;
                suffixes.insert(suffix, seq)?;
            }
            Name::Key(label) => {
                let bad = invalid(Some(label));
                let key = Key::from_label(label).ok_or(bad)?;
                seqs[key as usize] = Some(decode(text, &mut i, false, &mut out, bad)?);
            }
        }
    }
    Ok(Database::new(seqs, suffixes.finish()))
}
