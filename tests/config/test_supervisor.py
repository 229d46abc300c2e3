"""`make run`'s supervisor starts a crashed process again (with backoff) and leaves the
others serving; `make bench` runs the benchmarks."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest

from config import devserver
from config.devserver import Child, Supervisor


class FakeProcess:
    def __init__(self) -> None:
        self.code: int | None = None

    def poll(self) -> int | None:
        return self.code


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_crashed_child_restarts_with_doubling_backoff_and_the_others_run_on():
    clock, started = Clock(), []

    def start(command):
        started.append(command[0])
        return FakeProcess()

    web, worker = Child("web", ["web"]), Child("worker", ["worker"])
    supervisor = Supervisor([web, worker], start=start, clock=clock)
    supervisor.start_all()
    first_web = web.process
    pauses = []
    for _ in range(4):
        worker.process.code = 1  # crashes at once, each time
        supervisor.check()
        pauses.append(worker.restart_at - clock.now)
        clock.now = worker.restart_at
        supervisor.check()
    assert pauses == [1.0, 2.0, 4.0, 8.0]
    assert started == ["web", "worker"] + ["worker"] * 4
    assert web.process is first_web and worker.restarts == 4

    clock.now += devserver.RESTART_STABLE_SECONDS  # ran a good while: healthy again
    worker.process.code = -9
    supervisor.check()
    assert worker.restart_at - clock.now == 1.0


def test_the_backoff_stops_growing_at_its_cap():
    clock = Clock()
    child = Child("beat", ["beat"])
    supervisor = Supervisor([child], start=lambda command: FakeProcess(), clock=clock)
    supervisor.start_all()
    for _ in range(12):
        child.process.code = 1
        supervisor.check()
        clock.now = child.restart_at
        supervisor.check()
    child.process.code = 1
    supervisor.check()
    assert child.restart_at - clock.now == devserver.RESTART_MAX_SECONDS


@pytest.mark.slow
def test_real_processes_a_crashing_one_comes_back_the_other_keeps_serving(tmp_path):
    runs = tmp_path / "runs"
    crasher = f"open({str(runs)!r}, 'a').write('run\\n'); raise SystemExit(3)"
    steady = Child("web", [sys.executable, "-c", "import time; time.sleep(60)"])
    crashing = Child("worker", [sys.executable, "-c", crasher])
    supervisor = Supervisor([steady, crashing], start=subprocess.Popen)
    supervisor.start_all()
    web = steady.process
    try:
        deadline = time.monotonic() + 20
        while runs.read_text().count("run") < 3 if runs.exists() else True:
            assert time.monotonic() < deadline, "the crashing child was not restarted"
            supervisor.check()
            time.sleep(0.1)
        assert steady.process is web and web.poll() is None
    finally:
        supervisor.stop_all()
    assert web.poll() is not None


def test_bench_names_the_benchmarks_of_bench_readme_and_refuses_others(capsys):
    assert devserver.bench(["nonsense"]) == 2
    assert "choose from ledger, live, rounds" in capsys.readouterr().out
    for name in devserver.BENCHMARKS:
        assert (devserver.ROOT / "bench" / f"{name}.py").exists()


def test_the_embedded_redis_moves_off_a_port_another_server_holds(monkeypatch, capsys):
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        taken = squatter.getsockname()[1]
        monkeypatch.setattr(devserver, "EMBEDDED_REDIS_PORT", taken)
        port = devserver.embedded_redis_port()
    assert port != taken and port > 0
    assert f"Port {taken} is taken by another server" in capsys.readouterr().out


def test_run_logs_workers_at_the_level_asked_and_ends_start_up_with_one_banner():
    web, worker, beat = devserver.child_commands("8123", "WARNING")
    assert web[-3:] == ["-p", "8123", "config.asgi:application"]
    assert web[web.index("--access-log") + 1] == os.devnull  # the site logs its requests
    assert worker[worker.index("-l") + 1] == beat[beat.index("-l") + 1] == "WARNING"
    assert "-q" in worker and "-q" in beat
    assert "-q" not in devserver.child_commands("8123", "INFO")[1]
    text = devserver.banner("http://127.0.0.1:8123", "Demo accounts\n  player  a@b.c\n")
    assert "http://127.0.0.1:8123 is up" in text and "player  a@b.c" in text


def test_a_child_that_exits_is_forgotten_by_the_metrics_and_the_folder_starts_empty(
    tmp_path, monkeypatch
):
    """Under `make run` every process writes its metrics to one folder: emptied at start,
    and the gauges of a process that exited (its open sockets) stop counting."""
    clock, forgotten = Clock(), []

    class Exiting(FakeProcess):
        pid = 4242

    supervisor = Supervisor(
        [Child("web", ["web"])], start=lambda _: Exiting(), clock=clock, on_exit=forgotten.append
    )
    supervisor.start_all()
    supervisor.check()
    assert forgotten == []
    supervisor.children[0].process.code = 1
    supervisor.check()
    assert forgotten == [4242]

    monkeypatch.setattr(devserver, "DATA_DIR", tmp_path)
    env: dict[str, str] = {}
    folder = devserver.fresh_metrics_dir(env)
    assert env["PROMETHEUS_MULTIPROC_DIR"] == str(folder) == str(tmp_path / "metrics")
    (folder / "gauge_livesum_4242.db").write_bytes(b"")
    (folder / "counter_4242.db").write_bytes(b"")
    devserver.forget_process(folder, 4242)
    assert [p.name for p in folder.iterdir()] == ["counter_4242.db"]
    assert devserver.fresh_metrics_dir(env) == folder and list(folder.iterdir()) == []
