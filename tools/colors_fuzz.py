#!/usr/bin/env python3
"""Differential cases for ls::values::colors: random LS_COLORS values run through GNU ls.

Builds the fixture of src/ls/values/colors/tests/listing.rs (every file type) in DIR, then
for each random value records GNU's `ls --color=always -1` output, its stderr, and the
part of each `ls --color=always -l --time-style=+T` line after the time, hex-encoded,
one case per line. Check them with
  COLORS_CASES=OUT [UTF8=1] cargo test --release --lib fuzz_against_gnu -- --ignored
Usage: colors_fuzz.py OUT [--seed N] [--count N] [--soup] [--locale C.UTF-8] [--dir D]
(--soup: random byte soup instead of structured entries; needs root for mknod.)
"""
import argparse, os, random, shutil, socket, subprocess

p = argparse.ArgumentParser()
p.add_argument("out")
p.add_argument("--seed", type=int, default=7)
p.add_argument("--count", type=int, default=400)
p.add_argument("--soup", action="store_true")
p.add_argument("--locale", default="C")
p.add_argument("--dir", default="/tmp/colfx")
a = p.parse_args()
# (It works in the fixture directory: name both from where it was started.)
a.out, a.dir = os.path.abspath(a.out), os.path.abspath(a.dir)
random.seed(a.seed)

d = a.dir
shutil.rmtree(d, ignore_errors=True)
os.makedirs(d)
os.chdir(d)
for f in ["reg", "a.TXT", "b.txt", "c.tar.gz", "hard"]:
    open(f, "w").close()
with open("exe", "w") as f:
    f.write("x")
os.chmod("exe", 0o755)
for f, m in [("suid", 0o4755), ("sgid", 0o2755)]:
    open(f, "w").close()
    os.chmod(f, m)
os.link("hard", "hard2")
for f, m in [("dir", 0o755), ("sticky", 0o1755), ("ow", 0o777), ("tw", 0o1777)]:
    os.mkdir(f)
    os.chmod(f, m)
for t, l in [("reg", "lnk"), ("nowhere", "orphan"), ("dir", "lnkdir"), ("exe", "lnexe"),
             ("fifo", "lnfifo"), ("hard", "lnhard"), ("b.txt", "lntxt.gz"), ("lnk", "lnlnk"),
             ("orphan", "lnorphan")]:
    os.symlink(t, l)
os.mkfifo("fifo")
s = socket.socket(socket.AF_UNIX)
s.bind("sock")
os.chmod("sock", 0o755)
subprocess.run(["mknod", "blk", "b", "7", "0"], check=True)
subprocess.run(["mknod", "chr", "c", "1", "3"], check=True)

keys = "lc rc ec rs no fi di ln pi so bd cd mi or ex do su sg st ow tw ca mh cl".split()
vals = ["", "0", "00", "1", "01;31", "35", "44", "\\e[", "m", "\\x41", "\\101", "^[", "^?",
        "\\_", "a=b", "\\:", "X", "target", "\\x", "3\\0", "^a"]
bad = ["\\", "^", "^ "]
sufs = [".gz", ".GZ", ".txt", ".TXT", "gz", "z", "2", "", "ar.gz", ".tar.gz", ".x", "d", "k",
        "\\x2etxt", "a^?"]


def value():
    v = "".join(random.choice(vals) for _ in range(random.randint(0, 2)))
    if random.random() < 0.01:
        v += random.choice(bad)
    return v


def case():
    if a.soup:
        alpha = "dilnofiex=*.gz:\\^?x01e[m_ aT7"
        return "".join(random.choice(alpha) for _ in range(random.randint(1, 14)))
    parts = []
    for _ in range(random.randint(1, 8)):
        r = random.random()
        if r < 0.55:
            k = random.choice(keys)
            if k in ("lc", "rc") and random.random() < 0.7:
                continue
            if random.random() < 0.01:
                k = "zz"
            parts.append(f"{k}={'target' if k == 'ln' and random.random() < 0.3 else value()}")
        elif r < 0.95:
            parts.append(f"*{random.choice(sufs)}={value()}")
        else:
            parts.append(random.choice(["", "abc", "*.q", "d"]))
    s = ":".join(parts)
    return s + ":" if random.random() < 0.3 else s


env = dict(os.environ, LC_ALL=a.locale, TERM="xterm")
with open(a.out, "w") as out:
    for _ in range(a.count):
        s = case()
        if not s:
            continue
        env["LS_COLORS"] = s
        one = subprocess.run(["ls", "--color=always", "-1"], capture_output=True, env=env)
        lng = subprocess.run(["ls", "--color=always", "-l", "--time-style=+T"],
                             capture_output=True, env=env).stdout
        lng = b"\n".join(l.split(b" T ", 1)[1] if b" T " in l else l for l in lng.split(b"\n"))
        out.write("\t".join([s.encode().hex(), one.stdout.hex(), one.stderr.hex(), lng.hex()]) + "\n")
