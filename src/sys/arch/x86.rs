//! x86 (i686): musl's crt1.o (the toolchain's self-contained musl) owns `_start` and
//! calls the `__libc_start_main` of src/main.rs; libc.a provides `memcpy` & co.

// `-bundle`: passed to the final link as `-lc`, not copied into the rlib. Only for
// musl: a glibc program that links the library (the fuzz targets in fuzz/) has its libc.
#[cfg_attr(
    target_env = "musl",
    link(name = "c", kind = "static", modifiers = "-bundle")
)]
extern "C" {}

/// Ends the process at once with `status`: exit_group(2) through `int 0x80`, which
/// every i386 kernel entry accepts (no vDSO lookup needed).
pub fn exit(status: i32) -> ! {
    // SAFETY: exit_group takes one integer argument and does not return. ebx is
    // reserved by LLVM on x86 (the PIC base), so the argument goes through ecx.
    unsafe {
        core::arch::asm!(
            "mov ebx, ecx",
            "int 0x80",
            in("eax") super::NR_EXIT_GROUP,
            in("ecx") status,
            options(noreturn, nostack)
        )
    }
}
