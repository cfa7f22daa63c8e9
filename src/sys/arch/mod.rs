//! Start-up and exit, per architecture: one file each, chosen by `target_arch`.
//!
//! Every architecture ends up calling the same hook, `__libc_start_main(main, argc,
//! argv, ...)`, which src/main.rs defines:
//! - x86_64, aarch64 and x86 (i686) link the toolchain's self-contained musl: its
//!   crt1.o owns `_start` and calls the hook; libc.a provides `memcpy` & co.
//! - arm (armv6, armv7), riscv64, powerpc64 (little-endian) and s390x have no
//!   prebuilt musl on this toolchain (their rust-std cannot be installed here; core
//!   is built from rust-src with `-Zbuild-std`, and compiler_builtins' `mem` feature
//!   provides `memcpy` & co), so their files carry a `_start` that hands the initial
//!   stack pointer to [`start_from_stack`].
//!
//! Each file also has `exit`: the exit_group syscall, the same on all of them but for
//! the instruction and registers.

#[cfg(target_arch = "aarch64")]
mod aarch64;
#[cfg(target_arch = "aarch64")]
pub use aarch64::{exit, sigreturn, syscall5};

#[cfg(target_arch = "arm")]
mod arm;
#[cfg(target_arch = "arm")]
pub use arm::exit;

#[cfg(target_arch = "powerpc64")]
mod powerpc64;
#[cfg(target_arch = "powerpc64")]
pub use powerpc64::exit;

#[cfg(target_arch = "riscv64")]
mod riscv64;
#[cfg(target_arch = "riscv64")]
pub use riscv64::exit;

#[cfg(target_arch = "s390x")]
mod s390x;
#[cfg(target_arch = "s390x")]
pub use s390x::exit;

#[cfg(target_arch = "x86")]
mod x86;
#[cfg(target_arch = "x86")]
pub use x86::exit;

#[cfg(target_arch = "x86_64")]
mod x86_64;
#[cfg(target_arch = "x86_64")]
pub use x86_64::{exit, sigreturn, syscall5};

/// Whether this architecture has [`syscall5`] and [`sigreturn`] (x86_64, aarch64).
pub const RAW_SYSCALLS: bool = cfg!(any(target_arch = "x86_64", target_arch = "aarch64"));

/// Elsewhere: every raw syscall is ENOSYS, so callers take their portable path.
///
/// # Safety
/// None needed; unsafe only to match the real ones.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub unsafe fn syscall5(_: usize, _: usize, _: usize, _: usize, _: usize, _: usize) -> isize {
    -38
}

/// Elsewhere: no trampoline (never used, see [`RAW_SYSCALLS`]).
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub fn sigreturn() -> usize {
    0
}

/// What a raw syscall returned, as a `Result`: the kernel returns -errno
/// (-4095..=-1) on failure, and anything else is the call's value.
pub fn result(r: isize) -> Result<usize, super::Errno> {
    if (-4095..0).contains(&r) {
        Err(super::Errno::from_raw_os_error(-r as i32))
    } else {
        Ok(r as usize)
    }
}

/// The exit_group syscall number for this architecture.
const NR_EXIT_GROUP: usize = linux_raw_sys::general::__NR_exit_group as usize;

/// What an architecture's own `_start` calls, with the stack pointer the kernel left:
/// `sp[0]` is argc, then argv's pointers, a null, envp's, a null, the auxv. Calls the
/// entry hook as musl's crt1 would and exits with what it returns.
///
/// # Safety
/// `sp` must be the initial stack pointer of the process, untouched since execve(2).
#[cfg_attr(
    any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "x86"),
    allow(dead_code)
)]
unsafe extern "C" fn start_from_stack(sp: *const usize) -> ! {
    extern "C" {
        fn __libc_start_main(
            main: usize,
            argc: i32,
            argv: *const *const u8,
            init: usize,
            fini: usize,
            ldso: usize,
        ) -> i32;
    }
    // SAFETY: the caller passes the initial stack: argc, then argv.
    let (argc, argv) = unsafe { (*sp, sp.add(1) as *const *const u8) };
    // SAFETY: the hook takes the kernel's argc/argv; the other arguments are unused.
    let status = unsafe { __libc_start_main(0, argc as i32, argv, 0, 0, 0) };
    exit(status)
}

#[cfg(test)]
mod tests;
