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
