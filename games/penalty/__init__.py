"""Penalty Shootout: two seats take turns as forward and goalkeeper over a 6-sector goal."""
