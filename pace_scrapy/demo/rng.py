"""Deterministic random streams and short hashes derived from a seed and a key."""

from __future__ import annotations

import hashlib
import random

_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def _digest(parts: tuple[object, ...]) -> int:
    data = repr(parts).encode("utf-8")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def rng_for(*key: object) -> random.Random:
    """Return a random stream fully determined by ``key`` (ints and strings)."""
    return random.Random(_digest(key))


def token(*key: object, length: int = 5, lower: bool = False) -> str:
    """Return a short base-62 (or lower-case base-36) token determined by ``key``."""
    alphabet = _BASE36 if lower else _BASE62
    value = _digest(key)
    chars = []
    for _ in range(length):
        value, rest = divmod(value, len(alphabet))
        chars.append(alphabet[rest])
    return "".join(chars)
