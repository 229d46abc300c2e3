"""Tavli and backgammon: board engines for the game contract (pure Python, no Django)."""
