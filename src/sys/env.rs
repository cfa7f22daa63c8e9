//! The process's arguments and environment, as the kernel laid them on the stack.

use core::ffi::CStr;
use core::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

static ARGC: AtomicUsize = AtomicUsize::new(0);
static ARGV: AtomicPtr<*const u8> = AtomicPtr::new(core::ptr::null_mut());
static ENVP: AtomicPtr<*const u8> = AtomicPtr::new(core::ptr::null_mut());

/// Records argv/envp and hands the auxiliary vector to rustix.
///
/// # Safety
/// `argv` must point at `argc` valid NUL-terminated strings followed by a null pointer
/// and then the NULL-terminated environment block, exactly as execve(2) leaves them.
pub unsafe fn init(argc: usize, argv: *const *const u8) {
    // SAFETY: the caller guarantees the execve layout; envp follows argv's NULL.
    let envp = unsafe { argv.add(argc + 1) };
    ARGC.store(argc, Ordering::Relaxed);
    ARGV.store(argv as *mut _, Ordering::Relaxed);
    ENVP.store(envp as *mut _, Ordering::Relaxed);
    // SAFETY: envp is the original environment block; called once, before any
    // other rustix::param use.
    unsafe { rustix::param::init(envp as *mut *mut u8) };
}

/// The number of arguments, argv[0] included.
pub fn argc() -> usize {
    ARGC.load(Ordering::Relaxed)
}

/// Argument `i` (0 = the program name), without its NUL.
pub fn arg(i: usize) -> Option<&'static [u8]> {
    arg_cstr(i).map(CStr::to_bytes)
}

/// Argument `i` as a C string, for passing to a syscall.
pub fn arg_cstr(i: usize) -> Option<&'static CStr> {
    if i >= argc() {
        return None;
    }
    let argv = ARGV.load(Ordering::Relaxed);
    // SAFETY: i < argc, and init() recorded a valid argv of argc strings that live
    // for the whole process.
    unsafe { Some(CStr::from_ptr((*argv.add(i)) as *const core::ffi::c_char)) }
}

/// Iterates over the environment's `NAME=value` strings.
pub fn vars() -> Vars {
    Vars {
        p: ENVP.load(Ordering::Relaxed),
    }
}

pub struct Vars {
    p: *const *const u8,
}

impl Iterator for Vars {
    type Item = &'static [u8];
    fn next(&mut self) -> Option<&'static [u8]> {
        if self.p.is_null() {
            return None;
        }
        // SAFETY: p walks the NULL-terminated envp block recorded by init().
        unsafe {
            let s = *self.p;
            if s.is_null() {
                return None;
            }
            self.p = self.p.add(1);
            Some(CStr::from_ptr(s as *const core::ffi::c_char).to_bytes())
        }
    }
}

/// The value of environment variable `name`, if it is set.
pub fn get(name: &[u8]) -> Option<&'static [u8]> {
    vars().find_map(|kv| {
        if kv.len() > name.len() && kv[name.len()] == b'=' && &kv[..name.len()] == name {
            Some(&kv[name.len() + 1..])
        } else {
            None
        }
    })
}

/// Whether the kernel started this process in secure-execution mode (AT_SECURE in
/// the auxiliary vector: set-user-ID or set-group-ID, or file capabilities), where
/// glibc's loader drops variables such as LOCPATH before a program sees them.
pub fn secure() -> bool {
    const AT_NULL: usize = linux_raw_sys::auxvec::AT_NULL as usize;
    const AT_SECURE: usize = linux_raw_sys::auxvec::AT_SECURE as usize;
    let mut p = ENVP.load(Ordering::Relaxed) as *const *const u8;
    if p.is_null() {
        return false;
    }
    // SAFETY: init() recorded the execve layout: envp's NULL-terminated block is
    // followed by the auxiliary vector, pairs of words ending with AT_NULL.
    unsafe {
        while !(*p).is_null() {
            p = p.add(1);
        }
        let mut aux = p.add(1) as *const usize;
        loop {
            match *aux {
                AT_NULL => return false,
                AT_SECURE => return *aux.add(1) != 0,
                _ => aux = aux.add(2),
            }
        }
    }
}
