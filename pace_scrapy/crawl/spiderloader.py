"""Spider loader: the project's spiders plus one publisher spider per config file.

Set ``SPIDER_LOADER_CLASS = "pace_scrapy.crawl.spiderloader.PaceSpiderLoader"``: ``scrapy list``
then shows every publisher of ``PACE_CONFIG_DIR`` and ``scrapy crawl <publisher>`` works with no
spider code; ``scrapy crawl bootstrap`` learns a new publisher's config. A hand-written
spider (from ``SPIDER_MODULES``) with a config's name wins, so a publisher that needs custom
crawling can subclass :class:`~pace_scrapy.crawl.spider.PublisherSpider`. A broken config
file is logged (naming the file and the field) and skipped; the other publishers still list
and crawl.
"""

from __future__ import annotations

import builtins
import logging
import re
from typing import TYPE_CHECKING

from scrapy import Request, Spider
from scrapy.spiderloader import SpiderLoader

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.config.store import ConfigStore
from pace_scrapy.crawl.bootstrap import BootstrapSpider
from pace_scrapy.crawl.settings import PaceSettings
from pace_scrapy.crawl.spider import PublisherSpider

if TYPE_CHECKING:
    from typing import Self

    from scrapy.settings import BaseSettings

logger = logging.getLogger(__name__)


def publisher_spider_class(config: PublisherConfig) -> type[PublisherSpider]:
    """The spider class of a config (spider ``demo-news`` is class ``DemoNewsSpider``)."""
    words = re.split(r"[^a-z0-9]+", config.name)
    class_name = "".join(word.capitalize() for word in words) + "Spider"
    attributes = {
        "name": config.name,
        "allowed_domains": sorted({domain.split(":")[0] for domain in config.domains}),
        "__module__": __name__,
        "__doc__": f"Publisher spider of config {config.name!r}.",
    }
    return type(class_name, (PublisherSpider,), attributes)


class PaceSpiderLoader:
    """Loads the project's spiders and makes a publisher spider for every other config."""

    def __init__(self, settings: BaseSettings) -> None:
        self._project = SpiderLoader.from_settings(settings)
        self._publishers: dict[str, type[Spider]] = {}
        pace = PaceSettings.from_settings(settings)
        if not pace.enabled:
            return
        hand_written = set(self._project.list())
        if BootstrapSpider.name not in hand_written:
            self._publishers[BootstrapSpider.name] = BootstrapSpider
        for config in ConfigStore.from_folder(pace.config_dir):
            if config.name in hand_written:
                logger.info("Spider %r is hand-written: no publisher spider made", config.name)
                continue
            self._publishers[config.name] = publisher_spider_class(config)

    @classmethod
    def from_settings(cls, settings: BaseSettings) -> Self:
        """The loader for the project's settings."""
        return cls(settings)

    def load(self, spider_name: str) -> type[Spider]:
        """The spider class named ``spider_name`` (:class:`KeyError` when there is none)."""
        publisher = self._publishers.get(spider_name)
        return publisher if publisher is not None else self._project.load(spider_name)

    def list(self) -> list[str]:
        """Names of every spider: hand-written ones and publishers."""
        return [*self._project.list(), *self._publishers]

    def find_by_request(self, request: Request) -> builtins.list[str]:
        """Names of the spiders that can handle ``request`` (by allowed domains)."""
        publishers = [
            name for name, spider in self._publishers.items() if spider.handles_request(request)
        ]
        return [*self._project.find_by_request(request), *publishers]
