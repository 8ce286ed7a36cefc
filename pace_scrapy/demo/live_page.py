"""The live-blog template: posts are fetched from a JSON endpoint and rendered by script."""

from __future__ import annotations

import json
from typing import Any

from pace_scrapy.demo.article_head import article_json_ld, article_meta_tags
from pace_scrapy.demo.article_page import header_html
from pace_scrapy.demo.body_html import figure_html
from pace_scrapy.demo.bylines import us_datetime
from pace_scrapy.demo.chrome import most_read_html, page_html, share_bar
from pace_scrapy.demo.markup import Ctx
from pace_scrapy.demo.model import ArticleMeta

_SCRIPT = """<script>
document.addEventListener("DOMContentLoaded", function () {
  var root = document.getElementById("live-feed");
  fetch(root.getAttribute("data-source")).then(function (r) { return r.json(); })
    .then(function (data) {
      root.textContent = "";
      data.posts.forEach(function (post) {
        var el = document.createElement("article");
        el.className = "%(post)s";
        var time = document.createElement("time");
        time.dateTime = post.time;
        time.textContent = post.label;
        var title = document.createElement("h3");
        title.textContent = post.title;
        el.append(time, title);
        post.paragraphs.forEach(function (text) {
          var p = document.createElement("p");
          p.textContent = text;
          el.appendChild(p);
        });
        root.appendChild(el);
      });
    });
});
</script>
"""


def live_api_path(meta: ArticleMeta) -> str:
    """Path of the JSON endpoint with the posts of a live article."""
    return f"/api/live/{meta.id}.json"


def live_json(ctx: Ctx, meta: ArticleMeta) -> bytes:
    """Body of the JSON endpoint."""
    posts = ctx.catalog.live_posts(meta)
    data: dict[str, Any] = {
        "id": meta.id,
        "url": ctx.url(meta.path),
        "posts": [
            {
                "time": post.time.isoformat(),
                "label": f"{post.time.hour:02d}:{post.time.minute:02d}",
                "title": post.title,
                "paragraphs": list(post.paragraphs),
            }
            for post in posts
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def live_article_html(ctx: Ctx, meta: ArticleMeta) -> str:
    """Full page of a live blog (its text only appears once the script ran)."""
    t, url = ctx.theme, ctx.url(meta.path)
    lead = "" if meta.lead is None else figure_html(ctx, meta.lead, entities=False)
    updated = meta.modified or meta.published
    article = (
        f'<article class="{t.m("LiveBlog", "root")}">\n{header_html(ctx, meta, with_byline=True)}'
        f'{lead}<div class="{t.m("LiveBlog", "status")}"><span>LIVE</span> Last updated '
        f"{us_datetime(updated)}</div>\n"
        f'<div id="live-feed" class="{t.m("LiveBlog", "feed")}" '
        f'data-source="{live_api_path(meta)}"><p>Loading live coverage…</p></div>\n'
        "<noscript><p>Enable JavaScript to follow our live coverage.</p></noscript>\n"
        f"{share_bar(ctx, url, meta.headline, 'bottom')}</article>\n"
    )
    return page_html(
        ctx,
        title=meta.headline,
        description=meta.description,
        path=meta.path,
        main=article + most_read_html(ctx),
        meta=article_meta_tags(ctx, meta),
        head_extra=article_json_ld(ctx, meta) + _SCRIPT % {"post": t.m("LiveBlog", "post")},
        page_kind="live",
    )
