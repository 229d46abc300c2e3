"""Dice games of the rules: Sic Bo, Dice Duel, Craps and Lightning Dice."""
