#!/usr/bin/env bash
# Builds the corpora, runs every row script (bench/*.sh but gen.sh, lib.sh, run.sh),
# and puts their sections into BENCHMARKS.md.
#
#   bench/run.sh [--print] [NAME...]      NAME: a row script without .sh (default all)
#
# Each row script's stdout is kept in bench/out/NAME.md and replaces the text between
# the lines `<!-- begin bench/NAME.sh -->` and `<!-- end bench/NAME.sh -->` in
# BENCHMARKS.md (added at the end when missing); everything outside the markers is
# left alone. The machine section is marked the same way (`bench/machine`). With
# --print nothing is written to BENCHMARKS.md: the sections go to stdout.
# A row script that fails leaves a note in its section and the others still run.
set -uo pipefail
bench=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$bench/.." && pwd)
out=$bench/out
mkdir -p "$out"

print=0
if [ "${1:-}" = --print ]; then
  print=1
  shift
fi
rows=("$@")
if [ ${#rows[@]} -eq 0 ]; then
  for f in "$bench"/*.sh; do
    n=$(basename "$f" .sh)
    case $n in gen | lib | run) ;; *) rows+=("$n") ;; esac
  done
fi

"$bench/gen.sh" || { echo "run: gen.sh failed" >&2; exit 1; }
(cd "$root" && cargo build --release >&2) || { echo "run: build failed" >&2; exit 1; }

{
  echo "### Machine"
  echo
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo "- CPU: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo), $(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- kernel $(uname -r); $(/usr/bin/ls --version | head -1); $(hyperfine --version); $(strace -V | head -1); $(rustc --version 2>/dev/null)"
  echo "- corpora: bench/gen.sh (tree: 18,000 directories, 300,000 entries; flat100k; ascii1g.txt 1 GiB; utf8-256m.txt 256 MiB)"
  echo
} >"$out/machine.md"

sections=(machine)
for n in "${rows[@]}"; do
  echo "run: bench/$n.sh" >&2
  start=$SECONDS
  stamp="$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
  if bash "$bench/$n.sh" >"$out/$n.md" 2>"$out/$n.err"; then
    # Sections are rerun one at a time: each says when it ran.
    printf '(bench/%s.sh ran %s.)\n\n' "$n" "$stamp" >>"$out/$n.md"
    echo "run: bench/$n.sh: $((SECONDS - start)) s" >&2
  else
    echo "run: bench/$n.sh FAILED (bench/out/$n.err)" >&2
    tail -5 "$out/$n.err" >&2
    printf '\n(bench/%s.sh failed on this run: see bench/out/%s.err)\n\n' "$n" "$n" >>"$out/$n.md"
  fi
  sections+=("$n")
done

if [ $print = 1 ]; then
  for n in "${sections[@]}"; do cat "$out/$n.md"; done
  exit 0
fi

python3 - "$root/BENCHMARKS.md" "$out" "${sections[@]}" <<'EOF'
import os, sys
path, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
text = open(path, encoding="utf-8").read() if os.path.exists(path) else "# Benchmarks\n"
for n in names:
    tag = "bench/machine" if n == "machine" else "bench/%s.sh" % n
    begin, end = "<!-- begin %s -->\n" % tag, "<!-- end %s -->\n" % tag
    body = open(os.path.join(out, n + ".md"), encoding="utf-8").read()
    if not body.endswith("\n"):
        body += "\n"
    i, j = text.find(begin), text.find(end)
    if i >= 0 and j > i:
        text = text[:i + len(begin)] + body + text[j:]
    else:
        text = text.rstrip("\n") + "\n\n" + begin + body + end
open(path, "w", encoding="utf-8").write(text)
print("run: updated", path, file=sys.stderr)
EOF
