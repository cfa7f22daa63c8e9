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
    and the width tables (print, space) as src/ls/values/glob.rs computes them; check every
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


# A property of every code point, with a few values (a class 0..=3), packed as its runs:
# the boundaries where the class changes, each with the class from there on. They are
# cut into segments of `segment` bytes; a segment's head, `boundary << 4 | the class
# before it << 2 | its class`, is absolute (a look-up binary-searches the heads), its
# other boundaries are steps in its `segment` bytes of `steps`, each byte `class << 6 | d`:
#   d 1..=63: the next boundary is d code points on, and its class is `class`;
#   d 0 and `class` not the current class: the next boundary is the little-endian u16
#     of the next two bytes on, its class is `class`;
#   d 0 and `class` the current one: the next byte n (3..=255) is n boundaries one code
#     point apart each, the class going back to the one before and forth (the alternating
#     upper and lower case letters of many alphabets).
# A step that does not fit the segment's bytes left (or longer than a u16) starts the
# next segment; the bytes left are filled with `current class << 6 | 63`, boundaries
# that change nothing (a look-up that reaches them stops on the next head anyway).
STEP_MAX = 63
ALT_MIN = 3
# Bytes a segment: a look-up walks half of one on average. The width table is looked up
# for every character ls and wc meet (16: about as fast as three binary searches in the
# u16 boundaries of non-printable, zero-width and wide code points the table replaced,
# 336 bytes more than 32); the case table only by glob's [:alpha:], [:upper:], [:lower:].
WIDTH_SEGMENT = 16
CASE_SEGMENT = 64


def boundaries(classes):
    """(code point, class from there) for every change of class, from U+0000 on."""
    out = [(0, classes[0])]
    for cp in range(1, len(classes)):
        if classes[cp] != classes[cp - 1]:
            out.append((cp, classes[cp]))
    return out


def alternation(bounds, i, prev, cur):
    """How many boundaries from i on go back and forth between prev and cur, one code
    point apart each."""
    n, at = 0, bounds[i - 1][0]
    while (i + n < len(bounds) and n < 255 and bounds[i + n][0] == at + n + 1
           and bounds[i + n][1] == (prev if n % 2 == 0 else cur)):
        n += 1
    return n


def pack_runs(bounds, segment):
    heads, steps = [], []
    seg = None
    i = 0
    while i < len(bounds):
        at, c = bounds[i]
        if seg is None:
            prev = bounds[i - 1][1] if i else 0
            heads.append(at << 4 | prev << 2 | c)
            seg, cur = [], c
            i += 1
            continue
        last = bounds[i - 1][0]
        n = alternation(bounds, i, prev, cur)
        if n >= ALT_MIN:
            code, step = [cur << 6, n], n
        elif at - last <= STEP_MAX:
            code, step = [c << 6 | (at - last)], 1
        elif at - last <= 0xFFFF:
            code, step = [c << 6, (at - last) & 0xFF, (at - last) >> 8], 1
        else:
            code = None
        if code is None or len(seg) + len(code) > segment:
            steps += seg + [cur << 6 | STEP_MAX] * (segment - len(seg))
            seg = None
            continue
        seg += code
        if step == 1:
            prev, cur = cur, c
        elif n % 2 == 1:
            prev, cur = cur, prev
        i += step
    steps += seg or []
    return heads, steps


def unpack_runs(heads, steps, segment):
    """The boundaries of pack_runs's output (to check it), without the padding's."""
    bounds = []
    for j, h in enumerate(heads):
        at, prev, cur = h >> 4, h >> 2 & 3, h & 3
        bounds.append((at, cur))
        seg = steps[j * segment:(j + 1) * segment]
        i = 0
        while i < len(seg):
            c, d = seg[i] >> 6, seg[i] & 63
            if d == 0 and c == cur:
                for k in range(seg[i + 1]):
                    bounds.append((at + k + 1, prev if k % 2 == 0 else cur))
                at += seg[i + 1]
                if seg[i + 1] % 2:
                    prev, cur = cur, prev
                i += 2
                continue
            if d == 0:
                d = seg[i + 1] | seg[i + 2] << 8
                i += 2
            i += 1
            at += d
            if c != cur:
                bounds.append((at, c))
            prev, cur = cur, c
    return bounds


def emit_runs(name, doc, classes, segment):
    bounds = boundaries(classes)
    if bounds[-1][1] != 0:
        sys.exit("gen_unicode.py: %s does not end in class 0 (above U+10FFFF)" % name)
    heads, steps = pack_runs(bounds, segment)
    if unpack_runs(heads, steps, segment) != bounds:
        sys.exit("gen_unicode.py: %s does not unpack to its runs" % name)
    return static(name, doc, "Runs", [("segment: ", "%d," % segment, 0), ("heads: &", ["0x%X," % h for h in heads], 8),
                                      ("steps: &", ["%d," % x for x in steps], 16)])


def static(name, doc, kind, fields):
    """A Rust static of struct `kind` whose fields are arrays: (field text, items, items
    per row), laid out as rustfmt would."""
    lines = ["/// %s" % doc, "pub(super) static %s: %s = %s {" % (name, kind, kind)]
    for field, items, per in fields:
        if not per:
            lines.append("    %s%s" % (field, items))
            continue
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
    for cp, (w, *_) in enumerate(t):
        if w not in (-1, 0, 1, 2):
            sys.exit("gen_unicode.py: U+%04X: unexpected width %d" % (cp, w))
    # Case as one class: 0 not a letter, 1 a letter of neither case, 2 upper, 3 lower.
    # The few letters glibc calls both upper and lower (titlecase digraphs) are upper
    # here and listed in TITLE.
    title = [cp for cp, f in enumerate(t) if f[4] and f[5]]
    case = [2 if u else 3 if lo else 1 if a else 0 for (_, _, _, a, u, lo) in t]
    space = ranges(lambda f: f[2], t)
    if space[:2] != [(0x09, 0x0D), (0x20, 0x20)] or space[-1][1] > 0xFFFF:
        sys.exit("gen_unicode.py: iswspace is not as the fast path and SPACE assume")
    body = [
        "// Generated by tools/gen_unicode.py from glibc's C.UTF-8 locale "
        "(wcwidth, iswprint, iswspace, iswalpha, iswupper, iswlower). Do not edit.\n",
        "// glibc: %s\n\n" % os.confstr("CS_GNU_LIBC_VERSION"),
        emit_runs("WIDTH", "wcwidth + 1 of every code point (0: not printable, as iswprint "
                  "says, but U+0000).", [w + 1 for (w, *_) in t], WIDTH_SEGMENT),
        "\n",
        emit_runs("CASE", "Whether iswalpha, iswupper, iswlower accept a code point: 0 not "
                  "alpha, 1 alpha of neither case, 2 upper, 3 lower (and TITLE's: upper and "
                  "lower).", case, CASE_SEGMENT),
        "\n/// The code points iswupper and iswlower both accept.\n",
        "pub(super) const TITLE: [u32; %d] = [%s];\n" % (
            len(title), ", ".join("0x%X" % cp for cp in title)),
        "\n/// The ranges of code points above ASCII iswspace accepts.\n",
        "pub(super) const SPACE: [[u16; 2]; %d] = [\n" % (len(space) - 2),
        "".join("    [0x%X, 0x%X],\n" % r for r in space[2:]),
        "];\n",
    ]
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
