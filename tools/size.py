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
    was inlined into it);
  - .rodata by kind (help texts, option tables, errno texts, jump tables, Unicode
    tables, the rest) and the rest by the module that refers to it: the section is
    cut at every address an instruction or a stored pointer refers to (objdump,
    addr2line), each piece charged to what refers to it (--rodata-pieces lists
    every piece).
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


# .rodata: where its bytes go. Rust's constants have no symbols (string literals,
# lookup tables, jump tables are anonymous), so the section is cut at every address
# something refers to: an instruction's operand (RIP-relative or absolute: the
# release build is static, not position-independent), a pointer stored in .rodata
# itself (a table of &str), a symbol. Each piece, up to the next cut, belongs to
# what refers to it: the innermost source function and file of the instruction
# (line tables, with inlining), or the piece holding the pointer. Runs of pointers
# into .text are jump tables (8 bytes an entry in a static build).
RODATA_CATEGORIES = [
    # (category, test on (module, function names, piece bytes))
    ("help and version texts", lambda m, fns, b: any(
        re.search(r"(^|::)(help|version|usage)(<|$)", f) for f in fns)
        or m.startswith("texts::help")
        or (m in ("cli", "ls::options::table", "wc::options", "dispatch")
            and b[:2] == b"  " and b.rstrip(b"\0").endswith(b"\n"))),
    ("options: tables, names, messages", lambda m, fns, b: m in ("cli", "wc::options")
     or m.startswith("ls::options")),
    ("errno texts", lambda m, fns, b: m.startswith("texts::errno")),
    ("Unicode tables", lambda m, fns, b: m.startswith("fmt::unicode")
     or m in ("wc::utf8", "wc::classes")),
]


def elf_section(path, name):
    """(address, bytes) of section `name`."""
    out = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True,
                         check=True).stdout
    m = re.search(r"\]\s+" + re.escape(name) + r"\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+"
                  r"([0-9a-f]+)", out)
    if not m:
        return 0, b""
    addr, off, size = (int(g, 16) for g in m.groups())
    with open(path, "rb") as fh:
        fh.seek(off)
        return addr, fh.read(size)


def text_refs(path, lo, hi):
    """{instruction address: [referenced .rodata addresses]} from objdump."""
    dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", path],
                         capture_output=True, text=True, check=True).stdout
    refs = {}
    for line in dis.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(.*)", line)
        if not m:
            continue
        hits = []
        for h in re.findall(r"(?:0x|# )([0-9a-f]+)", m.group(2)):
            v = int(h, 16)
            if lo <= v < hi:
                hits.append(v)
        if hits:
            refs[int(m.group(1), 16)] = hits
    return refs


def code_owners(path, addrs):
    """{address: (module, [function names, innermost first])} from addr2line; the
    module is the innermost frame's outside core (core::str's code inlined into
    sys::err counts as sys::err)."""
    addrs = sorted(addrs)
    out = subprocess.run(["addr2line", "-a", "-f", "-i", "-C", "-e", path]
                         + [hex(a) for a in addrs],
                         capture_output=True, text=True, check=True).stdout
    owners = {}
    cur, fns, files = None, [], []
    lines = out.splitlines()
    i = 0
    def close():
        if cur is not None:
            # The innermost frame of this crate (or of a dependency), not core's.
            mods = [module_of(f) for f in files if not f.startswith("??")]
            ours = [m for m in mods if not m.startswith(("core", "compiler_builtins"))]
            owners[cur] = ((ours or mods or ["?"])[0], fns)
    while i < len(lines):
        line = lines[i]
        if re.fullmatch(r"0x[0-9a-f]+", line):
            close()
            cur, fns, files = int(line, 16), [], []
            i += 1
            continue
        fns.append(re.sub(r"::h[0-9a-f]{16}$", "", line))
        if i + 1 < len(lines):
            files.append(lines[i + 1].split(":")[0])
        i += 2
    close()
    return owners


def rodata_pieces(path):
    """[(start, size, category, owner)] covering .rodata."""
    lo, data = elf_section(path, ".rodata")
    hi = lo + len(data)
    tlo, tdata = elf_section(path, ".text")
    thi = tlo + len(tdata)
    word = lambda off: int.from_bytes(data[off:off + 8], "little")
    # Jump tables: runs of (8-aligned) pointers into .text.
    jumps = {}
    off = (-lo) % 8
    while off + 8 <= len(data):
        n = 0
        while off + 8 * (n + 1) <= len(data) and tlo <= word(off + 8 * n) < thi:
            n += 1
        if n >= 3:
            jumps[lo + off] = 8 * n
            off += 8 * n
        else:
            off += 8
    # Pointers into .rodata stored in .rodata (outside jump tables).
    inner = collections.defaultdict(list)  # target -> [where the pointer is]
    off = (-lo) % 8
    while off + 8 <= len(data):
        if lo + off in jumps:
            off += jumps[lo + off]
            continue
        v = word(off)
        if lo <= v < hi:
            inner[v].append(lo + off)
        off += 8
    refs = text_refs(path, lo, hi)
    owners = code_owners(path, refs)
    cuts = {lo} | set(jumps) | set(inner) | {a for hits in refs.values() for a in hits}
    syms = subprocess.run(["nm", "-S", "-C", path], capture_output=True, text=True,
                          check=True).stdout
    named = {}
    for line in syms.splitlines():
        f = line.split(None, 3)
        if len(f) == 4 and f[2] in "rR":
            a = int(f[0], 16)
            if lo <= a < hi:
                cuts.add(a)
                named[a] = f[3]
    starts = sorted(cuts)
    ends = starts[1:] + [hi]
    piece_of = {}
    pieces = []
    for s, e in zip(starts, ends):
        piece_of[s] = len(pieces)
        pieces.append([s, e - s, None, None])
    import bisect

    def containing(a):
        return bisect.bisect_right(starts, a) - 1

    # Owners from code.
    by_target = collections.defaultdict(list)
    for ins, hits in refs.items():
        for a in hits:
            by_target[a].append(owners.get(ins, ("?", [])))
    in_jump = set()
    for s, n in jumps.items():
        in_jump.update(range(s, s + n, 8))
    for s, p in zip(starts, pieces):
        if s in in_jump:
            p[2] = "jump tables"
            p[3] = (by_target[s][0] if by_target.get(s) else ("?", []))[0]
            continue
        if s in named:
            p[3] = named[s].split("::")
            mod = "::".join(x for x in p[3][1:-1])
            p[3] = (mod, [named[s]])
        elif by_target.get(s):
            p[3] = by_target[s][0]
    # Owners through pointers stored in owned pieces (tables of &str), to a fixpoint.
    changed = True
    while changed:
        changed = False
        for s, p in zip(starts, pieces):
            if p[3] is not None or s not in inner:
                continue
            for where in inner[s]:
                q = pieces[containing(where)]
                if q[3] is not None:
                    p[3] = q[3]
                    changed = True
                    break
    for s, p in zip(starts, pieces):
        if p[2]:
            continue
        mod, fns = p[3] or ("(unreferenced)", [])
        b = data[s - lo:s - lo + p[1]]
        p[2] = next((c for c, test in RODATA_CATEGORIES if test(mod, fns, b)), "the rest")
        p[3] = mod
    return [tuple(p) for p in pieces]


def rodata_report(path, top, old=None, list_pieces=False):
    """Prints .rodata by kind and the rest by module; returns both as dicts."""
    pieces = rodata_pieces(path)
    total = sum(p[1] for p in pieces)
    cats = collections.Counter()
    rest = collections.Counter()
    jumps = collections.Counter()
    for _, n, cat, mod in pieces:
        cats[cat] += n
        if cat == "the rest":
            rest[mod] += n
        if cat == "jump tables":
            jumps[mod] += n

    def delta(n, was):
        return f"  {n - was:+,}" if old and n != was else ""
    print(f"\n.rodata by kind ({total:,} bytes; cut at each address code or a table "
          "refers to):")
    old_cats = (old or {}).get("rodata", {})
    for cat in sorted(set(cats) | set(old_cats), key=lambda c: -cats.get(c, 0)):
        n = cats.get(cat, 0)
        print(f"  {cat:<40} {n:>9,}  {100.0 * n / max(total, 1):5.1f}%"
              + delta(n, old_cats.get(cat, 0)))
    print(f"\nthe rest of .rodata by the module that refers to it, top {top}:")
    old_rest = (old or {}).get("rodata_rest", {})
    for mod, n in rest.most_common(top):
        print(f"  {mod:<40} {n:>9,}" + delta(n, old_rest.get(mod, 0)))
    print("\njump tables by the module of the switch: "
          + ", ".join(f"{m} {n:,}" for m, n in jumps.most_common(top)))
    if list_pieces:
        lo, data = elf_section(path, ".rodata")
        print("\n.rodata pieces (address, bytes, kind, module, first bytes):")
        for s, n, cat, mod in pieces:
            print(f"  {s:#x} {n:>6} {cat:<32} {mod:<28} "
                  f"{data[s - lo:s - lo + min(n, 40)]!r}")
    return dict(cats), dict(rest)


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
    ap.add_argument("--rodata-pieces", action="store_true")
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
    cats, rest = rodata_report(unstripped, a.top, old, a.rodata_pieces)
    figures["rodata"] = cats
    figures["rodata_rest"] = rest
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(figures, fh, indent=1, sort_keys=True)


if __name__ == "__main__":
    sys.exit(main())
