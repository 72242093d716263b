"""The child process that runs students' code (`python -m stonegame.write.child`, started by run.py).

It reads one JSON request per line on stdin, {"code", "mode", "rows": [[values, k], …]}, compiles the code
once (parsing it here, not in the server: CPython's docs warn that ast.parse can crash on deeply nested
input), runs it on each row with stonegame.write.modes.fill's budgets, and writes one JSON line: the list of
outcomes. Its address space is capped at start (RLIMIT_AS) and its CPU before each request (RLIMIT_CPU):
the second line of defence behind the interpreter's own budgets, with the parent's wall-clock kill the third.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from typing import Any

from stonegame.write.budget import limits_for
from stonegame.write.modes import Outcome, fill

MEMORY_MARGIN = 400 * 2**20  # bytes of address space a run may add to what the child holds at start


def cap_memory(margin: int = MEMORY_MARGIN) -> None:
    """Limit this process's address space to what it holds now plus `margin`."""
    with open("/proc/self/statm") as f:
        size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (size + margin, size + margin))


def cap_cpu(seconds: float) -> None:
    """Let this process use at most `seconds` more of CPU (plus 2 s), then the kernel ends it (SIGXCPU)."""
    used = time.process_time()
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    soft = int(used + seconds) + 2
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


def answer(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The outcomes of one request: the code run on each row (one refusal stands for all rows)."""
    code, mode, rows = request["code"], request["mode"], request["rows"]
    cap_cpu(sum(limits_for(len(values)).cpu for values, _ in rows))
    out = []
    for values, k in rows:
        try:
            outcome = fill(code, mode, values, k)
        except MemoryError:
            outcome = Outcome("stopped", "write_crashed")
        out.append(outcome.as_dict())
        if outcome.kind == "refused":
            break
    return out


def main() -> None:
    """Serve requests until stdin closes."""
    cap_memory()
    sys.setrecursionlimit(2_000)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    stdout.write(b'"ready"\n')
    stdout.flush()
    for line in stdin:
        reply = json.dumps(answer(json.loads(line)))
        stdout.write(reply.encode() + b"\n")
        stdout.flush()


if __name__ == "__main__":
    main()
