//! A getopt_long-compatible option parser shared by the applets, with GNU's exact
//! diagnostics: bundled short options, attached or separate arguments, long options
//! with `=` or a separate argument, optional arguments, unique-prefix abbreviations,
//! `--`, and argument permutation unless POSIXLY_CORRECT is set. `argmatch` checks
//! enumerated arguments (`--sort=t`) the way gnulib's argmatch does.
//!
//! An applet's options are one table of `Opt` rows in its `--help` order: each row
//! is one option (no two long names share one) with what it does (`id`, a value of
//! the applet's own type). The help texts are src/texts/help/*.txt (crate::texts::help).

use crate::fmt::keyword::{find_index, Keywords, Mismatch, Table};
use crate::fmt::quote::QUOTE;
use crate::locale::{COREUTILS, LIBC};
use crate::msg::{locale_quoted, say, Arg};
use crate::sys::env;
use crate::sys::err::Line;

/// Whether an option takes an argument.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HasArg {
    No,
    Required,
    Optional,
}

/// One option: its long name (without `--`, may be empty), its short letter (0 for
/// none), whether it takes an argument, the applet's id for it (what it does).
#[derive(Clone, Copy, Debug)]
pub struct Opt<A: 'static = u16> {
    pub long: &'static str,
    pub short: u8,
    pub arg: HasArg,
    pub id: A,
}

impl<A: Copy> Opt<A> {
    pub const fn new(long: &'static str, short: u8, arg: HasArg, id: A) -> Opt<A> {
        Opt {
            long,
            short,
            arg,
            id,
        }
    }
}

/// An option table as the binary stores it, built at compile time from `Opt` rows
/// (`rows`, `ids` and `names`): all long names in one string, each row naming its
/// span of it (3 bytes, not a 16-byte `&str`); the ids apart, so that the scanner
/// reads every applet's rows with the same code.
pub struct OptTable<A: 'static = u16> {
    pub rows: &'static [Row],
    pub ids: &'static [A],
    pub names: &'static [u8],
}

/// An `Opt` in an `OptTable` but its id (`ids[i]`): its long name is
/// `names[start..start + len]`.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    start: u16,
    len: u8,
    pub short: u8,
    pub arg: HasArg,
}

impl<A> OptTable<A> {
    /// The long name of row `i` (empty for none).
    pub fn long(&self, i: usize) -> &'static [u8] {
        long_name(self.rows, self.names, i)
    }
}

/// The long name of `rows[i]` in `names` (empty for none).
fn long_name(rows: &[Row], names: &'static [u8], i: usize) -> &'static [u8] {
    let r = &rows[i];
    let start = usize::from(r.start);
    names.get(start..start + usize::from(r.len)).unwrap_or(&[])
}

/// The bytes of all long names of `opts` (the length of `names(opts)`).
pub const fn names_len<A>(opts: &[Opt<A>]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < opts.len() {
        n += opts[i].long.len();
        i += 1;
    }
    n
}

/// All long names of `opts`, one after another.
pub const fn names<A, const N: usize>(opts: &[Opt<A>]) -> [u8; N] {
    let mut out = [0; N];
    let (mut n, mut i) = (0, 0);
    while i < opts.len() {
        let l = opts[i].long.as_bytes();
        let mut j = 0;
        while j < l.len() {
            out[n] = l[j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

/// The ids of `opts`, in order.
pub const fn ids<A: Copy, const R: usize>(opts: &[Opt<A>; R]) -> [A; R] {
    let mut out = [opts[0].id; R];
    let mut i = 0;
    while i < R {
        out[i] = opts[i].id;
        i += 1;
    }
    out
}

/// The rows of `opts`, each long name as its span of `names(opts)`.
pub const fn rows<A: Copy, const R: usize>(opts: &[Opt<A>; R]) -> [Row; R] {
    const fn row<A: Copy>(o: &Opt<A>, start: usize) -> Row {
        Row {
            start: start as u16,
            len: o.long.len() as u8,
            short: o.short,
            arg: o.arg,
        }
    }
    let mut out = [row(&opts[0], 0); R];
    let (mut start, mut i) = (0, 0);
    while i < R {
        assert!(start + opts[i].long.len() <= u16::MAX as usize && opts[i].long.len() < 256);
        out[i] = row(&opts[i], start);
        start += opts[i].long.len();
        i += 1;
    }
    out
}

/// What the parser found next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Item<A = u16> {
    /// An option by id, with its argument if it has one.
    Opt(A, Option<&'static [u8]>),
    /// An operand.
    Operand(&'static [u8]),
    /// A usage error; the message has already been written to stderr. The applet
    /// adds its `Try '... --help'` line and exits with its usage status.
    Error,
}

/// The source of arguments: the process's argv, or a fixed list (unit tests and
/// the fuzz target only: the binary has no second path to carry).
#[derive(Clone, Copy)]
pub enum Args {
    Process {
        first: usize,
    },
    #[cfg(any(test, feature = "fuzzing"))]
    List(&'static [&'static [u8]]),
}

impl Args {
    fn get(&self, i: usize) -> Option<&'static [u8]> {
        match *self {
            Args::Process { first } => env::arg(first + i),
            #[cfg(any(test, feature = "fuzzing"))]
            Args::List(l) => l.get(i).copied(),
        }
    }
}

/// The parser. Iterate it once to handle options and operands in GNU's order: all
/// options in command-line order, operands in their order (the iterator yields them
/// where they stand; since options never depend on operand positions, this is what
/// getopt's permutation gives).
pub struct Parser<A: 'static = u16> {
    ids: &'static [A],
    scan: Scan,
}

/// The parser's state, the same code for every applet's table (options are found
/// by their index in it).
struct Scan {
    prog: &'static [u8],
    /// The table's rows and long names.
    rows: &'static [Row],
    names: &'static [u8],
    /// The rows (indexes in `opts`) in the order glibc lists ambiguous candidates
    /// (the order of GNU's own table), when it is not the order of `opts`.
    order: Option<&'static [u8]>,
    args: Args,
    /// Index of the next argument to look at.
    next: usize,
    /// Position inside a bundle of short options (0 = not in a bundle).
    bundle: usize,
    /// After `--`, or (POSIXLY_CORRECT) after the first operand: all operands.
    only_operands: bool,
    posix: bool,
}

impl<A: Copy> Parser<A> {
    /// A parser over `args` for the applet named `prog` (as its messages print it).
    pub fn new(prog: &'static [u8], opts: &'static OptTable<A>, args: Args) -> Parser<A> {
        let posix = env::get(b"POSIXLY_CORRECT").is_some();
        let scan = Scan {
            prog,
            rows: opts.rows,
            names: opts.names,
            order: None,
            args,
            next: 0,
            bundle: 0,
            only_operands: false,
            posix,
        };
        Parser {
            ids: opts.ids,
            scan,
        }
    }

    /// A parser that ignores POSIXLY_CORRECT (for the unit tests and the fuzz target).
    #[cfg(any(test, feature = "fuzzing"))]
    pub fn with_posix(mut self, posix: bool) -> Parser<A> {
        self.scan.posix = posix;
        self
    }

    /// Ambiguous abbreviations list their candidates in the order of `rows`
    /// (indexes in the option table).
    pub fn with_order(mut self, rows: &'static [u8]) -> Parser<A> {
        self.scan.order = Some(rows);
        self
    }
}

impl Scan {
    /// Row `i`'s long name, letter and argument.
    fn head(&self, i: usize) -> (&'static [u8], u8, HasArg) {
        let o = &self.rows[i];
        (long_name(self.rows, self.names, i), o.short, o.arg)
    }

    /// getopt's usage error `msgid` (glibc's catalog: `%s: ...`) with the
    /// program's name, `a` and `b`.
    #[cold]
    #[inline(never)]
    fn said(&self, msgid: &[u8], a: &[u8], b: &[u8]) -> Line {
        let mut l = Line::new();
        say(
            &mut l,
            LIBC,
            msgid,
            &[Arg::Bytes(self.prog), Arg::Bytes(a), Arg::Bytes(b)],
        );
        l
    }

    /// Writes getopt's usage error `msgid` (see `said`).
    #[cold]
    #[inline(never)]
    fn error(&self, msgid: &[u8], a: &[u8], b: &[u8]) -> Item<usize> {
        self.said(msgid, a, b).send();
        Item::Error
    }

    /// Writes getopt's message for the ambiguous long option `arg` (`--name`),
    /// with its candidates. (Its own frame: the message's 4 KB line stays off the
    /// scanner's stack.)
    #[cold]
    #[inline(never)]
    fn ambiguous(&self, arg: &[u8], name: &[u8]) -> Item<usize> {
        let (dashes, rest) = arg.split_at(2);
        let mut l = self.said(
            b"%s: option '%s%s' is ambiguous; possibilities:",
            dashes,
            rest,
        );
        let mut candidate = |long: &[u8]| {
            if !long.is_empty() && long.starts_with(name) {
                l.push(b" '--").push(long).push(b"'");
            }
        };
        // The rows in `order`, else all of them in table order.
        let (order, n) = match self.order {
            Some(o) => (o, o.len()),
            None => (&[][..], self.rows.len()),
        };
        for k in 0..n {
            let i = order.get(k).map_or(k, |&i| usize::from(i));
            candidate(self.head(i).0);
        }
        l.push(b"\n").send();
        Item::Error
    }

    fn short(&mut self, arg: &'static [u8]) -> Item<usize> {
        let c = arg[self.bundle];
        self.bundle += 1;
        let at_end = self.bundle >= arg.len();
        let found = if c == b'-' || c == b'\0' {
            None
        } else {
            (0..self.rows.len()).find(|&i| self.head(i).1 == c)
        };
        let (id, has_arg) = match found {
            Some(i) => (i, self.head(i).2),
            None => {
                if at_end {
                    self.end_bundle();
                }
                return self.error(b"%s: invalid option -- '%c'\n", &[c], b"");
            }
        };
        match has_arg {
            HasArg::No => {
                if at_end {
                    self.end_bundle();
                }
                Item::Opt(id, None)
            }
            HasArg::Optional => {
                let rest = &arg[self.bundle..];
                self.end_bundle();
                Item::Opt(id, if rest.is_empty() { None } else { Some(rest) })
            }
            HasArg::Required => {
                let rest = &arg[self.bundle..];
                self.end_bundle();
                if !rest.is_empty() {
                    return Item::Opt(id, Some(rest));
                }
                match self.args.get(self.next) {
                    Some(v) => {
                        self.next += 1;
                        Item::Opt(id, Some(v))
                    }
                    None => self.error(b"%s: option requires an argument -- '%c'\n", &[c], b""),
                }
            }
        }
    }

    fn end_bundle(&mut self) {
        self.bundle = 0;
        self.next += 1;
    }

    fn long(&mut self, arg: &'static [u8]) -> Item<usize> {
        self.next += 1;
        let body = &arg[2..];
        let (name, value) = match body.iter().position(|&c| c == b'=') {
            Some(i) => (&body[..i], Some(&body[i + 1..])),
            None => (body, None),
        };
        let mut exact = None;
        let mut first = None;
        let mut ambiguous = false;
        for i in 0..self.rows.len() {
            let l = self.head(i).0;
            if l.is_empty() {
                continue;
            }
            if l == name {
                exact = Some(i);
                break;
            }
            if l.starts_with(name) {
                // (Each row is its own option: a second one makes it ambiguous.)
                ambiguous |= first.is_some();
                first = first.or(Some(i));
            }
        }
        let id = match (exact, first) {
            (Some(o), _) => o,
            (None, Some(_)) if ambiguous => return self.ambiguous(arg, name),
            (None, Some(o)) => o,
            (None, None) => {
                let (dashes, rest) = arg.split_at(2);
                return self.error(b"%s: unrecognized option '%s%s'\n", dashes, rest);
            }
        };
        let (long, _, has_arg) = self.head(id);
        match (has_arg, value) {
            (HasArg::No, Some(_)) => self.error(
                b"%s: option '%s%s' doesn't allow an argument\n",
                b"--",
                long,
            ),
            (HasArg::No, None) | (HasArg::Optional, None) => Item::Opt(id, None),
            (_, Some(v)) => Item::Opt(id, Some(v)),
            (HasArg::Required, None) => match self.args.get(self.next) {
                Some(v) => {
                    self.next += 1;
                    Item::Opt(id, Some(v))
                }
                None => self.error(b"%s: option '%s%s' requires an argument\n", b"--", long),
            },
        }
    }
}

impl<A: Copy> Iterator for Parser<A> {
    type Item = Item<A>;

    fn next(&mut self) -> Option<Item<A>> {
        Some(match self.scan.next()? {
            Item::Opt(i, v) => Item::Opt(self.ids[i], v),
            Item::Operand(o) => Item::Operand(o),
            Item::Error => Item::Error,
        })
    }
}

impl Scan {
    /// The next item: an option by its row's index.
    fn next(&mut self) -> Option<Item<usize>> {
        let arg = self.args.get(self.next)?;
        if self.bundle > 0 {
            return Some(self.short(arg));
        }
        if self.only_operands || arg.len() < 2 || arg[0] != b'-' {
            self.next += 1;
            if self.posix {
                self.only_operands = true;
            }
            return Some(Item::Operand(arg));
        }
        if arg == b"--" {
            self.next += 1;
            self.only_operands = true;
            return self.next();
        }
        if arg[1] == b'-' {
            return Some(self.long(arg));
        }
        self.bundle = 1;
        Some(self.short(arg))
    }
}

/// Starts gnulib's message for an argument of `option` that names no value:
/// `PROG: invalid|ambiguous argument 'ARG' for 'OPTION'` and `Valid arguments
/// are:`; the caller adds the list.
pub fn bad_argument(prog: &[u8], option: &[u8], arg: &[u8], e: Mismatch) -> Line {
    let mut l = crate::msg::start(prog);
    let msgid = if e == Mismatch::Ambiguous {
        &b"ambiguous argument %s for %s"[..]
    } else {
        b"invalid argument %s for %s"
    };
    let args = [Arg::Quoted(arg, QUOTE), Arg::Quoted(option, QUOTE)];
    say(&mut l, COREUTILS, msgid, &args);
    l.push(b"\n");
    l
}

/// Matches `arg` against `choices` (name, value) as gnulib's argmatch does (see
/// fmt::keyword). Returns the value, or prints `PROG: invalid|ambiguous argument
/// 'ARG' for '--OPTION'` and the `Valid arguments are:` list (synonyms, which stand
/// next to each other in `choices`, on one line) and returns None. The caller prints
/// the Try line and exits with its usage status.
pub fn argmatch<T: Copy + PartialEq>(
    prog: &[u8],
    option: &[u8],
    arg: &[u8],
    choices: &Keywords<T>,
) -> Option<T> {
    argmatch_index(prog, option, arg, choices).map(|i| choices.values[i])
}

/// `argmatch` by index (one copy for every table).
fn argmatch_index(prog: &[u8], option: &[u8], arg: &[u8], choices: &dyn Table) -> Option<usize> {
    let e = match find_index(choices, arg) {
        Ok(i) => return Some(i),
        Err(e) => e,
    };
    let mut l = bad_argument(prog, option, arg, e);
    say(&mut l, COREUTILS, b"Valid arguments are:", &[]);
    for i in 0..choices.count() {
        if i > 0 && choices.same(i - 1, i) {
            l.push(b", ");
        } else {
            l.push(b"\n  - ");
        }
        locale_quoted(&mut l, choices.name(i));
    }
    l.push(b"\n").send();
    None
}

#[cfg(test)]
mod tests;
