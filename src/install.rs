//! `bareutils --install [-s] DIR`: a link named after each applet in DIR, like
//! busybox --install. Hard links by default, symbolic links (to the absolute path of
//! this binary) with -s. An existing name is never replaced.

use crate::msg::{self, ErrnoText};
use crate::sys::{env, file, out};
use core::ffi::CStr;

/// `bareutils: WHAT 'PATH': ERRNO`, PATH given in parts; returns 1.
fn fail(what: &[u8], path: &[&[u8]], e: crate::sys::Errno) -> i32 {
    let mut l = msg::start(b"bareutils");
    l.push(what).push(b" '");
    for part in path {
        l.push(part);
    }
    l.push(b"': ").errno(e).push(b"\n");
    l.send();
    1
}

fn usage_error(text: &[u8]) -> i32 {
    let mut l = msg::start(b"bareutils");
    l.push(text)
        .push(b"\nUsage: bareutils --install [-s] DIR\n");
    l.send();
    1
}

/// Runs `--install` with its arguments starting at argv[first].
pub fn run(first: usize) -> i32 {
    let mut symbolic = false;
    let mut dir: Option<&'static CStr> = None;
    let mut i = first;
    while let Some(a) = env::arg(i) {
        match a {
            b"-s" if dir.is_none() => symbolic = true,
            _ if dir.is_none() => dir = env::arg_cstr(i),
            _ => return usage_error(b"too many operands"),
        }
        i += 1;
    }
    let dir = match dir {
        Some(d) => d,
        None => return usage_error(b"missing directory operand"),
    };
    let dfd = match file::open_dir(file::cwd(), dir, true) {
        Ok(fd) => fd,
        Err(e) => return fail(b"cannot open directory", &[dir.to_bytes()], e),
    };
    // The kernel takes paths of at most 4,095 bytes (PATH_MAX with its NUL), so
    // AT_EXECFN fits, and so does the link read into a zeroed buffer a byte longer
    // than what readlink may fill.
    let mut exe_buf = [0u8; 4096];
    let target: &CStr = {
        let p = file::exec_path();
        if !symbolic || p.to_bytes().first() == Some(&b'/') {
            p
        } else {
            if let Err(e) = file::self_exe(&mut exe_buf[..4095]) {
                return fail(b"cannot find the path of", &[p.to_bytes()], e);
            }
            match CStr::from_bytes_until_nul(&exe_buf) {
                Ok(t) => t,
                Err(_) => return 1,
            }
        }
    };
    let mut status = 0;
    for &applet in crate::APPLETS {
        let r = if symbolic {
            file::symlink(target, dfd.as_fd_borrow(), applet)
        } else {
            file::hard_link(target, dfd.as_fd_borrow(), applet)
        };
        if let Err(e) = r {
            let dir = dir.to_bytes();
            let slash: &[u8] = if dir.last() == Some(&b'/') { b"" } else { b"/" };
            status = fail(b"cannot create", &[dir, slash, applet.to_bytes()], e);
        }
    }
    out::flush();
    status
}

trait Borrow {
    fn as_fd_borrow(&self) -> crate::sys::BorrowedFd<'_>;
}

impl Borrow for crate::sys::OwnedFd {
    fn as_fd_borrow(&self) -> crate::sys::BorrowedFd<'_> {
        use crate::sys::AsFd;
        self.as_fd()
    }
}
