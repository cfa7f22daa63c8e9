#!/usr/bin/env bash
# Fetches Debian's linux-image-amd64 kernel (the package that metapackage depends on)
# without installing it: apt-get download + dpkg-deb -x into DIR (default
# target/boot), and prints the path of the vmlinuz for BAREUTILS_KERNEL. Used by
# .ci/run for tests/boot.rs; x86_64 hosts only.
#
#   tools/fetch-kernel.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-target/boot}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
pkg=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-/ {print $2; exit}')
[ -n "$pkg" ] || { echo "fetch-kernel: linux-image-amd64 has no kernel dependency" >&2; exit 1; }
existing=$(ls "$dir"/x/boot/vmlinuz-* 2>/dev/null | head -1 || true)
if [ -z "$existing" ]; then
  (cd "$dir" && apt-get download "$pkg" >/dev/null 2>&1 && dpkg-deb -x "$pkg"_*.deb x && rm -f "$pkg"_*.deb)
  existing=$(ls "$dir"/x/boot/vmlinuz-* | head -1)
fi
echo "$existing"
