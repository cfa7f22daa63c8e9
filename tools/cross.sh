#!/usr/bin/env bash
# Cross-builds bareutils for each TRIPLE and runs the integration tests against it
# under qemu-user, then prints a summary (size, static or not, tests, time).
#
#   tools/cross.sh [--include-ignored] [TRIPLE...]   default: every cross target we ship
#
# --include-ignored also runs the tests marked #[ignore = "needs ..."] (root, strace,
# localedef...: .ci/run installs them); those that cannot hold under qemu-user skip
# themselves there, as the others do.
#
# The tests themselves are native (the default target of .cargo/config.toml): they
# run GNU's ls/wc natively and ours as `QEMU -0 APPLET BIN` (tests/common/mod.rs reads
# BAREUTILS_BIN and BAREUTILS_QEMU). Needs Debian's qemu-user-static; binfmt_misc
# need not be registered.
#
# aarch64 uses the toolchain's prebuilt rust-std and its self-contained musl. armv7
# and riscv64 have no installable rust-std on this machine, so their core and
# compiler_builtins (with its memcpy & co) are built from the toolchain's rust-src
# with -Zbuild-std (RUSTC_BOOTSTRAP=1 on the pinned stable compiler), and
# src/sys/arch/{arm,riscv64}.rs provide _start.
set -uo pipefail
cd "$(dirname "$0")/.."

all=(aarch64-unknown-linux-musl armv7-unknown-linux-musleabihf riscv64gc-unknown-linux-musl)
ignored=()
if [ "${1:-}" = --include-ignored ]; then
  # Not the test that edits /etc/passwd and /etc/group: .ci/run runs it alone.
  ignored=(--include-ignored --skip owner_and_group_names_from_edited_files)
  shift
fi
[ $# -gt 0 ] || set -- "${all[@]}"

# The emulator and its options (BAREUTILS_QEMU). For 64-bit guests, -R 8G bounds the
# guest address space: qemu-user does per-page bookkeeping for every mapping, so
# sys::arena's 64 GiB MAP_NORESERVE reservation (free natively) costs ~0.5 s per
# process under qemu-aarch64 7.2; bounded, the arena falls back to its 1 GiB step
# (as under `ulimit -v`) and a run costs ~45 ms.
emulator() {
  case $1 in
    aarch64-*) echo "qemu-aarch64-static -R 8G" ;;
    armv7-*) echo "qemu-arm-static" ;;
    riscv64gc-*) echo "qemu-riscv64-static -R 8G" ;;
    *) return 1 ;;
  esac
}

# Extra cargo arguments for a target whose rust-std is built here.
build_std() {
  case $1 in
    armv7-* | riscv64gc-*) echo "-Zbuild-std=core,compiler_builtins -Zbuild-std-features=compiler-builtins-mem" ;;
  esac
}

for t in "$@"; do
  emulator "$t" >/dev/null || { echo "cross.sh: unknown target $t (known: ${all[*]})" >&2; exit 2; }
done

if ! command -v qemu-aarch64-static >/dev/null 2>&1 || ! command -v file >/dev/null 2>&1; then
  echo "cross.sh: installing qemu-user-static" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user-static file >/dev/null ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user-static file >/dev/null; } ||
    { echo "cross.sh: cannot install qemu-user-static" >&2; exit 2; }
fi

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
log=target/cross
mkdir -p "$log"
summary=()
failed=0

for t in "$@"; do
  start=$SECONDS
  q=$(emulator "$t")
  extra=$(build_std "$t")
  note=""
  echo "=== $t (under $q)"
  if [ -n "$extra" ]; then
    rustup component list --installed 2>/dev/null | grep -q '^rust-src' || rustup component add rust-src
    export RUSTC_BOOTSTRAP=1
  else
    rustup target list --installed | grep -qx "$t" || rustup target add "$t"
  fi
  # shellcheck disable=SC2086
  if ! cargo build --release --target "$t" $extra; then
    summary+=("$t: BUILD FAILED")
    failed=1
    unset RUSTC_BOOTSTRAP
    continue
  fi
  unset RUSTC_BOOTSTRAP
  bin=$PWD/target/$t/release/bareutils
  size=$(stat -c %s "$bin")
  kind=$(file -b "$bin")
  static=yes
  case $kind in *"statically linked"*) ;; *) static=no; note+=" not static: $kind;" ;; esac
  if readelf -lW "$bin" | grep -q INTERP; then static=no; note+=" has PT_INTERP;"; fi
  # shellcheck disable=SC2086
  got=$($q "$bin" --version 2>&1)
  if [ "$got" != "bareutils $version" ]; then note+=" --version printed '$got';"; fi

  out=$log/$t.log
  BAREUTILS_BIN=$bin BAREUTILS_QEMU=$q cargo test --release --no-fail-fast --test '*' -- --nocapture "${ignored[@]}" >"$out" 2>&1
  rc=$?
  read -r passed nfail < <(awk '/^test result:/ { p += $4; f += $6 } END { print p + 0, f + 0 }' "$out")
  skipped=$(grep -c '^skipped under ' "$out")
  grep -E '^test result:|^skipped under |FAILED|panicked' "$out"
  secs=$((SECONDS - start))
  line="$t: ${size} bytes, static=$static, tests ${passed:-0} passed, ${nfail:-0} failed, $skipped skipped under qemu, ${secs}s"
  if [ $rc -ne 0 ] || [ "$static" != yes ] || [ -n "$note" ]; then
    line+=" FAILED${note:+ (${note# })} (log: $out)"
    failed=1
  fi
  summary+=("$line")
done

echo
echo "=== cross summary"
printf '%s\n' "${summary[@]}"
exit $failed
