//! The clock.

/// The wall-clock time: (seconds since the epoch, nanoseconds).
pub fn now() -> (i64, u32) {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::Realtime);
    (t.tv_sec as i64, t.tv_nsec as u32)
}
