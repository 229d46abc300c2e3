"""The one random source of every game and house round (docs/architecture.md, "Randomness").

The byte stream is HMAC-SHA256(key=seed, msg=f"{salt}:{nonce}:{counter}") for counter
0, 1, 2, ... concatenated, so anyone holding the revealed seed can replay every draw.
Plain Python: no Django import.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_BYTES = 32
_WORD = 2**32


def new_seed() -> bytes:
    return secrets.token_bytes(SEED_BYTES)


def seed_hash(seed: bytes) -> str:
    """The commitment shown to players before the seed is revealed."""
    return hashlib.sha256(seed).hexdigest()


class Rng:
    def __init__(self, seed: bytes, salt: str, nonce: int) -> None:
        self._seed = seed
        self._prefix = f"{salt}:{nonce}:"
        self._counter = 0
        self._buffer = b""

    def _block(self) -> bytes:
        message = f"{self._prefix}{self._counter}".encode()
        self._counter += 1
        return hmac.new(self._seed, message, hashlib.sha256).digest()

    def read(self, count: int) -> bytes:
        while len(self._buffer) < count:
            self._buffer += self._block()
        taken, self._buffer = self._buffer[:count], self._buffer[count:]
        return taken

    def randbelow(self, n: int) -> int:
        if not 0 < n <= _WORD:
            raise ValueError(f"randbelow needs 0 < n <= 2**32, got {n}")
        limit = _WORD - _WORD % n
        while True:
            x = int.from_bytes(self.read(4), "big")
            if x < limit:
                return x % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        shuffled = list(items)
        for i in range(len(shuffled) - 1, 0, -1):
            j = self.randbelow(i + 1)
            shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
        return shuffled

    def sample(self, pool: Sequence[T], k: int) -> list[T]:
        remaining = list(pool)
        if not 0 <= k <= len(remaining):
            raise ValueError(f"cannot draw {k} from {len(remaining)}")
        return [remaining.pop(self.randbelow(len(remaining))) for _ in range(k)]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def die(self) -> int:
        return self.randbelow(6) + 1
