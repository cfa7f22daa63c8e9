//! ls's command line and environment, read once into the `Plan`: `table` holds the
//! options as data (the help text is src/texts/help/ls.txt), `decode` applies argv to them, `resolve`
//! adds the environment, the defaults and the rules between options, and
//! `time_style` reads the one time style.

mod decode;
mod resolve;
mod table;
mod time_style;

use super::plan::Plan;
use crate::sys::arena::Arena;
use crate::sys::{file, tty};

/// Why parsing stops before listing.
pub enum Stop {
    /// Exit with this status (--help, --version, a usage error: the messages are
    /// written).
    Exit(i32),
    /// The arena is exhausted.
    Exhausted,
}

/// Reads argv from `first` and the environment into the plan of the run; operands,
/// patterns and the color database go to `root`.
pub fn parse(prog: &'static [u8], first: usize, root: &mut Arena<'static>) -> Result<Plan, Stop> {
    let term_width = tty::columns(file::stdout());
    let decoded = decode::decode(prog, first, term_width.is_some(), root)?;
    resolve::resolve(prog, decoded, term_width, root)
}
