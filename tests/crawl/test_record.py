"""Page records and page dates."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from scrapy import Request
from scrapy.http import HtmlResponse

from pace_scrapy.crawl.record import PageRecord, page_date, parse_day

URL = "https://news.example/2024/03/story"


def test_meta_date_wins_over_the_date_header() -> None:
    header = b"Tue, 05 Mar 2024 10:00:00 GMT"
    assert page_date("2023-01-02", header) == date(2023, 1, 2)
    assert page_date(date(2022, 5, 6), header) == date(2022, 5, 6)
    assert page_date(None, header) == date(2024, 3, 5)


def test_without_meta_or_header_the_date_is_today() -> None:
    assert page_date(None, None) == datetime.now(UTC).date()
    assert page_date(None, b"yesterday-ish") == datetime.now(UTC).date()


def test_parse_day_forms() -> None:
    late = datetime(2024, 3, 5, 23, 30, tzinfo=timezone(timedelta(hours=-2)))
    assert parse_day(late) == date(2024, 3, 6)  # the UTC day
    assert parse_day("2024-03-05T10:00:00+01:00") == date(2024, 3, 5)
    with pytest.raises(ValueError, match="not an ISO date"):
        parse_day("5 March 2024")
    with pytest.raises(TypeError):
        parse_day(20240305)


def response(meta: dict[str, object], headers: dict[str, str] | None = None) -> HtmlResponse:
    request = Request(URL, meta=meta)
    return HtmlResponse(URL, body=b"<html><p>Hi</p></html>", headers=headers, request=request)


def test_record_from_a_matched_response() -> None:
    meta = {"pace_config": "news", "pace_config_version": 2, "pace_date": "2024-03-05"}
    headers = {"Content-Type": "text/html; charset=iso-8859-1"}
    record = PageRecord.from_response(response(meta, headers), since=date(2024, 1, 1))
    assert record == PageRecord(
        url=URL,
        body=b"<html><p>Hi</p></html>",
        content_type="text/html; charset=iso-8859-1",
        config="news",
        config_version=2,
        fetched=date(2024, 3, 5),
        since=date(2024, 1, 1),
    )


def test_record_of_an_unmatched_response_is_an_error() -> None:
    with pytest.raises(ValueError, match="no publisher config matched"):
        PageRecord.from_response(response({}))


def test_record_of_a_page_fetched_plainly_after_a_failed_rendering() -> None:
    meta = {"pace_config": "news", "pace_date": "2024-03-05", "pace_render_failed": True}
    assert PageRecord.from_response(response(meta)).render_failed is True
    del meta["pace_render_failed"]
    assert PageRecord.from_response(response(meta)).render_failed is False
