//! Pure formatting: functions from values to bytes. Nothing here touches the kernel,
//! so every function is unit-tested under std.

pub mod colors;
pub mod columns;
pub mod glob;
pub mod mode;
pub mod num;
pub mod quote;
pub mod size;
pub mod strtime;
pub mod tz;
pub mod unicode;
pub mod vercmp;
