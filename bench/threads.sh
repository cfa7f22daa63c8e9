#!/usr/bin/env bash
# Worker threads (ls -R and -lR over the eval tree, corpus `tree`: 18,000
# directories, 300,000 entries), beside GNU in one hyperfine run per row:
#   - cold: the page cache emptied before every run (root: drop_caches; the rows
#     are skipped with a message otherwise);
#   - warm: the default (a worker per CPU beyond the first), and one CPU
#     (taskset -c 0: no worker), ours and GNU alike;
#   - the limit: the same calls from N threads in C (bench/limit.c: open +
#     getdents64 + close of every directory, statx of every entry, from a list
#     made beforehand), cold and warm, so that the rows above can be read against
#     what the disk and the cores give.
#   - loaded: a busy loop on CPU 1 (another job) while ours with workers, ours
#     without and GNU run, warm (not meaningful under chrt: a real-time run
#     would starve the loop).
# Peak RSS of ls -lR (warm) with and without workers (BAREUTILS_THREADS=0).
. "$(dirname "$0")/lib.sh"

links_made=${BU_LINKS:+no}
bu_links
ls_ours=$BU_LINKS/ls
tree=$CORPUS/tree
[ -d "$tree" ] || "$BENCH/gen.sh" tree >&2
export LC_ALL=C TZ=UTC
# (hyperfine -N runs --prepare without a shell too: a script of its own.)
drop=$OUT/drop-caches
printf '#!/bin/sh\nsync\necho 3 > /proc/sys/vm/drop_caches\n' >"$drop"
chmod +x "$drop"
cold=(--prepare "$drop" --warmup 0 --runs "${COLD_RUNS:-5}")
warm=(--warmup 2 --runs "${WARM_RUNS:-15}")

echo "### Worker threads: cold and warm caches, every core"
echo
echo "LC_ALL=C, stdout /dev/null, \`bench/corpus/tree\` ($(find "$tree" -type d | wc -l) directories, $(find "$tree" -mindepth 1 | wc -l) entries). $(nproc) CPUs."
echo
hf_header
if [ "$(id -u)" = 0 ] && [ -w /proc/sys/vm/drop_caches ]; then
  hf_pair "\`ls -lR\`, cold" "$ls_ours -lR $tree" "/usr/bin/ls -lR $tree" "${cold[@]}"
  hf_pair "\`ls -R\`, cold" "$ls_ours -R $tree" "/usr/bin/ls -R $tree" "${cold[@]}"
else
  echo "bench/threads.sh: cold rows skipped (drop_caches needs root)" >&2
  echo "| cold rows | skipped: not root | | |"
fi
hf_pair "\`ls -lR\`, warm" "$ls_ours -lR $tree" "/usr/bin/ls -lR $tree" "${warm[@]}"
hf_pair "\`ls -R\`, warm" "$ls_ours -R $tree" "/usr/bin/ls -R $tree" "${warm[@]}"
hf_pair "\`taskset -c 0 ls -lR\`, warm" "taskset -c 0 $ls_ours -lR $tree" "taskset -c 0 /usr/bin/ls -lR $tree" "${warm[@]}"
hf_pair "\`taskset -c 0 ls -R\`, warm" "taskset -c 0 $ls_ours -R $tree" "taskset -c 0 /usr/bin/ls -R $tree" "${warm[@]}"
echo
# A loaded machine: another job's busy loop on CPU 1 for the whole run (nice 0,
# as ours): the workers must not make ours slower than one thread.
echo "With a busy loop on CPU 1 (\`taskset -c 1\`, the whole run), warm, one hyperfine run per row:"
echo
echo "| command | ours, workers | ours, BAREUTILS_THREADS=0 | GNU |"
echo "| --- | ---: | ---: | ---: |"
taskset -c 1 sh -c 'while :; do :; done' &
hog=$!
# (bu_links's own trap removed the links it made: this one does both.)
trap 'kill "$hog" 2>/dev/null || true; [ -n "$links_made" ] || rm -rf "$BU_LINKS"' EXIT
for o in -lR -R; do
  json=$(mktemp "$OUT/hf.XXXXXX.json")
  hyperfine -N "${warm[@]}" --export-json "$json" "$ls_ours $o $tree" \
    "env BAREUTILS_THREADS=0 $ls_ours $o $tree" "/usr/bin/ls $o $tree" >&2
  python3 - "$json" "$o" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
print("| `ls %s` | %s |" % (sys.argv[2], " | ".join("%.0f ms ± %.0f" % (x["mean"] * 1e3, x["stddev"] * 1e3) for x in r)))
EOF
  rm -f "$json"
done
kill "$hog"
echo
echo "Peak RSS of \`ls -lR\` (warm): $(peak_rss "$ls_ours" -lR "$tree") KiB with workers, $(BAREUTILS_THREADS=0 peak_rss "$ls_ours" -lR "$tree") KiB without (BAREUTILS_THREADS=0), GNU $(peak_rss /usr/bin/ls -lR "$tree") KiB."
echo

# The limit: bench/limit.c from N threads.
limit=$OUT/limit
gcc -O2 -pthread "$BENCH/limit.c" -o "$limit"
list=$OUT/limit.dirs
find "$tree" -type d >"$list"
find "$tree" -mindepth 1 >"$list.all"
echo "The limit (\`bench/limit.c\`, the same calls from N threads, no output), seconds:"
echo
echo "| threads | directories cold | directories warm | stat cold | stat warm |"
echo "| ---: | ---: | ---: | ---: | ---: |"
for n in 1 2 4 8 16; do
  row="| $n"
  for what in dirs stat; do
    l=$list
    [ $what = stat ] && l=$list.all
    if [ "$(id -u)" = 0 ]; then
      sync
      echo 3 >/proc/sys/vm/drop_caches
      c=$("$limit" $what $n "$l")
    else
      c=-
    fi
    "$limit" $what $n "$l" >/dev/null
    w=$("$limit" $what $n "$l")
    row="$row | $c | $w"
  done
  echo "$row |"
done
rm -f "$list" "$list.all" "$limit"
echo
