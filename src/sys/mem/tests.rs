/// A stack that starts in 4 slots, moves to a reservation, and keeps its
/// elements in order through the move.
#[test]
fn stack_moves_off_its_start_and_keeps_order() {
    let start: &'static mut [core::mem::MaybeUninit<u64>] =
        Box::leak(Box::new([core::mem::MaybeUninit::uninit(); 4]));
    let mut s = super::Stack::new(start);
    assert!(s.is_empty());
    assert_eq!(s.pop(), None);
    for i in 0..3 {
        s.push(i).unwrap();
    }
    s.extend(&[3, 4, 5, 6]).unwrap();
    assert_eq!(s.as_slice(), &[0, 1, 2, 3, 4, 5, 6]);
    for i in 7..100_000u64 {
        s.push(i).unwrap();
    }
    assert_eq!(s.len(), 100_000);
    assert!(s.as_slice().iter().copied().eq(0..100_000));
    s.truncate(10);
    s.as_mut_slice()[9] = 99;
    assert_eq!(s.pop(), Some(99));
    assert_eq!(s.pop(), Some(8));
    s.truncate(20);
    assert_eq!(s.len(), 8);
}

/// More than the largest reservation holds is refused, not a crash.
#[test]
fn stack_beyond_its_reservations_is_exhausted() {
    let mut s = super::Stack::<[u8; 4096]>::new(&mut []);
    let too_many = (1usize << 30) / 4096 + 1;
    assert!(s.room(too_many).is_err());
    assert!(s.room(10).is_ok());
}

#[test]
fn short_copies() {
    let src: Vec<u8> = (0..100u8).collect();
    for n in 0..100 {
        let mut dst = [0xAAu8; 100];
        super::copy_bytes(&mut dst[..n], &src[..n]);
        assert_eq!(&dst[..n], &src[..n]);
        assert!(dst[n..].iter().all(|&b| b == 0xAA));
    }
}

#[test]
fn unequal_lengths_copy_the_shorter() {
    let mut dst = [0u8; 4];
    super::copy_bytes(&mut dst, b"abcdef");
    assert_eq!(&dst, b"abcd");
    let mut dst = [b'.'; 6];
    super::copy_bytes(&mut dst, b"xy");
    assert_eq!(&dst, b"xy....");
}
