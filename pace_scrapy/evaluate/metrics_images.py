"""Image metrics: which extracted images are gold images, and how good their captions are."""

from __future__ import annotations

from collections.abc import Sequence
from statistics import fmean
from urllib.parse import urljoin

from w3lib.url import canonicalize_url

from pace_scrapy.evaluate.gold import GoldImage
from pace_scrapy.evaluate.prediction import PredictedImage
from pace_scrapy.evaluate.textnorm import PRF, prf, token_f1


def normalize_image_url(url: str, base_url: str | None = None) -> str:
    """A comparable form of an image URL.

    Resolved against ``base_url``; host lower-cased, percent-encoding normalised, query
    parameters sorted, fragment dropped (``w3lib.url.canonicalize_url``); then the scheme is
    removed, so ``http:``, ``https:`` and protocol-relative URLs compare equal. The query is
    kept: image CDNs often carry the image id or crop in it, and the other sizes of one image
    are listed as the gold image's ``alt_src``.
    """
    absolute = urljoin(base_url, url.strip()) if base_url else url.strip()
    canonical = canonicalize_url(absolute)
    return canonical[canonical.index("//") :] if "//" in canonical else canonical


def match_images(
    predicted: Sequence[PredictedImage], gold: Sequence[GoldImage], base_url: str | None = None
) -> list[tuple[int, int]]:
    """One-to-one ``(predicted index, gold index)`` pairs, greedily in predicted order.

    A predicted image matches a gold image when its URL equals the gold ``src`` or one of its
    ``alt_src`` after :func:`normalize_image_url`; each gold image is matched at most once.
    """
    gold_urls = [
        {normalize_image_url(url, base_url) for url in (image.src, *image.alt_src)}
        for image in gold
    ]
    pairs: list[tuple[int, int]] = []
    taken: set[int] = set()
    for index, image in enumerate(predicted):
        url = normalize_image_url(image.src, base_url)
        match = next(
            (g for g, urls in enumerate(gold_urls) if g not in taken and url in urls), None
        )
        if match is not None:
            taken.add(match)
            pairs.append((index, match))
    return pairs


def images_prf(
    predicted: Sequence[PredictedImage], gold: Sequence[GoldImage], base_url: str | None = None
) -> PRF:
    """P/R/F1 of the extracted images against the gold images (see :func:`match_images`)."""
    return prf(len(match_images(predicted, gold, base_url)), len(predicted), len(gold))


def captions_f1(
    predicted: Sequence[PredictedImage], gold: Sequence[GoldImage], base_url: str | None = None
) -> float | None:
    """Mean caption token F1 over matched image pairs whose gold caption is not empty.

    A missing predicted caption scores 0. ``None`` when no such pair exists (unmatched images
    are already counted by :func:`images_prf`).
    """
    scores = [
        token_f1(predicted[p].caption, gold[g].caption)
        for p, g in match_images(predicted, gold, base_url)
        if (gold[g].caption or "").strip()
    ]
    return fmean(scores) if scores else None
