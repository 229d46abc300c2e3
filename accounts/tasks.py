"""Celery tasks of accounts: beat nudges, the database decides (safe to run twice)."""

from __future__ import annotations

from celery import shared_task

from accounts import protection


@shared_task(ignore_result=True)
def announce_reality_checks() -> int:
    return protection.announce_due_reality_checks()
