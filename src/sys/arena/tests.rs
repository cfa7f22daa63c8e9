//! The arena's growth from the first chunk into the reservation, the release of
//! regions, and running out. Each test runs on a thread of its own, which has an
//! arena of its own (see `space`); the reservation is 1 MiB in tests.

use super::*;

/// Runs `f` with the root region of a new thread's arena.
fn fresh(f: impl FnOnce(Arena<'static>) + Send + 'static) {
    std::thread::spawn(|| f(Arena::root().expect("a new thread's root")))
        .join()
        .unwrap();
}

fn addr<T>(s: &[T]) -> usize {
    s.as_ptr() as usize
}

fn top() -> usize {
    space().top.get()
}

#[test]
fn one_root_per_arena() {
    fresh(|_root| assert!(Arena::root().is_none()));
}

#[test]
fn first_chunk_then_reservation() {
    fresh(|root| {
        let a = root.alloc_slice(1000, 7u8).unwrap();
        assert_eq!(addr(a), first_base());
        assert_eq!(
            space().base.get(),
            0,
            "no mmap while the first chunk has room"
        );
        // Too big for what is left of the first chunk: the start of the reservation.
        let b = root.alloc_slice(FIRST, 1u8).unwrap();
        assert_ne!(space().base.get(), 0);
        assert_eq!(addr(b), space().base.get());
        assert!(!in_first(addr(b)));
        // Then on from there, aligned.
        let c = root.alloc_slice(3, 2u16).unwrap();
        assert_eq!(addr(c), addr(b) + FIRST);
        let d = root.alloc_slice(1, 3u64).unwrap();
        assert_eq!(addr(d), addr(c) + 8);
        assert!(a.iter().all(|&x| x == 7) && b.iter().all(|&x| x == 1));
        assert_eq!((c, d), (&mut [2u16; 3][..], &mut [3u64][..]));
    });
}

#[test]
fn regions_release_what_they_allocated() {
    fresh(|mut root| {
        let kept = root.copy(b"kept").unwrap();
        let mark = top();
        let first_in_sub;
        {
            let mut sub = root.sub();
            let x = sub.alloc_slice(100, 5u32).unwrap();
            first_in_sub = addr(x);
            let after_x = top();
            {
                let inner = sub.sub();
                inner.alloc_slice(50, 1u8).unwrap();
                assert!(top() > after_x);
            }
            assert_eq!(top(), after_x, "the inner region's bytes are released");
            assert!(x.iter().all(|&v| v == 5));
        }
        assert_eq!(top(), mark, "the region's bytes are released");
        let again = root.alloc_slice(100, 0u32).unwrap();
        assert_eq!(addr(again), first_in_sub, "and reused");
        assert_eq!(kept, b"kept");
    });
}

#[test]
fn releasing_returns_to_the_first_chunk() {
    fresh(|mut root| {
        root.alloc_slice(16, 0u8).unwrap();
        let mark = top();
        {
            let sub = root.sub();
            let big = sub.alloc_slice(FIRST, 1u8).unwrap();
            assert!(!in_first(addr(big)));
            assert!(!in_first(top()));
        }
        assert_eq!(top(), mark);
        assert!(in_first(top()));
        let small = root.alloc_slice(16, 2u8).unwrap();
        assert_eq!(addr(small), mark);
    });
}

#[test]
fn a_vector_moves_into_the_reservation() {
    fresh(|mut root| {
        root.alloc_slice(10, 0u8).unwrap();
        let n = FIRST / 4 + 1000;
        let mut v = root.vec::<u32>();
        for i in 0..n as u32 {
            v.push(i).unwrap();
        }
        v.extend(&[7, 8, 9]).unwrap();
        assert_eq!(v.len(), n + 3);
        let s = v.finish();
        assert_eq!(
            addr(s),
            space().base.get(),
            "moved to the reservation's start"
        );
        assert!(s[..n].iter().enumerate().all(|(i, &x)| x == i as u32));
        assert_eq!(&s[n..], &[7, 8, 9]);
        // Later allocations come after it.
        let after = root.alloc_slice(1, 0u32).unwrap();
        assert_eq!(addr(after), addr(s) + 4 * (n + 3));
    });
}

#[test]
fn running_out() {
    fresh(|mut root| {
        // The whole first chunk, then more than the reservation holds.
        root.alloc_slice(FIRST, 0u8).unwrap();
        let mark = top();
        assert!(root.alloc_slice((1 << 20) + 1, 0u8).is_err());
        assert_eq!(top(), mark, "a failed allocation takes nothing");
        assert!(
            root.alloc_slice(usize::MAX / 2, 0u64).is_err(),
            "size overflow"
        );
        // Exactly the reservation, then nothing more.
        let all = root.alloc_slice(1 << 20, 1u8).unwrap();
        assert_eq!(all.len(), 1 << 20);
        assert!(root.alloc_slice(1, 0u8).is_err());
        assert!(root.copy(&[1u8]).is_err());
        assert_eq!(root.copy::<u8>(&[]).map(|s| s.len()), Ok(0));
        let mut v = root.vec::<u8>();
        assert_eq!(v.push(1), Err(Exhausted));
        assert_eq!(v.len(), 0);
    });
}

#[test]
fn a_vector_runs_out_while_moving() {
    fresh(|mut root| {
        let mut v = root.vec::<u8>();
        v.extend(&vec![3u8; FIRST - 10]).unwrap();
        // Moving it would need FIRST - 10 + 2 MiB in a 1 MiB reservation.
        assert_eq!(v.extend(&vec![4u8; 2 << 20]), Err(Exhausted));
        assert_eq!(v.len(), FIRST - 10);
        // What fits still goes in place.
        v.extend(&[5; 10]).unwrap();
        let s = v.finish();
        assert!(in_first(addr(s)));
        assert!(s[..FIRST - 10].iter().all(|&x| x == 3) && s[FIRST - 10..] == [5; 10]);
    });
}
