//! Why LS_COLORS was rejected: the one error type of the parser and of the suffix
//! table it fills (a leaf both name), and GNU's message saying so.

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

/// GNU's second (or only) message, without `ls: ` and the newline (ls's resolve
/// writes both, through the message catalog).
pub const UNPARSABLE: &[u8] = b"unparsable value for LS_COLORS environment variable";
