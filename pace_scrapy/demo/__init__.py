"""Deterministic synthetic publisher site (news + shop) with per-page ground truth.

``DemoSite(seed, build)`` generates pages on request; ``serve(site)`` serves them on
127.0.0.1; ``site.truth(path)`` tells what a correct extractor yields for a page.
"""

from pace_scrapy.demo.server import serve
from pace_scrapy.demo.site import DEFAULT_BASE_URL, DemoSite, Response
from pace_scrapy.demo.truth import (
    ArticleTruth,
    CrumbTruth,
    ImageTruth,
    ProductTruth,
    RatingTruth,
    TableTruth,
)

__all__ = [
    "DEFAULT_BASE_URL",
    "ArticleTruth",
    "CrumbTruth",
    "DemoSite",
    "ImageTruth",
    "ProductTruth",
    "RatingTruth",
    "Response",
    "TableTruth",
    "serve",
]
