"""Reader comments shown under news articles (noise for extraction)."""

from __future__ import annotations

from pace_scrapy.demo.markup import Ctx, esc
from pace_scrapy.demo.model import ArticleMeta
from pace_scrapy.demo.rng import rng_for

USERS = ("rainyday_reader", "M. Lefèvre", "oldschoolfan", "kiwi_in_malmö", "Quietobserver",
         "jt_88", "Saoirse O.", "north_bank_nic")  # fmt: skip
REMARKS = (
    "Great reporting, thank you.",
    "This is exactly what I’ve been saying for years.",
    "Does anyone know when the consultation closes?",
    "I’m not convinced — the numbers in the third paragraph look off to me.",
    "Finally some common sense.",
    "Would love a follow-up on how this affects smaller towns.",
    "Same story, different year…",
)


def comments_html(ctx: Ctx, meta: ArticleMeta) -> str:
    """Comment section with zero to five comments."""
    t = ctx.theme
    rng = rng_for(ctx.catalog.seed, "comments", meta.index)
    count = rng.randint(0, 5)
    items = "".join(
        f'<li class="{t.m("Comment", "root")}"><div class="{t.m("Comment", "meta")}">'
        f'<span class="{t.m("Comment", "user")}">{esc(rng.choice(USERS))}</span> '
        f"<span>{rng.randint(1, 23)} hours ago</span></div>"
        f'<p class="{t.m("Comment", "text")}">{esc(rng.choice(REMARKS))}</p></li>'
        for _ in range(count)
    )
    listing = f"<ol>{items}</ol>" if count else "<p>Be the first to comment.</p>"
    return (
        f'<section id="comments" class="{t.m("Comments", "root")}">'
        f"<h2>Comments ({count})</h2>{listing}"
        '<p><a href="/account">Sign in</a> to join the conversation.</p></section>\n'
    )
