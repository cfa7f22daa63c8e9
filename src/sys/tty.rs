//! Terminals: one ioctl(TIOCGWINSZ) answers both "is it a terminal" and its width.

use super::BorrowedFd;

/// The terminal's column count, or None when `fd` is not a terminal. A terminal that
/// reports 0 columns gives Some(0).
pub fn columns(fd: BorrowedFd<'_>) -> Option<u16> {
    rustix::termios::tcgetwinsize(fd).ok().map(|w| w.ws_col)
}
