//! The ten-character mode string of `ls -l` (`drwxr-xr-t`, `-rwsr-Sr-x`).

use crate::fmt::kind::Kind;

/// Writes `mode` as `ls -l` shows it: the type letter (`Kind::letter`), then read/write/execute for
/// user, group and other. setuid and setgid show `s` in the execute position of user
/// and group (`S` when that execute bit is clear); sticky shows `t`/`T` for other.
pub fn mode_string(mode: u32, out: &mut [u8; 10]) {
    out[0] = Kind::from_mode(mode).letter();
    // (shift of the rwx triple, the special bit, its letter when x is set)
    let triples = [(6, 0o4000, b's'), (3, 0o2000, b's'), (0, 0o1000, b't')];
    for (k, &(shift, special, letter)) in triples.iter().enumerate() {
        let bits = (mode >> shift) & 7;
        let at = 1 + 3 * k;
        out[at] = if bits & 4 != 0 { b'r' } else { b'-' };
        out[at + 1] = if bits & 2 != 0 { b'w' } else { b'-' };
        let exec = bits & 1 != 0;
        out[at + 2] = match (mode & special != 0, exec) {
            (false, false) => b'-',
            (false, true) => b'x',
            (true, true) => letter,
            (true, false) => letter.to_ascii_uppercase(),
        };
    }
}

#[cfg(test)]
mod tests;
