"""Dice games of the rules: Sic Bo (12.25), Dice Duel (12.40), Craps (12.41), Lightning Dice (12.47)."""
