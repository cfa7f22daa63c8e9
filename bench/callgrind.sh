#!/usr/bin/env bash
# Instructions executed (callgrind's Ir, whole run) by two builds of bareutils on the
# same workloads: a check that a change moved no speed, which load on the machine does
# not disturb (BENCHMARKS.md, "The house").
#
#   bench/callgrind.sh OLD NEW
#
# Inputs (made once in bench/out/callgrind/, from a fixed seed): text.txt, 3.6 MB of
# mixed ASCII/UTF-8 words; tree/, 40 directories of 120 files.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: bench/callgrind.sh OLD NEW" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2")
dir=$(dirname "$0")/out/callgrind
mkdir -p "$dir"
cd "$dir"
[ -s text.txt ] && [ -d tree ] || python3 - <<'PY'
import os, random
random.seed(7)
words = ["hello", "world", "ünïcödé", "日本語", "καλημέρα", "tab\there", "a", "bb", "ccc", "emoji😀", "x" * 30]
with open("text.txt", "w") as f:
    for _ in range(60000):
        f.write(" ".join(random.choice(words) for _ in range(random.randint(0, 12))) + "\n")
for d in range(40):
    p = f"tree/d{d}"
    os.makedirs(p, exist_ok=True)
    for i in range(120):
        name = f"{p}/f{i}_{random.randint(0, 10**6)}.{random.choice(['c', 'txt', 'tar.gz', 'sh'])}"
        with open(name, "w") as f:
            f.write("x" * random.randint(0, 100))
PY
ir() { # LC_ALL BIN ARGS...
  local loc=$1 bin=$2; shift 2
  LC_ALL=$loc valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : //p'
}
echo "| command | LC_ALL | old (Ir) | new (Ir) | new / old |"
echo "|---|---|---:|---:|---:|"
while IFS='|' read -r loc args; do
  # shellcheck disable=SC2086
  a=$(ir "$loc" "$old" $args) b=$(ir "$loc" "$new" $args)
  printf '| `%s` | %s | %s | %s | %s |\n' "$args" "$loc" "$a" "$b" "$(python3 -c "print(f'{$b/$a:.4f}')")"
done <<'ROWS'
C.UTF-8|wc text.txt
C|wc -w text.txt
C.UTF-8|wc -m text.txt
C.UTF-8|wc -L text.txt
C|ls -R tree
C|ls -lR tree
C|ls -l --color=always tree/d1 tree/d2
C.UTF-8|ls --quoting-style=shell-escape -R tree
C|ls -v -R tree
C|ls -lt --full-time -R tree
ROWS
