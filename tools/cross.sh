#!/usr/bin/env bash
# Cross-builds bareutils for each TRIPLE and runs the integration tests against it
# under qemu-user, then prints a summary (size, static or not, tests passed/failed/skipped,
# time) and the same figures as rows of README.md's Targets table.
#
#   tools/cross.sh [--include-ignored] [TRIPLE...]   default: every cross target we ship
#
# --include-ignored also runs the tests marked #[ignore = "needs ..."] (root, strace,
# localedef...: .ci/run installs them); those that cannot hold under qemu-user skip
# themselves there, as the others do.
#
# The binary is tools/release.sh's (the shipped bytes: target/dist/); the tests
# themselves are native (the default target of .cargo/config.toml): they run GNU's
# ls/wc natively and ours as `QEMU -0 APPLET BIN` (tests/common/mod.rs reads
# BAREUTILS_BIN and BAREUTILS_QEMU). Needs Debian's qemu-user-static; binfmt_misc
# need not be registered.
#
# Logs: target/cross/TRIPLE.log (integration tests), TRIPLE.unit.log (unit tests).
# The table rows, with the commit, date and options of the run:
# target/cross-summary.md.
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
rows=()
failed=0

# 141768 -> 141,768
commas() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }

# From a libtest log: the passed counts of its `test result:` lines joined by "+"
# (one line per test binary), the sums of failed and ignored, the number of lines.
results() {
  awk '/^test result:/ { n++; p = p (n > 1 ? "+" : "") $4; f += $6; i += $8 }
       END { print (n ? p : "0"), f + 0, i + 0, n + 0 }' "$1"
}

for t in "$@"; do
  start=$SECONDS
  q=$(emulator "$t")
  note=""
  echo "=== $t"
  # The release build (remapped paths, as shipped); RUSTC_BOOTSTRAP for -Zbuild-std
  # is release.sh's business.
  if ! tools/release.sh "$t" >"$log/$t.build.log"; then
    summary+=("$t: BUILD FAILED (tools/release.sh $t; log: $log/$t.build.log)")
    rows+=("| $t$(target_note "$t") | build failed | | | | | |")
    failed=1
    continue
  fi
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
  unit_out=$log/$t.unit.log
  : >"$out"
  rm -f "$unit_out"
  rc=0
  # The unit tests (the kernels' twin tests against the scalar reference among them)
  # where the target has a prebuilt std to build them with.
  if [ -z "$(build_std "$t")" ]; then
    runner=()
    [ -z "$q" ] || runner=("CARGO_TARGET_$(echo "$t" | tr a-z- A-Z_)_RUNNER=$q")
    env "${runner[@]}" cargo test --release --lib --target "$t" >"$unit_out" 2>&1 || rc=1
  fi
  BAREUTILS_BIN=$bin BAREUTILS_QEMU=$q cargo test --release --no-fail-fast --test '*' -- --nocapture "${ignored[@]}" >>"$out" 2>&1 || rc=1
  read -r passed nfail nign nbin < <(results "$out")
  # Integration test binaries pass one count each: add them up.
  passed=$((passed))
  # Tests that skipped themselves (wholly or in part) under the emulator: the
  # distinct [FILE::TEST] tags of tests/common's `skipped under` lines.
  skipped=$(grep -a '^skipped under ' "$out" | sed -n 's/.*\[\([^]]*\)\]$/\1/p' | sort -u | wc -l)
  grep -aE '^test result:|^skipped under |FAILED|panicked' "$out"
  unit="" ; unit_fail=0
  if [ -f "$unit_out" ]; then
    grep -aE '^test result:|FAILED|panicked' "$unit_out"
    read -r unit unit_fail _ unit_bins < <(results "$unit_out")
    unit=${unit//+/ + }
    [ "$unit_bins" -gt 0 ] || note+=" unit tests did not run;"
  fi
  secs=$((SECONDS - start))
  line="$t (${q:-native}): ${size} bytes, static=$static, tests $passed passed, $nfail failed, $nign ignored ($nbin files), $skipped skipped under qemu"
  [ -z "$unit" ] || line+="; unit tests $unit passed, $unit_fail failed"
  line+=", ${secs}s"
  if [ "$rc" -ne 0 ] || [ "$static" != yes ] || [ -n "$note" ]; then
    line+=" FAILED${note:+ (${note# })} (log: $out)"
    failed=1
  fi
  summary+=("$line")

  # The row of README.md's Targets table.
  if [ -n "$(build_std "$t")" ]; then built="core from rust-src"; else built="rust-std"; fi
  if [ -z "$q" ]; then
    how="natively"
  else
    read -ra qw <<<"$q"
    how="${qw[0]%-static}"
    for ((i = 1; i < ${#qw[@]}; i++)); do
      [ "${qw[i]}" != -cpu ] || how+=" -cpu ${qw[i + 1]}"
    done
  fi
  ! grep -q "cross.sh.*$t" .ci/run 2>/dev/null || how+=" (CI)"
  suite="$passed / $nfail ($skipped)"
  [ "$nign" -eq 0 ] || suite+=", $nign ignored"
  if [ -n "$unit" ]; then
    how+=" + unit tests"
    suite+="; unit $unit / $unit_fail"
  fi
  [ "$rc" -eq 0 ] && [ -z "$note" ] || suite+=" FAILED"
  rows+=("| $t$(target_note "$t") | $(commas "$size") | $(kernels "$t") | $built | $how | $suite | $secs s |")
done

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- 2>/dev/null || commit+=" (with uncommitted changes)"
{
  echo "tools/cross.sh ${ignored[*]:+--include-ignored }$*: commit $commit, $(date -u '+%Y-%m-%d %H:%M UTC'), $(qemu-aarch64-static --version | head -1), $(nproc) cores"
  echo
  echo "| target | bytes | wc kernels | built with | tested | suite: passed / failed (skipped) | cross run |"
  echo "|---|---:|---|---|---|---|---:|"
  printf '%s\n' "${rows[@]}"
} >target/cross-summary.md

echo
echo "=== cross summary"
printf '%s\n' "${summary[@]}"
echo
cat target/cross-summary.md
exit $failed
