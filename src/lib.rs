//! bareutils: GNU-compatible `ls` and `wc` in one syscall-minimal static binary.
//!
//! `sys` is the kernel boundary and the only module with `unsafe`; `fmt` and `cli`
//! are pure; each applet lives in its own module.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_op_in_unsafe_fn)]
// Inline assembly on powerpc64 and s390x (src/sys/arch/, and rustix's syscalls there)
// is not stable yet: those targets build core from source with RUSTC_BOOTSTRAP=1.
#![cfg_attr(any(target_arch = "powerpc64", target_arch = "s390x"), feature(asm_experimental_arch))]

pub mod cli;
pub mod dispatch;
pub mod install;
pub mod fmt;
pub mod locale;
pub mod ls;
pub mod sys;
pub mod users;
pub mod wc;

/// The applets this binary provides, in the order `--help` lists them.
pub const APPLETS: &[&str] = &["ls", "wc"];
