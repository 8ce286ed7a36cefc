"""The generic fallback: trafilatura finds the body when a page does not fit its config."""

from __future__ import annotations

import copy
import logging

from lxml.html import HtmlElement

from pace_scrapy.page.parse import parse_html

logger = logging.getLogger(__name__)


def generic_body(root: HtmlElement, url: str, *, tables: bool) -> HtmlElement | None:
    """trafilatura's main content of a cleaned page, as an HTML ``<body>``, or ``None``.

    ``tables=False`` leaves tables out: on pages laid out with tables they are trafilatura's
    main source of menus and bylines in the body.
    """
    import trafilatura  # noqa: PLC0415 (slow import, only needed for pages that do not fit)

    # trafilatura's defaults: asking it for links, images or formatting changes what it
    # keeps (link-dense navigation gets in), not only how it renders it.
    html = trafilatura.extract(
        copy.deepcopy(root),
        url=url,
        output_format="html",
        include_comments=False,
        include_tables=tables,
    )
    if not html:
        return None
    body: HtmlElement = parse_html(html).body
    return body
