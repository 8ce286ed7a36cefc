"""Build-dependent presentation: hashed class names and which layout variant is used."""

from __future__ import annotations

from pace_scrapy.demo.rng import token


class Theme:
    """Class-name generator of one site build.

    Every build hashes the same semantic class differently (CSS-module style
    ``ArticleBody_body__x7Kq2`` or CSS-in-JS style ``css-1q2w3e``). Odd builds use
    layout 1, even builds layout 2 (blocks moved, extra wrappers, new shop layout).
    """

    def __init__(self, seed: int, build: int) -> None:
        if build < 1:
            raise ValueError(f"build must be >= 1, got {build}")
        self.seed = seed
        self.build = build
        self.layout = 1 if build % 2 else 2
        self._cache: dict[tuple[str, str], str] = {}

    def m(self, component: str, element: str) -> str:
        """CSS-module class name, e.g. ``ArticleBody_body__x7Kq2``."""
        key = (component, element)
        name = self._cache.get(key)
        if name is None:
            name = f"{component}_{element}__{token(self.seed, self.build, *key)}"
            self._cache[key] = name
        return name

    def css(self, label: str) -> str:
        """CSS-in-JS class name, e.g. ``css-1q2w3e`` (label only feeds the hash)."""
        key = ("css", label)
        name = self._cache.get(key)
        if name is None:
            name = f"css-{token(self.seed, self.build, *key, length=6, lower=True)}"
            self._cache[key] = name
        return name

    @property
    def asset_hash(self) -> str:
        """Hash in the stylesheet file name of this build."""
        return token(self.seed, self.build, "assets", length=8, lower=True)
