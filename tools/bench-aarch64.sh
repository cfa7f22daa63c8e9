#!/usr/bin/env bash
# wc on aarch64 under qemu-user: this build (NEON kernels) against an older build
# (byte-by-byte counting before the kernels), the SWAR kernels of this build, and
# GNU wc 9.1 for arm64 (Debian's coreutils and libc, run with qemu -L), side by side
# in one hyperfine run per row; then guest instruction counts (tools/icount.py) per
# row on 1 MiB inputs. Prints markdown tables (BENCHMARKS.md, "wc on aarch64").
#
#   tools/bench-aarch64.sh [OLD-REV]      default OLD-REV: a7cf6d8^ (before NEON)
#
# Emulated times are indicative only: qemu runs integer code nearly natively but
# calls a helper for many NEON instructions, so it favours the SWAR and scalar code;
# the instruction counts are what a real core executes. Needs hyperfine,
# qemu-user-static, python3; fetches coreutils:arm64 with apt-get download (after
# dpkg --add-architecture arm64) into target/bench-aarch64/gnu, nothing installed.
# Corpora (bench/gen.py, fixed seeds): 64 MiB of ASCII text, 32 MiB of UTF-8.
set -euo pipefail
cd "$(dirname "$0")/.."
old_rev=${1:-a7cf6d8^}
t=aarch64-unknown-linux-musl
w=$PWD/target/bench-aarch64
mkdir -p "$w"
q="qemu-aarch64-static -R 8G"

# The binaries: new (NEON), swar (this tree, SWAR forced), old (OLD-REV).
cargo build -q --release --target $t
cp target/$t/release/bareutils "$w/new"
cargo build -q --release --target $t --features kernel-swar
cp target/$t/release/bareutils "$w/swar"
cargo build -q --release --target $t
if [ ! -x "$w/old" ] || [ "$(cat "$w/old.rev" 2>/dev/null)" != "$(git rev-parse "$old_rev")" ]; then
  rm -rf "$w/old-src" && mkdir -p "$w/old-src"
  git archive "$old_rev" | tar -x -C "$w/old-src"
  (cd "$w/old-src" && cargo build -q --release --target $t --target-dir "$w/old-target")
  cp "$w/old-target/$t/release/bareutils" "$w/old"
  git rev-parse "$old_rev" >"$w/old.rev"
fi

# GNU wc for arm64.
g=$w/gnu
if [ ! -x "$g/usr/bin/wc" ]; then
  dpkg --print-foreign-architectures | grep -qx arm64 || { dpkg --add-architecture arm64 && apt-get update -qq; }
  mkdir -p "$w/debs" "$g"
  (cd "$w/debs" && apt-get download -qq coreutils:arm64 libc6:arm64 libacl1:arm64 libattr1:arm64 \
    libselinux1:arm64 libpcre2-8-0:arm64 libgmp10:arm64 libcrypt1:arm64 libssl3:arm64)
  for d in "$w"/debs/*.deb; do dpkg-deb -x "$d" "$g"; done
fi
gnu="qemu-aarch64-static -L $g $g/usr/bin/wc"

# Corpora.
c=$w/corpus
mkdir -p "$c"
if [ ! -s "$c/ascii64m.txt" ] || [ ! -s "$c/utf8-32m.txt" ]; then
  PYTHONHASHSEED=0 python3 -c "
import sys; sys.path.insert(0, 'bench'); import gen
gen.gen_ascii('$c/ascii64m.txt', 64 << 20)
gen.gen_utf8('$c/utf8-32m.txt', 32 << 20)"
fi
head -c 1M "$c/ascii64m.txt" >"$c/ascii1m.txt"
head -c 1M "$c/utf8-32m.txt" >"$c/utf8-1m.txt"

rows=("C|-l|ascii" "C||ascii" "C|-w|ascii" "C|-L|ascii" "C.UTF-8|-m|utf8" "C.UTF-8||utf8")
file_of() { case $1 in ascii) echo ascii64m.txt ;; utf8) echo utf8-32m.txt ;; esac; }
small_of() { case $1 in ascii) echo ascii1m.txt ;; utf8) echo utf8-1m.txt ;; esac; }

cd "$c"
# Outputs must agree before anything is timed.
for r in "${rows[@]}"; do
  IFS='|' read -r loc opt kind <<<"$r"
  f=$(file_of "$kind")
  want=$(LC_ALL=$loc $gnu $opt "$f")
  for b in new swar old; do
    # shellcheck disable=SC2086
    got=$(LC_ALL=$loc $q -0 wc "$w/$b" $opt "$f")
    [ "$got" = "$want" ] || { echo "bench-aarch64: $b wc $opt $f: '$got', GNU '$want'" >&2; exit 1; }
  done
done

echo "| command (LC_ALL) | GNU arm64 | old (scalar) | NEON | SWAR | old ÷ NEON | GNU ÷ NEON |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for r in "${rows[@]}"; do
  IFS='|' read -r loc opt kind <<<"$r"
  f=$(file_of "$kind")
  json=$w/row.json
  LC_ALL=$loc hyperfine -N -w 1 -r 10 --export-json "$json" \
    -n gnu "$gnu $opt $f" -n old "$q -0 wc $w/old $opt $f" -n new "$q -0 wc $w/new $opt $f" \
    -n swar "$q -0 wc $w/swar $opt $f" >/dev/null
  python3 - "$json" "wc $opt $f ($loc)" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
ms = lambda s: f"{s * 1000:.0f} ms"
print(f"| `{sys.argv[2]}` | {ms(r['gnu'])} | {ms(r['old'])} | {ms(r['new'])} | {ms(r['swar'])} "
      f"| {r['old'] / r['new']:.2f}x | {r['gnu'] / r['new']:.2f}x |")
PY
done

echo
echo "| command (1 MiB, LC_ALL) | GNU arm64 | old (scalar) | NEON | SWAR | old ÷ NEON | instructions/byte, NEON |"
echo "|---|---:|---:|---:|---:|---:|---:|"
icount() { LC_ALL=$1 python3 ../../../tools/icount.py "${@:2}" 2>&1 >/dev/null | sed -n 's/^icount: \([0-9]*\).*/\1/p'; }
for r in "${rows[@]}"; do
  IFS='|' read -r loc opt kind <<<"$r"
  f=$(small_of "$kind")
  # shellcheck disable=SC2086
  {
    n_gnu=$(icount "$loc" qemu-aarch64-static -L "$g" -- "$g/usr/bin/wc" $opt "$f")
    n_old=$(icount "$loc" $q -0 wc -- "$w/old" $opt "$f")
    n_new=$(icount "$loc" $q -0 wc -- "$w/new" $opt "$f")
    n_swar=$(icount "$loc" $q -0 wc -- "$w/swar" $opt "$f")
  }
  python3 -c "
g, o, n, s = $n_gnu, $n_old, $n_new, $n_swar
m = lambda x: f'{x / 1e6:.2f}M'
print(f'| \`wc $opt $f ($loc)\` | {m(g)} | {m(o)} | {m(n)} | {m(s)} | {o / n:.1f}x | {n / (1 << 20):.2f} |')"
done
echo
echo "(old: $(git rev-parse --short "$old_rev"); new: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo ' + uncommitted changes'); $(qemu-aarch64-static --version | head -1))"
