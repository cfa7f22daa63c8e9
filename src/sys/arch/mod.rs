//! The architectures: start-up, the raw syscalls, and the few calls rustix lacks.
//!
//! One file per architecture (chosen by `target_arch`) holds only what is written
//! in its assembly: its `_start` where it has one, and the raw syscall primitives it
//! uses (`syscall1_noreturn`, and `syscall2`, `syscall4`, `syscall5`, and the signal
//! return trampoline `restore_rt` where the calls below are wired). Everything else
//! is written once, here and in `calls`: the typed argument [`Arg`], [`result`] (the
//! one decoder of a raw return), [`exit`], and the entry for a `_start` of our own.
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
//! The calls of `calls` are wired on x86_64 and aarch64 ([`RAW_SYSCALLS`]); elsewhere
//! their primitives are ENOSYS, and the callers take their portable path.

#[cfg_attr(target_arch = "aarch64", path = "aarch64.rs")]
#[cfg_attr(target_arch = "arm", path = "arm.rs")]
#[cfg_attr(target_arch = "powerpc64", path = "powerpc64.rs")]
#[cfg_attr(target_arch = "riscv64", path = "riscv64.rs")]
#[cfg_attr(target_arch = "s390x", path = "s390x.rs")]
#[cfg_attr(target_arch = "x86", path = "x86.rs")]
#[cfg_attr(target_arch = "x86_64", path = "x86_64.rs")]
mod imp;

mod calls;
pub use calls::{
    block_signals, cpus, exit_thread, futex_wait, futex_wait_shared, futex_wake, getcwd,
    listxattrat, sigaction, spawn,
};

use super::Errno;

// The toolchain's self-contained musl, for its crt1.o and `memcpy` & co (see above).
// `-bundle`: passed to the final link as `-lc`, not copied into the rlib. Only for
// musl: a glibc program that links the library (the fuzz targets in fuzz/) has its libc.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "x86"))]
#[cfg_attr(
    target_env = "musl",
    link(name = "c", kind = "static", modifiers = "-bundle")
)]
extern "C" {}

/// Whether the calls of `calls` are wired on this architecture (x86_64, aarch64).
pub const RAW_SYSCALLS: bool = cfg!(any(target_arch = "x86_64", target_arch = "aarch64"));

/// The primitives of `calls`: the architecture's own where they are wired.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
use imp as raw;

/// The primitives of `calls` where they are not wired: every call is ENOSYS.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
mod raw {
    use super::Arg;

    /// What an unwired call returns: -ENOSYS.
    const NOSYS: isize = -(linux_raw_sys::errno::ENOSYS as isize);

    /// ENOSYS. (`unsafe` only to match the real ones.)
    pub unsafe fn syscall2(_: u32, _: Arg, _: Arg) -> isize {
        NOSYS
    }

    /// ENOSYS. (`unsafe` only to match the real ones.)
    pub unsafe fn syscall4(_: u32, _: Arg, _: Arg, _: Arg, _: Arg) -> isize {
        NOSYS
    }

    /// ENOSYS. (`unsafe` only to match the real ones.)
    pub unsafe fn syscall5(_: u32, _: Arg, _: Arg, _: Arg, _: Arg, _: Arg) -> isize {
        NOSYS
    }
}

/// One argument of a raw syscall: the register-wide word the kernel reads, made
/// from a pointer, a descriptor or an integer. The conversions are these and no
/// others: a pointer is its address; a descriptor and a signed integer are sign
/// extended (AT_FDCWD is negative); an unsigned integer is zero extended.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Arg(usize);

impl<T> From<*const T> for Arg {
    fn from(p: *const T) -> Arg {
        Arg(p as usize)
    }
}

impl<T> From<*mut T> for Arg {
    fn from(p: *mut T) -> Arg {
        Arg(p as usize)
    }
}

impl From<&core::ffi::CStr> for Arg {
    /// The address of its first byte (the string must outlive the call).
    fn from(s: &core::ffi::CStr) -> Arg {
        Arg(s.as_ptr() as usize)
    }
}

impl From<super::BorrowedFd<'_>> for Arg {
    fn from(fd: super::BorrowedFd<'_>) -> Arg {
        use rustix::fd::AsRawFd;
        Arg::from(fd.as_raw_fd())
    }
}

impl From<i32> for Arg {
    fn from(n: i32) -> Arg {
        Arg(n as isize as usize)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg(n as usize)
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg(n)
    }
}

/// What a raw syscall returned, as a `Result`: the kernel returns -errno
/// (-4095..=-1) on failure, and anything else is the call's value.
pub fn result(r: isize) -> Result<usize, Errno> {
    if (-4095..0).contains(&r) {
        Err(Errno::from_raw_os_error(-r as i32))
    } else {
        Ok(r as usize)
    }
}

/// Ends the process at once with `status`: exit_group(2).
pub fn exit(status: i32) -> ! {
    // SAFETY: exit_group takes one integer and does not return.
    unsafe { imp::syscall1_noreturn(linux_raw_sys::general::__NR_exit_group, status.into()) }
}

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
