from pathlib import Path

import pytest

from pace_scrapy.evaluate.gold import BENCH_ENV, bench_root


@pytest.fixture
def bench() -> Path:
    """The benchmark folder; the test is skipped when it is absent."""
    root = bench_root()
    if root is None:
        pytest.skip(f"benchmark folder absent (../shared/bench next to the repo, or ${BENCH_ENV})")
    return root
