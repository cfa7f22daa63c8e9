#!/usr/bin/env python3
"""Guest instructions executed by a program under qemu-user, counted from qemu's own
log (no plugin needed: Debian's qemu-user-static cannot load plugins).

    tools/icount.py QEMU [QEMU-OPTIONS...] -- PROGRAM [ARGS...]

qemu runs with `-d nochain,in_asm,exec`: every translated block is logged once with
its instructions (in_asm), and, with chaining off, every execution of a block is
logged (exec, `Trace ... [.../PC/...]`). The count is the sum, over executions, of
the number of instructions of the block at that PC. A block left early (a fault, a
syscall in its middle) is counted whole, so the figure is an upper bound within a few
instructions per syscall. The program's stdout and stderr pass through; the count is
printed on stderr as `icount: N`. The log goes to a temporary file: keep inputs to a
few MiB (the log is about 100 bytes per block executed).
"""
import os
import re
import subprocess
import sys
import tempfile

TRACE = re.compile(rb"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/")
INSN = re.compile(rb"^0x([0-9a-f]+):\s")


def count(log):
    size = {}  # block start pc -> instructions
    total = 0
    blocks = 0
    start = None
    n = 0
    with open(log, "rb") as f:
        for line in f:
            if line.startswith(b"Trace "):
                m = TRACE.match(line)
                if m:
                    total += size.get(int(m.group(1), 16), 0)
                    blocks += 1
                continue
            if line.startswith(b"IN:"):
                start, n = None, 0
                continue
            m = INSN.match(line)
            if m:
                if start is None:
                    start = int(m.group(1), 16)
                n += 1
                size[start] = n
    return total, blocks


def main():
    if "--" not in sys.argv:
        sys.exit(__doc__)
    i = sys.argv.index("--")
    qemu, prog = sys.argv[1:i], sys.argv[i + 1:]
    fd, log = tempfile.mkstemp(prefix="icount.", suffix=".log")
    os.close(fd)
    try:
        rc = subprocess.call(qemu + ["-d", "nochain,in_asm,exec", "-D", log] + prog)
        total, blocks = count(log)
    finally:
        os.unlink(log)
    print(f"icount: {total} ({blocks} blocks executed)", file=sys.stderr)
    sys.exit(rc)


if __name__ == "__main__":
    main()
