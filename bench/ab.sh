#!/usr/bin/env bash
# Two builds of bareutils side by side (the rule for a change made for size: no row more than 5 % slower):
# for each row one hyperfine run holds the old binary's command and the new one's
# (`-L b old,new`, old first), and the table gives new / old of the means, the
# medians, the fastest runs and the CPU time (user + system means).
#
#   bench/ab.sh OLD NEW [ROW...]     rows: wc-l wc-w wc-m pipe wc-w-c wc-L
#                                          ls ls-l ls-R ls-lR (default: all)
#
# Corpora: utf8-256m.txt and flat100k/ from bench/gen.sh, in $BAREUTILS_CORPUS or
# bench/corpus/ (made if missing). AB_RUNS (default 30; 15 for ls-lR) and AB_WARMUP
# (3) set hyperfine's --runs and --warmup. AB_PREFIX is put before both commands
# (e.g. AB_PREFIX="taskset -c 0": one CPU, so no worker thread). Rows ls-R-tree and
# ls-lR-tree list bench/corpus/tree (bench/gen.sh tree).
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || { echo "usage: bench/ab.sh OLD NEW [ROW...]" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2")
shift 2
rows=("$@")
[ ${#rows[@]} -gt 0 ] || rows=(wc-l wc-w wc-m pipe wc-w-c wc-L ls ls-l ls-R ls-lR)

utf8=$CORPUS/utf8-256m.txt
flat=$CORPUS/flat100k
[ -s "$utf8" ] || "$BENCH/gen.sh" utf8-256m.txt >&2
[ -d "$flat" ] || "$BENCH/gen.sh" flat100k >&2
cat "$utf8" >/dev/null

# Each binary under the applets' names: /tmp/bareutils-ab.X/{old,new}/{ls,wc}.
links=$(mktemp -d /tmp/bareutils-ab.XXXXXX)
trap 'rm -rf "$links"' EXIT
for side in old new; do
  mkdir "$links/$side"
  bin=$old
  [ $side = new ] && bin=$new
  ln -s "$bin" "$links/$side/ls"
  ln -s "$bin" "$links/$side/wc"
done

echo "| workload | old | new | ratio | median ratio | min ratio | CPU ratio |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for row in "${rows[@]}"; do
  mode=-N loc=C.UTF-8 runs=${AB_RUNS:-30}
  case $row in
    wc-l) label='`wc -l`'; cmd="wc -l $utf8" ;;
    wc-w) label='`wc -w`'; cmd="wc -w $utf8" ;;
    wc-m) label='`wc -m`'; cmd="wc -m $utf8" ;;
    pipe) label='`cat F \| wc -c` (pipe)'; mode=--shell=sh; cmd="cat $utf8 | {b}/wc -c" ;;
    wc-w-c) label='`wc -w` (LC_ALL=C)'; loc=C; cmd="wc -w $utf8" ;;
    wc-L) label='`wc -L`'; cmd="wc -L $utf8" ;;
    ls) label='`ls`, flat100k'; loc=C; cmd="ls $flat" ;;
    ls-l) label='`ls -l`, flat100k'; loc=C; cmd="ls -l $flat" ;;
    ls-R) label='`ls -R /usr/share`'; loc=C; cmd="ls -R /usr/share" ;;
    ls-lR) label='`ls -lR --color=always /usr/lib`'; loc=C; runs=${AB_RUNS:-15}
      cmd="ls -lR --color=always /usr/lib" ;;
    ls-R-tree) label='`ls -R tree`'; loc=C; cmd="ls -R $CORPUS/tree" ;;
    ls-lR-tree) label='`ls -lR tree`'; loc=C; runs=${AB_RUNS:-15}; cmd="ls -lR $CORPUS/tree" ;;
    *) echo "bench/ab.sh: unknown row $row" >&2; exit 2 ;;
  esac
  [ $mode = -N ] && cmd="${AB_PREFIX:+$AB_PREFIX }{b}/$cmd"
  json=$(mktemp "$OUT/ab.XXXXXX.json")
  echo "bench/ab.sh: $row" >&2
  LC_ALL=$loc hyperfine $mode --warmup "${AB_WARMUP:-3}" --runs "$runs" \
    -L b "$links/old,$links/new" --export-json "$json" "$cmd" >&2
  python3 - "$json" "$label" <<'EOF'
import json, statistics, sys
o, n = json.load(open(sys.argv[1]))["results"]
def ms(s): return "%.1f ms" % (s * 1e3)
def r(f): return "%.3f" % (f(n) / f(o))
cpu = lambda x: x["user"] + x["system"]
med = lambda x: statistics.median(x["times"])
print("| %s | %s | %s | %s | %s | %s | %s |" % (
    sys.argv[2], ms(o["mean"]), ms(n["mean"]), r(lambda x: x["mean"]), r(med),
    r(lambda x: min(x["times"])), r(cpu)))
EOF
  rm -f "$json"
done
