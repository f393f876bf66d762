#!/usr/bin/env python3
"""Wall clock around a whole process, repeated: prints one JSON object with the times in ms.

    time_process.py --runs 10 --warmup 1 -- COMMAND ARGS...

The first (cold) run is reported apart; warm-up runs are not in the median."""
import argparse
import json
import statistics
import subprocess
import sys
import time


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    times = []
    for k in range(a.warmup + a.runs):
        t0 = time.perf_counter()
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        t = (time.perf_counter() - t0) * 1e3
        if r.returncode != 0:
            sys.stderr.write(r.stderr.decode(errors="replace"))
            print(json.dumps({"command": cmd, "error": f"exit status {r.returncode}"}))
            return 1
        times.append(t)
    runs = times[a.warmup:]
    print(json.dumps({
        "command": cmd,
        "first_ms": times[0],
        "median_ms": statistics.median(runs),
        "min_ms": min(runs),
        "max_ms": max(runs),
        "runs": len(runs),
        "warmup": a.warmup,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
