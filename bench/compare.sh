#!/usr/bin/env bash
# The comparison: bareutils beside GNU coreutils, busybox (Debian busybox-static),
# toybox (Debian) and uutils coreutils (built with only ls and wc) on the same
# workloads. Per workload one hyperfine -N run holds all five commands side by side;
# then each command's syscalls (strace -f -c), peak RSS (/usr/bin/time) and whether
# its stdout equals GNU's. Also the size of each binary and what it links. Prints
# the Markdown section and writes the chart bench/compare.svg (the README shows it).
#
# Installs what is missing: busybox-static and toybox with apt-get, uutils with
# `cargo install coreutils --no-default-features --features ls,wc` into
# $BENCH_UUTILS_ROOT (default bench/out/uutils).
#
#   bench/compare.sh            measure, then report
#   bench/compare.sh --report   report again from the figures of the last run
#                               (bench/out/compare/), measuring nothing
. "$(dirname "$0")/lib.sh"

busybox=/bin/busybox
toybox=/usr/bin/toybox
missing=()
[ -x "$busybox" ] || missing+=(busybox-static)
[ -x "$toybox" ] || missing+=(toybox)
if [ ${#missing[@]} -gt 0 ]; then
  echo "compare: installing ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2 ||
    { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2; }
fi
uu_root=${BENCH_UUTILS_ROOT:-$OUT/uutils}
uu=$uu_root/bin/coreutils
if [ ! -x "$uu" ]; then
  echo "compare: cargo install coreutils (ls, wc) into $uu_root" >&2
  cargo install -q coreutils --no-default-features --features ls,wc --root "$uu_root" >&2
fi

bu_links
bin=$(bu_bin)
tree=$CORPUS/tree
flat=$CORPUS/flat100k
utf8=$CORPUS/utf8-256m.txt
for f in "$tree" "$flat" "$utf8"; do
  [ -e "$f" ] || { echo "compare: $f missing (run bench/gen.sh)" >&2; exit 1; }
done
empty=$(mktemp -d /tmp/bareutils-empty.XXXXXX)
trap 'rm -rf "$empty" "$BU_LINKS"' EXIT

names=(bareutils GNU busybox toybox uutils)
ls_of=("$BU_LINKS/ls" /usr/bin/ls "$busybox ls" "$toybox ls" "$uu ls")
wc_of=("$BU_LINKS/wc" /usr/bin/wc "$busybox wc" "$toybox wc" "$uu wc")

# label | applet | arguments | LC_ALL | hyperfine arguments
workloads=(
  "start-up: \`ls EMPTYDIR\`|ls|$empty|C|--warmup 50 --runs 500"
  "\`ls -R tree\` (300,000 entries)|ls|-R $tree|C|--warmup 1 --runs 5"
  "\`ls flat100k\`|ls|$flat|C|--warmup 1 --runs 5"
  "\`ls -l flat100k\`|ls|-l $flat|C|--warmup 1 --runs 5"
  "\`wc utf8-256m.txt\` (256 MiB)|wc|$utf8|C|--warmup 1 --runs 5"
  "\`wc -l utf8-256m.txt\`|wc|-l $utf8|C|--warmup 1 --runs 5"
  "\`wc utf8-256m.txt\` (C.UTF-8)|wc|$utf8|C.UTF-8|--warmup 1 --runs 5"
  "\`wc -m utf8-256m.txt\` (C.UTF-8)|wc|-m $utf8|C.UTF-8|--warmup 1 --runs 5"
)
[ "${BENCH_QUICK:-0}" = 1 ] && quick=1 || quick=0

data=$OUT/compare
report_only=0
[ "${1:-}" = --report ] && report_only=1
if [ $report_only = 0 ]; then
  rm -rf "$data"
  mkdir -p "$data"
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'), load average at start $(cut -d' ' -f1-3 /proc/loadavg)" >"$data/when"
fi
k=0
for w in "${workloads[@]}"; do
  if [ $report_only = 1 ]; then
    [ -f "$data/$k.json" ] || { echo "compare: no figures for workload $k in $data" >&2; exit 1; }
    k=$((k + 1))
    continue
  fi
  IFS='|' read -r label applet args lc hfargs <<<"$w"
  [ $quick = 1 ] && hfargs="--warmup 0 --runs 3"
  export LC_ALL=$lc
  cmds=()
  for i in "${!names[@]}"; do
    if [ "$applet" = ls ]; then cmds+=("${ls_of[$i]} $args"); else cmds+=("${wc_of[$i]} $args"); fi
  done
  echo "compare: $label" >&2
  printf '%s\n' "$label" >"$data/$k.label"
  gnu_sum=$(_out_sum "${cmds[1]}")
  for i in "${!names[@]}"; do
    read -ra argv <<<"${cmds[$i]}"
    same=no
    [ "$(_out_sum "${cmds[$i]}")" = "$gnu_sum" ] && same=yes
    printf '%s\t%s\t%s\t%s\n' "${names[$i]}" "$(sys_calls "${argv[@]}")" "$(peak_rss "${argv[@]}")" "$same" >>"$data/$k.tsv"
  done
  read -ra hf <<<"$hfargs"
  hyperfine -N "${hf[@]}" --export-json "$data/$k.json" "${cmds[@]}" >&2
  k=$((k + 1))
done
export LC_ALL=C

# Sizes: the file(s) each one runs, stripped, and the shared libraries it loads.
# (ldd fails on a static binary: no libraries.)
libs_of() { { ldd "$@" 2>/dev/null || true; } | awk '$3 ~ /^\// { print $3 } $1 ~ /^\/.*[^:]$/ { print $1 }' | sort -u; }
size_row() {
  local name=$1
  shift
  local bytes=0 stripped=0 f linked=static lib_bytes=0 libs
  for f in "$@"; do
    bytes=$((bytes + $(stat -L -c %s "$f")))
    stripped=$((stripped + $(bin_size "$f")))
  done
  libs=$(libs_of "$@")
  if [ -n "$libs" ]; then
    linked="dynamic: $(for l in $libs; do basename "$l"; done | paste -sd ' ')"
    for l in $libs; do lib_bytes=$((lib_bytes + $(stat -L -c %s "$l"))); done
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$*" "$bytes" "$stripped" "$lib_bytes" "$linked" >>"$data/sizes.tsv"
}
rm -f "$data/sizes.tsv"
size_row bareutils "$bin"
size_row GNU /usr/bin/ls /usr/bin/wc
size_row busybox "$(readlink -f $busybox)"
size_row toybox "$(readlink -f $toybox)"
size_row uutils "$uu"

versions="GNU $(/usr/bin/ls --version | head -1 | awk '{ print $NF }'); $($busybox 2>&1 | head -1 | cut -d' ' -f1-2); $($toybox --version); uutils $($uu --version 2>&1 | head -1 | awk '{ print $2 }')"
python3 "$BENCH/compare.py" "$data" "$k" "$BENCH/compare.svg" "$versions. Run $(cat "$data/when" 2>/dev/null || echo '?')"
