//! The process entry: argv/envp, applet dispatch, exit status. Nothing else.
#![no_std]
#![no_main]

use bareutils::sys;

/// The entry hook of every architecture (see src/sys/arch/): musl's crt1 calls
/// `__libc_start_main(main, argc, argv, ...)`, and so does the `_start` of the
/// architectures without musl. Defining it here skips musl's own start-up (TLS and
/// auxv set-up that we do not use): the process makes no syscall before our first one.
///
/// # Safety
/// Called once, at start-up, with the kernel's argc/argv.
#[no_mangle]
pub unsafe extern "C" fn __libc_start_main(
    _main: usize,
    argc: i32,
    argv: *const *const u8,
    _init: usize,
    _fini: usize,
    _ldso: usize,
) -> i32 {
    // SAFETY: the start code passes the argc/argv that execve(2) left on the stack.
    unsafe { sys::env::init(argc as usize, argv) };
    sys::exit(bareutils::dispatch::run())
}

/// Referenced by musl's crt1; never called, since `__libc_start_main` above does not.
#[no_mangle]
pub extern "C" fn main() -> i32 {
    0
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    let mut l = sys::err::Line::new();
    l.push(b"bareutils: internal error\n");
    l.send();
    sys::exit(2)
}

/// The prebuilt libcore references this symbol in debug builds; with panic=abort
/// it is never called.
#[no_mangle]
pub extern "C" fn rust_eh_personality() {}
