"""Crash: the pre-committed crash point, the growth curve and the Auto mode (pure)."""
