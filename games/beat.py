"""The live runtime's beat entries and task modules beyond games/tasks.py (config/settings.py
reads them; no Django import here, settings are not ready when it does)."""

from __future__ import annotations

GAMES_TASK_MODULES = ("games.presence",)

GAMES_BEAT_SCHEDULE: dict[str, dict] = {
    # Seated sockets whose lease lapsed (their server died) go offline within a period.
    "games-presence-sweep": {
        "task": "games.presence.sweep_lapsed_leases",
        "schedule": 5.0,
        "options": {"expires": 5},
    },
}
