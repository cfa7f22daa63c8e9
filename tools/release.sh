#!/usr/bin/env bash
# The release build: the four static binaries (x86_64, aarch64, armv7, riscv64) into
# target/dist/ as bareutils-VERSION-TRIPLE, with their sizes and a SHA256SUMS file.
# The release profile of Cargo.toml applies (opt-level 3, LTO, one codegen unit,
# panic=abort, stripped); armv7 and riscv64 build core from rust-src as
# tools/cross.sh does.
#
#   tools/release.sh [TRIPLE...]
set -euo pipefail
cd "$(dirname "$0")/.."
all=(x86_64-unknown-linux-musl aarch64-unknown-linux-musl armv7-unknown-linux-musleabihf riscv64gc-unknown-linux-musl)
[ $# -gt 0 ] || set -- "${all[@]}"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
dist=target/dist
mkdir -p "$dist"
for t in "$@"; do
  case $t in
    armv7-* | riscv64gc-*)
      rustup component list --installed 2>/dev/null | grep -q '^rust-src' || rustup component add rust-src
      RUSTC_BOOTSTRAP=1 cargo build -q --release --target "$t" \
        -Zbuild-std=core,compiler_builtins -Zbuild-std-features=compiler-builtins-mem ;;
    *)
      rustup target list --installed | grep -qx "$t" || rustup target add "$t"
      cargo build -q --release --target "$t" ;;
  esac
  out=$dist/bareutils-$version-$t
  cp "target/$t/release/bareutils" "$out"
  if readelf -lW "$out" | grep -q INTERP; then echo "release: $out is not static" >&2; exit 1; fi
done
(cd "$dist" && sha256sum bareutils-"$version"-* > SHA256SUMS)
printf '%-48s %10s\n' binary bytes
for f in "$dist"/bareutils-"$version"-*; do printf '%-48s %10s\n' "$(basename "$f")" "$(stat -c %s "$f")"; done
echo "checksums: $dist/SHA256SUMS"
