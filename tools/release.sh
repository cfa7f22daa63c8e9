#!/usr/bin/env bash
# The release build: a static binary per target of tools/targets.sh into target/dist/
# as bareutils-VERSION-TRIPLE, with their sizes and a SHA256SUMS file.
# The release profile of Cargo.toml applies (opt-level 3, LTO, one codegen unit,
# panic=abort, stripped); targets without a prebuilt rust-std build core from
# rust-src as tools/cross.sh does.
#
#   tools/release.sh [TRIPLE...]
#
# Reproducible: the same commit and toolchain give the same bytes from any directory
# and any $HOME / $CARGO_HOME (tools/repro.sh checks it). The paths that would leak
# into panic locations are remapped: this checkout to /build, $CARGO_HOME (the
# crates' sources) to /cargo, the toolchain's rust-src (build-std targets) to
# /rustc/COMMIT as in rustup's own std. Nothing else of the build machine (time, host
# name, user) is written into the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/targets.sh
[ $# -gt 0 ] || set -- "${ALL_TARGETS[@]}"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
here=$(pwd -P)
cargo_home=$(cd "${CARGO_HOME:-$HOME/.cargo}" 2>/dev/null && pwd -P || echo "${CARGO_HOME:-$HOME/.cargo}")
sysroot=$(rustc --print sysroot)
commit=$(rustc -vV | sed -n 's/^commit-hash: //p')
dist=target/dist
mkdir -p "$dist"
for t in "$@"; do
  need_target "$t"
  extra=$(build_std "$t")
  # Appended to the target's rustflags of .cargo/config.toml (cargo joins arrays);
  # the last matching prefix wins, so the most specific comes last.
  remap="target.$t.rustflags=[\"--remap-path-prefix=$here=/build\", \"--remap-path-prefix=$cargo_home=/cargo\", \"--remap-path-prefix=$sysroot/lib/rustlib/src/rust=/rustc/$commit\"]"
  # shellcheck disable=SC2086
  if [ -n "$extra" ]; then
    RUSTC_BOOTSTRAP=1 cargo build -q --release --target "$t" --config "$remap" $extra
  else
    cargo build -q --release --target "$t" --config "$remap"
  fi
  out=$dist/bareutils-$version-$t
  cp "target/$t/release/bareutils" "$out"
  if readelf -lW "$out" | grep -q INTERP; then echo "release: $out is not static" >&2; exit 1; fi
done
(cd "$dist" && sha256sum bareutils-"$version"-* > SHA256SUMS)
printf '%-48s %10s\n' binary bytes
for f in "$dist"/bareutils-"$version"-*; do printf '%-48s %10s\n' "$(basename "$f")" "$(stat -c %s "$f")"; done
echo "checksums: $dist/SHA256SUMS"
