"""Image files of the demo site: keys, URLs, srcset candidates and the served bytes."""

from __future__ import annotations

import random
import struct
import zlib

from pace_scrapy.demo.model import Image
from pace_scrapy.demo.rng import token

PLACEHOLDER = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
_WIDTH_SETS = ((320, 640, 1280), (400, 800, 1600), (480, 960, 1440, 1920))
LAZY_STYLES = 4
"""0: data-src + data-srcset + noscript, 1: srcset + loading=lazy, 2: data-src, 3: plain src."""


def make_image(rng: random.Random, alt: str, *key: object) -> Image:
    """A new image whose file key is derived from ``key``."""
    return Image(
        key=token(*key, length=10, lower=True),
        widths=rng.choice(_WIDTH_SETS),
        alt=alt,
        lazy=rng.randrange(LAZY_STYLES),
    )


def image_url(base: str, image: Image, width: int) -> str:
    """Absolute URL of ``image`` rendered ``width`` pixels wide."""
    return f"{base}/img/{image.key}_{width}.png"


def has_srcset(image: Image) -> bool:
    """Whether the markup of ``image`` carries a (data-)srcset."""
    return image.lazy in (0, 1)


def default_width(image: Image) -> int:
    """Width of the URL used as ``src``/``data-src``: the middle candidate."""
    return image.widths[len(image.widths) // 2]


def true_src(base: str, image: Image) -> str:
    """The URL a correct extractor reports: largest srcset candidate, else (data-)src."""
    width = max(image.widths) if has_srcset(image) else default_width(image)
    return image_url(base, image, width)


def srcset(base: str, image: Image) -> str:
    """The srcset attribute value listing every width."""
    return ", ".join(f"{image_url(base, image, width)} {width}w" for width in image.widths)


def png_bytes(key: str) -> bytes:
    """A 1x1 PNG whose colour is derived from ``key`` (what ``/img/...`` serves)."""
    colour = bytes(ord(char) * 7 % 256 for char in token("png", key, length=3))
    raw = b"\x00" + colour

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )
