#!/usr/bin/env python3
"""Deterministic benchmark corpora for bareutils (called by bench/gen.sh).

    gen.py OUTPUT NAME

NAME is one of: tree, flat100k, ascii1g.txt, utf8-256m.txt. OUTPUT is created (it must
not exist). Every corpus comes from its own fixed seed, so the bytes, names, sizes,
modes and mtimes are the same on every run (never iterate over a set or rely on hash
order here: PYTHONHASHSEED would change it).
"""

import os
import random
import sys

# Fixed clock for mtimes: 2024-06-01 00:00:00 UTC, files spread over the 4 years before.
EPOCH = 1717200000
SPREAD = 4 * 365 * 86400

# -- words --------------------------------------------------------------------------

ONSETS = ["", "b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t",
          "v", "w", "z", "br", "ch", "cl", "dr", "fl", "gr", "pl", "pr", "sh", "sl", "st",
          "str", "th", "tr"]
VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "ee", "io", "ou", "y"]
CODAS = ["", "", "", "n", "r", "s", "t", "l", "m", "nd", "ng", "st", "ck", "rt", "x"]


def make_words(rng, n, max_syll=4):
    """n distinct pseudo-English words, in a fixed order (index = frequency rank)."""
    seen = {}
    while len(seen) < n:
        k = rng.choice((1, 1, 1, 2, 2, 2, 3, max_syll))
        w = "".join(rng.choice(ONSETS) + rng.choice(VOWELS) + rng.choice(CODAS)
                    for _ in range(k))
        if w and w not in seen:
            seen[w] = None
    # Rank (for Zipf frequencies) mostly at random, shorter words a little earlier:
    # the frequency-weighted mean length is then about 4.6 letters, as in English.
    key = {w: rng.random() + len(w) / 50 for w in seen}
    return sorted(seen, key=key.__getitem__)


def zipf_cum_weights(n, s=1.07):
    """Cumulative Zipf weights, for rng.choices(cum_weights=...)."""
    out, t = [], 0.0
    for i in range(n):
        t += 1.0 / (i + 1) ** s
        out.append(t)
    return out


# -- the source-like tree -----------------------------------------------------------

DIR_WORDS = ["src", "lib", "include", "test", "tests", "docs", "doc", "tools", "scripts",
             "core", "net", "fs", "drivers", "arch", "kernel", "mm", "crypto", "util",
             "utils", "common", "internal", "pkg", "cmd", "api", "v1", "v2", "x86",
             "arm64", "riscv", "gpu", "usb", "pci", "sound", "media", "ipv4", "ipv6",
             "parser", "codegen", "runtime", "examples", "bench", "fixtures", "data",
             "assets", "i18n", "locale", "config", "build", "platform", "linux", "posix",
             "win32", "legacy", "experimental", "third_party", "vendor", "proto", "rpc"]
FILE_WORDS = ["main", "util", "core", "io", "buffer", "parse", "parser", "lexer", "token",
              "alloc", "hash", "map", "list", "queue", "tree", "node", "graph", "sched",
              "timer", "clock", "irq", "dma", "mmu", "page", "cache", "inode", "dentry",
              "super", "file", "dir", "path", "name", "socket", "tcp", "udp", "route",
              "crypto", "sha256", "aes", "config", "options", "error", "log", "trace",
              "debug", "test", "bench", "helper", "common", "init", "exit", "probe",
              "driver", "device", "bus", "power", "thermal", "sensor", "input", "video"]
EXTS = [(".c", 30), (".h", 22), (".rs", 6), (".py", 5), (".S", 2), (".js", 4),
        (".ts", 2), (".go", 3), (".java", 2), (".cpp", 3), (".hpp", 1), (".md", 2),
        (".txt", 2), (".json", 2), (".yaml", 1), (".sh", 2), (".dts", 2), (".rst", 2),
        ("", 1), (".o", 1), (".orig", 0.2), ("~", 0.2)]
SPECIAL = ["Makefile", "Kconfig", "README", "README.md", "LICENSE", ".gitignore",
           "CMakeLists.txt", "mod.rs", "index.js", "__init__.py", "Cargo.toml",
           "BUILD", "OWNERS", "Kbuild", ".clang-format"]
ODD = ["notes and ideas.txt", "résumé.md", "naïve-impl.c", "日本語.txt", "tab\there.txt",
       "-leading-dash", "quote's.c", 'double"quote.h', "trailing space ", "ünïcödé.rs",
       "back\\slash", "star*.c", "new\nline"]


def file_name(rng):
    r = rng.random()
    if r < 0.04:
        return rng.choice(SPECIAL)
    if r < 0.0415:
        return rng.choice(ODD)
    parts = [rng.choice(FILE_WORDS) for _ in range(rng.choice((1, 1, 2, 2, 2, 3, 4)))]
    sep = rng.choice(("_", "_", "-", ""))
    name = sep.join(parts)
    if rng.random() < 0.15:
        name += str(rng.randrange(1000))
    if rng.random() < 0.05:
        name = name.capitalize()
    if rng.random() < 0.01:  # the occasional very long generated name
        name += "_" + "_".join(rng.choice(FILE_WORDS) for _ in range(rng.randrange(8, 20)))
    exts, weights = zip(*EXTS)
    return name + rng.choices(exts, weights)[0]


def dir_name(rng):
    if rng.random() < 0.6:
        name = rng.choice(DIR_WORDS)
    else:
        name = "_".join(rng.choice(FILE_WORDS) for _ in range(rng.choice((1, 1, 2))))
    if rng.random() < 0.1:
        name += str(rng.randrange(100))
    return name


def unique(name, taken):
    if name not in taken:
        taken[name] = None
        return name
    i = 2
    while f"{name}.{i}" in taken:
        i += 1
    name = f"{name}.{i}"
    taken[name] = None
    return name


def text_blob(rng, size):
    words = make_words(rng, 2000)
    out, n = [], 0
    while n < size:
        line = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 14))) + "\n"
        out.append(line)
        n += len(line)
    return "".join(out).encode()[:size]


def gen_tree(root, n_dirs=18000, n_entries=300000):
    rng = random.Random(0x5EED_7BEE)
    os.umask(0o022)
    blob = text_blob(rng, 1 << 20)
    # Directories: parent[i], depth[i], name[i]; 0 is the root. Preferential growth:
    # a directory is picked as a parent in proportion to its tickets (one of its own,
    # one more per child), and deep directories get fewer tickets.
    parent, depth, names = [None], [0], [""]
    taken = [{}]
    tickets = [0] * 8
    chains = [20, 40, 64, 100]  # a few deep chains, each from a random directory
    n_grown = n_dirs - sum(chains)
    while len(parent) < n_grown:
        p = rng.choice(tickets)
        d = len(parent)
        parent.append(p)
        depth.append(depth[p] + 1)
        names.append(unique(dir_name(rng), taken[p]))
        taken.append({})
        tickets.append(p)
        if rng.random() < 0.9 ** depth[d]:
            tickets.append(d)
    for length in chains:
        p = rng.randrange(len(parent))
        for _ in range(length):
            d = len(parent)
            parent.append(p)
            depth.append(depth[p] + 1)
            names.append(unique(rng.choice(("sub", "nested", "level", "deep", "x")),
                                taken[p]))
            taken.append({})
            p = d
    # Files per directory: heavy-tailed weights, the total fixed.
    n_files = n_entries - n_dirs
    w = [rng.lognormvariate(0, 1.3) if rng.random() < 0.85 else 0.0 for _ in parent]
    total = sum(w)
    counts = [int(x * n_files / total) for x in w]
    short = n_files - sum(counts)
    for i in range(short):
        counts[rng.randrange(len(counts))] += 1
    paths = [root]
    for d in range(1, len(parent)):
        paths.append(os.path.join(paths[parent[d]], names[d]))
    os.mkdir(root)
    for d in range(1, len(parent)):
        os.mkdir(paths[d])
    for d in range(len(parent)):
        made = []
        for _ in range(counts[d]):
            name = unique(file_name(rng), taken[d])
            path = os.path.join(paths[d], name)
            r = rng.random()
            if r < 0.006 and made:
                target = rng.choice(made) if rng.random() < 0.8 else "missing-" + name
                os.symlink(target, path)
            else:
                mode = 0o755 if name.endswith(".sh") or rng.random() < 0.02 else 0o644
                size = 0 if rng.random() < 0.08 else min(int(rng.lognormvariate(6.4, 1.2)),
                                                          200000)
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
                if size:
                    off = rng.randrange(len(blob) - min(size, len(blob) - 1))
                    data = blob[off:off + size]
                    while len(data) < size:
                        data += blob[:size - len(data)]
                    os.write(fd, data)
                os.close(fd)
                made.append(name)
            t = EPOCH - rng.randrange(SPREAD)
            os.utime(path, (t, t), follow_symlinks=False)
    for d in range(len(parent) - 1, -1, -1):  # children first: mkdir/creat touch mtimes
        t = EPOCH - rng.randrange(SPREAD)
        os.utime(paths[d], (t, t))


def gen_flat(root, n=100000):
    rng = random.Random(0xF1A7_100C)
    os.umask(0o022)
    os.mkdir(root)
    taken, made = {}, []
    words = make_words(rng, 3000)
    for i in range(n):
        r = rng.random()
        if r < 0.3:
            name = "IMG_%04d%02d%02d_%06d.jpg" % (rng.randrange(2015, 2025), rng.randrange(1, 13),
                                                  rng.randrange(1, 29), rng.randrange(1000000))
        elif r < 0.5:
            name = "%032x" % rng.getrandbits(128)
        elif r < 0.6:
            name = "file-%06d.txt" % i
        else:
            name = "_".join(rng.choice(words) for _ in range(rng.randrange(1, 5)))
            name += rng.choice(("", ".txt", ".log", ".json", ".dat", ".c", ".tar.gz"))
            if rng.random() < 0.2:
                name = name.upper() if rng.random() < 0.3 else name.capitalize()
        name = unique(name, taken)
        path = os.path.join(root, name)
        r = rng.random()
        if r < 0.01:
            os.mkdir(path)
        elif r < 0.02 and made:
            os.symlink(rng.choice(made) if rng.random() < 0.5 else "nowhere", path)
        else:
            size = 0 if rng.random() < 0.2 else int(rng.lognormvariate(5.5, 1.5)) % 65536
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            if size:
                os.write(fd, b"x" * size)
            os.close(fd)
            made.append(name)
        t = EPOCH - rng.randrange(SPREAD)
        os.utime(path, (t, t), follow_symlinks=False)
    os.utime(root, (EPOCH, EPOCH))


# -- text ---------------------------------------------------------------------------

def write_lines(path, target, rng, pool):
    """Writes exactly `target` bytes: lines drawn from `pool`, then ASCII padding."""
    with open(path, "wb") as f:
        n = 0
        while True:
            chunk = b"".join(rng.choices(pool, k=200000))
            if n + len(chunk) > target:
                cut = chunk.rfind(b"\n", 0, target - n) + 1
                chunk = chunk[:cut]
                f.write(chunk)
                n += len(chunk)
                break
            f.write(chunk)
            n += len(chunk)
        rest = target - n
        pad = (b"end of corpus " * (rest // 14 + 1))[:rest - 1] + b"\n" if rest else b""
        f.write(pad)


def ascii_line(rng, words, cum):
    r = rng.random()
    if r < 0.07:
        return "\n"
    if r < 0.08:
        n = rng.randrange(40, 400)      # long lines
    elif r < 0.0802:
        n = rng.randrange(2000, 20000)  # very long lines
    else:
        n = rng.randrange(1, 18)
    ws = rng.choices(words, cum_weights=cum, k=n)
    out = []
    for i, w in enumerate(ws):
        p = rng.random()
        if p < 0.03:
            w = w.capitalize()
        elif p < 0.04:
            w = str(rng.randrange(100000))
        elif p < 0.045:
            w = "(" + w + ")"
        elif p < 0.05:
            w = '"' + w + '"'
        out.append(w)
        q = rng.random()
        if i + 1 < n:
            if q < 0.06:
                out.append(rng.choice((", ", "; ", ": ", " - ", ". ", "! ", "? ")))
            elif q < 0.065:
                out.append("\t")
            elif q < 0.07:
                out.append("  ")
            else:
                out.append(" ")
    if rng.random() < 0.5:
        out.append(rng.choice((".", ",", "!", "?", ":", ";")))
    if rng.random() < 0.02:
        out.insert(0, "    ")
    if rng.random() < 0.01:
        out.append(" ")
    return "".join(out) + "\n"


def gen_ascii(path, size=1 << 30):
    rng = random.Random(0xA5C1_1000)
    words = make_words(rng, 20000)
    cum = zipf_cum_weights(len(words))
    pool = [ascii_line(rng, words, cum).encode() for _ in range(250000)]
    write_lines(path, size, rng, pool)


LATIN = ["élève", "déjà", "façade", "naïve", "über", "Straße", "größer", "mañana", "niño",
         "coração", "ação", "smørrebrød", "Ærø", "København", "Łódź", "źdźbło", "čeština",
         "žluťoučký", "Tiếng", "Việt", "người", "được", "İstanbul", "ğüşöç", "fjörður",
         "þorp", "Ångström", "crème", "brûlée", "café", "résumé", "Zürich", "São", "Paulo"]
# Decomposed forms: base letter + combining marks (U+0301, U+0300, U+0308, U+0323, U+0302).
COMBINING = ["e\u0301cole", "cafe\u0301", "u\u0308ber", "Vie\u0323\u0302t", "a\u0300 la",
             "n\u0303", "o\u0308\u0304", "Z\u0335a\u0336l\u0337g\u0338o", "i\u0307\u0301"]
CYRILLIC = ["привет", "мир", "Москва", "столица", "России", "язык", "программа", "файл",
            "каталог", "строка", "слово", "символ", "ёлка", "щука", "объём", "Україна",
            "їжак", "ґанок", "Београд", "љубав", "џеп"]
GREEK = ["Ελλάδα", "καλημέρα", "κόσμε", "αλφάβητο", "λέξη", "γραμμή", "ψυχή", "ωραίο",
         "Αθήνα", "θάλασσα", "ΐ", "ΰ", "ς", "Σίσυφος"]
CJK = "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区"
KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンー"
HANGUL = ["한국어", "안녕하세요", "세계", "파일", "목록", "글자"]
EMOJI = ["😀", "😂", "🥲", "👍", "👍🏽", "❤️", "🔥", "🚀", "🎉", "🇫🇷", "🇯🇵", "👩‍💻", "👨‍👩‍👧‍👦",
         "🏳️‍🌈", "☕", "✅", "⚠️", "🦀", "🐧", "1️⃣"]


def cjk_run(rng, n):
    s = []
    for _ in range(n):
        r = rng.random()
        if r < 0.6:
            s.append(rng.choice(CJK))
        elif r < 0.9:
            s.append(rng.choice(KANA))
        elif r < 0.95:
            s.append(rng.choice("、。「」！？・"))
        else:
            s.append("\u3000")
    return "".join(s)


def utf8_word(rng, mode, ascii_words):
    r = rng.random()
    if r < 0.03:
        return rng.choice(EMOJI)
    if r < 0.05:
        return "%d\u00a0%s" % (rng.randrange(1000), rng.choice(("km", "€", "kg", "%", "°C")))
    if r < 0.07:
        return rng.choice(COMBINING)
    if r < 0.12:
        return rng.choice(ascii_words)
    if mode == "latin":
        return rng.choice(LATIN) if rng.random() < 0.5 else rng.choice(ascii_words)
    if mode == "cyrillic":
        return rng.choice(CYRILLIC)
    if mode == "greek":
        return rng.choice(GREEK)
    if mode == "hangul":
        return rng.choice(HANGUL)
    return cjk_run(rng, rng.randrange(1, 12))


def utf8_line(rng, ascii_words):
    r = rng.random()
    if r < 0.06:
        return "\n"
    mode = rng.choices(("latin", "cyrillic", "greek", "cjk", "hangul", "mixed"),
                       (30, 20, 12, 25, 5, 8))[0]
    n = rng.randrange(1, 16) if rng.random() < 0.97 else rng.randrange(40, 300)
    out = []
    for i in range(n):
        m = mode if mode != "mixed" else rng.choice(("latin", "cyrillic", "greek", "cjk"))
        out.append(utf8_word(rng, m, ascii_words))
        if i + 1 < n:
            q = rng.random()
            if mode == "cjk" and q < 0.5:
                continue  # CJK runs often have no spaces at all
            if mode == "cjk":
                out.append("\u3000" if q < 0.65 else " ")
            else:
                out.append("\u3000" if q < 0.02 else "\u00a0" if q < 0.05 else
                           ", " if q < 0.10 else "\t" if q < 0.11 else " ")
    out.append(rng.choice((".", "。", "!", "?", "…", "")))
    return "".join(out) + "\n"


def gen_utf8(path, size=256 << 20):
    rng = random.Random(0x0F8_256)
    ascii_words = make_words(rng, 3000)
    pool = [utf8_line(rng, ascii_words).encode() for _ in range(150000)]
    write_lines(path, size, rng, pool)


def main():
    out, name = sys.argv[1], sys.argv[2]
    if os.path.lexists(out):
        sys.exit(f"gen.py: {out} exists")
    {"tree": gen_tree, "flat100k": gen_flat, "ascii1g.txt": gen_ascii,
     "utf8-256m.txt": gen_utf8}[name](out)


if __name__ == "__main__":
    main()
