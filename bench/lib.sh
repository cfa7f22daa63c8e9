# Helpers for the bench/*.sh row scripts.  Source it:  . "$(dirname "$0")/lib.sh"
#
# A row script prints one Markdown section on stdout (bench/run.sh pastes it into
# BENCHMARKS.md) and its progress on stderr. What this file gives it:
#
#   $ROOT $BENCH $CORPUS $OUT   the repository, bench/, the corpora, bench/out/ (scratch)
#   bu_bin                      path of our release binary (built if missing)
#   bu_links                    sets $BU_LINKS: a temp dir with ls and wc symlinks to
#                               it, removed at exit (call it directly, not in $(...))
#   hf_header                   the header of the table hf_pair rows go in
#   hf_pair LABEL OURS GNU [HYPERFINE-ARG...]
#                               hyperfine -N of both commands (strings, split like a
#                               shell would, no shell run), one table row: mean ± σ of
#                               each and GNU÷ours (>1: we are faster). First checks that
#                               both give the same stdout and status (row marked if not).
#   hf_pair_sh LABEL OURS GNU [HYPERFINE-ARG...]
#                               the same through sh (for redirections such as
#                               "wc < FILE"); hyperfine subtracts the shell's start-up
#   sys_calls CMD...            syscalls counted by `strace -f -c` (its "total" calls)
#   sys_lines CMD...            lines of `strace -f` from execve to exit_group, inclusive
#   sys_top CMD...              `strace -f -c` per-syscall counts, "name n, name n, ..."
#   peak_rss CMD...             peak RSS in KiB (/usr/bin/time -f %M)
#   minor_faults CMD...         minor page faults (/usr/bin/time -f %R)
#   bin_size FILE               bytes of a stripped copy of FILE (FILE's size if no strip)
#   fmt_time SECONDS            "12.3 ms", "85.1 µs", "1.23 s"
#
# Environment: BENCH_QUICK=1 runs every hyperfine benchmark 3 times with no warm-up
# (to try a row script); BENCH_HF_ARGS replaces the default "--warmup 2 --min-runs 10"
# for calls that pass no HYPERFINE-ARG; BENCH_NO_CHECK=1 skips the output comparison.
# Commands run with stdout to /dev/null (hyperfine's default), so ls is not on a tty.

set -euo pipefail

BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH/.." && pwd)
CORPUS=${BAREUTILS_CORPUS:-$BENCH/corpus}
OUT=$BENCH/out
mkdir -p "$OUT"

# Tools: hyperfine, strace and GNU time are Debian packages of the same names.
bench_need() {
  local missing=() p
  command -v hyperfine >/dev/null || missing+=(hyperfine)
  command -v strace >/dev/null || missing+=(strace)
  [ -x /usr/bin/time ] || missing+=(time)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "bench: installing ${missing[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2 ||
      { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2; }
  fi
}
bench_need

bu_bin() {
  local bin=$ROOT/target/x86_64-unknown-linux-musl/release/bareutils
  if [ ! -x "$bin" ]; then
    echo "bench: building $bin" >&2
    (cd "$ROOT" && cargo build --release >&2)
  fi
  echo "$bin"
}

bu_links() {
  if [ -z "${BU_LINKS:-}" ] || [ ! -d "$BU_LINKS" ]; then
    BU_LINKS=$(mktemp -d /tmp/bareutils-bench.XXXXXX)
    local bin
    bin=$(bu_bin)
    ln -s "$bin" "$BU_LINKS/ls"
    ln -s "$bin" "$BU_LINKS/wc"
    trap 'rm -rf "$BU_LINKS"' EXIT
  fi
}

fmt_time() {
  awk -v s="$1" 'BEGIN {
    if (s < 1e-3) printf "%.1f µs", s * 1e6
    else if (s < 1) printf "%.3g ms", s * 1e3
    else printf "%.3g s", s; print "" }'
}

hf_header() {
  echo "| benchmark | bareutils | GNU | GNU ÷ bareutils |"
  echo "| --- | ---: | ---: | ---: |"
}

# Runs "$1" in sh, stdout to a file; prints "status sha256".
_out_sum() {
  local f=$OUT/.check.$$ rc=0
  sh -c "$1" >"$f" 2>/dev/null || rc=$?
  echo "$rc $(sha256sum <"$f" | cut -d' ' -f1)"
  rm -f "$f"
}

hf_pair() { _hf -N "$@"; }
hf_pair_sh() { _hf --shell=sh "$@"; }

_hf() {
  local mode=$1 label=$2 ours=$3 gnu=$4
  shift 4
  local args=("$@") note=""
  if [ ${#args[@]} -eq 0 ]; then
    read -ra args <<<"${BENCH_HF_ARGS:---warmup 2 --min-runs 10}"
  fi
  [ "${BENCH_QUICK:-0}" = 1 ] && args=(--warmup 0 --runs 3)
  if [ "${BENCH_NO_CHECK:-0}" != 1 ] && [ "$(_out_sum "$ours")" != "$(_out_sum "$gnu")" ]; then
    note=" (output differs from GNU)"
    echo "bench: $label: output differs from GNU" >&2
  fi
  local json
  json=$(mktemp "$OUT/hf.XXXXXX.json")
  echo "bench: $label" >&2
  hyperfine "$mode" "${args[@]}" --export-json "$json" "$ours" "$gnu" >&2
  python3 - "$json" "$label$note" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
def t(s):
    if s < 1e-3: return "%.1f µs" % (s * 1e6)
    if s < 1: return "%.3g ms" % (s * 1e3)
    return "%.3g s" % s
o, g = r[0], r[1]
print("| %s | %s ± %s | %s ± %s | %.2f |" % (sys.argv[2], t(o["mean"]), t(o["stddev"] or 0),
      t(g["mean"]), t(g["stddev"] or 0), g["mean"] / o["mean"]))
EOF
  rm -f "$json"
}

sys_calls() {
  local f=$OUT/strace-c.$$
  strace -f -c -o "$f" "$@" >/dev/null 2>&1 || true
  awk '$NF == "total" { print $4 }' "$f"
  rm -f "$f"
}

sys_top() {
  local f=$OUT/strace-c.$$
  strace -f -c -o "$f" "$@" >/dev/null 2>&1 || true
  awk '$NF != "total" && $4 ~ /^[0-9]+$/ { print $4, $NF }' "$f" | sort -k1,1nr -k2 |
    awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1 } END { print "" }'
  rm -f "$f"
}

sys_lines() {
  local f=$OUT/strace-f.$$
  strace -f -o "$f" "$@" >/dev/null 2>&1 || true
  awk '/execve\(/ && !on { on = 1 } on { n++ } on && /exit_group\(/ { print n; exit }' "$f"
  rm -f "$f"
}

peak_rss() {
  local f=$OUT/time.$$
  /usr/bin/time -f %M -o "$f" "$@" >/dev/null 2>&1 || true
  tail -1 "$f"
  rm -f "$f"
}

minor_faults() {
  local f=$OUT/time.$$
  /usr/bin/time -f %R -o "$f" "$@" >/dev/null 2>&1 || true
  tail -1 "$f"
  rm -f "$f"
}

bin_size() {
  local t=$OUT/strip.$$
  if command -v strip >/dev/null && strip -o "$t" "$1" 2>/dev/null; then
    stat -c %s "$t"
    rm -f "$t"
  else
    stat -L -c %s "$1"
  fi
}
