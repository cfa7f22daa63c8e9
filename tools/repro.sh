#!/usr/bin/env bash
# Checks that tools/release.sh is reproducible: two copies of this checkout, in two
# different directories, each built with its own $HOME and $CARGO_HOME (the crates'
# sources unpacked under different paths), must give identical SHA256SUMS.
#
#   tools/repro.sh [TRIPLE...]      default: every target of tools/targets.sh
#
# The copies are of the files git tracks, as they are in the work tree (uncommitted
# changes included). RUSTUP_HOME stays: the toolchain is the same one. The registry
# cache of the current CARGO_HOME, if any, is copied into each new one, so no
# download is needed. Exit status 0 when the sums are equal.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTUP_HOME=${RUSTUP_HOME:-$HOME/.rustup}
cargo_home=${CARGO_HOME:-$HOME/.cargo}
work=$(mktemp -d /tmp/bareutils-repro.XXXXXX)
trap 'rm -rf "$work"' EXIT
one=$work/one/bareutils
two=$work/second/build/tree/bareutils-copy
for dir in "$one" "$two"; do
  mkdir -p "$dir"
  git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$dir"
done
build() { # DIR HOME CARGO_HOME [TRIPLE...]
  local dir=$1 home=$2 ch=$3
  shift 3
  mkdir -p "$home" "$ch"
  [ ! -d "$cargo_home/registry" ] || cp -r "$cargo_home/registry" "$ch/"
  (cd "$dir" && HOME=$home CARGO_HOME=$ch bash tools/release.sh "$@") >&2
}
start=$SECONDS
build "$one" "$work/home-a" "$work/home-a/.cargo" "$@"
build "$two" "$work/elsewhere/home-b" "$work/cargo-b" "$@"
echo "first:  $one"
cat "$one/target/dist/SHA256SUMS"
echo "second: $two"
cat "$two/target/dist/SHA256SUMS"
if cmp -s "$one/target/dist/SHA256SUMS" "$two/target/dist/SHA256SUMS"; then
  echo "repro: identical SHA256SUMS ($(wc -l <"$one/target/dist/SHA256SUMS") binaries, $((SECONDS - start)) s)"
else
  echo "repro: the two builds differ" >&2
  exit 1
fi
