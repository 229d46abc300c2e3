"""Roulettes of the rules (12.1, 12.18): one wheel, many tables."""
