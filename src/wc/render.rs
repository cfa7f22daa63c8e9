//! The output: GNU's shared column width, the counts line, the messages.

use super::count::Counts;
use super::input::PreStat;
use super::job::Job;
use crate::fmt::num;
use crate::fmt::quote::{quote, Quoting, Style, QUOTEF};
use crate::msg::Arg;
use crate::sys::{out, Errno};

/// The width every number is padded to: the digits of the summed sizes of the
/// regular inputs, at least 7 when some input is not a regular file, and 1 when
/// nothing was stat'd (one input with one count, or names streamed from a pipe).
/// Inputs that could not be stat'd do not count.
pub fn number_width(pre: &[PreStat]) -> usize {
    match pre.first() {
        None | Some(PreStat::NotTried) => return 1,
        _ => {}
    }
    let mut minimum = 1;
    let mut regular_total = 0u64;
    for p in pre {
        if let PreStat::Known(i) = p {
            if i.regular {
                regular_total = regular_total.wrapping_add(i.size as u64);
            } else {
                minimum = 7;
            }
        }
    }
    num::dec_width(regular_total).max(minimum)
}

/// Writes one counts line: the selected numbers in GNU's fixed order, then the
/// name (quoted if it has a newline), then `\n`; and sends it at once, in its own
/// write(2), as GNU's line-buffered stdout does: a program that feeds names to
/// `--files0-from=-` one at a time reads each line before it sends the next name.
pub fn counts_line(job: &Job, width: usize, c: &Counts, name: Option<&[u8]>) {
    let mut first = true;
    // In `Column` order: value i is shown when bit i of `shown` is set.
    let values = [c.lines, c.words, c.chars, c.bytes, c.max_len];
    for (i, v) in values.into_iter().enumerate() {
        if job.shown & 1 << i == 0 {
            continue;
        }
        if !first {
            out::byte(b' ');
        }
        first = false;
        let mut tmp = [0u8; 20];
        let digits = num::u64_dec(v, &mut tmp);
        if digits.len() < width {
            out::repeat(b' ', width - digits.len());
        }
        out::bytes(digits);
    }
    if let Some(n) = name {
        out::byte(b' ');
        if n.contains(&b'\n') {
            push_name(&mut crate::msg::Stdout, job, n);
        } else {
            out::bytes(n);
        }
    }
    out::byte(b'\n');
    out::flush();
}

/// Appends `name` quoted as GNU's `quotef` does.
#[inline(always)]
pub fn push_name(l: &mut dyn crate::fmt::Sink, job: &Job, name: &[u8]) {
    let mut q = Quoting::gnulib(QUOTEF, job.utf8);
    q.high = crate::locale::byte_classes();
    quote(&q, name, l);
}

/// How a message shows a name: GNU's `quotef` or `quoteaf`.
pub type How = Style;

/// Writes `PROG: ` and message `msgid` (coreutils' catalog), its `%s` `name`
/// quoted as its `How` says, then `: ` and the text of `e` when given, and a
/// newline.
pub fn report(job: &Job, msgid: &[u8], name: Option<(&[u8], How)>, e: Option<Errno>) {
    let name = name.map(|(n, how)| Arg::Quoted(n, how));
    crate::msg::report(job.prog, msgid, name.as_slice(), e);
}

/// `PROG: NAME: strerror`.
pub fn file_error(job: &Job, name: &[u8], e: Errno) {
    report(job, b"%s", Some((name, QUOTEF)), Some(e));
}

#[cfg(test)]
mod tests;
