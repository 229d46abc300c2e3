"""Helpers of the watching tests: the site's own log handler read back, and a scrape of
/metrics/ read as numbers."""

from __future__ import annotations

import io
import json
import logging
import logging.config
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from prometheus_client.parser import text_string_to_metric_families

from config import logs


def _console() -> logging.Handler:
    """The site's console handler; set up again from settings.LOGGING when a test before
    took the root logger over (an in-process Celery worker replaces its handlers)."""
    for handler in logging.getLogger().handlers:
        if handler.get_name() == "console":
            return handler
    logging.config.dictConfig(settings.LOGGING)
    return next(h for h in logging.getLogger().handlers if h.get_name() == "console")


@contextmanager
def site_log(formatter: logging.Formatter | None = None) -> Iterator[io.StringIO]:
    """What the site's console handler (settings.LOGGING) writes, into a buffer; in JSON
    unless another formatter is given, whatever the terminal."""
    handler = _console()
    buffer = io.StringIO()
    previous_stream = handler.setStream(buffer)
    previous_formatter = handler.formatter
    handler.setFormatter(formatter or logs.JsonFormatter())
    try:
        yield buffer
    finally:
        handler.setFormatter(previous_formatter)
        handler.setStream(previous_stream)


def json_lines(buffer: io.StringIO) -> list[dict]:
    return [json.loads(line) for line in buffer.getvalue().splitlines() if line.strip()]


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """{(sample name, sorted labels): value} of a Prometheus text exposition."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(text: str, name: str, **labels: str) -> float:
    return samples(text).get((name, tuple(sorted(labels.items()))), 0.0)
