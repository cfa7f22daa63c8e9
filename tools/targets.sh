# The targets we ship and how each is built and run; sourced by tools/cross.sh and
# tools/release.sh.
#
# x86_64, aarch64 and i686 use the toolchain's prebuilt rust-std and its
# self-contained musl. armv7, armv6, riscv64, powerpc64le and s390x have no
# installable rust-std here, so their core and compiler_builtins (with its memcpy &
# co) are built from the toolchain's rust-src with -Zbuild-std (RUSTC_BOOTSTRAP=1 on
# the pinned stable compiler), and src/sys/arch/ provides their _start.
#
# Not built: loongarch64-unknown-linux-musl and powerpc64-unknown-linux-musl
# (big-endian). rustix 1.1.6, the newest release, has no raw-syscall backend for
# either (none is written for loongarch64; its build script sends big-endian
# powerpc64 to the libc backend), and its libc backend needs musl's own start-up,
# which src/main.rs replaces (and loongarch64 has no musl here at all: rustup's
# server has no rust-std for it). s390x is the big-endian target.

# shellcheck disable=SC2034
ALL_TARGETS=(x86_64-unknown-linux-musl aarch64-unknown-linux-musl armv7-unknown-linux-musleabihf
  arm-unknown-linux-musleabihf riscv64gc-unknown-linux-musl i686-unknown-linux-musl
  powerpc64le-unknown-linux-musl s390x-unknown-linux-musl)

# The emulator and its options (BAREUTILS_QEMU in tests/common). For 64-bit guests,
# -R 8G bounds the guest address space: qemu-user does per-page bookkeeping for every
# mapping, so sys::arena's 64 GiB MAP_NORESERVE reservation (free natively) costs
# ~0.5 s per process under qemu-aarch64 7.2; bounded, the arena falls back to its
# 1 GiB step (as under `ulimit -v`) and a run costs ~45 ms. armv6 runs on qemu's
# ARM1176 (the Raspberry Pi Zero/1 core), so that an ARMv7 instruction would fault.
# x86_64: none (native).
emulator() {
  case $1 in
    x86_64-*) echo "" ;;
    aarch64-*) echo "qemu-aarch64-static -R 8G" ;;
    armv7-*) echo "qemu-arm-static" ;;
    arm-*) echo "qemu-arm-static -cpu arm1176" ;;
    riscv64gc-*) echo "qemu-riscv64-static -R 8G" ;;
    i686-*) echo "qemu-i386-static" ;;
    powerpc64le-*) echo "qemu-ppc64le-static -R 8G" ;;
    s390x-*) echo "qemu-s390x-static -R 8G" ;;
    *) return 1 ;;
  esac
}

# wc's newline-counting kernels on the target (src/hot/dispatch.rs): x86's are chosen at
# run time. For the Targets table of README.md (tools/cross.sh prints its rows).
kernels() {
  case $1 in
    x86_64-* | i686-*) echo "SSE2 / AVX2" ;;
    aarch64-*) echo "NEON" ;;
    *) echo "SWAR" ;;
  esac
}

# What README's Targets table says after the triple, if anything.
target_note() {
  case $1 in
    arm-*) echo " (armv6, Pi Zero/1)" ;;
    s390x-*) echo " (big-endian)" ;;
  esac
}

# Extra cargo arguments for a target whose core is built here from rust-src.
build_std() {
  case $1 in
    armv7-* | arm-* | riscv64gc-* | powerpc64le-* | s390x-*)
      echo "-Zbuild-std=core,compiler_builtins -Zbuild-std-features=compiler-builtins-mem" ;;
  esac
}

# Makes sure what building TRIPLE needs is installed: its rust-std, or rust-src.
need_target() {
  if [ -n "$(build_std "$1")" ]; then
    rustup component list --installed 2>/dev/null | grep -q '^rust-src' || rustup component add rust-src
  else
    rustup target list --installed | grep -qx "$1" || rustup target add "$1"
  fi
}
