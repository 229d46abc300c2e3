"""Queries about one player compiled once per process, for a stand-in, and run for each
request's player with the stand-in's id replaced by theirs. Building and compiling a query
through the ORM costs more than running it (~1.8 ms for the page header's): too much for
what every page asks."""

from __future__ import annotations

# Ids are positive: no account has this one.
STAND_IN_ID = -7_300_419_853


def for_player(params, user_id: int) -> list:
    """The stand-in query's parameters made the player's: their id, alone or inside a key
    such as their cash account's ("cash:user:<id>")."""
    return [_for_player(param, user_id) for param in params]


def _for_player(param, user_id: int):
    if param == STAND_IN_ID:
        return user_id
    if isinstance(param, str):
        return param.replace(str(STAND_IN_ID), str(user_id))
    return param
