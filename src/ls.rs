//! ls: options -> gather -> sort -> render.
//!
//! `options` turns argv and the environment into a `Config`; `walk` stats the
//! operands and walks the directories (`read` gathers one directory into the arena
//! with only the stat calls the output needs); `sort` orders a listing in place;
//! `output` prints a group of entries in the chosen format.

mod entry;
mod options;
mod output;
mod plan;
mod probe;
mod read;
mod sort;
mod walk;

use crate::msg;
use crate::sys::arena::Arena;
use options::Stop;

/// GNU ls's status for serious trouble (a bad option, a missing operand, a write
/// error); 1 is for minor problems.
const TROUBLE: i32 = 2;

fn exhausted(prog: &[u8]) -> i32 {
    msg::start(prog).push(b"memory exhausted\n").send();
    finish(prog, TROUBLE)
}

/// Ends the run: stdout flushed, and a write error (or a message that could not be
/// written) makes the status 2.
fn finish(prog: &[u8], status: i32) -> i32 {
    msg::finish(prog, status, TROUBLE, msg::WriteError::Errno)
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
    let status = walk.status;
    finish(prog, status)
}
