//! The clock.

/// The wall-clock time: (seconds since the epoch, nanoseconds).
pub fn now() -> (i64, u32) {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::Realtime);
    (t.tv_sec as i64, t.tv_nsec as u32)
}

/// A monotonic clock in nanoseconds (its origin is the kernel's).
pub fn monotonic() -> u64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::Monotonic);
    (t.tv_sec as u64).wrapping_mul(1_000_000_000) + t.tv_nsec as u64
}
