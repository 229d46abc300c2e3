"""The house rounds' settings and beat entries (read by config/settings.py)."""

CASINO_BEAT_SCHEDULE: dict[str, dict] = {}
