#!/usr/bin/env bash
# Cross-builds bareutils for each TRIPLE and runs the integration tests against it
# under qemu-user, then prints a summary (size, static or not, tests passed/failed/skipped, time).
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
# How each target is built and run, and which cannot be: tools/targets.sh.
set -uo pipefail
cd "$(dirname "$0")/.."
. tools/targets.sh

ignored=()
if [ "${1:-}" = --include-ignored ]; then
  # Not the test that edits /etc/passwd and /etc/group: .ci/run runs it alone; not
  # the differences tools/difffuzz found that are not fixed yet (unfixed_*).
  ignored=(--include-ignored --skip owner_and_group_names_from_edited_files --skip unfixed_)
  shift
fi
[ $# -gt 0 ] || set -- "${ALL_TARGETS[@]:1}"

for t in "$@"; do
  emulator "$t" >/dev/null || { echo "cross.sh: unknown target $t (known: ${ALL_TARGETS[*]})" >&2; exit 2; }
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
  echo "=== $t"
  need_target "$t"
  [ -z "$extra" ] || export RUSTC_BOOTSTRAP=1
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
  : >"$out"
  rc=0
  # The unit tests (the kernels' twin tests against the scalar reference among them)
  # where the target has a prebuilt std to build them with.
  if [ -z "$extra" ]; then
    runner=()
    [ -z "$q" ] || runner=("CARGO_TARGET_$(echo "$t" | tr a-z- A-Z_)_RUNNER=$q")
    env "${runner[@]}" cargo test --release --lib --target "$t" >>"$out" 2>&1 || rc=1
  fi
  BAREUTILS_BIN=$bin BAREUTILS_QEMU=$q cargo test --release --no-fail-fast --test '*' -- --nocapture "${ignored[@]}" >>"$out" 2>&1 || rc=1
  read -r passed nfail < <(awk '/^test result:/ { p += $4; f += $6 } END { print p + 0, f + 0 }' "$out")
  skipped=$(grep -c '^skipped under ' "$out")
  grep -E '^test result:|^skipped under |FAILED|panicked' "$out"
  secs=$((SECONDS - start))
  line="$t (${q:-native}): ${size} bytes, static=$static, tests ${passed:-0} passed, ${nfail:-0} failed, $skipped skipped under qemu, ${secs}s"
  if [ "$rc" -ne 0 ] || [ "$static" != yes ] || [ -n "$note" ]; then
    line+=" FAILED${note:+ (${note# })} (log: $out)"
    failed=1
  fi
  summary+=("$line")
done

echo
echo "=== cross summary"
printf '%s\n' "${summary[@]}"
exit $failed
