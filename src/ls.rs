//! ls: options -> plan -> gather -> sort -> render, each stage reading only its
//! part of the plan.
//!
//! `options` reads argv and the environment once into a `plan::Plan`; `walk` takes
//! the operands and the directories one after another (and down with -R), and for
//! each: `read` gathers the entries with only the stat calls the plan needs (and
//! `probe` what a stat does not say), `sort` orders them, `output` prints them.
//! `entry` is what every stage passes on; `values` the values ls's settings take
//! (LS_COLORS, block sizes, -I/--hide patterns) with their parsers. docs/ARCHITECTURE.md
//! has the graph.

mod entry;
mod options;
mod output;
mod plan;
mod probe;
mod read;
mod sort;
mod values;
mod walk;

/// The pure parsers that the fuzz targets (fuzz/) drive.
#[cfg(feature = "fuzzing")]
pub mod fuzzing {
    pub use super::output::time::tz;
    pub use super::sort::{collate, vercmp};
    pub use super::values::colors;
}

use crate::msg;
use crate::sys::arena::Arena;
use options::Stop;

/// GNU ls's status for serious trouble (a bad option, a missing operand, a write
/// error); 1 is for minor problems.
const TROUBLE: i32 = 2;

fn exhausted(prog: &[u8]) -> i32 {
    msg::error(prog, b"memory exhausted", &[]);
    finish(prog, TROUBLE)
}

/// Ends the run: stdout flushed, and a write error (or a message that could not be
/// written) makes the status 2.
fn finish(prog: &[u8], status: i32) -> i32 {
    msg::finish(prog, status, TROUBLE, msg::WriteError::Stdio)
}

/// Runs ls with its arguments starting at argv[first]; `prog` names it in messages.
pub fn main(prog: &'static [u8], first: usize) -> i32 {
    let Some(mut root) = Arena::root() else {
        return exhausted(prog);
    };
    let plan = match options::parse(prog, first, &mut root) {
        Ok(p) => p,
        Err(Stop::Exit(status)) => return finish(prog, status),
        Err(Stop::Exhausted) => return exhausted(prog),
    };
    let mut walk = match walk::Walk::new(&plan, &root) {
        Ok(w) => w,
        Err(_) => return exhausted(prog),
    };
    if walk.run(&mut root, plan.operands).is_err() {
        return exhausted(prog);
    }
    let status = walk.status();
    finish(prog, status)
}
