//! The directories a locale name is looked for in: LOCPATH's, then the default one.

/// The directories searched: those of LOCPATH (split at `:`, empty ones dropped, but
/// a trailing `:` stands for an empty one, which makes paths `/NAME/...`), then the
/// default one.
pub struct Dirs<'a> {
    rest: Option<&'a [u8]>,
    trailing_empty: bool,
    default_done: bool,
}

impl<'a> Dirs<'a> {
    pub fn new(locpath: &'a [u8]) -> Dirs<'a> {
        Dirs {
            rest: Some(locpath),
            trailing_empty: locpath.last() == Some(&b':'),
            default_done: false,
        }
    }
}

impl<'a> Iterator for Dirs<'a> {
    type Item = &'a [u8];
    fn next(&mut self) -> Option<&'a [u8]> {
        while let Some(rest) = self.rest {
            let (dir, after) = match rest.iter().position(|&c| c == b':') {
                Some(i) => (&rest[..i], Some(&rest[i + 1..])),
                None => (rest, None),
            };
            self.rest = after;
            if !dir.is_empty() {
                return Some(dir);
            }
        }
        if self.trailing_empty {
            self.trailing_empty = false;
            return Some(b"");
        }
        if !self.default_done {
            self.default_done = true;
            return Some(super::DEFAULT_PATH);
        }
        None
    }
}
