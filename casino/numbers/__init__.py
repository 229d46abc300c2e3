"""Number draws of the rules: one ball, five, six, seven or twenty of a drum, and a run of
card colours (casino/numbers/RULES.md)."""
