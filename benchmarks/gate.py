"""Quality gate, run in CI: extraction quality on a fixed benchmark subset must not drop.

The subset rule, training size, tolerance and floors are in ``benchmarks/gate.json``; the
extractors are its ``floors`` keys (a baseline name, or ``pace:<learner>`` for a learner of
``scrapy pace-eval --learn``). Prints a table of mean vs floor and exits 1 when a mean is more
than the tolerance below its floor (or missing), 2 on a usage error, else 0. Exits 0 with a
message when the benchmark folder (``../shared/bench`` or ``$PACE_BENCH_DIR``) is absent.

``--update-floors`` raises floors to the current means (never lowers one: it says which it
refused to lower) and rewrites the gate file, to be committed deliberately. Run from the
repository root::

    .venv/bin/python benchmarks/gate.py [--update-floors]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scrapy.exceptions import UsageError

from pace_scrapy.commands.eval import learner_for
from pace_scrapy.evaluate.candidates import OURS_PREFIX
from pace_scrapy.evaluate.defaults import DEFAULT_WORKERS
from pace_scrapy.evaluate.gate import (
    GateSpec,
    check,
    gate_table,
    load_gate,
    measured_means,
    raise_floors,
    save_gate,
    select_sites,
)
from pace_scrapy.evaluate.gold import BENCH_ENV, bench_root
from pace_scrapy.evaluate.runner import evaluate_sites

GATE_FILE = Path(__file__).resolve().with_name("gate.json")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Command-line options."""
    parser = argparse.ArgumentParser(description="Quality gate on a fixed benchmark subset.")
    parser.add_argument("--gate-file", type=Path, default=GATE_FILE, help="gate file (JSON)")
    parser.add_argument("--bench", type=Path, help=f"benchmark folder (default: ${BENCH_ENV})")
    parser.add_argument("--update-floors", action="store_true", help="raise floors to the means")
    parser.add_argument("--workers", type=int, default=DEFAULT_WORKERS, help="processes")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser.parse_args(argv)


def update_floors(spec: GateSpec, means: dict[str, dict[str, dict[str, float | None]]]) -> None:
    """Raise the spec's floors in place and say what changed and what was refused."""
    update = raise_floors(spec.floors, means)
    for change in update.raised:
        old = "new floor" if change.old is None else f"floor {change.old:.4f} raised"
        print(f"{change.extractor} {change.dataset} {change.metric}: {old} to {change.new:.4f}")
    for change in update.refused:
        print(
            f"{change.extractor} {change.dataset} {change.metric}: refusing to lower floor "
            f"{change.old:.4f} to the mean {change.mean:.4f} (edit the gate file to lower it)"
        )
    spec.floors = update.floors


def main(argv: list[str] | None = None) -> int:
    """Run the gate; the exit code."""
    args = parse_args(argv)
    root = args.bench if args.bench else bench_root()
    if root is None or not root.is_dir():
        print(f"gate skipped: no benchmark folder (../shared/bench or ${BENCH_ENV})")
        return 0
    spec = load_gate(args.gate_file)
    try:
        learners = {
            name.removeprefix(OURS_PREFIX): learner_for(name.removeprefix(OURS_PREFIX))
            for name in spec.floors
            if name.startswith(OURS_PREFIX)
        }
    except UsageError as exc:
        print(f"gate: {exc}", file=sys.stderr)
        return 2
    baselines = [name for name in spec.floors if not name.startswith(OURS_PREFIX)]
    sites = select_sites(root, spec)
    print(f"gate subset ({spec.rule or 'see the gate file'}):")
    print("  " + " ".join(site.relative_to(root).as_posix() for site in sites))
    evaluation = evaluate_sites(
        sites,
        root=root,
        learners=learners,
        train=spec.train,
        baselines=baselines,
        max_pages=spec.subset.pages_per_site,
        workers=args.workers,
        progress=not args.quiet,
    )
    means = measured_means(evaluation)
    if args.update_floors:
        update_floors(spec, means)
        save_gate(spec, args.gate_file)
    rows = check(spec.floors, means, spec.tolerance)
    print(gate_table(rows))
    failed = [row for row in rows if not row.passed]
    if failed:
        print(f"gate FAILED: {len(failed)} of {len(rows)} means below floor - {spec.tolerance}")
        return 1
    print(f"gate passed: {len(rows)} floors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
