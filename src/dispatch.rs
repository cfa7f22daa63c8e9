//! Choosing the applet: by the last component of argv[0], or by the first argument
//! (`bareutils ls -l`). Also the multi-call binary's own options.

use crate::msg;
use crate::sys::{env, err, out};

/// The applet's entry point: (program name for messages, index of its first
/// argument in argv) -> exit status.
type Main = fn(&'static [u8], usize) -> i32;

fn applet(name: &[u8]) -> Option<Main> {
    match name {
        b"ls" => Some(crate::ls::main),
        b"wc" => Some(crate::wc::main),
        _ => None,
    }
}

fn basename(path: &[u8]) -> &[u8] {
    match path.iter().rposition(|&c| c == b'/') {
        Some(i) => &path[i + 1..],
        None => path,
    }
}

/// The status of a run that could not write a message to stderr, as GNU's
/// close_stdout gives it at exit: ls 2, wc (and the front end) 1.
fn failure_status(name: &[u8]) -> i32 {
    if name == b"ls" {
        2
    } else {
        1
    }
}

/// Runs the process and returns its exit status.
pub fn run() -> i32 {
    let argv0 = env::arg(0).unwrap_or(b"bareutils");
    let (status, failure) = match applet(basename(argv0)) {
        Some(main) => (main(argv0, 1), failure_status(basename(argv0))),
        None => (
            front_end(),
            env::arg(1)
                .filter(|n| applet(n).is_some())
                .map_or(1, failure_status),
        ),
    };
    if err::failed() {
        failure
    } else {
        status
    }
}

/// `bareutils [APPLET] ...`. (Not inlined: its message line's 4 KB stay off
/// the stack of every applet's run.)
#[inline(never)]
fn front_end() -> i32 {
    let Some(arg) = env::arg(1).filter(|&a| !same(a, b"--help")) else {
        return usage();
    };
    if same(arg, b"--version") {
        out::bytes(concat!("bareutils ", env!("CARGO_PKG_VERSION"), "\n").as_bytes());
        return finish();
    }
    if same(arg, b"--install") {
        return crate::install::run(2);
    }
    match applet(arg) {
        Some(main) => main(arg, 2),
        None => {
            msg::start(b"bareutils")
                .push(b"applet not found: ")
                .push(arg)
                .push(b"\n")
                .send();
            127
        }
    }
}

/// `a == b`, out of line (inlined, each comparison with a literal is a chain of
/// byte compares).
#[inline(never)]
fn same(a: &[u8], b: &[u8]) -> bool {
    a == b
}

/// The front end's help; its status is `finish`'s (1 after a write error).
fn usage() -> i32 {
    out::bytes(
        concat!(
            "Usage: bareutils APPLET [ARGUMENT]...\n   or: APPLET [ARGUMENT]...\n",
            "   or: bareutils --install [-s] DIR\n\n",
            "A GNU-compatible multi-call binary. Run as a link named after an applet, or\n",
            "name the applet as the first argument. --install makes DIR/APPLET hard links\n",
            "(symbolic links with -s) to this binary.\n\nApplets:",
        )
        .as_bytes(),
    );
    for a in crate::APPLETS {
        out::bytes(b" ");
        out::bytes(a.to_bytes());
    }
    out::bytes(b"\n");
    finish()
}

/// Flushes stdout; on a write error prints `bareutils: write error: TEXT` and
/// returns 1 (1 too when a message could not be written).
fn finish() -> i32 {
    msg::finish(b"bareutils", 0, 1, msg::WriteError::Errno)
}
