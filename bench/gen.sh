#!/usr/bin/env bash
# Builds the benchmark corpora (bench/gen.py does the work) into $BAREUTILS_CORPUS,
# default bench/corpus/ (git-ignored). Idempotent: a corpus that exists and whose
# checksum matches the one recorded when it was made is kept; anything else is
# rebuilt. Same bytes on every run: each corpus has a fixed seed, and its checksum is
# compared with the one this script expects (a mismatch is reported, not fatal).
#
#   bench/gen.sh [NAME...]      NAME: tree flat100k ascii1g.txt utf8-256m.txt (default all)
#
# Checksums: a text file's is its sha256sum; a tree's is the sha256sum of a manifest
# (path, type, size, mode, mtime, link target of every entry, in byte order).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus=${BAREUTILS_CORPUS:-$here/corpus}
mkdir -p "$corpus"

# What gen.py produced on the machine it was written on (Python 3.11).
declare -A expected=(
  [tree]=2677c65f9bdde00d2edda9267c18e6e889b084b3e55e83dc98004e2d4ccab659
  [flat100k]=1fde0db381b301fc05713a0cda77380611a9a91f06cc4a036fc90d8e3ee7171e
  [ascii1g.txt]=64c5779bf1b0bdf257b50f5531c142c06911f11ef9eb9ec88f6b695a4aa21707
  [utf8-256m.txt]=a4a6f306852f155b4de291dceb2160ad76b539ec01d18c8a1c2df1a54787e2fd
)

checksum() { # PATH -> sha256 hex
  if [ -d "$1" ]; then
    (cd "$1" && find . -printf '%P\0%y\0%s\0%m\0%T@\0%l\0\0' | LC_ALL=C sort -z | sha256sum)
  else
    sha256sum <"$1"
  fi | cut -d' ' -f1
}

names=("$@")
[ ${#names[@]} -gt 0 ] || names=(tree flat100k ascii1g.txt utf8-256m.txt)
for name in "${names[@]}"; do
  out=$corpus/$name
  stamp=$corpus/.$name.sha256
  if [ -e "$out" ] && [ -f "$stamp" ] && [ "$(checksum "$out")" = "$(cat "$stamp")" ]; then
    echo "gen: $name: up to date" >&2
    continue
  fi
  echo "gen: $name: building" >&2
  rm -rf "$out" "$out.tmp" "$stamp"
  start=$SECONDS
  PYTHONHASHSEED=0 python3 "$here/gen.py" "$out.tmp" "$name"
  mv "$out.tmp" "$out"
  sum=$(checksum "$out")
  echo "$sum" >"$stamp"
  echo "gen: $name: done in $((SECONDS - start)) s, sha256 $sum" >&2
  if [ "${expected[$name]}" != "$sum" ]; then
    echo "gen: $name: WARNING: expected sha256 ${expected[$name]}: the corpus differs from the reference one" >&2
  fi
done
