"""Entry point of ``python -m pace_scrapy.demo``."""

import sys

from pace_scrapy.demo.cli import main

sys.exit(main())
