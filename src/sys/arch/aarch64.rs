//! aarch64: musl's crt1.o (the toolchain's self-contained musl) owns `_start` and
//! calls the `__libc_start_main` of src/main.rs; libc.a provides `memcpy` & co.

// `-bundle`: passed to the final link as `-lc`, not copied into the rlib. Only for
// musl: a glibc program that links the library (the fuzz targets in fuzz/) has its libc.
#[cfg_attr(
    target_env = "musl",
    link(name = "c", kind = "static", modifiers = "-bundle")
)]
extern "C" {}

/// Ends the process at once with `status`: exit_group(2).
pub fn exit(status: i32) -> ! {
    // SAFETY: exit_group takes one integer argument and does not return.
    unsafe {
        core::arch::asm!(
            "svc 0",
            in("x8") super::NR_EXIT_GROUP,
            in("x0") status as isize,
            options(noreturn, nostack)
        )
    }
}

/// A raw syscall with up to five arguments; returns the kernel's value (-errno on
/// failure).
///
/// # Safety
/// The caller answers for what the kernel reads and writes through the arguments.
pub unsafe fn syscall5(n: usize, a1: usize, a2: usize, a3: usize, a4: usize, a5: usize) -> isize {
    let ret: isize;
    // SAFETY: svc 0 with the aarch64 convention (number in x8); memory is the
    // caller's concern (above).
    unsafe {
        core::arch::asm!(
            "svc 0",
            in("x8") n,
            inlateout("x0") a1 as isize => ret,
            in("x1") a2, in("x2") a3, in("x3") a4, in("x4") a5,
            options(nostack),
        );
    }
    ret
}

// The return path of a signal handler (SA_RESTORER): rt_sigreturn(2), number 139.
core::arch::global_asm!(
    ".pushsection .text.bareutils_sigreturn,\"ax\",%progbits",
    ".globl bareutils_sigreturn",
    ".type bareutils_sigreturn,%function",
    "bareutils_sigreturn:",
    "mov x8, #139",
    "svc 0",
    "brk #0",
    ".popsection",
);

extern "C" {
    fn bareutils_sigreturn();
}

/// The address of the rt_sigreturn trampoline for `sa_restorer`.
pub fn sigreturn() -> usize {
    bareutils_sigreturn as *const () as usize
}
