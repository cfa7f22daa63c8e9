#!/usr/bin/env bash
# wc rows for BENCHMARKS.md: our wc and GNU's (/usr/bin/wc) side by side in one
# hyperfine run per row, then syscall counts (strace). Prints a Markdown section on
# stdout, progress on stderr.
#
#   bench/wc.sh > bench/out/wc.md
#
# Corpora: $BAREUTILS_CORPUS (default bench/corpus/) must hold ascii1g.txt (1 GiB of
# ASCII text) and utf8-256m.txt (256 MiB of multilingual UTF-8). If they are missing,
# bench/gen.sh makes them when it exists; otherwise this script writes its own
# deterministic stand-ins (Python, fixed seed) under the same names.
#
# Environment: BENCH_RUNS (default 5) and BENCH_WARMUP (default 1).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
corpus=${BAREUTILS_CORPUS:-$here/corpus}
out=$here/out
mkdir -p "$corpus" "$out"
runs=${BENCH_RUNS:-5}
warmup=${BENCH_WARMUP:-1}
ascii=$corpus/ascii1g.txt
utf8=$corpus/utf8-256m.txt

if [ ! -s "$ascii" ] || [ ! -s "$utf8" ]; then
  if [ -x "$here/gen.sh" ]; then
    "$here/gen.sh" ascii1g.txt utf8-256m.txt >&2
  else
    echo "bench/wc.sh: writing stand-in corpora into $corpus" >&2
    python3 - "$ascii" "$utf8" <<'EOF'
import random, sys
def write(path, size, words):
    rng = random.Random(20261202)
    with open(path, "wb") as f:
        n = 0
        while n < size:
            line = " ".join(rng.choice(words) for _ in range(rng.randint(0, 14))) + "\n"
            b = line.encode()
            if n + len(b) > size:
                b = b[: size - n]
            f.write(b)
            n += len(b)
ascii_words = ["the", "of", "and", "wc", "counts", "lines", "words", "bytes", "x" * 12, "a\tb", "1234"]
utf8_words = ascii_words + ["été", "Ελληνικά", "русский", "日本語", "テキスト", "한국어", "中文\u3000字",
                            "e\u0301", "😀", "\u00a0nbsp", "ähnlich"]
write(sys.argv[1], 1 << 30, ascii_words)
write(sys.argv[2], 256 << 20, utf8_words)
EOF
  fi
fi

bin=$root/target/x86_64-unknown-linux-musl/release/bareutils
if [ ! -x "$bin" ]; then
  (cd "$root" && cargo build --release >&2)
fi
links=$(mktemp -d)
trap 'rm -rf "$links"' EXIT
ln -s "$bin" "$links/wc"
ours=$links/wc
gnu=/usr/bin/wc

# Page the corpora in, so every run reads from the page cache.
cat "$ascii" "$utf8" >/dev/null

fmt() {
  python3 - "$@" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
def t(s):
    if s < 1e-3: return "%.1f µs" % (s * 1e6)
    if s < 1: return "%.3g ms" % (s * 1e3)
    return "%.3g s" % s
o, g = r[0], r[1]
ratio = g["mean"] / o["mean"] if o["mean"] > 0 else float("nan")
print("| %s | %s ± %s | %s ± %s | %.2f |" % (sys.argv[2], t(o["mean"]), t(o["stddev"] or 0),
      t(g["mean"]), t(g["stddev"] or 0), ratio))
EOF
}

# The run counts: few for the long rows, many for the ones that take a millisecond.
hf_runs() {
  if [ -n "${FAST:-}" ]; then echo "--warmup 5 --min-runs 40"; else echo "--warmup $warmup --runs $runs"; fi
}

# row LOCALE LABEL ARGS... : hyperfine -N of "wc ARGS" (ours, GNU) under LC_ALL=LOCALE.
row() {
  local loc=$1 label=$2
  shift 2
  local j=$out/hf-wc.$$.json
  echo "bench: $label" >&2
  LC_ALL=$loc hyperfine -N $(hf_runs) --export-json "$j" "$ours $*" "$gnu $*" >&2
  fmt "$j" "$label"
  rm -f "$j"
}

# row_sh LABEL OURS-CMD GNU-CMD : through sh, for redirections and pipes.
row_sh() {
  local label=$1 o=$2 g=$3
  local j=$out/hf-wc.$$.json
  echo "bench: $label" >&2
  if [ -n "${FAST:-}" ]; then
    hyperfine -N $(hf_runs) --export-json "$j" "$o" "$g" >&2
  else
    hyperfine --shell=sh $(hf_runs) --export-json "$j" "$o" "$g" >&2
  fi
  fmt "$j" "$label"
  rm -f "$j"
}

# calls CMD... : "total calls (syscall lines from execve to exit_group)".
calls() {
  local c=$out/strace-c.$$ f=$out/strace-f.$$
  strace -f -c -o "$c" "$@" >/dev/null 2>&1 || true
  strace -f -o "$f" "$@" >/dev/null 2>&1 || true
  local total lines
  total=$(awk '$NF == "total" { print $4 }' "$c")
  lines=$(grep -c -v -e '^[0-9]* *+++ ' -e '^[0-9]* *--- ' "$f")
  echo "$total / $lines"
  rm -f "$c" "$f"
}

# calls_pipe WC [ARGS]: like calls, for "head -c 100M ASCII | WC -c ARGS", tracing wc only.
calls_pipe() {
  local w=$1
  shift
  local c=$out/strace-c.$$ f=$out/strace-f.$$
  head -c 100M "$ascii" | strace -f -c -o "$c" "$w" -c "$@" >/dev/null 2>&1 || true
  head -c 100M "$ascii" | strace -f -o "$f" "$w" -c "$@" >/dev/null 2>&1 || true
  echo "$(awk '$NF == "total" { print $4 }' "$c") / $(grep -c -v -e '^[0-9]* *+++ ' -e '^[0-9]* *--- ' "$f")"
  rm -f "$c" "$f"
}

echo "## wc"
echo
echo "$(date -u +%Y-%m-%d), $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')),"
echo "Linux $(uname -r). GNU coreutils $($gnu --version | head -1 | awk '{print $NF}'). hyperfine --warmup $warmup --runs $runs;"
echo "the corpora are in the page cache. Other jobs may share the CPUs: ratios are noisy."
echo "Ratio = GNU ÷ ours (above 1: we are faster). Corpora: \`$(basename "$ascii")\` ($(stat -c %s "$ascii") bytes),"
echo "\`$(basename "$utf8")\` ($(stat -c %s "$utf8") bytes)."
echo
echo "| command | bareutils | GNU wc | ratio |"
echo "|---|---|---|---|"
FAST=1 row C "\`wc -c\` 1 GiB file" -c "$ascii"
FAST=1 row_sh "\`sh -c 'exec wc -c < 1 GiB file'\` (sh start-up included)" "sh -c 'exec $ours -c < $ascii'" "sh -c 'exec $gnu -c < $ascii'"
row_sh "\`cat 1 GiB \\| wc -c\`" "cat $ascii | $ours -c" "cat $ascii | $gnu -c"
row C "\`wc -l\` 1 GiB" -l "$ascii"
row C "\`wc\` 1 GiB ASCII, C" "$ascii"
row C "\`wc -w\` 1 GiB ASCII, C" -w "$ascii"
row C "\`wc -L\` 1 GiB ASCII, C" -L "$ascii"
row C.UTF-8 "\`wc -m\` 256 MiB UTF-8, C.UTF-8" -m "$utf8"
row C.UTF-8 "\`wc\` 256 MiB UTF-8, C.UTF-8" "$utf8"
row C.UTF-8 "\`wc -w\` 256 MiB UTF-8, C.UTF-8" -w "$utf8"
row C.UTF-8 "\`wc -L\` 256 MiB UTF-8, C.UTF-8" -L "$utf8"
small=$out/wc-small.txt
printf 'one two three\nfour five\n' >"$small"
FAST=1 row C "\`wc\` 24-byte file (start-up)" "$small"
echo
echo "Syscalls, \`strace -f -c\` total / lines of \`strace -f\` (execve to exit_group), LC_ALL=C:"
echo
echo "| command | bareutils | GNU wc |"
echo "|---|---|---|"
export LC_ALL=C
echo "| \`wc -c FILE\` (1 GiB) | $(calls "$ours" -c "$ascii") | $(calls "$gnu" -c "$ascii") |"
echo "| \`wc -c FILE\` (24 bytes) | $(calls "$ours" -c "$small") | $(calls "$gnu" -c "$small") |"
echo "| \`wc -c < FILE\` (1 GiB) | $(calls sh -c "exec $ours -c < $ascii") | $(calls sh -c "exec $gnu -c < $ascii") |"
echo "| \`wc -l FILE\` (1 GiB) | $(calls "$ours" -l "$ascii") | $(calls "$gnu" -l "$ascii") |"
echo "| \`wc FILE\` (1 GiB) | $(calls "$ours" "$ascii") | $(calls "$gnu" "$ascii") |"
echo "| \`wc FILE\` (24 bytes) | $(calls "$ours" "$small") | $(calls "$gnu" "$small") |"
echo "| \`wc FILE FILE\` (24 bytes) | $(calls "$ours" "$small" "$small") | $(calls "$gnu" "$small" "$small") |"
echo "| \`head -c 100M \\| wc -c\` (wc only) | $(calls_pipe "$ours") | $(calls_pipe "$gnu") |"
echo "| \`head -c 100M \\| wc -l\` (wc only) | $(calls_pipe "$ours" -l) | $(calls_pipe "$gnu" -l) |"
echo
echo "(The \`< FILE\` row includes the sh process; compare the columns with each other.)"
