#!/usr/bin/env python3
"""Character facts of glibc's C.UTF-8 locale, for src/fmt/unicode.rs.

Modes:
  gen_unicode.py             write src/fmt/unicode_tables.rs (range tables)
  gen_unicode.py --dump      write one byte per code point 0..=0x10FFFF to stdout:
                             bits 0-1 = wcwidth + 1 (0..3), bit 2 = iswprint, bit 3 = iswspace,
                             bit 4 = iswalpha, bit 5 = iswupper, bit 6 = iswlower
  gen_unicode.py --classes   write two bytes (little-endian) per code point 0..=0x10FFFF:
                             bit i = the i-th class of CLASSES (isw<class>)
  gen_unicode.py --mbrtowc   read hex byte strings, one per line, on stdin; print
                             mbrtowc's answer for each: "<len> <cp hex>", "-1" or "-2"

Everything is asked of the C library itself (ctypes), never of Python's unicodedata.
"""
import ctypes
import os
import sys

LC_ALL = 6
LAST = 0x10FFFF
# The character classes of fnmatch's [:name:], in the order of the --classes bits.
CLASSES = ("alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
           "space", "upper", "xdigit")


def libc():
    c = ctypes.CDLL("libc.so.6")
    c.setlocale.restype = ctypes.c_char_p
    c.setlocale.argtypes = [ctypes.c_int, ctypes.c_char_p]
    if c.setlocale(LC_ALL, b"C.UTF-8") is None:
        sys.exit("gen_unicode.py: setlocale(LC_ALL, \"C.UTF-8\") failed")
    for f in [c.wcwidth] + [getattr(c, "isw" + n) for n in CLASSES]:
        f.argtypes = [ctypes.c_uint32]
        f.restype = ctypes.c_int
    c.mbrtowc.restype = ctypes.c_size_t
    c.mbrtowc.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_void_p]
    return c


def facts(c):
    """(width, print, space, alpha, upper, lower) for every code point 0..=LAST."""
    w, p, s = c.wcwidth, c.iswprint, c.iswspace
    a, u, lo = c.iswalpha, c.iswupper, c.iswlower
    return [(w(cp), p(cp) != 0, s(cp) != 0, a(cp) != 0, u(cp) != 0, lo(cp) != 0)
            for cp in range(LAST + 1)]


def classes(c):
    """For every code point 0..=LAST, the set of CLASSES it is in, as bits."""
    fs = [getattr(c, "isw" + n) for n in CLASSES]
    return [sum(1 << i for i, f in enumerate(fs) if f(cp)) for cp in range(LAST + 1)]


def check_derived(c):
    """The classes not stored as tables follow from the stored ones (alpha, upper, lower)
    and the width tables (print, space) as src/fmt/glob.rs computes them; check every
    code point rather than assume glibc's definitions."""
    bit = {n: 1 << i for i, n in enumerate(CLASSES)}
    for cp, m in enumerate(classes(c)):
        has = {n: m & bit[n] != 0 for n in CLASSES}
        ascii_digit = 0x30 <= cp <= 0x39
        want = {
            "alnum": has["alpha"] or ascii_digit,
            "blank": has["space"] and not (0x0A <= cp <= 0x0D or cp in (0x2028, 0x2029)),
            "cntrl": cp < 0x20 or 0x7F <= cp <= 0x9F or cp in (0x2028, 0x2029),
            "digit": ascii_digit,
            "graph": has["print"] and not has["space"],
            "punct": has["print"] and not has["space"] and not has["alnum"],
            "xdigit": ascii_digit or 0x41 <= cp <= 0x46 or 0x61 <= cp <= 0x66,
        }
        for n, v in want.items():
            if has[n] != v:
                sys.exit("gen_unicode.py: U+%04X: isw%s is %d, not derived so" % (cp, n, has[n]))
        if (has["upper"] or has["lower"]) and not has["alpha"]:
            sys.exit("gen_unicode.py: U+%04X: cased but not alpha" % cp)


def check_beyond(c):
    """Above U+10FFFF glibc knows nothing: width -1, not printable, not space.
    Sampled (the full 31-bit range would take hours through ctypes)."""
    samples = set(range(0x110000, 0x111000)) | set(range(0x110000, 0x80000000, 65521))
    samples |= {0x1FFFFF, 0x200000, 0x3FFFFFF, 0x4000000, 0x7FFFFFFF}
    for cp in sorted(samples):
        if c.wcwidth(cp) != -1 or any(getattr(c, "isw" + n)(cp) for n in CLASSES):
            sys.exit("gen_unicode.py: U+%X above U+10FFFF has properties; tables assume none" % cp)


def ranges(pred, table):
    out, start = [], None
    for cp, f in enumerate(table):
        if pred(f):
            if start is None:
                start = cp
        elif start is not None:
            out.append((start, cp - 1))
            start = None
    if start is not None:
        out.append((start, len(table) - 1))
    return out


# A set packed as its boundaries (the first code point of each range, and the one after
# its end; cp is in the set when an odd number of boundaries are <= cp), in segments:
# each segment's first boundary is a head, `boundary << 11 | index of its steps`; its
# other boundaries are steps from the one before: a byte 1..=255 is one boundary that
# many code points on; a 0 then n (even) is n boundaries, one code point apart each
# (the alternating upper and lower case letters of many alphabets). A step longer than
# 255, and every SEGMENT steps, starts a new segment, so a look-up walks few steps.
# Each step byte is one boundary and each 0-n pair an even number, so whether the head
# of segment j is the start of a range is the parity of j + its index.
STEP_MAX = 255
SEGMENT = 32
INDEX_BITS = 11


def pack(rs):
    bounds = []
    for a, b in rs:
        bounds += [a, b + 1]
    heads, steps = [], []
    n = 0
    i = 0
    while i < len(bounds):
        if i == 0 or bounds[i] - bounds[i - 1] > STEP_MAX or n == SEGMENT:
            heads.append(bounds[i] << INDEX_BITS | len(steps))
            n = 0
            i += 1
            continue
        j = i
        while j < len(bounds) and bounds[j] - bounds[j - 1] == 1:
            j += 1
        ones = min(j - i, 254) & ~1
        if ones >= 4:
            steps += [0, ones]
            i += ones
        else:
            steps.append(bounds[i] - bounds[i - 1])
            i += 1
        n += 1
    if len(steps) >= 1 << INDEX_BITS:
        sys.exit("gen_unicode.py: %d steps do not fit %d index bits" % (len(steps), INDEX_BITS))
    return heads, steps


def unpack(heads, steps):
    """The boundaries of pack's output (to check it)."""
    bounds = []
    for j, h in enumerate(heads):
        at = h >> INDEX_BITS
        bounds.append(at)
        i = h & ((1 << INDEX_BITS) - 1)
        if (j + i) % 2 != (len(bounds) - 1) % 2:
            sys.exit("gen_unicode.py: a head's parity is not its index's")
        end = heads[j + 1] & ((1 << INDEX_BITS) - 1) if j + 1 < len(heads) else len(steps)
        while i < end:
            if steps[i]:
                at += steps[i]
                bounds.append(at)
                i += 1
            else:
                for _ in range(steps[i + 1]):
                    at += 1
                    bounds.append(at)
                i += 2
    return bounds


def emit(name, doc, rs):
    heads, steps = pack(rs)
    if unpack(heads, steps) != [x for a, b in rs for x in (a, b + 1)]:
        sys.exit("gen_unicode.py: %s does not unpack to its ranges" % name)
    return static(name, doc, "Steps", [("heads: &", ["0x%X," % h for h in heads], 6),
                                       ("steps: &", ["%d," % x for x in steps], 20)])


# A set packed for speed (the width tables, looked up for every character ls and wc
# meet): its boundaries as u16s (the low 16 bits), plane by plane, and where each
# plane's start; a look-up is a binary search in its plane's slice.
PLANES = 17


def emit_bounds(name, doc, rs):
    # (The end of a range that ends at LAST need not be stored: beyond LAST, in plane
    # 17 and up, the look-up answers no anyway.)
    bounds = [x for a, b in rs for x in (a, b + 1) if x <= LAST]
    planes = [sum(1 for x in bounds if x >> 16 < p) for p in range(PLANES + 1)]
    if len(bounds) > 0xFFFF:
        sys.exit("gen_unicode.py: %s does not fit u16 bounds" % name)
    return static(name, doc, "Bounds", [("planes: ", ["%d," % x for x in planes], 12),
                                        ("low: &", ["0x%X," % (x & 0xFFFF) for x in bounds], 10)])


def static(name, doc, kind, fields):
    """A Rust static of struct `kind` whose fields are arrays: (field text, items, items
    per row), laid out as rustfmt would."""
    lines = ["/// %s" % doc, "pub(super) static %s: %s = %s {" % (name, kind, kind)]
    for field, items, per in fields:
        lines.append("    %s[" % field)
        lines += ["        " + " ".join(items[k:k + per]) for k in range(0, len(items), per)]
        lines.append("    ],")
    lines.append("};")
    return "\n".join(lines) + "\n"


def generate(c):
    t = facts(c)
    check_beyond(c)
    check_derived(c)
    # The width table is the whole story for printability when wcwidth == -1 exactly
    # for the non-printable code points; check it rather than assume it. The one
    # exception is U+0000 (width 0, not printable), which the ASCII fast path answers.
    for cp, (w, p, *_) in enumerate(t):
        if cp == 0:
            if (w, p) != (0, False):
                sys.exit("gen_unicode.py: U+0000 is not as the fast path assumes")
            continue
        if (w == -1) == p:
            sys.exit("gen_unicode.py: U+%04X: wcwidth %d but iswprint %d" % (cp, w, p))
        if 0 < cp < 0x80 and (w, p) != ((1, True) if 0x20 <= cp < 0x7F else (-1, False)):
            sys.exit("gen_unicode.py: ASCII U+%04X is not as the fast path assumes" % cp)
    body = [
        "// Generated by tools/gen_unicode.py from glibc's C.UTF-8 locale "
        "(wcwidth, iswprint, iswspace, iswalpha, iswupper, iswlower). Do not edit.\n",
        "// glibc: %s\n\n" % os.confstr("CS_GNU_LIBC_VERSION"),
        emit_bounds("NONPRINT", "Code points with wcwidth -1 (exactly those iswprint rejects, but U+0000).",
             ranges(lambda f: f[0] == -1, t)),
        "\n",
        emit_bounds("ZERO", "Code points of width 0 (all printable, but U+0000).",
             ranges(lambda f: f[0] == 0, t)),
        "\n",
        emit_bounds("WIDE", "Code points of width 2.", ranges(lambda f: f[0] == 2, t)),
        "\n",
        emit_bounds("SPACE", "Code points iswspace accepts.", ranges(lambda f: f[2], t)),
        "\n",
        emit("ALPHA", "Code points iswalpha accepts (letters, and digits other than ASCII's).",
                   ranges(lambda f: f[3], t)),
        "\n",
        emit("UPPER", "Code points iswupper accepts.", ranges(lambda f: f[4], t)),
        "\n",
        emit("LOWER", "Code points iswlower accepts.", ranges(lambda f: f[5], t)),
    ]
    for cp, (w, *_) in enumerate(t):
        if w not in (-1, 0, 1, 2):
            sys.exit("gen_unicode.py: U+%04X: unexpected width %d" % (cp, w))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "fmt",
                        "unicode_tables.rs")
    with open(path, "w") as f:
        f.write("".join(body))


def dump(c):
    out = bytearray()
    for w, p, s, a, u, lo in facts(c):
        out.append((w + 1) | p << 2 | s << 3 | a << 4 | u << 5 | lo << 6)
    sys.stdout.buffer.write(out)


def dump_classes(c):
    out = bytearray()
    for m in classes(c):
        out += m.to_bytes(2, "little")
    sys.stdout.buffer.write(out)


def mbrtowc(c):
    wc = ctypes.c_uint32(0)
    state = ctypes.create_string_buffer(32)
    res = []
    for line in sys.stdin:
        b = bytes.fromhex(line.strip())
        ctypes.memset(state, 0, 32)
        r = c.mbrtowc(ctypes.byref(wc), b, len(b), state)
        if r == 2**64 - 1:
            res.append("-1")
        elif r == 2**64 - 2:
            res.append("-2")
        else:
            res.append("%d %x" % (r, wc.value))
    sys.stdout.write("\n".join(res) + "\n")


def main():
    c = libc()
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "--dump":
        dump(c)
    elif mode == "--classes":
        dump_classes(c)
    elif mode == "--mbrtowc":
        mbrtowc(c)
    elif mode == "":
        generate(c)
    else:
        sys.exit("usage: gen_unicode.py [--dump | --classes | --mbrtowc]")


if __name__ == "__main__":
    main()
