"""Regenerate the extraction-quality section of ``benchmarks/RESULTS.md``.

Runs ``scrapy pace-eval`` over every dataset of the benchmark folder (``../shared/bench`` or
``$PACE_BENCH_DIR``) with the learners and baselines given, and writes its tables, the exact
command line, the date and the wall time between the markers below in RESULTS.md; the rest of
the file (other benchmarks' sections) is kept. The per-page scores go to
``benchmarks/results/pace-eval.json``. Run from the repository root::

    .venv/bin/python benchmarks/results.py [--learn heuristic,examples|none] [--train K]
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from time import perf_counter

from pace_scrapy.commands.eval import LEARNERS
from pace_scrapy.evaluate.defaults import DEFAULT_BASELINES, DEFAULT_TRAIN
from pace_scrapy.evaluate.gold import BENCH_ENV, bench_root
from pace_scrapy.evaluate.record import record

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "benchmarks" / "RESULTS.md"
JSON_OUT = Path("benchmarks") / "results" / "pace-eval.json"


def section(command: str, regenerate: str, tables: str, wall: float, day: datetime) -> str:
    """The Markdown section: how it was made, then the tables."""
    cores = os.cpu_count() or 1
    return f"""## Extraction quality (pace-eval)

Generated on {day:%Y-%m-%d} by `{regenerate}`, which ran

```
{command}
```

in {wall:.0f} s of wall time ({cores} cores, Python {platform.python_version()}).
Per-page scores: `{JSON_OUT.as_posix()}`.

Body F1 is ROUGE-LSum F1 averaged over pages (worst site: the lowest per-site mean); title and
date are exact-match rates; attribute P/R/F1 are micro-averaged over pages; pages/s is parse +
extract from the page bytes in one process, learning time excluded.

{tables}"""


def main(argv: list[str] | None = None) -> int:
    """Run the evaluation and rewrite the section; the exit code."""
    parser = argparse.ArgumentParser(description="Regenerate the pace-eval results section.")
    parser.add_argument("--bench", type=Path, help=f"benchmark folder (default: ${BENCH_ENV})")
    parser.add_argument("--learn", default=",".join(LEARNERS), help="learners, or none")
    parser.add_argument("--train", type=int, default=DEFAULT_TRAIN, help="training pages")
    parser.add_argument("--baselines", default=",".join(DEFAULT_BASELINES), help="or none")
    args = parser.parse_args(argv)
    root = args.bench or bench_root()
    if root is None or not root.is_dir():
        print(f"no benchmark folder (../shared/bench or ${BENCH_ENV})", file=sys.stderr)
        return 1
    bench = os.path.relpath(root, REPO)
    words = ["scrapy", "pace-eval", "--bench", bench]
    if args.learn != "none":
        words += ["--learn", args.learn, "--train", str(args.train)]
    words += ["--baselines", args.baselines, "--json", JSON_OUT.as_posix()]
    start = perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", *words],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
        check=False,
    )
    if result.returncode:
        print(f"pace-eval failed with exit code {result.returncode}", file=sys.stderr)
        return result.returncode
    regenerate = shlex.join(["python", "benchmarks/results.py", *(argv or sys.argv[1:])])
    text = section(
        shlex.join(words), regenerate, result.stdout, perf_counter() - start, datetime.now(UTC)
    )
    record(RESULTS, "pace-eval", text)
    print(f"wrote {RESULTS.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
