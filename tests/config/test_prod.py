"""`python -m config.prod`'s plan and nginx files, and the queues tasks are routed to
(tests/config/test_behind_nginx.py runs the whole start behind nginx)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from config import prod
from config.celery import app


def plan(**fields) -> prod.Plan:
    made = prod.Plan()
    made.web, made.web_port, made.nginx_listen, made.log_level = 3, 9001, "", "WARNING"
    for name, value in fields.items():
        setattr(made, name, value)
    return made


def test_the_plan_is_n_web_processes_a_worker_per_queue_and_exactly_one_beat():
    names = dict(prod.child_commands(plan()))
    webs = [name for name in names if name.startswith("web-")]
    assert [names[web][names[web].index("-p") + 1] for web in webs] == ["9001", "9002", "9003"]
    assert all("--proxy-headers" in names[web] and "127.0.0.1" in names[web] for web in webs)
    workers = {name: command for name, command in names.items() if name.startswith("worker-")}
    consumed = sorted(command[command.index("-Q") + 1] for command in workers.values())
    assert consumed == sorted(settings.WORK_QUEUES.values())
    assert sum(1 for command in names.values() if "beat" in command) == 1
    assert "nginx" not in names
    assert all(command[:2] == ["env", "DB_POOL_SIZE=2"] for command in workers.values())
    with_nginx = dict(prod.child_commands(plan(nginx_listen="127.0.0.1:8080")))
    assert with_nginx["nginx"][-2:] == ["-e", str(plan().nginx_prefix / "error.log")]


def test_concurrency_per_queue_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("WORKERS_EXPORTS", "3")
    monkeypatch.setenv("WEB_PROCESSES", "4")
    made = prod.Plan()
    assert made.web == 4 and made.concurrency["exports"] == 3
    command = dict(prod.child_commands(made))["worker-exports"]
    assert command[command.index("-c") + 1] == "3"


@pytest.mark.parametrize(
    ("task", "kind"),
    [
        ("games.tasks.ring", "games"),
        ("games.tasks.settle", "games"),
        ("games.tasks.sweep", "games"),
        ("games.presence.sweep_lapsed_leases", "games"),
        ("reports.tasks.record_heartbeat", "games"),
        ("casino.tasks.crash_cycle", "rounds"),
        ("casino.tasks.run_crash_round", "rounds"),
        ("casino.tasks.draw_cycle", "rounds"),
        ("reports.tasks.run_export", "exports"),
        ("anything.else", "default"),
    ],
)
def test_each_kind_of_work_has_its_queue(task, kind):
    """An export queued behind others never delays a crash tick or a game's timer."""
    assert app.amqp.router.route({}, task)["queue"].name == settings.WORK_QUEUES[kind]


def test_every_queue_is_declared_so_a_worker_without_q_consumes_them_all():
    assert {queue.name for queue in settings.CELERY_TASK_QUEUES} == set(
        settings.WORK_QUEUES.values()
    )


def test_the_site_file_names_every_web_process_and_static_root_and_upgrades_sockets():
    text = prod.site_conf(plan(nginx_listen="127.0.0.1:8080"), access_log="/tmp/a.log")
    for port in (9001, 9002, 9003):
        assert f"server 127.0.0.1:{port};" in text
    assert f"alias {str(settings.STATIC_ROOT).rstrip('/')}/;" in text
    assert "listen 127.0.0.1:8080;" in text and "access_log /tmp/a.log longtable;" in text
    assert "proxy_set_header Upgrade $http_upgrade;" in text
    # The port stays in Host (CSRF's origin check); the client's forwarded headers are replaced.
    assert "proxy_set_header Host $http_host;" in text
    assert "$proxy_add_x_forwarded_for" not in text
    assert not re.search(r"@[A-Z_]+@", text)


def test_a_placeholder_left_unfilled_is_an_error():
    with pytest.raises(ValueError, match="@LISTEN@"):
        prod.fill("listen @LISTEN@;", {})


def test_forwarded_proto_is_trusted_only_behind_https():
    assert not settings.HTTPS and settings.SECURE_PROXY_SSL_HEADER is None


def test_the_start_refuses_a_missing_secret_or_debug(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(SystemExit, match="SECRET_KEY"):
        prod.check_environment()
    for name in prod.REQUIRED:
        monkeypatch.setenv(name, "x")
    monkeypatch.setenv("DEBUG", "1")
    with pytest.raises(SystemExit, match="DEBUG"):
        prod.check_environment()
