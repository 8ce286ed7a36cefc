"""Request fingerprints that tell a rendered fetch from a plain one.

Scrapy's HTTP cache and duplicate filter key requests by their fingerprint, which ignores
``meta``: a page rendered in a browser and the same page fetched plainly would share one cache
entry, and a later plain crawl would be served the rendered copy (or the other way round). The
add-on installs :class:`RenderAwareFingerprinter` for crawls that may render (unless the
project chose its own ``REQUEST_FINGERPRINTER_CLASS``): a request without
``meta["playwright"]`` keeps Scrapy's own fingerprint, so existing caches stay valid; a rendered
one gets a different fingerprint. The render middleware decides before the cache middleware
looks (see :data:`pace_scrapy.crawl.rendering.ORDER`).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from scrapy.utils.request import RequestFingerprinter

if TYPE_CHECKING:
    from typing import Self

    from scrapy import Request
    from scrapy.crawler import Crawler

RENDERED = b"pace:rendered"


class RenderAwareFingerprinter:
    """Scrapy's default fingerprint, made distinct for requests rendered by scrapy-playwright."""

    def __init__(self, crawler: Crawler | None = None) -> None:
        self._plain = RequestFingerprinter(crawler)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        """The fingerprinter of a crawl."""
        return cls(crawler)

    def fingerprint(self, request: Request) -> bytes:
        """The request's fingerprint (20 bytes, as Scrapy's)."""
        plain = self._plain.fingerprint(request)
        if not request.meta.get("playwright"):
            return plain
        return hashlib.sha1(plain + RENDERED, usedforsecurity=False).digest()
