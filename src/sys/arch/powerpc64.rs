//! powerpc64 (little-endian, ELFv2): no musl here, so this file owns `_start`. The
//! kernel enters it with r1 (the stack pointer) at argc and r12 at `_start` itself
//! (ELFv2's global entry convention), from which the TOC pointer r2 is derived as
//! every global entry does. Then: argc's address as the first argument (r3), r1
//! aligned to 16, an empty minimal frame (back chain 0, 32 bytes) as the ABI
//! wants below every call, and `start_from_stack(sp)`, which never returns.

core::arch::global_asm!(
    ".globl _start",
    ".type _start, @function",
    "_start:",
    "addis 2, 12, .TOC.-_start@ha",
    "addi 2, 2, .TOC.-_start@l",
    "mr 3, 1",
    "clrrdi 1, 1, 4",
    "li 0, 0",
    "stdu 0, -32(1)",
    "mtlr 0",
    "bl {start}",
    "nop",
    "trap",
    ".size _start, . - _start",
    start = sym super::start_from_stack,
);

/// Ends the process at once with `status`: exit_group(2), `sc` with the number in r0.
pub fn exit(status: i32) -> ! {
    // SAFETY: exit_group takes one integer argument and does not return.
    unsafe {
        core::arch::asm!(
            "sc",
            in("r0") super::NR_EXIT_GROUP,
            in("r3") status as isize,
            options(noreturn, nostack)
        )
    }
}
