//! Why LS_COLORS was rejected, and GNU's messages saying so: the one error type
//! of the parser and of the suffix table it fills (a leaf both name).

use crate::fmt::Sink;

/// Why LS_COLORS was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// GNU's `unparsable value for LS_COLORS environment variable`. `prefix` is the
    /// two-letter label when GNU first says `unrecognized prefix: 'xx'`: an unknown
    /// key followed by `=`, or a known key whose value has a bad escape.
    Invalid { prefix: Option<[u8; 2]> },
    /// The storage was smaller than `storage_size` asked for (a caller bug).
    NoRoom,
}

/// GNU's second (or only) message, without `ls: ` and the newline.
const UNPARSABLE: &[u8] = b"unparsable value for LS_COLORS environment variable";

impl ParseError {
    /// Writes GNU's stderr lines, each `PROG: ...\n` (`prog` is argv[0], as GNU):
    /// `unrecognized prefix: 'xx'` (when there is a prefix) and `unparsable value for
    /// LS_COLORS environment variable`.
    /// The label is quoted as gnulib's `quote` does: `‘xx’` when LC_CTYPE is UTF-8
    /// (`utf8`), else `'xx'`, with C escapes for what is not printable.
    /// `NoRoom` writes `PROG: memory exhausted\n` (then exit 2, as GNU's xalloc_die).
    pub fn write_messages(&self, prog: &[u8], utf8: bool, out: &mut dyn Sink) {
        match *self {
            ParseError::Invalid { prefix } => {
                if let Some(label) = prefix {
                    out.put(prog);
                    out.put(b": unrecognized prefix: ");
                    quote_label(label, utf8, out);
                    out.put_byte(b'\n');
                }
                out.put(prog);
                out.put(b": ");
                out.put(UNPARSABLE);
                out.put_byte(b'\n');
            }
            ParseError::NoRoom => {
                out.put(prog);
                out.put(b": memory exhausted\n");
            }
        }
    }
}

/// gnulib's `quote` (locale style) for the two label bytes.
fn quote_label(label: [u8; 2], utf8: bool, out: &mut dyn Sink) {
    crate::fmt::quote::quote(&crate::fmt::quote::Quoting::quote(utf8), &label, out);
}
