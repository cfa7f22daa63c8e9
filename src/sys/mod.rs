//! The kernel boundary: every syscall of the crate lives below this module, and so
//! does every `unsafe` block but the SIMD kernels' (`crate::hot`). Each function
//! is one syscall or one buffer discipline.

pub mod arch;
pub mod arena;
pub mod dir;
pub mod env;
pub mod err;
pub mod file;
pub mod host;
pub mod iobuf;
pub mod map;
pub mod mem;
pub mod once;
pub mod out;
pub mod stat;
pub mod thread;
pub mod time;
pub mod tty;
pub mod xattr;

pub use rustix::fd::{AsFd, BorrowedFd, OwnedFd};
pub use rustix::io::Errno;

/// Calls `f` again while it fails with EINTR.
pub fn retry<T>(mut f: impl FnMut() -> Result<T, Errno>) -> Result<T, Errno> {
    loop {
        match f() {
            Err(Errno::INTR) => continue,
            r => return r,
        }
    }
}

/// Ends the process at once with `status` (no destructors, no atexit): exit_group(2),
/// through `arch`.
pub fn exit(status: i32) -> ! {
    arch::exit(status)
}
