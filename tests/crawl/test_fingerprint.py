"""Rendered and plain fetches of one URL have different fingerprints; plain ones Scrapy's own."""

from scrapy import Request
from scrapy.utils.request import RequestFingerprinter
from scrapy.utils.test import get_crawler

from pace_scrapy.crawl.fingerprint import RenderAwareFingerprinter


def test_only_rendered_requests_change_their_fingerprint() -> None:
    crawler = get_crawler(settings_dict={})
    ours, scrapys = RenderAwareFingerprinter.from_crawler(crawler), RequestFingerprinter(crawler)
    url = "https://news.example/world/2024/05/01/a-story"
    plain = Request(url)
    rendered = Request(url, meta={"playwright": True})
    refused = Request(url, meta={"playwright": False})
    assert ours.fingerprint(plain) == scrapys.fingerprint(plain)  # existing caches stay valid
    assert ours.fingerprint(refused) == scrapys.fingerprint(plain)
    assert ours.fingerprint(rendered) != ours.fingerprint(plain)
    assert len(ours.fingerprint(rendered)) == len(ours.fingerprint(plain))
    assert ours.fingerprint(Request(url, meta={"playwright": True})) == ours.fingerprint(rendered)
    other = Request(url + "-2", meta={"playwright": True})
    assert ours.fingerprint(other) != ours.fingerprint(rendered)
