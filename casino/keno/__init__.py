"""Keno: the pre-committed draw, the paytables of the rules and ticket checks (pure)."""
