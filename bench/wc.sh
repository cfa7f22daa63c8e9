#!/usr/bin/env bash
# wc rows: our wc beside GNU's (/usr/bin/wc) in one hyperfine run per row, then the
# syscalls each makes (strace). Prints the section bench/run.sh pastes under "## wc".
#
#   bench/wc.sh                 (BENCH_QUICK=1: 3 runs per benchmark)
#
# Corpora from bench/gen.sh: ascii1g.txt (1 GiB ASCII) and utf8-256m.txt (256 MiB
# multilingual UTF-8), in $BAREUTILS_CORPUS or bench/corpus/. Long rows run
# --warmup 1 --runs 5 (BENCH_WC_LONG overrides); the millisecond rows use lib.sh's
# default (--warmup 2 --min-runs 10).
. "$(dirname "$0")/lib.sh"

ascii=$CORPUS/ascii1g.txt
utf8=$CORPUS/utf8-256m.txt
if [ ! -s "$ascii" ] || [ ! -s "$utf8" ]; then
  "$BENCH/gen.sh" ascii1g.txt utf8-256m.txt >&2
fi
bu_links
ours=$BU_LINKS/wc
gnu=/usr/bin/wc
read -ra long <<<"${BENCH_WC_LONG:---warmup 1 --runs 5}"
small=$OUT/wc-small.txt
printf 'one two three\nfour five\n' >"$small"

# Page the corpora in: every run reads from the page cache.
cat "$ascii" "$utf8" >/dev/null

echo "### wc: time"
echo
echo "GNU wc $($gnu --version | head -1 | awk '{ print $NF }'). The corpora are in the page cache; stdout is"
echo "/dev/null. The 2 CPUs are shared with other jobs while these run: ratios are noisy."
echo
hf_header
export LC_ALL=C
hf_pair "\`wc -c\` 1 GiB" "$ours -c $ascii" "$gnu -c $ascii"
hf_pair "\`sh -c 'exec wc -c < 1 GiB'\` (sh included)" "sh -c 'exec $ours -c < $ascii'" "sh -c 'exec $gnu -c < $ascii'"
hf_pair "\`wc\` 24-byte file (start-up)" "$ours $small" "$gnu $small"
hf_pair_sh "\`cat 1 GiB \\| wc -c\`" "cat $ascii | $ours -c" "cat $ascii | $gnu -c" "${long[@]}"
hf_pair "\`wc -l\` 1 GiB" "$ours -l $ascii" "$gnu -l $ascii" "${long[@]}"
hf_pair "\`wc\` 1 GiB ASCII, C" "$ours $ascii" "$gnu $ascii" "${long[@]}"
hf_pair "\`wc -w\` 1 GiB ASCII, C" "$ours -w $ascii" "$gnu -w $ascii" "${long[@]}"
hf_pair "\`wc -L\` 1 GiB ASCII, C" "$ours -L $ascii" "$gnu -L $ascii" "${long[@]}"
export LC_ALL=C.UTF-8
hf_pair "\`wc -m\` 256 MiB UTF-8, C.UTF-8" "$ours -m $utf8" "$gnu -m $utf8" "${long[@]}"
hf_pair "\`wc\` 256 MiB UTF-8, C.UTF-8" "$ours $utf8" "$gnu $utf8" "${long[@]}"
hf_pair "\`wc -w\` 256 MiB UTF-8, C.UTF-8" "$ours -w $utf8" "$gnu -w $utf8" "${long[@]}"
hf_pair "\`wc -L\` 256 MiB UTF-8, C.UTF-8" "$ours -L $utf8" "$gnu -L $utf8" "${long[@]}"
export LC_ALL=C

# "calls / lines": strace -f -c's total, and the lines of strace -f from execve to
# exit_group inclusive.
both() { echo "$(sys_calls "$@") / $(sys_lines "$@")"; }
# The same for "head -c 100M ASCII | WC ARGS", tracing wc alone.
piped() {
  local c=$OUT/strace-c.$$ f=$OUT/strace-f.$$
  head -c 100M "$ascii" | strace -f -c -o "$c" "$@" >/dev/null 2>&1 || true
  head -c 100M "$ascii" | strace -f -o "$f" "$@" >/dev/null 2>&1 || true
  echo "$(awk '$NF == "total" { print $4 }' "$c") / $(awk '/execve\(/ && !on { on = 1 } on { n++ } on && /exit_group\(/ { print n; exit }' "$f")"
  rm -f "$c" "$f"
}
# The same for "WC ARGS < FILE".
redirected() {
  local file=$1 c=$OUT/strace-c.$$ f=$OUT/strace-f.$$
  shift
  strace -f -c -o "$c" "$@" <"$file" >/dev/null 2>&1 || true
  strace -f -o "$f" "$@" <"$file" >/dev/null 2>&1 || true
  echo "$(awk '$NF == "total" { print $4 }' "$c") / $(awk '/execve\(/ && !on { on = 1 } on { n++ } on && /exit_group\(/ { print n; exit }' "$f")"
  rm -f "$c" "$f"
}

echo
echo "### wc: syscalls"
echo
echo "\`strace -f -c\` total calls / lines of \`strace -f\` from execve to exit_group (inclusive),"
echo "LC_ALL=C; \`< FILE\` and pipe rows trace wc alone."
echo
echo "| command | bareutils | GNU |"
echo "| --- | ---: | ---: |"
echo "| \`wc -c FILE\` (1 GiB) | $(both "$ours" -c "$ascii") | $(both "$gnu" -c "$ascii") |"
echo "| \`wc -c FILE\` (24 bytes) | $(both "$ours" -c "$small") | $(both "$gnu" -c "$small") |"
echo "| \`wc -c < FILE\` (1 GiB) | $(redirected "$ascii" "$ours" -c) | $(redirected "$ascii" "$gnu" -c) |"
echo "| \`wc FILE\` (24 bytes) | $(both "$ours" "$small") | $(both "$gnu" "$small") |"
echo "| \`wc FILE FILE\` (24 bytes) | $(both "$ours" "$small" "$small") | $(both "$gnu" "$small" "$small") |"
echo "| \`wc -l FILE\` (1 GiB) | $(both "$ours" -l "$ascii") | $(both "$gnu" -l "$ascii") |"
echo "| \`wc FILE\` (1 GiB) | $(both "$ours" "$ascii") | $(both "$gnu" "$ascii") |"
echo "| \`head -c 100M \\| wc -c\` | $(piped "$ours" -c) | $(piped "$gnu" -c) |"
echo "| \`head -c 100M \\| wc -l\` | $(piped "$ours" -l) | $(piped "$gnu" -l) |"
echo
echo "Our top calls: \`wc -c FILE\` (1 GiB): $(sys_top "$ours" -c "$ascii"); \`wc FILE\` (1 GiB): $(sys_top "$ours" "$ascii")."
echo
