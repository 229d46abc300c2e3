"""The server's clock for house rounds, in whole milliseconds since the epoch.

Every decision against a round's timeline (cash-outs, the crash instant, draw times)
reads it here, so tests replace these two functions to control time without sleeping.
Wall-clock time, not monotonic: the web and worker processes must agree on it.
"""

from __future__ import annotations

import asyncio
import time


def now_ms() -> int:
    return time.time_ns() // 1_000_000


async def sleep_ms(milliseconds: int) -> None:
    await asyncio.sleep(max(0, milliseconds) / 1000)
