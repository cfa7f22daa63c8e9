use super::super::Errno;
use super::result;

#[test]
fn raw_results() {
    assert_eq!(result(0), Ok(0));
    assert_eq!(result(42), Ok(42));
    assert_eq!(result(-2), Err(Errno::NOENT));
    assert_eq!(result(-4095), Err(Errno::from_raw_os_error(4095)));
    // Addresses in the top page but one are values (mmap can return them).
    assert_eq!(result(-4096), Ok(-4096isize as usize));
    assert_eq!(result(isize::MIN), Ok(isize::MIN as usize));
}

#[test]
fn argument_words() {
    use super::Arg;
    // Signed integers and descriptors are sign extended (AT_FDCWD is -100).
    assert_eq!(Arg::from(-100i32).0, -100isize as usize);
    assert_eq!(Arg::from(rustix::fs::CWD).0, -100isize as usize);
    // Unsigned integers are zero extended.
    assert_eq!(Arg::from(u32::MAX).0, u32::MAX as usize);
    assert_eq!(Arg::from(7usize).0, 7);
    let x = 5u8;
    assert_eq!(Arg::from(&x as *const u8).0, &x as *const u8 as usize);
    assert_eq!(Arg::from(c"a").0, c"a".as_ptr() as usize);
}

#[test]
fn unwired_or_real_calls() {
    // getcwd: the real path where the calls are wired, ENOSYS elsewhere.
    let mut buf = [0u8; 4096];
    match super::getcwd(&mut buf) {
        Ok(n) => assert_eq!(buf[0], b'/', "{n}"),
        Err(e) => assert!(!super::RAW_SYSCALLS && e == Errno::NOSYS, "{e:?}"),
    }
}
