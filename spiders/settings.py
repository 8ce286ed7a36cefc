"""Scrapy settings of the repository's project (``scrapy list``, ``scrapy crawl <publisher>``).

A project of your own needs only ``ADDONS`` and ``SPIDER_LOADER_CLASS`` from here (plus
``FEED_EXPORTERS`` to name the Markdown format in ``-o``/``-O`` on the command line); the rest
is politeness.
"""

from __future__ import annotations

from importlib.metadata import version

from pace_scrapy.crawl import addon as pace_addon

BOT_NAME = "pace-scrapy"
SPIDER_MODULES = ["spiders"]
NEWSPIDER_MODULE = "spiders"

ADDONS = {"pace_scrapy.Addon": 0}
SPIDER_LOADER_CLASS = pace_addon.SPIDER_LOADER_CLASS
# Scrapy checks -o/-O formats before add-ons run, so the Markdown format is named here too.
FEED_EXPORTERS = dict(pace_addon.FEED_EXPORTERS)
FEED_EXPORT_ENCODING = "utf-8"
# Rendering pages (scrapy-playwright) needs the asyncio reactor. It is Scrapy's default, but the
# reactor is installed before add-ons run, so only the project settings can choose it.
TWISTED_REACTOR = "twisted.internet.asyncioreactor.AsyncioSelectorReactor"

# Politeness: identify the crawler, obey robots.txt, adapt the pace to the server.
USER_AGENT = f"pace-scrapy/{version('pace-scrapy')} (+https://github.com/pace-scrapy/pace-scrapy)"
ROBOTSTXT_OBEY = True
CONCURRENT_REQUESTS_PER_DOMAIN = 4
AUTOTHROTTLE_ENABLED = True
AUTOTHROTTLE_START_DELAY = 1.0
AUTOTHROTTLE_TARGET_CONCURRENCY = 2.0

# HTTP cache: off by default. Turn it on (-s HTTPCACHE_ENABLED=True) to re-run extraction on
# the same responses; cached pages keep their original HTTP Date, hence their config version.
HTTPCACHE_ENABLED = False
HTTPCACHE_DIR = "httpcache"
HTTPCACHE_EXPIRATION_SECS = 0
