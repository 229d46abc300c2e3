"""The Prometheus metrics, one object each, counted where the thing happens.

prometheus-client picks its storage when it is imported: in memory for this process, or,
when PROMETHEUS_MULTIPROC_DIR names a directory, files there that every process of the
host writes and the web process's /metrics/ sums (config/metrics.py). Label values are
few and fixed (view names, game slugs, refusal codes, task names): never an id.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from prometheus_client import Counter, Gauge, Histogram

PREFIX = "longtable"

REQUESTS = Counter(
    f"{PREFIX}_http_requests",
    "HTTP requests answered, by view name, method and status code",
    ["view", "method", "status"],
)
REQUEST_SECONDS = Histogram(
    f"{PREFIX}_http_request_duration_seconds",
    "Time to answer an HTTP request, by view name",
    ["view"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
SOCKETS_OPEN = Gauge(
    f"{PREFIX}_sockets_open",
    "WebSockets open now, by consumer",
    ["consumer"],
    multiprocess_mode="livesum",
)
SOCKETS_OPENED = Counter(
    f"{PREFIX}_sockets_opened", "WebSockets accepted, by consumer", ["consumer"]
)
MOVES = Counter(f"{PREFIX}_moves", "Players' moves accepted, by game", ["game"])
MOVES_REFUSED = Counter(
    f"{PREFIX}_moves_refused", "Players' moves refused, by the refusal's code", ["code"]
)
BETS = Counter(f"{PREFIX}_bets", "House-round bets placed, by game", ["game"])
SETTLEMENTS = Counter(
    f"{PREFIX}_settlements",
    "Games and house rounds paid out, by kind (game, round), game and result (settled, void)",
    ["kind", "game", "result"],
)
TASK_SECONDS = Histogram(
    f"{PREFIX}_task_duration_seconds",
    "Celery task run time, by task and final state",
    ["task", "state"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0),
)


def count(metric: Counter, amount: float = 1, **labels: Any) -> None:
    """Counts once the current transaction commits (at once outside one): a movement
    rolled back never happened."""
    child = metric.labels(**labels)
    transaction.on_commit(lambda: child.inc(amount))
