#!/usr/bin/env bash
# ls long-format rows: `ls -lR tree` and `ls -la flat100k` beside GNU ls (one
# hyperfine run each, stdout /dev/null), CPU time, and syscall counts by name.
# Counts come from `strace -f` lines, not `strace -c`: strace 6.1 does not know
# listxattrat (Linux 6.13, number 465), prints it as syscall_0x1d1 and leaves it
# out of its -c table.
. "$(dirname "$0")/lib.sh"

bu_links
ls_ours=$BU_LINKS/ls
tree=$CORPUS/tree
flat=$CORPUS/flat100k
for d in "$tree" "$flat"; do
  [ -d "$d" ] || { echo "bench: $d missing (run bench/gen.sh)" >&2; exit 1; }
done
export LC_ALL=C TZ=UTC
args=(--warmup 1 --runs 5)

# Syscalls by name from strace -f, the most frequent first: "total: name n, ...".
sys_by_name() {
  local f=$OUT/strace-l.$$
  strace -f -o "$f" "$@" >/dev/null 2>&1 || true
  local counts total
  counts=$(awk '{ sub(/^[0-9]+ +/, ""); n = $0; sub(/\(.*/, "", n); if (n == "syscall_0x1d1") n = "listxattrat";
                  if (n ~ /^[a-z_0-9]+$/) c[n]++ } END { for (x in c) print c[x], x }' "$f" | sort -k1,1nr -k2)
  total=$(awk '{ t += $1 } END { print t }' <<<"$counts")
  echo "$total: $(awk '$1 >= 10 { printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1 } END { print "" }' <<<"$counts")"
  rm -f "$f"
}

echo "### ls, long format"
echo
echo "LC_ALL=C TZ=UTC, stdout /dev/null. \`hyperfine -N ${args[*]}\`."
echo
hf_header
hf_pair "\`ls -lR tree\`" "$ls_ours -lR $tree" "/usr/bin/ls -lR $tree" "${args[@]}"
hf_pair "\`ls -la flat100k\`" "$ls_ours -la $flat" "/usr/bin/ls -la $flat" "${args[@]}"
hf_pair "\`ls -la --full-time flat100k\`" "$ls_ours -la --full-time $flat" "/usr/bin/ls -la --full-time $flat" "${args[@]}"
hf_pair "\`ls -lan flat100k\`" "$ls_ours -lan $flat" "/usr/bin/ls -lan $flat" "${args[@]}"
echo
if command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then
  task_ms() { perf stat -x, -e task-clock -r 5 "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ { printf "%.1f", $1 }'; }
  echo "CPU time (\`perf stat -r 5 -e task-clock\`, ms, user + system):"
  echo
  echo "| command | bareutils | GNU | GNU ÷ bareutils |"
  echo "| --- | ---: | ---: | ---: |"
  for c in "-lR $tree" "-la $flat"; do
    # shellcheck disable=SC2086
    o=$(task_ms "$ls_ours" $c)
    # shellcheck disable=SC2086
    g=$(task_ms /usr/bin/ls $c)
    echo "| \`ls ${c//$CORPUS\//}\` | $o | $g | $(awk -v o="$o" -v g="$g" 'BEGIN { printf "%.2f", g / o }') |"
  done
  echo
fi
echo "Syscalls (\`strace -f\`, total: the calls made 10 times or more):"
echo
echo "| command | bareutils | GNU |"
echo "| --- | --- | --- |"
(cd "$CORPUS" && echo "| \`ls -lR tree\` | $(sys_by_name "$ls_ours" -lR tree) | $(sys_by_name /usr/bin/ls -lR tree) |")
(cd "$CORPUS" && echo "| \`ls -la flat100k\` | $(sys_by_name "$ls_ours" -la flat100k) | $(sys_by_name /usr/bin/ls -la flat100k) |")
echo
echo "Per entry: bareutils makes one statx and one listxattrat (relative to the"
echo "directory's descriptor; llistxattr by path on kernels before 6.13), plus"
echo "readlinkat for symlinks; GNU makes statx, lgetxattr(security.selinux) and"
echo "getxattr(system.posix_acl_access) (and posix_acl_default for directories)."
