//! bareutils: GNU-compatible `ls` and `wc` in one syscall-minimal static binary.
//!
//! `sys` is the kernel boundary and the only module with `unsafe`; `fmt` and `cli`
//! are pure; each applet lives in its own module.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_op_in_unsafe_fn)]

pub mod cli;
pub mod dispatch;
pub mod fmt;
pub mod install;
pub mod locale;
pub mod ls;
pub mod msg;
pub mod sys;
pub mod users;
pub mod wc;

/// The applets this binary provides, in the order `--help` lists them.
pub const APPLETS: &[&str] = &["ls", "wc"];
