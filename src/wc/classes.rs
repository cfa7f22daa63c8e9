//! wc's character classes: the cache (`hot::classes`, beside the counter that reads
//! it in its hot loop) filled from `fmt::unicode`'s answers in the C.UTF-8 locale.

use crate::fmt::unicode::{is_nbsp, is_print, is_space, width};
pub use crate::hot::classes::Classes;

/// An empty cache; with `posix` (POSIXLY_CORRECT) the no-break spaces do not
/// separate words.
/// In an 8-bit locale the bytes' classes come from its CLASS table, the no-break
/// space from its codeset. None: a cache was made before in this process (its
/// table is the one in .bss).
pub fn new(posix: bool) -> Option<Classes> {
    let table = crate::sys::iobuf::class_table()?;
    let mut c = Classes::new(if posix { posix_class } else { class }, table);
    if let Some(k) = crate::locale::byte_classes() {
        let nbsp = if posix {
            256
        } else {
            crate::locale::nbsp_byte().into()
        };
        c.bytes = Some((k, nbsp));
    }
    Some(c)
}

/// The class of `cp` (`hot::classes::class`).
fn class(cp: u32) -> u8 {
    crate::hot::classes::class(is_print(cp), width(cp), is_space(cp) || is_nbsp(cp))
}

/// The same under POSIXLY_CORRECT.
fn posix_class(cp: u32) -> u8 {
    crate::hot::classes::class(is_print(cp), width(cp), is_space(cp))
}

#[cfg(test)]
mod tests;
