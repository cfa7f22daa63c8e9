//! bareutils: GNU-compatible `ls` and `wc` in one syscall-minimal static binary.
//!
//! `sys` is the kernel boundary: every syscall, and the raw memory behind the
//! buffers and the arena. `hot` holds the code built for speed: wc's byte-classifying
//! kernels (whose `core::arch` intrinsics are `unsafe` to call) and counter, glibc's
//! UTF-8 decoder and ls's key sort, in a package of its own (src/hot/, compiled at
//! opt-level 3 while this crate is compiled for size), re-exported below. `sys` is
//! the only module of this crate where `unsafe` is allowed (`#[allow(unsafe_code)]`
//! below); the crate denies it everywhere else, so the compiler enforces the rule. (src/main.rs, the process entry, is a crate of
//! its own.) `fmt` and `cli` are pure; each applet lives in its own module.
#![cfg_attr(not(test), no_std)]
#![deny(unsafe_code)]
#![forbid(unsafe_op_in_unsafe_fn)]
// Inline assembly on powerpc64 and s390x (src/sys/arch/, and rustix's syscalls there)
// is not stable yet: those targets build core from source with RUSTC_BOOTSTRAP=1.
#![cfg_attr(
    any(target_arch = "powerpc64", target_arch = "s390x"),
    feature(asm_experimental_arch)
)]

pub mod cli;
pub mod dispatch;
pub mod fmt;
pub mod help;
pub mod install;
pub mod locale;
pub mod ls;
pub mod msg;
pub use bareutils_hot as hot;
#[allow(unsafe_code)]
pub mod sys;
pub mod users;
pub mod wc;

/// The applets this binary provides, in the order `--help` lists them (C strings:
/// `--install` links these names).
pub const APPLETS: &[&core::ffi::CStr] = &[c"ls", c"wc"];
