//! bareutils: GNU-compatible `ls` and `wc` in one syscall-minimal static binary.
//!
//! The rooms, each in one sentence (docs/ARCHITECTURE.md has the whole map):
//! - `sys`: the kernel boundary: every syscall, and the raw memory behind the
//!   buffers and the arena; the only module of this crate where `unsafe` is allowed
//!   (`#[allow(unsafe_code)]` below: the crate denies it everywhere else).
//! - `hot`: the code built for speed, a package of its own (src/hot/, opt-level 3
//!   while this crate is built for size), re-exported below: wc's byte-classifying
//!   kernels (in src/simd/: their `core::arch` intrinsics are its only `unsafe`) and
//!   counter, glibc's UTF-8 decoder, ls's key sort.
//! - `fmt`: pure formatting both applets share (values to bytes, no syscall).
//! - `cli`: the getopt_long parser both applets share (it reads POSIXLY_CORRECT and
//!   reports bad options on stderr through `msg`).
//! - `msg`: where both applets write: stdout as a `fmt::Sink`, messages on stderr,
//!   the end of a run.
//! - `locale`: the locale facts, settled as glibc's setlocale would.
//! - `texts`: the texts printed whole (`--help`, glibc's errno texts), packed, and
//!   their decoder; `dispatch` and `install`: choosing an applet, `--install`.
//! - `ls` and `wc`: the applets, each in its own module.
//!
//! src/main.rs, the process entry, is a crate of its own.
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
pub mod install;
pub mod locale;
pub mod ls;
pub mod msg;
pub use bareutils_hot as hot;
#[allow(unsafe_code)]
pub mod sys;
pub mod texts;
pub mod wc;

/// The applets this binary provides, in the order `--help` lists them (C strings:
/// `--install` links these names).
pub const APPLETS: &[&core::ffi::CStr] = &[c"ls", c"wc"];
