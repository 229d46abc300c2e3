"""The pre-committed hash chain of the house rounds (docs/architecture.md, "Randomness").

Links are generated backwards from a secret: ``L[length] = secret`` and
``L[k] = sha256(L[k + 1])`` on the raw 32 bytes. ``L[0]``, the terminal link, is published
before round 1; round ``n`` plays with ``L[n]`` and reveals it afterwards. Because SHA-256
cannot be run backwards, publishing ``L[0]`` fixes every future round without disclosing
any, and a revealed ``L[n]`` proves itself: ``sha256(L[n]) == L[n - 1]``.

Plain Python: no Django import.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator
from dataclasses import dataclass

LINK_BYTES = 32
DEFAULT_CHECKPOINT_INTERVAL = 1000


def new_secret() -> bytes:
    """A fresh chain secret, ``L[length]``: 32 bytes from the OS's CSPRNG."""
    return secrets.token_bytes(LINK_BYTES)


def next_link_down(link: bytes) -> bytes:
    """``L[k - 1]`` from ``L[k]``: the only direction anyone can compute."""
    return hashlib.sha256(link).digest()


def _check_link(link: bytes, name: str = "link") -> None:
    if not isinstance(link, bytes) or len(link) != LINK_BYTES:
        raise ValueError(f"{name} must be {LINK_BYTES} raw bytes")


def _check_length(length: int) -> None:
    if not isinstance(length, int) or isinstance(length, bool) or length < 1:
        raise ValueError(f"a chain needs a length of at least 1, got {length!r}")


def _check_round(round_number: int, length: int) -> None:
    if not isinstance(round_number, int) or not 0 <= round_number <= length:
        raise ValueError(f"round {round_number!r} is outside the chain 0..{length}")


def _walk_down(link: bytes, steps: int) -> Iterator[bytes]:
    """Yield ``link`` then the ``steps`` links below it, highest index first."""
    yield link
    for _ in range(steps):
        link = next_link_down(link)
        yield link


def _hash_down(link: bytes, steps: int) -> bytes:
    for _ in range(steps):
        link = next_link_down(link)
    return link


def generate_chain(secret: bytes, length: int) -> list[bytes]:
    """Every link ``L[0..length]``, indexed by round number (``L[0]`` is the terminal link).

    Holds ``length + 1`` links in memory (about 70 MB for a million): fine for tests and
    short chains; long-lived services should use `Checkpoints` instead.
    """
    _check_link(secret, "secret")
    _check_length(length)
    chain = list(_walk_down(secret, length))
    chain.reverse()
    return chain


def terminal_link(secret: bytes, length: int) -> bytes:
    """``L[0]``, the commitment published before round 1: ``length`` hashes, O(1) memory."""
    _check_link(secret, "secret")
    _check_length(length)
    return _hash_down(secret, length)


def link_at(secret: bytes, length: int, round_number: int) -> bytes:
    """``L[round_number]`` recomputed from the secret, with O(1) memory.

    Costs ``length - round_number`` SHA-256 calls: about half a second for the first
    rounds of a million-link chain, so only for occasional use; see `Checkpoints`.
    """
    _check_link(secret, "secret")
    _check_length(length)
    _check_round(round_number, length)
    return _hash_down(secret, length - round_number)


def verify_link(link: bytes, previous: bytes) -> bool:
    """Whether a revealed ``L[n]`` follows the already known ``L[n - 1]``."""
    if len(link) != LINK_BYTES or len(previous) != LINK_BYTES:
        return False
    return hmac.compare_digest(next_link_down(link), previous)


def verify_against_terminal(link: bytes, round_number: int, terminal: bytes) -> bool:
    """Whether ``link`` is ``L[round_number]`` of the chain committed to by ``terminal``.

    Lets a player check any single round against the published ``L[0]`` without the
    links in between: ``round_number`` hashes.
    """
    if round_number < 0 or len(link) != LINK_BYTES or len(terminal) != LINK_BYTES:
        return False
    return hmac.compare_digest(_hash_down(link, round_number), terminal)


@dataclass(frozen=True)
class Checkpoints:
    """Every ``interval``-th link of a chain, so that any link costs < ``interval`` hashes.

    A million-link chain with the default interval keeps 1001 links (about 32 KB) and
    answers `link` with at most 999 SHA-256 calls (well under a millisecond); building it
    is one pass of ``length`` hashes. A checkpoint reveals every link below it, so the
    checkpoints of unplayed rounds are as secret as the secret itself.
    """

    length: int
    interval: int
    links: tuple[bytes, ...]  # links[i] == L[min(i * interval, length)]

    @classmethod
    def build(
        cls, secret: bytes, length: int, interval: int = DEFAULT_CHECKPOINT_INTERVAL
    ) -> Checkpoints:
        _check_link(secret, "secret")
        _check_length(length)
        if not isinstance(interval, int) or interval < 1:
            raise ValueError(
                f"the checkpoint interval must be a positive integer, got {interval!r}"
            )
        kept: list[bytes] = []
        for index, link in zip(range(length, -1, -1), _walk_down(secret, length), strict=True):
            if index % interval == 0 or index == length:
                kept.append(link)
        kept.reverse()
        return cls(length=length, interval=interval, links=tuple(kept))

    @property
    def terminal(self) -> bytes:
        return self.links[0]

    def link(self, round_number: int) -> bytes:
        """``L[round_number]``, hashed down from the nearest checkpoint at or above it."""
        _check_round(round_number, self.length)
        slot = -(-round_number // self.interval)  # ceil: the checkpoint at or above
        above = min(slot * self.interval, self.length)
        return _hash_down(self.links[slot], above - round_number)
