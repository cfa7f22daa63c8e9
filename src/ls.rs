//! ls: options -> gather -> sort -> render.
//!
//! `options` turns argv and the environment into a `Config`; `walk` stats the
//! operands and walks the directories (`read` gathers one directory into the arena
//! with only the stat calls the output needs); `sort` orders a listing in place;
//! `output` prints a group of entries in the chosen format.

mod cwd;
mod dired;
mod entry;
mod help;
mod ids;
mod links;
mod long;
mod options;
mod output;
mod paint;
mod read;
mod sort;
mod table;
mod walk;
mod zone;

use crate::msg;
use crate::sys::arena::Arena;
use options::Parsed;
use read::Pattern;

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
    let mut exhaust = false;
    let (mut cfg, operands, patterns) = {
        let mut ops = root.vec::<&'static [u8]>();
        // Patterns are gathered in a second pass: the arena grows one vector at a time.
        let mut pattern_count = 0usize;
        let parsed = options::parse(
            prog,
            first,
            &mut |o| {
                if ops.push(o).is_err() {
                    exhaust = true;
                }
            },
            &mut |_, _| pattern_count += 1,
        );
        let cfg = match parsed {
            Parsed::Run(c) => c,
            Parsed::Exit(status) => return status,
        };
        if exhaust {
            return exhausted(prog);
        }
        let operands: &'static [&'static [u8]] = ops.finish();
        // Second pass for the patterns (the parser already accepted argv).
        let mut pv = root.vec::<Pattern>();
        if cfg.ignore_backups {
            let _ = pv.push(Pattern {
                glob: b"*~",
                hide: false,
            });
            let _ = pv.push(Pattern {
                glob: b".*~",
                hide: false,
            });
        }
        if pattern_count > 0 {
            options::patterns(prog, first, &mut |glob, hide| {
                if pv.push(Pattern { glob, hide }).is_err() {
                    exhaust = true;
                }
            });
        }
        if exhaust {
            return exhausted(prog);
        }
        let patterns: &'static [Pattern] = pv.finish();
        (cfg, operands, patterns)
    };
    if cfg.color {
        match paint::setup(prog, &root) {
            Ok(db) => cfg.colors = db,
            Err(_) => return exhausted(prog),
        }
        // GNU stops using tabs only when colors are actually on.
        if cfg.colors.is_some() {
            cfg.tabsize = 0;
        }
    }
    let mut walk = match walk::Walk::new(&cfg, patterns, &root) {
        Ok(w) => w,
        Err(_) => return exhausted(prog),
    };
    if walk.run(&mut root, operands).is_err() {
        return exhausted(prog);
    }
    let status = walk.status;
    finish(prog, status)
}
