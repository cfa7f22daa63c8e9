//! aarch64: musl's crt1.o (the toolchain's self-contained musl) owns `_start` and
//! calls the `__libc_start_main` of src/main.rs; libc.a provides `memcpy` & co.

// `-bundle`: passed to the final link as `-lc`, not copied into the rlib.
#[link(name = "c", kind = "static", modifiers = "-bundle")]
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
