"""``python -m pace_scrapy.config schema``: print the JSON Schema of a publisher config
(for editors and validators); ``python -m pace_scrapy.config check FILE...``: validate files."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from pace_scrapy.config.store import config_json_schema, load_config
from pace_scrapy.errors import ConfigError


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["schema"] and len(args) == 1:
        print(json.dumps(config_json_schema(), indent=2))
        return 0
    if args[:1] == ["check"] and len(args) > 1:
        status = 0
        for path in args[1:]:
            try:
                load_config(path)
            except ConfigError as exc:
                print(exc, file=sys.stderr)
                status = 1
        return status
    print("usage: python -m pace_scrapy.config schema | check FILE...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
