//! The values ls's settings take, each with its parser and what the stages do
//! with it (pure: nothing here calls the kernel): `colors` the LS_COLORS database
//! and the bytes around a colored name, `size` block sizes (`--block-size`,
//! `LS_BLOCK_SIZE`...) and human-readable sizes, `glob` the shell patterns of -I and
//! --hide. `options` parses them into the plan; `read` and `output` apply them.

pub mod colors;
pub mod glob;
pub mod size;
