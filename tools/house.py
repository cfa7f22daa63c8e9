#!/usr/bin/env python3
"""The house rules, checked from the source alone (no build).

    tools/house.py [--graph MODULE]

Prints every finding, one per line, and exits 1 when there is one (0 when the
house is in order):
  circle     modules that import each other in a circle. The module tree of each
             crate (the packages of Cargo.toml and of its workspace members, from
             their [lib]/[[bin]] roots through `mod` declarations, `#[path]` and
             `include!`) is read with the paths that name other modules: `use`
             trees and paths in code that start with `crate::`, `super::`, `self::`
             or a name a `use` or `mod` brought in. Each reference is charged to
             the two files' modules, and counts between the two children of their
             nearest common ancestor that hold them: `crate::ls::walk::fds` naming
             `crate::ls::plan` is an arrow walk -> plan among ls's children;
             `crate::ls::walk` naming `crate::sys::mem` is ls -> sys among the
             crate's. A child naming its own ancestor (a `super::Item` of the parent's
             file) is not an arrow: the parent is its children's interface. A
             circle is a strongly connected set of siblings, printed with one
             reference for each arrow.
  lines      a source file (.rs, outside tests/ and target/) of more than 600
             lines; generated files (a comment in the first lines says "generated")
             and test files (tests.rs, a module declared #[cfg(test)], anything in a
             tests/ folder) are exempt.
  doc        a module (of the tree above, test modules and generated files aside)
             whose file does not open with a `//!` comment.
  orphan     a .rs file in a package's folder that no crate compiles.
  issue      a reference to an issue number in src/, tests/ or tools/: a comment
             says its reason, not where it was asked for.
Test modules (#[cfg(test)]) are left out of the graph. --graph MODULE (`ls`,
`crate::sys`, `bareutils_simd`) prints the arrows among that module's children,
with the references behind each, and nothing else.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_LINES = 600


# ---------------------------------------------------------------- reading Rust


def lex(text):
    """(code, bare): `text` with comments blanked, and with string and char literals
    blanked too. Both keep every offset and newline of `text`."""
    code, bare = list(text), list(text)
    n, i = len(text), 0

    def blank(a, b, both):
        for k in range(a, b):
            if text[k] != "\n":
                bare[k] = " "
                if both:
                    code[k] = " "

    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j, True)
            i = j
        elif c == "/" and text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j, True)
            i = j
        elif c in "rb" and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.compile(r'b?r(#*)"').match(text, i)
            if m:
                end = text.find('"' + m.group(1), m.end())
                end = n if end < 0 else end + 1 + len(m.group(1))
                blank(m.end(), end - 1 - len(m.group(1)), False)
                i = end
            elif text.startswith('b"', i) or text.startswith("b'", i):
                i += 1
            else:
                i += 1
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            blank(i + 1, min(j, n), False)
            i = j + 1
        elif c == "'":
            # A char literal ('x', '\n', '\u{1F600}') or a lifetime ('a).
            if text.startswith("\\", i + 1):
                j = text.find("'", i + 3)
                j = n if j < 0 else j
                blank(i + 1, j, False)
                i = j + 1
            elif i + 2 < n and text[i + 2] == "'":
                blank(i + 1, i + 2, False)
                i += 3
            else:
                i += 1
        else:
            i += 1
    return "".join(code), "".join(bare)


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def matching_brace(bare, pos):
    """Offset after the `}` that closes the `{` at `pos`."""
    depth = 0
    for k in range(pos, len(bare)):
        if bare[k] == "{":
            depth += 1
        elif bare[k] == "}":
            depth -= 1
            if depth == 0:
                return k + 1
    return len(bare)


def use_tree(s):
    """The leaves of a `use` tree: [(segments, name)], name "*" for a glob."""
    toks = re.findall(r"::|[{},*]|\w+", s)
    out = []

    def tree(i, prefix):
        segs = list(prefix)
        while i < len(toks):
            t = toks[i]
            if t == "{":
                i += 1
                while i < len(toks) and toks[i] != "}":
                    if toks[i] == ",":
                        i += 1
                        continue
                    i = tree(i, segs)
                return i + 1
            if t == "*":
                out.append((segs, "*"))
                return i + 1
            if t == "::":
                i += 1
                continue
            if t in (",", "}"):
                return i
            segs = segs + [t]
            i += 1
            if i < len(toks) and toks[i] == "::":
                i += 1
                continue
            name = segs[-1]
            if i + 1 < len(toks) and toks[i] == "as":
                name, i = toks[i + 1], i + 2
            if segs[-1] == "self":
                segs = segs[:-1]
                name = name if name != "self" else (segs[-1] if segs else "self")
            out.append((segs, name))
            return i
        return i

    tree(0, [])
    return out


USE = re.compile(r"\buse\s+([^;]*);")
MOD = re.compile(r"((?:#\s*!?\[[^\]]*\]\s*)*)(?:pub(?:\s*\([^)]*\))?\s+)?\bmod\s+(\w+)\s*([;{])")
PATH = re.compile(r"(?<![\w:$])\$?(\w+(?:\s*::\s*\w+)+)")
INCLUDE = re.compile(r"\binclude!\s*\(\s*\"([^\"]+)\"\s*\)")
TEST_CFG = re.compile(r"cfg\s*\((?:\s*(?:all|any)\s*\()?[^\]]*?(?<!not\()\btest\b")


# ---------------------------------------------------------------- the module tree


class Mod:
    def __init__(self, crate, path, parent, file, test):
        self.crate, self.path, self.parent, self.file = crate, path, parent, file
        self.test = test
        self.children = {}
        self.imports = {}  # name -> [segments]
        self.globs = []  # [segments]
        self.owner = self  # the module whose file this is (itself unless inline)

    def name(self):
        return "::".join([self.crate] + self.path) if self.path else self.crate


class Source:
    """A file read for a module: its text, lexed, and which module each offset is in."""

    def __init__(self, path, mod):
        self.path = path
        with open(path, encoding="utf-8", errors="replace") as f:
            self.text = f.read()
        self.code, self.bare = lex(self.text)
        self.mod = mod
        self.spans = []  # (start, end, Mod) of inline modules, outer first

    def module_at(self, pos):
        m = self.mod
        for a, b, inner in self.spans:
            if a <= pos < b:
                m = inner
        return m


class Tree:
    def __init__(self):
        self.crates = {}  # crate name -> root Mod
        self.sources = []  # every Source read, in order
        self.files = {}  # real path -> Mod (file modules and included files)
        self.problems = []

    def add_crate(self, name, root_file):
        root = Mod(name, [], None, root_file, False)
        self.crates[name] = root
        self.load(root, root_file, mod_rs=True)

    def load(self, mod, path, mod_rs, into=None):
        """Reads `path` as the file of `mod` (or, with `into`, as text include!d into
        the module `into`)."""
        real = os.path.realpath(path)
        if real in self.files:
            return
        self.files[real] = into or mod
        src = Source(path, into or mod)
        self.sources.append(src)
        base = os.path.dirname(path)
        if not mod_rs:
            base = os.path.join(base, os.path.splitext(os.path.basename(path))[0])
        # Inline modules first, so that a declaration knows the module it is in.
        for m in MOD.finditer(src.bare):
            if m.group(3) != "{":
                continue
            outer = src.module_at(m.start(2))
            end = matching_brace(src.bare, m.end(3) - 1)
            inner = outer.children.get(m.group(2))
            if inner is None:
                test = outer.test or bool(TEST_CFG.search(m.group(1))) or m.group(2) == "tests"
                inner = Mod(outer.crate, outer.path + [m.group(2)], outer, None, test)
                inner.owner = outer.owner
                outer.children[m.group(2)] = inner
            src.spans.append((m.end(3), end, inner))
        for m in MOD.finditer(src.bare):
            if m.group(3) != ";":
                continue
            outer = src.module_at(m.start(2))
            name, attrs = m.group(2), src.code[m.start(1):m.end(1)]
            inline = []
            p = outer
            while p is not (into or mod):
                inline.insert(0, p.path[-1])
                p = p.parent
            # `#[path = "F"]`, or one `#[cfg_attr(COND, path = "F")]` per target: each
            # file is the module on some target (the first is its file here, the
            # others are read into it).
            at = re.findall(r"\bpath\s*=\s*\"([^\"]+)\"", attrs)
            if at:
                d = os.path.join(os.path.dirname(path), *inline) if inline else os.path.dirname(path)
                cands = [os.path.join(d, f) for f in at]
            else:
                d = os.path.join(base, *inline)
                cands = [os.path.join(d, name + ".rs"), os.path.join(d, name, "mod.rs")]
            file = next((c for c in cands if os.path.isfile(c)), None)
            others = [c for c in cands if c != file and os.path.isfile(c)] if at else []
            where = f"{rel(path)}:{line_of(src.text, m.start(2))}"
            if file is None:
                self.problems.append(("orphan", f"{where}: `mod {name};` names no file ({', '.join(rel(c) for c in cands)})"))
                continue
            test = outer.test or bool(TEST_CFG.search(attrs)) or name == "tests"
            child = Mod(outer.crate, outer.path + [name], outer, file, test)
            outer.children[name] = child
            self.load(child, file, mod_rs=os.path.basename(file) == "mod.rs" or bool(at))
            for other in others:
                self.load(child, other, mod_rs=True, into=child)
        for m in INCLUDE.finditer(src.code):
            if src.bare[m.start():m.start() + 8] != "include!":
                continue
            inc = os.path.join(os.path.dirname(path), m.group(1))
            if inc.endswith(".rs") and os.path.isfile(inc):
                self.load(mod, inc, mod_rs, into=src.module_at(m.start()))
        for m in USE.finditer(src.bare):
            scope = src.module_at(m.start())
            for segs, name in use_tree(m.group(1)):
                if name == "*":
                    scope.globs.append(segs)
                elif segs:
                    scope.imports.setdefault(name, segs)

    # Name resolution: the module a path reaches (None: outside the crate). A path
    # stops at the first item that is not a module (`Event::Entry` names `Event`).

    def resolve(self, scope, segs, depth=0):
        return self.walk(scope, segs, depth)[0]

    def walk(self, scope, segs, depth):
        """(module, whether every segment was a module)."""
        if depth > 16 or not segs:
            return None, False
        first, rest = segs[0], segs[1:]
        whole = True
        if first == "crate":
            m = self.crates[scope.crate]
        elif first == "super":
            m = scope.parent
        elif first == "self":
            m = scope
        else:
            m, whole = self.lookup(scope, first, depth)
        if m is None:
            return None, False
        for s in rest:
            if not whole:
                return m, False
            if s == "super":
                if m.parent is None:
                    return None, False
                m = m.parent
                continue
            if s == "self":
                continue
            nxt, whole = self.lookup(m, s, depth)
            if nxt is None:
                return m, False
            m = nxt
        return m, whole

    def lookup(self, m, name, depth):
        """What `name` stands for in module `m`: (a module, True) for a child or a
        module a `use` brought in, (the module that holds it, False) for an item a
        `use` brought in, (None, False) for anything else (an item of `m` itself, or
        something outside the crate)."""
        if name in m.children:
            return m.children[name], True
        if name in m.imports:
            return self.walk(m, m.imports[name], depth + 1)
        for g in m.globs:
            gm = self.resolve(m, g, depth + 1)
            if gm is not None and gm is not m and (name in gm.children or name in gm.imports):
                return self.lookup(gm, name, depth + 1)
        return None, False


def rel(path):
    return os.path.relpath(path, ROOT)


# ---------------------------------------------------------------- the packages


def read_toml(path):
    try:
        import tomllib
    except ImportError:  # Python before 3.11: the few keys read here.
        tomllib = None
    with open(path, "rb") as f:
        data = f.read()
    if tomllib:
        return tomllib.loads(data.decode())
    text, table = data.decode(), None
    out = {"package": {}, "lib": {}, "bin": [], "workspace": {}}
    for line in text.splitlines():
        line = line.split("#")[0].strip()
        if line.startswith("[["):
            table = {}
            out.setdefault(line.strip("[] "), []).append(table)
        elif line.startswith("["):
            table = out.setdefault(line.strip("[] "), {})
        elif "=" in line and table is not None:
            k, v = (x.strip() for x in line.split("=", 1))
            table[k] = re.findall(r'"([^"]*)"', v) if v.startswith("[") else v.strip('"')
    return out


def packages():
    """[(package directory, [(crate name, root file)])]: the top package and the
    members of its workspace."""
    out, seen = [], set()
    top = read_toml(os.path.join(ROOT, "Cargo.toml"))
    dirs = [ROOT] + [os.path.join(ROOT, m) for m in top.get("workspace", {}).get("members", [])]
    for d in dirs:
        d = os.path.normpath(d)
        if d in seen or not os.path.isfile(os.path.join(d, "Cargo.toml")):
            continue
        seen.add(d)
        t = read_toml(os.path.join(d, "Cargo.toml"))
        name = t.get("package", {}).get("name", os.path.basename(d)).replace("-", "_")
        crates = []
        lib = t.get("lib", {}).get("path", "src/lib.rs")
        if os.path.isfile(os.path.join(d, lib)):
            crates.append((t.get("lib", {}).get("name", name), os.path.join(d, lib)))
        bins = t.get("bin", [])
        if not bins and os.path.isfile(os.path.join(d, "src/main.rs")):
            bins = [{"name": name, "path": "src/main.rs"}]
        for b in bins:
            p = os.path.join(d, b.get("path", "src/main.rs"))
            if os.path.isfile(p):
                crates.append((b.get("name", name).replace("-", "_") + " (bin)", p))
        out.append((d, crates))
    return out


# ---------------------------------------------------------------- the checks


def references(tree):
    """[(from Mod, to Mod, file, line, text)]: each path of one file module that
    names another (the file modules of both ends), test modules left out."""
    refs = []
    for src in tree.sources:
        uses = []
        for m in USE.finditer(src.bare):
            scope = src.module_at(m.start())
            uses.append((m.start(), m.end()))
            for segs, _ in use_tree(m.group(1)):
                refs.append((scope, segs, src, m.start()))
        for m in PATH.finditer(src.bare):
            if any(a <= m.start() < b for a, b in uses):
                continue
            segs = re.split(r"\s*::\s*", m.group(1))
            refs.append((src.module_at(m.start()), segs, src, m.start()))
    out = []
    for scope, segs, src, pos in refs:
        if scope.test:
            continue
        target = tree.resolve(scope, segs)
        if target is None or target.test:
            continue
        a, b = scope.owner, target.owner
        if a is not b:
            out.append((a, b, rel(src.path), line_of(src.text, pos), "::".join(segs)))
    return out


def sibling_arrows(refs):
    """{parent path tuple: {(child a, child b): [(file, line, text)]}}."""
    arrows = {}
    for a, b, f, line, text in refs:
        if a.crate != b.crate:
            continue
        k = 0
        while k < len(a.path) and k < len(b.path) and a.path[k] == b.path[k]:
            k += 1
        if k == len(a.path) or k == len(b.path):
            continue  # one is the other's ancestor
        key = (a.crate, tuple(a.path[:k]))
        arrows.setdefault(key, {}).setdefault((a.path[k], b.path[k]), []).append((f, line, text))
    return arrows


def circles(edges):
    """Strongly connected sets of more than one node (Tarjan, iterative)."""
    nodes = sorted({x for e in edges for x in e})
    succ = {v: sorted({b for a, b in edges if a == v}) for v in nodes}
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in nodes:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = counter[0]
                counter[0] += 1
                stack.append(v)
                on.add(v)
            if i < len(succ[v]):
                work.append((v, i + 1))
                w = succ[v][i]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
    return out


def generated(text):
    head = "\n".join(text.splitlines()[:5]).lower()
    return bool(re.search(r"(//|#).*\bgenerated\b", head))


def repo_files():
    """The checkout's files: what git tracks or would track (not what .gitignore
    leaves out: target/, bench/corpus/), or, outside git, every file but target/ and
    hidden folders."""
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others",
                              "--exclude-standard"], capture_output=True, check=True).stdout
        names = sorted({os.path.join(ROOT, n) for n in out.decode("utf-8", "surrogateescape").split("\0") if n})
        return [p for p in names if os.path.isfile(p)]
    except (OSError, subprocess.CalledProcessError):
        pass
    found = []
    for d, dirs, fs in os.walk(ROOT):
        dirs[:] = sorted(x for x in dirs if not x.startswith(".") and not (d == ROOT and x == "target"))
        found += [os.path.join(d, f) for f in sorted(fs)]
    return found


def test_file(path):
    parts = rel(path).split(os.sep)
    return parts[-1] == "tests.rs" or "tests" in parts[:-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--graph", metavar="MODULE", help="print the arrows among MODULE's children")
    args = ap.parse_args()

    tree = Tree()
    pkgs = packages()
    for _, crates in pkgs:
        for name, root in crates:
            tree.add_crate(name, root)
    refs = references(tree)
    arrows = sibling_arrows(refs)
    mods = list(tree.files.values())

    if args.graph:
        want = args.graph.split("::")
        main_lib = pkgs[0][1][0][0] if pkgs and pkgs[0][1] else "crate"
        if want[0] == "crate":
            want[0] = main_lib
        elif want[0] not in tree.crates:
            want.insert(0, main_lib)
        key = (want[0], tuple(want[1:]))
        if want[0] not in tree.crates:
            sys.exit(f"house.py: no crate {want[0]} (crates: {', '.join(tree.crates)})")
        m = tree.crates[want[0]]
        for name in want[1:]:
            if name not in m.children:
                sys.exit(f"house.py: {m.name()} has no module {name}")
            m = m.children[name]
        for (a, b), why in sorted(arrows.get(key, {}).items()):
            print(f"{a} -> {b}: " + "; ".join(f"{f}:{l} {t}" for f, l, t in why[:3])
                  + (f" (and {len(why) - 3} more)" if len(why) > 3 else ""))
        for c in circles(set(arrows.get(key, {}))):
            print("circle: " + " <-> ".join(c))
        return 0

    findings = list(tree.problems)

    for (crate, parent), edges in sorted(arrows.items()):
        where = "::".join([crate] + list(parent))
        for comp in circles(set(edges)):
            why = []
            for (a, b), refs_ab in sorted(edges.items()):
                if a in comp and b in comp:
                    f, l, t = refs_ab[0]
                    more = f" (+{len(refs_ab) - 1})" if len(refs_ab) > 1 else ""
                    why.append(f"{a} -> {b} ({f}:{l} {t}{more})")
            findings.append(("circle", f"among the modules of {where}: {' <-> '.join(comp)}: " + "; ".join(why)))

    files = repo_files()
    all_rs = [p for p in files if p.endswith(".rs")]
    for p in all_rs:
        with open(p, encoding="utf-8", errors="replace") as f:
            text = f.read()
        m = tree.files.get(os.path.realpath(p))
        is_test = test_file(p) or (m is not None and m.test)
        n = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        if n > MAX_LINES and not is_test and not generated(text):
            findings.append(("lines", f"{rel(p)}: {n} lines (at most {MAX_LINES})"))
        if m is not None and m.owner.file and os.path.realpath(m.owner.file) == os.path.realpath(p) \
                and not is_test and not generated(text):
            first = next((l for l in text.splitlines() if l.strip()), "")
            if not first.lstrip().startswith("//!"):
                findings.append(("doc", f"{rel(p)}: the module {m.name()} does not open with a //! comment"))

    # Orphans: .rs files in a package's folders that no crate reads.
    pkg_dirs = [d for d, _ in pkgs]
    for p in all_rs:
        if os.path.realpath(p) in tree.files or test_file(p) and rel(p).split(os.sep)[0] == "tests":
            continue
        owner = max((d for d in pkg_dirs if p.startswith(d + os.sep)), key=len, default=None)
        top = rel(p).split(os.sep)[0]
        # In the top package only src/ holds modules (build.rs, tests/, fuzz/ are crates of their own).
        if owner is None or (owner == ROOT and top != "src"):
            continue
        findings.append(("orphan", f"{rel(p)}: no crate compiles this file (no `mod` or include! names it)"))

    # Issue numbers.
    issue = re.compile(r"\bissues?\s*(?:no\.?\s*)?#?\s*\d+", re.I)
    for p in files:
        if rel(p).split(os.sep)[0] not in ("src", "tests", "tools"):
            continue
        try:
            with open(p, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        except (UnicodeDecodeError, OSError):
            continue
        for k, line in enumerate(lines, 1):
            for m in issue.finditer(line):
                findings.append(("issue", f"{rel(p)}:{k}: `{m.group(0)}`: say the reason, not the issue"))

    for kind, text in findings:
        print(f"{kind}: {text}")
    crates = ", ".join(f"{name} ({sum(1 for m in mods if m.crate == name and m.owner is m)} files)"
                       for name in tree.crates)
    print(f"house.py: {len(findings)} finding{'s' if len(findings) != 1 else ''}; crates {crates}",
          file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
