#!/usr/bin/env bash
# ls rows: listing speed beside GNU ls (hyperfine -N, stdout /dev/null, so not a
# terminal), syscall counts (strace -f -c) and peak RSS. Uses the corpora of
# bench/gen.sh (tree: 18,000 directories / 300,000 entries; flat100k).
. "$(dirname "$0")/lib.sh"

bu_links
ls_ours=$BU_LINKS/ls
tree=$CORPUS/tree
flat=$CORPUS/flat100k
for d in "$tree" "$flat"; do
  [ -d "$d" ] || { echo "bench: $d missing (run bench/gen.sh)" >&2; exit 1; }
done
export LC_ALL=C
args=(--warmup 1 --runs 5)

echo "### ls"
echo
echo "LC_ALL=C, stdout /dev/null (not a terminal). \`hyperfine -N ${args[*]}\`."
echo
hf_header
hf_pair "\`ls -R tree\`" "$ls_ours -R $tree" "/usr/bin/ls -R $tree" "${args[@]}"
# GNU's built-in colors (LS_COLORS unset, a TERM it knows): every regular file and
# directory is stat'd for ex/su/sg and st/ow/tw.
(unset LS_COLORS; export TERM=xterm
  hf_pair "\`ls -R --color=always tree\`" "$ls_ours -R --color=always $tree" "/usr/bin/ls -R --color=always $tree" "${args[@]}")
hf_pair "\`ls flat100k\`" "$ls_ours $flat" "/usr/bin/ls $flat" "${args[@]}"
# Collation (LC_COLLATE, GNU's strcoll against our keys): a locale compiled by
# localedef into $BENCH_LOCPATH (default /tmp/loc, docs/LOCALES.md §1.1), never into
# the machine's archive; the row is left out when it is missing.
locpath=${BENCH_LOCPATH:-/tmp/loc}
if [ -d "$locpath/en_US.UTF-8" ]; then
  hf_pair "\`ls flat100k\`, en_US.UTF-8" "env LOCPATH=$locpath LC_ALL=en_US.UTF-8 $ls_ours $flat" \
    "env LOCPATH=$locpath LC_ALL=en_US.UTF-8 /usr/bin/ls $flat" "${args[@]}"
fi
hf_pair "\`ls -1U flat100k\`" "$ls_ours -1U $flat" "/usr/bin/ls -1U $flat" "${args[@]}"
hf_pair "\`ls -C -w 120 flat100k\`" "$ls_ours -C -w 120 $flat" "/usr/bin/ls -C -w 120 $flat" "${args[@]}"
hf_pair "\`ls -s flat100k\`" "$ls_ours -s $flat" "/usr/bin/ls -s $flat" "${args[@]}"
hf_pair "\`ls -F flat100k\`" "$ls_ours -F $flat" "/usr/bin/ls -F $flat" "${args[@]}"
hf_pair "\`ls -R /usr\`" "$ls_ours -R /usr" "/usr/bin/ls -R /usr" "${args[@]}"
echo
if command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then
  # CPU time is steadier than wall time on a shared machine.
  task_ms() { perf stat -x, -e task-clock -r 5 "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ { printf "%.1f", $1 }'; }
  echo "CPU time (\`perf stat -r 5 -e task-clock\`, ms, user + system):"
  echo
  echo "| command | bareutils | GNU | GNU ÷ bareutils |"
  echo "| --- | ---: | ---: | ---: |"
  for c in "-R $tree" "$flat" "-1U $flat" "-R /usr"; do
    # shellcheck disable=SC2086
    o=$(task_ms "$ls_ours" $c)
    # shellcheck disable=SC2086
    g=$(task_ms /usr/bin/ls $c)
    echo "| \`ls ${c//$CORPUS\//}\` | $o | $g | $(awk -v o="$o" -v g="$g" 'BEGIN { printf "%.2f", g / o }') |"
  done
  echo
fi
echo "Syscalls (\`strace -f -c\`, total, and the largest counts):"
echo
echo "| command | bareutils | GNU |"
echo "| --- | --- | --- |"
row() {
  local label=$1
  shift
  echo "| \`$label\` | $(sys_calls "$ls_ours" "$@"): $(sys_top "$ls_ours" "$@") | $(sys_calls /usr/bin/ls "$@"): $(sys_top /usr/bin/ls "$@") |"
}
(cd "$CORPUS" && row "ls -R tree" -R tree)
(cd "$CORPUS" && row "ls flat100k" flat100k)
(cd "$CORPUS" && row "ls -1U flat100k" -1U flat100k)
echo
echo "Peak RSS (\`/usr/bin/time -f %M\`, KiB):"
echo
echo "| command | bareutils | GNU |"
echo "| --- | ---: | ---: |"
echo "| \`ls -R /usr\` | $(peak_rss "$ls_ours" -R /usr) | $(peak_rss /usr/bin/ls -R /usr) |"
echo "| \`ls -R tree\` | $(peak_rss "$ls_ours" -R "$tree") | $(peak_rss /usr/bin/ls -R "$tree") |"
echo "| \`ls flat100k\` | $(peak_rss "$ls_ours" "$flat") | $(peak_rss /usr/bin/ls "$flat") |"
echo "| \`ls -1U flat100k\` | $(peak_rss "$ls_ours" -1U "$flat") | $(peak_rss /usr/bin/ls -1U "$flat") |"
