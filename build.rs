//! Link arguments for the bareutils binary only (not for the test binaries, which
//! use std and unwind): drop the unwind tables (src/sys/arch/discard.ld) and do not
//! index them (--no-eh-frame-hdr). Every target links with rust-lld
//! (.cargo/config.toml), which takes these GNU-style options.
fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    println!("cargo:rerun-if-changed=src/sys/arch/discard.ld");
    println!("cargo:rustc-link-arg-bins=--no-eh-frame-hdr");
    println!("cargo:rustc-link-arg-bins=-T{dir}/src/sys/arch/discard.ld");
}
