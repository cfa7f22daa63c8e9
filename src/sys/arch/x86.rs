//! x86 (i686): the one raw syscall used, exit's (`int 0x80`, which every i386
//! kernel entry accepts, with no vDSO lookup; the number in eax, arguments from
//! ebx). musl's crt1.o owns `_start`.

use super::Arg;

/// exit_group and the like: a call that does not return.
///
/// # Safety
/// The call must be one that never returns.
#[inline(always)]
pub unsafe fn syscall1_noreturn(nr: u32, a0: Arg) -> ! {
    // SAFETY: the kernel's i386 convention; the caller names a call that does not
    // return. ebx is reserved by LLVM on x86 (the PIC base), so the argument goes
    // through ecx.
    unsafe {
        core::arch::asm!(
            "mov ebx, ecx",
            "int 0x80",
            in("eax") nr as usize,
            in("ecx") a0.0,
            options(noreturn, nostack)
        )
    }
}
