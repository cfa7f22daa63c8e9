#!/usr/bin/env python3
"""Where the bytes of the release binary go.

    tools/size.py [--target TRIPLE] [--depth N] [--top N] [--json OUT] [--diff OLD.json]
                  [--binary PATH]
    tools/size.py --targets [TRIPLE...]

Builds the release profile twice into target/size/ (stripped, as shipped; and the
same code with symbols and line tables: debug info does not change code generation)
and prints
  - the stripped size and its parts (.text, .rodata, .eh_frame, headers and padding);
  - a table of .text bytes per source module, from the line tables: every address
    range is charged to the file its instructions came from, so code inlined into a
    caller counts for the module that wrote it (core::slice::sort instantiated in
    ls::sort counts as core::slice::sort);
  - the largest functions (symbol sizes: after inlining, so a function carries what
    was inlined into it).
--json writes the figures, --diff prints the change against an earlier --json.
--binary skips the build and reads an unstripped binary built elsewhere.
--targets builds the release binaries with tools/release.sh (every target of
tools/targets.sh, or those named) and prints each one's stripped size beside its
budget in tools/size-budget (tests/ship.rs holds the binary under test to it); the
exit status is 1 when one is over.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build(target, stripped):
    env = dict(os.environ)
    tdir = os.path.join(ROOT, "target", "size", "stripped" if stripped else "symbols")
    if not stripped:
        env["CARGO_PROFILE_RELEASE_STRIP"] = "false"
        env["CARGO_PROFILE_RELEASE_DEBUG"] = "line-tables-only"
    subprocess.run(["cargo", "build", "-q", "--release", "--target", target,
                    "--target-dir", tdir], cwd=ROOT, env=env, check=True)
    return os.path.join(tdir, target, "release", "bareutils")


def sections(path):
    out = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True,
                         check=True).stdout
    sizes = {}
    for m in re.finditer(r"\]\s+(\.\S+)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)", out):
        name, kind, size = m.group(1), m.group(2), int(m.group(3), 16)
        if kind != "NOBITS" and not name.startswith((".debug", ".symtab", ".strtab",
                                                      ".comment", ".shstrtab")):
            sizes[name] = sizes.get(name, 0) + size
    return sizes


def module_of(path):
    """A source path as a module name: src/ls/walk.rs -> ls::walk,
    .../library/core/src/slice/sort/stable/mod.rs -> core::slice::sort,
    .../rustix-1.1.6/src/backend/... -> rustix."""
    p = path.replace("\\", "/")
    m = re.search(r"stdarch/crates/core_arch/src/(.*)", p)
    if m:
        return "core::arch"
    m = re.search(r"library/(core|alloc|std|compiler_builtins)/src/(.*)", p)
    if m:
        parts = [m.group(1)] + m.group(2).split("/")
    elif "/.cargo/registry/" in p or "/vendor/" in p:
        m = re.search(r"/([A-Za-z0-9_]+?)-\d[^/]*/", p)
        return m.group(1).replace("-", "_") if m else "dependencies"
    elif "compiler-builtins" in p or "compiler_builtins" in p:
        return "compiler_builtins"
    elif "src_musl" in p or p.endswith((".c", ".s", ".S")):
        return "musl"
    elif not p.startswith("/") and not os.path.exists(os.path.join(ROOT, p)):
        # A dependency's CU-relative path (its own src/): rustix's, in practice.
        return "rustix" if p.startswith("src/backend/") or p.startswith("src/fs/") else "dependencies"
    else:
        m = re.search(r"(?:^|/)src/(.*)", p)
        if not m:
            return p
        parts = ["crate"] + m.group(1).split("/")
    parts[-1] = re.sub(r"\.rs$", "", parts[-1])
    if parts[-1] == "mod" or parts[-1] == "lib":
        parts.pop()
    if parts[0] == "crate":
        parts = parts[1:] or ["lib"]
    return "::".join(parts)


def line_ranges(path):
    """(module, bytes) from the decoded line tables."""
    text = subprocess.run(["readelf", "--debug-dump=decodedline", "-W", path],
                          capture_output=True, text=True, check=True).stdout
    rows = []  # (address, file or None at the end of a sequence)
    current = None
    crate_root = None  # a dependency's source root, for its CU-relative paths
    for line in text.splitlines():
        if not line.strip():
            continue
        if line.startswith("CU: ") or (line.endswith(":") and " " not in line.strip()):
            name = line[4:] if line.startswith("CU: ") else line
            name = name.rstrip(":")
            if line.startswith("CU: "):
                m = re.match(r"(.*/\.cargo/registry/src/[^/]+/[^/]+/)", name)
                crate_root = m.group(1) if m else None
            if crate_root and not name.startswith("/"):
                name = crate_root + name
            current = os.path.normpath(name)
            continue
        f = line.split()
        if len(f) >= 3 and f[2].startswith("0x"):
            addr = int(f[2], 16)
            rows.append((addr, None if f[1] == "-" else current))
    rows.sort(key=lambda r: (r[0], r[1] is not None))
    per = collections.Counter()
    for (a, f), (b, _) in zip(rows, rows[1:]):
        if f is not None and b > a:
            per[module_of(f)] += b - a
    return per


def symbols(path, top):
    out = subprocess.run(["nm", "-S", "--size-sort", "-C", path], capture_output=True,
                         text=True, check=True).stdout
    syms = []
    for line in out.splitlines():
        f = line.split(None, 3)
        if len(f) == 4 and f[2] in "tTwW":
            syms.append((int(f[1], 16), f[3]))
    syms.sort(reverse=True)
    return syms[:top]


def rollup(per, depth):
    out = collections.Counter()
    for mod, n in per.items():
        out["::".join(mod.split("::")[:depth])] += n
    return out


def budgets():
    """tools/size-budget: {triple: bytes}."""
    out = {}
    with open(os.path.join(ROOT, "tools", "size-budget")) as fh:
        for line in fh:
            if line.strip() and not line.startswith("#"):
                triple, n = line.split()
                out[triple] = int(n)
    return out


def per_target(triples):
    """Builds with tools/release.sh and prints size and budget per target."""
    subprocess.run(["bash", os.path.join(ROOT, "tools", "release.sh")] + triples,
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    dist = os.path.join(ROOT, "target", "dist")
    limits = budgets()
    over = False
    print(f"{'target':<36} {'bytes':>9} {'budget':>9} {'room':>8}")
    for name in sorted(os.listdir(dist)):
        m = re.match(r"bareutils-[^-]+-(.*)", name)
        if not m or (triples and m.group(1) not in triples):
            continue
        t, n = m.group(1), os.path.getsize(os.path.join(dist, name))
        b = limits.get(t)
        room = f"{b - n:+,}" if b else "-"
        print(f"{t:<36} {n:>9,} {format(b, ',') if b else '-':>9} {room:>8}")
        over |= b is not None and n > b
    return 1 if over else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", default="x86_64-unknown-linux-musl")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--json")
    ap.add_argument("--diff")
    ap.add_argument("--binary")
    ap.add_argument("--targets", nargs="*")
    a = ap.parse_args()
    if a.targets is not None:
        return per_target(a.targets)

    if a.binary:
        stripped_size, unstripped = None, a.binary
    else:
        stripped = build(a.target, True)
        stripped_size = os.path.getsize(stripped)
        unstripped = build(a.target, False)
    secs = sections(unstripped)
    per = line_ranges(unstripped)
    text = secs.get(".text", 0)
    charged = sum(per.values())
    if charged < text:
        per["(no line info)"] += text - charged
    figures = {
        "target": a.target,
        "stripped": stripped_size,
        "sections": secs,
        "modules": dict(per),
    }

    if stripped_size is not None:
        print(f"stripped binary ({a.target}): {stripped_size:,} bytes")
    listed = sum(secs.values())
    for name, n in sorted(secs.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<16} {n:>9,}")
    if stripped_size is not None:
        print(f"  {'headers+padding':<16} {stripped_size - listed:>9,}")
    print(f"\n.text by module (line tables, depth {a.depth}):")
    old = None
    if a.diff:
        with open(a.diff) as fh:
            old = json.load(fh)
        old_roll = rollup(collections.Counter(old["modules"]), a.depth)
    roll = rollup(per, a.depth)
    keys = set(roll) | (set(old_roll) if old else set())
    for mod in sorted(keys, key=lambda k: -roll.get(k, 0)):
        n = roll.get(mod, 0)
        line = f"  {mod:<40} {n:>9,}  {100.0 * n / max(text, 1):5.1f}%"
        if old:
            d = n - old_roll.get(mod, 0)
            line += f"  {d:+,}" if d else ""
        print(line)
    if old and old.get("stripped") and stripped_size:
        print(f"\nstripped: {old['stripped']:,} -> {stripped_size:,} "
              f"({stripped_size - old['stripped']:+,})")
    print(f"\nlargest functions (after inlining), top {a.top}:")
    for n, name in symbols(unstripped, a.top):
        print(f"  {n:>7,}  {name[:100]}")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(figures, fh, indent=1, sort_keys=True)


if __name__ == "__main__":
    sys.exit(main())
