"""Turns the figures bench/compare.sh gathered into its Markdown section (stdout) and
the chart bench/compare.svg.

    compare.py DATA COUNT SVG VERSIONS

DATA holds, per workload K (0..COUNT-1): K.label, K.json (hyperfine --export-json,
the five commands in the order of NAMES) and K.tsv (name, syscalls, peak RSS KiB,
stdout equal to GNU's); and sizes.tsv (name, files, bytes, stripped bytes, bytes of
shared libraries, how it links)."""

import json
import os
import sys
from xml.sax.saxutils import escape

NAMES = ["bareutils", "GNU", "busybox", "toybox", "uutils"]
COLORS = {"bareutils": "#1b9e77", "GNU": "#666666", "busybox": "#d95f02", "toybox": "#7570b3", "uutils": "#e7298a"}


def t(s):
    if s < 1e-3:
        return "%.0f µs" % (s * 1e6)
    if s < 1:
        return "%.3g ms" % (s * 1e3)
    return "%.3g s" % s


def num(n):
    return "{:,}".format(int(n)) if str(n).isdigit() else (n or "?")


def load(data, count):
    rows = []
    for k in range(count):
        label = open(os.path.join(data, "%d.label" % k), encoding="utf-8").read().strip()
        res = json.load(open(os.path.join(data, "%d.json" % k)))["results"]
        extra = {}
        for line in open(os.path.join(data, "%d.tsv" % k), encoding="utf-8"):
            name, calls, rss, same = line.rstrip("\n").split("\t")
            extra[name] = (calls, rss, same == "yes")
        times = {n: (r["mean"], r["stddev"] or 0.0) for n, r in zip(NAMES, res)}
        rows.append((label, times, extra))
    return rows


def table(head, rows):
    out = ["| " + " | ".join(head) + " |", "| --- |" + " ---: |" * (len(head) - 1)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


def markdown(rows, sizes, versions):
    p = print
    p("### Side by side: bareutils, GNU coreutils, busybox, toybox, uutils")
    p()
    p("%s. Every workload is one `hyperfine -N` run holding the five commands (runs per" % versions)
    p("command in bench/compare.sh), LC_ALL=C unless the row says otherwise, stdout to")
    p("/dev/null (not a terminal). In brackets: GNU's mean time ÷ this one's (above 1:")
    p("faster than GNU). † marks a command whose stdout differs from GNU's: busybox and")
    p("toybox format some listings their own way, so their times are for a different output.")
    p()
    p("![time of each workload, relative to the slowest](bench/compare.svg)")
    p()
    body = []
    for label, times, extra in rows:
        g = times["GNU"][0]
        cells = [label]
        for n in NAMES:
            m, sd = times[n]
            mark = "" if extra[n][2] else " †"
            cells.append("%s ± %s (%.2fx)%s" % (t(m), t(sd), g / m, mark))
        body.append(cells)
    p("Time (mean ± σ):")
    p()
    p(table(["workload"] + NAMES, body))
    p()
    p("Syscalls (`strace -f -c`, total calls):")
    p()
    p(table(["workload"] + NAMES, [[l] + [num(e[n][0]) for n in NAMES] for l, _, e in rows]))
    p()
    p("Peak RSS (`/usr/bin/time -f %M`, KiB):")
    p()
    p(table(["workload"] + NAMES, [[l] + [num(e[n][1]) for n in NAMES] for l, _, e in rows]))
    p()
    p("Size of what runs (bytes; stripped: a `strip`ped copy; shared libraries: the files")
    p("`ldd` lists, which a dynamic binary also needs in the image):")
    p()
    srows = []
    for name, files, size, stripped, libs, linked in sizes:
        shown = " ".join("`%s`" % os.path.basename(f) for f in files.split())
        srows.append([name, shown, num(size), num(stripped), num(libs), linked])
    p(table(["", "file", "bytes", "stripped", "shared libraries", "linked"], srows))
    p()


def svg(rows, path):
    bar_h, gap, group_gap, left, width = 15, 3, 26, 100, 560
    label_w = 190
    height = 40 + len(rows) * (group_gap + len(NAMES) * (bar_h + gap)) + 30
    total_w = left + width + label_w
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">'
        % (total_w, height),
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        '<text x="10" y="22" font-size="15" font-weight="bold">Time per workload (shorter is faster; '
        "bars relative to the slowest)</text>",
    ]
    y = 40
    for label, times, extra in rows:
        y += group_gap - 6
        out.append('<text x="10" y="%d" font-weight="bold">%s</text>' % (y, escape(label.replace("`", ""))))
        y += 6
        slowest = max(m for m, _ in times.values())
        g = times["GNU"][0]
        for n in NAMES:
            m = times[n][0]
            w = max(1.0, width * m / slowest)
            out.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (left - 6, y + bar_h - 3, n))
            out.append(
                '<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>' % (left, y, w, bar_h, COLORS[n])
            )
            note = "%s  (%.2fx GNU)" % (t(m), g / m) if n != "GNU" else t(m)
            if not extra[n][2]:
                note += "  †"
            out.append('<text x="%.1f" y="%d">%s</text>' % (left + w + 6, y + bar_h - 3, escape(note)))
            y += bar_h + gap
    y += 24
    out.append(
        '<text x="10" y="%d" fill="#555">(N.NNx GNU): GNU\'s time ÷ this one\'s.  †: stdout differs '
        "from GNU's.  bench/compare.sh</text>" % y
    )
    out.append("</svg>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def main():
    data, count, svg_path, versions = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    rows = load(data, count)
    sizes = [line.rstrip("\n").split("\t") for line in open(os.path.join(data, "sizes.tsv"), encoding="utf-8")]
    markdown(rows, sizes, versions)
    svg(rows, svg_path)


main()
