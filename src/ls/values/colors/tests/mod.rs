//! Unit tests. Expected bytes come from GNU ls 9.1 on the reference machine; the
//! command behind each is given with the test.

use super::*;
use crate::fmt::Sink;

mod classify;
mod emission;
mod listing;
mod parsing;

pub(super) struct Bytes(pub Vec<u8>);
impl crate::fmt::Sink for Bytes {
    fn put(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
}

/// Parses `text` into leaked storage of exactly `storage_size(text)`.
pub(super) fn try_db(text: &[u8]) -> Result<Database<'static>, ParseError> {
    let size = storage_size(text);
    let bytes = Box::leak(vec![0u8; size.bytes].into_boxed_slice());
    let slots = Box::leak(vec![Slot::EMPTY; size.slots].into_boxed_slice());
    parse(text, Storage { bytes, slots })
}

pub(super) fn db(text: &str) -> Database<'static> {
    match try_db(text.as_bytes()) {
        Ok(d) => d,
        Err(e) => panic!("{text:?}: {e:?}"),
    }
}

/// The messages ls writes for a rejected LS_COLORS in the C locale (or C.UTF-8,
/// `utf8`): `PROG: unrecognized prefix: 'xx'` when there is a prefix (the label
/// quoted as gnulib's `quote` does), then `PROG: ` and UNPARSABLE.
pub(super) fn messages(e: ParseError, prog: &[u8], utf8: bool) -> Vec<u8> {
    let mut out = Bytes(Vec::new());
    if let ParseError::Invalid {
        prefix: Some(label),
    } = e
    {
        out.put(prog);
        out.put(b": unrecognized prefix: ");
        crate::fmt::quote::quote(
            &crate::fmt::quote::Quoting::gnulib(crate::fmt::quote::QUOTE, utf8),
            &label,
            &mut out,
        );
        out.put(b"\n");
    }
    out.put(prog);
    out.put(b": ");
    out.put(UNPARSABLE);
    out.put(b"\n");
    out.0
}

pub(super) fn err(text: &[u8]) -> ParseError {
    match try_db(text) {
        Ok(_) => panic!("{text:?} parsed"),
        Err(e) => e,
    }
}

/// `dircolors -b` on the reference machine (Debian 12, coreutils 9.1).
pub(super) const DIRCOLORS: &str = include_str!("dircolors.txt");
