"""/metrics/ for Prometheus: the counters of telemetry.metrics, the Celery queues' depths
read from Redis at scrape time, and the hooks that time Celery tasks.

One process (no PROMETHEUS_MULTIPROC_DIR): this process's own registry, so a web process
shows its requests, sockets, moves and bets, and not what its workers did. Several
processes on a host (daphne, the Celery worker and its children, beat) share a directory
named by PROMETHEUS_MULTIPROC_DIR, set before each starts and emptied before the first
does; prometheus-client's multiprocess collector then sums every process's files.
"""

from __future__ import annotations

import hmac
import logging
import os
import time
from collections.abc import Iterator

import redis
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from prometheus_client import REGISTRY, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.registry import Collector

from telemetry import context, metrics

log = logging.getLogger(__name__)

# kombu's Redis transport keeps a queue's messages of priority p > 0 in "<queue>\x06\x16<p>".
PRIORITY_SEPARATOR = "\x06\x16"
PRIORITY_STEPS = (0, 3, 6, 9)
UNACKED_KEY = "unacked"


def multiprocess_dir() -> str | None:
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


class ThisProcess(Collector):
    """The default registry's metrics (this process's, and its platform's)."""

    def collect(self) -> Iterator[Metric]:
        yield from REGISTRY.collect()


class QueueDepths(Collector):
    """Messages waiting in each Celery queue and taken but not acknowledged, read from
    the broker's Redis when scraped (nothing to keep up to date in between)."""

    def collect(self) -> Iterator[Metric]:
        waiting = GaugeMetricFamily(
            f"{metrics.PREFIX}_queue_depth",
            "Celery messages waiting in the broker, by queue",
            labels=["queue"],
        )
        unacked = GaugeMetricFamily(
            f"{metrics.PREFIX}_queue_unacked",
            "Celery messages a worker has taken and not yet acknowledged",
        )
        up = GaugeMetricFamily(
            f"{metrics.PREFIX}_queue_broker_up", "1 if the broker answered this scrape"
        )
        client = redis.Redis.from_url(
            settings.CELERY_BROKER_URL, socket_connect_timeout=1, socket_timeout=1
        )
        try:
            for queue in queues():
                keys = [queue_key(queue, step) for step in PRIORITY_STEPS]
                with client.pipeline(transaction=False) as pipe:
                    for key in keys:
                        pipe.llen(key)
                    waiting.add_metric([queue], sum(pipe.execute()))
            unacked.add_metric([], client.hlen(UNACKED_KEY))
            up.add_metric([], 1)
        except redis.RedisError:
            log.warning("metrics: the broker's Redis does not answer", exc_info=True)
            up.add_metric([], 0)
            yield up
            return
        finally:
            client.close()
        yield from (waiting, unacked, up)


def queues() -> list[str]:
    names = [settings.CELERY_TASK_DEFAULT_QUEUE]
    for route in (getattr(settings, "CELERY_TASK_ROUTES", None) or {}).values():
        if isinstance(route, dict) and route.get("queue") and route["queue"] not in names:
            names.append(route["queue"])
    return names


def queue_key(queue: str, step: int) -> str:
    return queue if step == 0 else f"{queue}{PRIORITY_SEPARATOR}{step}"


def registry() -> CollectorRegistry:
    """What one scrape reads: every process's files, or this process's registry."""
    scrape = CollectorRegistry()
    if multiprocess_dir():
        multiprocess.MultiProcessCollector(scrape)
    else:
        scrape.register(ThisProcess())
    scrape.register(QueueDepths())
    return scrape


def may_scrape(request: HttpRequest) -> bool:
    """Staff logged in, or `Authorization: Bearer <METRICS_TOKEN>` when a token is set."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and user.is_active and user.is_staff:
        return True
    token = settings.METRICS_TOKEN
    given = request.headers.get("Authorization", "")
    scheme, _, value = given.partition(" ")
    return (
        bool(token)
        and scheme.lower() == "bearer"
        and hmac.compare_digest(value.strip().encode(), token.encode())
    )


def metrics_view(request: HttpRequest) -> HttpResponse:
    if not may_scrape(request):
        return HttpResponse(
            "Metrics are for staff or a scraper with the metrics token.",
            status=403,
            content_type="text/plain; charset=utf-8",
        )
    return HttpResponse(generate_latest(registry()), content_type=CONTENT_TYPE_LATEST)


# --- Celery -------------------------------------------------------------------------------

_started: dict[str, float] = {}


def task_started(task_id: str | None = None, **_: object) -> None:
    if task_id:
        _started[task_id] = time.perf_counter()
        context.set_task(task_id)


def task_ended(task_id: str | None = None, task=None, state: str | None = None, **_: object):
    started = _started.pop(task_id, None) if task_id else None
    if started is not None:
        name = getattr(task, "name", None) or "unknown"
        metrics.TASK_SECONDS.labels(name, state or "UNKNOWN").observe(time.perf_counter() - started)
    context.set_task(None)
