//! x86_64: musl's crt1.o (the toolchain's self-contained musl) owns `_start` and
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
            "syscall",
            in("rax") super::NR_EXIT_GROUP,
            in("rdi") status as isize,
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
    // SAFETY: the syscall instruction with the kernel's x86_64 convention; memory
    // is the caller's concern (above).
    unsafe {
        core::arch::asm!(
            "syscall",
            inlateout("rax") n as isize => ret,
            in("rdi") a1, in("rsi") a2, in("rdx") a3, in("r10") a4, in("r8") a5,
            lateout("rcx") _, lateout("r11") _,
            options(nostack),
        );
    }
    ret
}

// The return path of a signal handler (SA_RESTORER): rt_sigreturn(2). x86_64 has no
// kernel-provided trampoline, so every handler needs this.
core::arch::global_asm!(
    ".pushsection .text.bareutils_sigreturn,\"ax\",@progbits",
    ".globl bareutils_sigreturn",
    ".type bareutils_sigreturn,@function",
    "bareutils_sigreturn:",
    "mov eax, 15",
    "syscall",
    "ud2",
    ".popsection",
);

extern "C" {
    fn bareutils_sigreturn();
}

/// The address of the rt_sigreturn trampoline for `sa_restorer`.
pub fn sigreturn() -> usize {
    bareutils_sigreturn as *const () as usize
}
