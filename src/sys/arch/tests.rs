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
