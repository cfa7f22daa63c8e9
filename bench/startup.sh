#!/usr/bin/env bash
# Start-up rows: what `ls EMPTYDIR` costs (process start, argument handling, one
# empty listing) for bareutils and GNU ls, and the size of the binaries.
. "$(dirname "$0")/lib.sh"

bin=$(bu_bin)
empty=$(mktemp -d /tmp/bareutils-empty.XXXXXX)
trap 'rm -rf "$empty"' EXIT
runs=${BENCH_STARTUP_RUNS:-2000}
[ "${BENCH_QUICK:-0}" = 1 ] && runs=20

ours=("$bin" ls "$empty")
gnu=(/usr/bin/ls "$empty")

# hyperfine -N of the commands in "$@" (strings) in the current environment; prints
# one "mean ± σ (median M)" cell per command, tab-separated.
times() {
  local json
  json=$(mktemp "$OUT/startup.XXXXXX.json")
  hyperfine -N --warmup 100 --runs "$runs" --export-json "$json" "$@" >&2
  python3 - "$json" <<'EOF'
import json, sys
def t(s):
    return "%.1f µs" % (s * 1e6) if s < 1e-3 else "%.3g ms" % (s * 1e3)
print("\t".join("%s ± %s (median %s)" % (t(r["mean"]), t(r["stddev"]), t(r["median"]))
                for r in json.load(open(sys.argv[1]))["results"]))
EOF
  rm -f "$json"
}

echo "bench: start-up: strace" >&2
s_lines=("$(sys_lines "${ours[@]}")" "$(LC_ALL=C.UTF-8 sys_lines "${gnu[@]}")" "$(LC_ALL=C sys_lines "${gnu[@]}")")
s_calls=("$(sys_calls "${ours[@]}")" "$(LC_ALL=C.UTF-8 sys_calls "${gnu[@]}")" "$(LC_ALL=C sys_calls "${gnu[@]}")")
faults=("$(minor_faults "${ours[@]}")" "$(LC_ALL=C.UTF-8 minor_faults "${gnu[@]}")" "$(LC_ALL=C minor_faults "${gnu[@]}")")
rss=("$(peak_rss "${ours[@]}")" "$(LC_ALL=C.UTF-8 peak_rss "${gnu[@]}")" "$(LC_ALL=C peak_rss "${gnu[@]}")")
echo "bench: start-up: hyperfine, $runs runs each" >&2
IFS=$'\t' read -r t_ours t_utf8 < <(LC_ALL=C.UTF-8 times "${ours[*]}" "${gnu[*]}")
IFS=$'\t' read -r t_c < <(LC_ALL=C times "${gnu[*]}")

stub=""
if [ -z "$("$bin" ls / 2>/dev/null)" ]; then
  stub="
bareutils' ls is still a stub in this build (it parses nothing, prints nothing and
exits 0): the figure is process start, applet dispatch and exit, which every run of
the finished ls also pays."
fi

cat <<EOF
### Start-up: \`ls EMPTYDIR\`

\`bareutils ls EMPTYDIR\` against \`/usr/bin/ls EMPTYDIR\` (stdout /dev/null).$stub

| measure | bareutils | GNU ls, LC_ALL=C.UTF-8 | GNU ls, LC_ALL=C |
| --- | ---: | ---: | ---: |
| syscalls, \`strace -f\` lines execve..exit_group | ${s_lines[0]} | ${s_lines[1]} | ${s_lines[2]} |
| syscalls, \`strace -f -c\` total (no exit_group) | ${s_calls[0]} | ${s_calls[1]} | ${s_calls[2]} |
| time, \`hyperfine -N --warmup 100 --runs $runs\` | $t_ours | $t_utf8 | $t_c |
| minor page faults (\`/usr/bin/time -f %R\`, counts the child from fork on) | ${faults[0]} | ${faults[1]} | ${faults[2]} |
| peak RSS, KiB (\`/usr/bin/time -f %M\`) | ${rss[0]} | ${rss[1]} | ${rss[2]} |

GNU ls's syscalls (LC_ALL=C.UTF-8): $(LC_ALL=C.UTF-8 sys_top "${gnu[@]}").

EOF

# Small runs: what a script that calls ls and wc thousands of times pays per call
# (a 3-byte file, a directory of 3 entries). Page faults from `perf stat -r 200`
# (the mean over the runs, the process alone); busybox where /bin/busybox (or
# $BUSYBOX) is one.
echo "bench: start-up: small runs" >&2
small=$(mktemp -d /tmp/bareutils-small.XXXXXX)
trap 'rm -rf "$empty" "$small" "${BU_LINKS:-}"' EXIT
printf 'ab\n' >"$small/tiny"
mkdir "$small/few" && touch "$small/few/a" "$small/few/b" "$small/few/c"
bu_links
trap 'rm -rf "$empty" "$small" "$BU_LINKS"' EXIT
bb=${BUSYBOX:-/bin/busybox}
[ -x "$bb" ] || bb=""
faults_of() {
  if command -v perf >/dev/null 2>&1; then
    (cd "$small" && perf stat -r 200 -x, -e page-faults "$@" 2>&1 >/dev/null | tail -1 | cut -d, -f1)
  else
    (cd "$small" && minor_faults "$@")
  fi
}
rss_of() { (cd "$small" && peak_rss "$@"); }
small_rows=""
for row in "wc tiny" "wc -l tiny" "ls tiny" "ls few" "ls -l tiny"; do
  cmds=("$BU_LINKS/$row" "/usr/bin/$row")
  [ -n "$bb" ] && cmds+=("$bb $row")
  f=() r=()
  for c in "${cmds[@]}"; do
    read -r -a a <<<"$c"
    f+=("$(faults_of "${a[@]}")")
    r+=("$(rss_of "${a[@]}")")
  done
  IFS=$'\t' read -r -a t < <(cd "$small" && LC_ALL=C times "${cmds[@]}")
  line="| \`$row\` | ${t[0]} / ${f[0]} / ${r[0]} | ${t[1]} / ${f[1]} / ${r[1]} |"
  [ -n "$bb" ] && line="$line ${t[2]} / ${f[2]} / ${r[2]} |"
  small_rows="$small_rows$line
"
done
bb_head="" bb_sep=""
if [ -n "$bb" ]; then
  bb_head=" $("$bb" 2>&1 | head -1 | cut -d' ' -f1-2) ($(bin_size "$bb") bytes) |"
  bb_sep=" ---: |"
fi
cat <<EOF
### Start-up: small runs

LC_ALL=C, stdout /dev/null, in a directory holding \`tiny\` (3 bytes) and \`few\` (3
empty files). Each cell: time (\`hyperfine -N --warmup 100 --runs $runs\`) / minor page
faults (\`perf stat -r 200 -e page-faults\`, mean) / peak RSS in KiB (\`/usr/bin/time -f %M\`).

| command | bareutils | GNU |$bb_head
| --- | ---: | ---: |$bb_sep
$small_rows
EOF

# Binary sizes; GNU's tools also map their shared libraries.
libs_size() {
  ldd "$1" 2>/dev/null | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\//) { print $i; break } }' |
    while read -r lib; do stat -L -c %s "$lib"; done | awk '{ s += $1 } END { print s + 0 }'
}
libs_names() {
  ldd "$1" 2>/dev/null | awk '{ print $1 }' | sed 's,.*/,,' | grep -v '^linux-vdso' | paste -sd' '
}
cat <<EOF
### Binary size

| binary | bytes (stripped) | linking | shared libraries, bytes |
| --- | ---: | --- | ---: |
| bareutils (ls + wc) | $(bin_size "$bin") | $(if readelf -h "$bin" 2>/dev/null | grep -q "DYN"; then echo static-pie; else echo "static, non-PIE"; fi) | 0 |
| /usr/bin/ls | $(bin_size /usr/bin/ls) | dynamic: $(libs_names /usr/bin/ls) | $(libs_size /usr/bin/ls) |
| /usr/bin/wc | $(bin_size /usr/bin/wc) | dynamic: $(libs_names /usr/bin/wc) | $(libs_size /usr/bin/wc) |

EOF
