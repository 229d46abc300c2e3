"""Pilotta and Belote: the trick-taking family (plain Python, no Django).

`rules.ENGINES` holds the engines; `bots` plays any seat; `scoring` holds the pure money
helpers (Double stake reserve, Pilotta's loss-of-connection settlement).
"""
