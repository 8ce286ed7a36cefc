"""File feed storage that also accepts a folder: a feed URI ending in ``/`` means a directory.

``-O "out/%(name)s/:markdown"`` (or ``FEEDS = {"out/%(name)s/": {"format": "markdown"}}``)
writes one file per item into that folder. Only exporters with ``writes_directory = True`` can
write to a folder; asking another format to do so fails when the crawl starts. Every other URI
behaves exactly as with Scrapy's own :class:`~scrapy.extensions.feedexport.FileFeedStorage`.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from scrapy.extensions.feedexport import FileFeedStorage
from scrapy.utils.misc import load_object

if TYPE_CHECKING:
    from typing import Self

    from scrapy import Spider
    from scrapy.crawler import Crawler


class FeedDirectory(io.RawIOBase):
    """What a folder feed opens: per-item exporters write files under :attr:`path`."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def writable(self) -> bool:
        """Writing is refused: a folder has no single stream."""
        return False

    def write(self, data: Any) -> int:
        """Always fails: only a per-item exporter can write to a folder feed."""
        raise OSError(f"feed {self.path} is a folder: only a per-item format writes to it")


def is_directory_uri(path: str) -> bool:
    """True when a feed path names a folder (ends with a path separator)."""
    return path.endswith(("/", os.sep))


class PaceFileFeedStorage(FileFeedStorage):
    """Scrapy's file storage, plus folders for per-item formats (Markdown)."""

    def __init__(self, uri: str, *, feed_options: dict[str, Any] | None = None) -> None:
        super().__init__(uri, feed_options=feed_options)
        self.is_directory = is_directory_uri(self.path)

    @classmethod
    def from_crawler(
        cls, crawler: Crawler, uri: str, *, feed_options: dict[str, Any] | None = None
    ) -> Self:
        """Build the storage; :class:`ValueError` when a folder gets a one-stream format."""
        storage = cls(uri, feed_options=feed_options)
        feed_format = (feed_options or {}).get("format")
        if storage.is_directory and feed_format:
            exporters = crawler.settings.getwithbase("FEED_EXPORTERS")
            exporter = load_object(exporters[feed_format]) if feed_format in exporters else None
            if not getattr(exporter, "writes_directory", False):
                raise ValueError(
                    f"feed {uri!r} ends with '/' (a folder), which format {feed_format!r} cannot "
                    "write: use a per-item format such as 'markdown', or a file name"
                )
        return storage

    def open(self, spider: Spider) -> IO[bytes]:
        """The folder (created if needed) for a folder feed, else the file."""
        if not self.is_directory:
            return super().open(spider)
        folder = Path(self.path)
        folder.mkdir(parents=True, exist_ok=True)
        return cast("IO[bytes]", FeedDirectory(folder))
