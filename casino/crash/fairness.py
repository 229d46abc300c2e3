"""The crash point of a round, fixed by its chain link (docs/architecture.md, "Randomness").

bustabit's published formula in integer form, so that anyone can recompute it exactly:
``h = HMAC-SHA256(key = salt as UTF-8, message = link)``, ``r`` = the first 52 bits of
``h``, crash point in hundredths ``= max(100, (100 - edge) * 2**52 // (2**52 - r))``.
With ``r`` uniform, ``P(crash point >= m) = floor((100 - edge) * 2**52 / m) / 2**52``,
i.e. ``(1 - edge/100) / (m/100)``: every cash-out target returns ``100 - edge`` percent.

Plain Python: no Django import.
"""

from __future__ import annotations

import hashlib
import hmac

BITS = 52
SPAN: int = 2**BITS
DEFAULT_EDGE_PERCENT = 1
INSTANT_CRASH = 100  # 1.00x: the round busts before anyone can cash out


def crash_bits(link: bytes, salt: str) -> int:
    """``r``: the first 52 bits of HMAC-SHA256(key=salt, msg=link), big-endian."""
    digest = hmac.digest(salt.encode(), link, hashlib.sha256)
    return int.from_bytes(digest[:7], "big") >> (56 - BITS)


def crash_point_from_bits(r: int, edge_percent: int = DEFAULT_EDGE_PERCENT) -> int:
    """The crash point in hundredths for 52 bits ``r``; floor division keeps it exact."""
    if not 0 <= r < SPAN:
        raise ValueError(f"r must be a {BITS}-bit integer, got {r}")
    if not isinstance(edge_percent, int) or not 0 <= edge_percent < 100:
        raise ValueError(f"the edge must be an integer percentage in 0..99, got {edge_percent!r}")
    return max(INSTANT_CRASH, (100 - edge_percent) * SPAN // (SPAN - r))


def crash_point(link: bytes, salt: str, edge_percent: int = DEFAULT_EDGE_PERCENT) -> int:
    """The crash point in hundredths (e.g. 2123 for 21.23x) of the round using ``link``."""
    return crash_point_from_bits(crash_bits(link, salt), edge_percent)
