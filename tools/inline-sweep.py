#!/usr/bin/env python3
"""Which functions the binary is smaller without inlining.

    tools/inline-sweep.py [--skip PREFIX ...] [--min-lines N]

At opt-level "z" LLVM still inlines every function with one caller, and a large
struct a function builds is then scattered into its caller's frame and gathered
again. This tries `#[inline(never)]` on each candidate alone and prints the change
in the stripped x86_64 release binary, smallest first: a candidate is a function of
src/ (not src/hot, src/sys/arch, tests) of at least N lines (default 6) with no
#[inline]/#[cold] of its own whose symbol is absent from an unstripped build (so it
is inlined everywhere). Every file is restored after its build, whatever happens;
run it in a checkout of its own (it edits and builds there): about 8 s a candidate.
Applying a result is a decision: a function on a per-entry path costs a call per
entry (measure with bench/ab.sh).
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target/x86_64-unknown-linux-musl/release/bareutils")
FN = re.compile(r"^(\s*)(pub(\([^)]*\))? )?fn (\w+)")


def build(env=None):
    r = subprocess.run(["cargo", "build", "--release"], cwd=ROOT, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return r.returncode == 0


def inlined_names():
    """Names of functions with a symbol in an unstripped build (not inlined)."""
    tdir = os.path.join(ROOT, "target", "inline-sweep")
    env = dict(os.environ, CARGO_PROFILE_RELEASE_STRIP="false",
               CARGO_TARGET_DIR=tdir)
    if not build(env):
        sys.exit("inline-sweep: the unstripped build failed")
    out = subprocess.run(["nm", "-C", os.path.join(
        tdir, "x86_64-unknown-linux-musl/release/bareutils")],
        capture_output=True, text=True, check=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3:
            names.add(parts[2].split("::")[-1].split("<")[0])
    return names


def body_lines(lines, i, end):
    depth, started = 0, False
    for k in range(i, end):
        depth += lines[k].count("{") - lines[k].count("}")
        started = started or "{" in lines[k]
        if not started and lines[k].rstrip().endswith(";"):
            return 0
        if started and depth <= 0:
            return k - i
    return 0


def candidates(skip, min_lines, present):
    for d, _, files in sorted(os.walk(os.path.join(ROOT, "src"))):
        for f in sorted(files):
            path = os.path.join(d, f)
            rel = os.path.relpath(path, ROOT)
            if not f.endswith(".rs") or "test" in f or rel.startswith(skip):
                continue
            lines = open(path).read().split("\n")
            end = next((i for i, l in enumerate(lines) if l.strip() == "#[cfg(test)]"),
                       len(lines))
            for i in range(end):
                m = FN.match(lines[i])
                if not m or m.group(4) in present:
                    continue
                j = i - 1
                while j >= 0 and lines[j].strip().startswith(("#[", "//")):
                    j -= 1
                attrs = [l.strip() for l in lines[j + 1:i]]
                if any(l.startswith(("#[inline", "#[cold", "#[test")) for l in attrs):
                    continue
                if body_lines(lines, i, end) >= min_lines:
                    yield rel, i, m.group(4)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--skip", nargs="*", default=[])
    ap.add_argument("--min-lines", type=int, default=6)
    a = ap.parse_args()
    skip = tuple(["src/hot", "src/simd", "src/sys/arch", "src/main.rs"] + a.skip)
    if not build():
        sys.exit("inline-sweep: the build failed")
    base = os.path.getsize(BIN)
    results = []
    for rel, i, name in list(candidates(skip, a.min_lines, inlined_names())):
        path = os.path.join(ROOT, rel)
        text = open(path).read()
        lines = text.split("\n")
        indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
        lines.insert(i, indent + "#[inline(never)]")
        try:
            open(path, "w").write("\n".join(lines))
            delta = os.path.getsize(BIN) - base if build() else None
        finally:
            open(path, "w").write(text)
        print(f"{delta if delta is not None else 'ERR':>6} {rel}:{i + 1} {name}",
              file=sys.stderr)
        results.append((delta if delta is not None else 1 << 30, rel, i + 1, name))
    build()
    print(f"base {base} bytes; #[inline(never)] on each alone:")
    for delta, rel, line, name in sorted(results):
        print(f"{delta:>6} {rel}:{line} {name}")


if __name__ == "__main__":
    main()
