#!/usr/bin/env bash
# Runs every fuzz target in turn for SECONDS each (default 600), over its seed corpus
# in fuzz/corpus/<target>/, then minimises the corpus (cargo fuzz cmin). Needs
# cargo-fuzz (`cargo install cargo-fuzz`); the stable toolchain runs it with
# RUSTC_BOOTSTRAP=1. No sanitizer: the library has no allocator of its own and its
# unsafe code is the syscall layer, which the targets do not reach; libFuzzer's
# coverage and the targets' assertions do the work. Logs go to fuzz/logs/<target>.log;
# the last line of each summary is the `#N DONE` line (executions, coverage).
#
#   fuzz/run.sh [SECONDS [TARGET...]]
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(cli ls_colors tz quote vercmp wc_kernels)
export RUSTC_BOOTSTRAP=1
fuzz=(cargo fuzz)
opts=(-s none --target x86_64-unknown-linux-gnu -O)
"${fuzz[@]}" build "${opts[@]}"
mkdir -p logs
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  start=$(date +%s)
  status=0
  "${fuzz[@]}" run "${opts[@]}" "$t" "corpus/$t" -- -max_total_time="$secs" \
    -print_final_stats=1 >"logs/$t.log" 2>&1 || status=$?
  end=$(date +%s)
  done_line=$(grep -a 'DONE' "logs/$t.log" | tail -1 || true)
  echo "$t: ${secs}s asked, $((end - start))s ran, status $status: $done_line"
  if [ "$status" -ne 0 ]; then
    grep -a -A3 'panicked' "logs/$t.log" | head -8 || true
    continue
  fi
  "${fuzz[@]}" cmin "${opts[@]}" "$t" "corpus/$t" >"logs/$t.cmin.log" 2>&1 || true
  echo "$t: corpus $(ls "corpus/$t" | wc -l) files after cmin"
done
