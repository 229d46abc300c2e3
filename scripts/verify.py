#!/usr/bin/env python3
"""Verify a Longtable round or game from the public fairness API alone.

    python scripts/verify.py --api https://longtable.example round crash 1234
    python scripts/verify.py --api https://longtable.example game 567
    python scripts/verify.py --api https://longtable.example rounds --game keno --limit 20

No Django and no database: the standard library fetches the records over HTTP, and the
repository's plain-Python modules recompute them (the published generator games/rng.py,
the seed chain casino/chain.py, each round game's `committed_outcome` in casino/registry.py,
each live game's engine in games/registry.py). The checks, described in
docs/architecture.md ("Randomness") and docs/api.md:

- a round: sha256(link) equals the commitment L[n-1]; hashing the link n times gives the
  chain's terminal link L[0] as published at /api/fairness/chains/; the game's outcome
  recomputed from (link, the chain's salt, the round number) equals the one published;
- a game: sha256(seed) equals the hash shown at its start; the deal and dice replayed
  from the seed and the action log give the final state and the outcome published.

Exit status 0 when everything verifies, 1 when something does not, 2 on a usage or
network error.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import urllib.parse
import urllib.request
from importlib import import_module
from pathlib import Path
from typing import Any

# The repository's pure modules sit beside this script's folder.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from casino import registry as round_games
from casino.chain import verify_against_terminal, verify_link
from games import registry as engines
from games.rng import Rng


class Failed(Exception):
    pass


def fetch(api: str, path: str, **query: Any) -> Any:
    query = {key: value for key, value in query.items() if value is not None}
    url = api.rstrip("/") + path + ("?" + urllib.parse.urlencode(query) if query else "")
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def _plain(value: Any) -> Any:
    """A value as JSON carries it (tuples become lists), for comparing states."""
    return json.loads(json.dumps(value))


# --- rounds -------------------------------------------------------------------------------


def chain_heads(api: str, game: str) -> dict[int, dict]:
    return {chain["id"]: chain for chain in fetch(api, "/api/fairness/chains/", game=game)}


def check_round(record: dict, heads: dict[int, dict]) -> list[str]:
    """What verifies about one round record; raises Failed on the first thing that does
    not."""
    game, number = record["game"], record["number"]
    link = bytes.fromhex(record["link"])
    commitment = bytes.fromhex(record["commitment"])
    head = heads.get(record["chain"]["id"])
    if head is None:
        raise Failed(f"{game} #{number}: its chain is not among the published chains")
    if not verify_link(link, commitment):
        raise Failed(f"{game} #{number}: sha256(link) is not the commitment L[n-1]")
    terminal = bytes.fromhex(head["terminal"])
    if not verify_against_terminal(link, record["link_index"], terminal):
        raise Failed(f"{game} #{number}: the link does not hash down to the chain's L[0]")
    recomputed = round_games.get(game).committed_outcome(link, head["salt"], number)
    if _plain(recomputed) != record["outcome"]:
        raise Failed(
            f"{game} #{number}: recomputed {json.dumps(recomputed)}, "
            f"published {json.dumps(record['outcome'])}"
        )
    return [
        f"{game} #{number}: sha256(link) = commitment L[{record['link_index'] - 1}]",
        f"{game} #{number}: link hashes down to the published L[0] {head['terminal'][:16]}…",
        f"{game} #{number}: outcome recomputed {json.dumps(recomputed, sort_keys=True)}",
    ]


# --- live games ---------------------------------------------------------------------------


def engine_of(slug: str) -> Any:
    """The engine of ``slug``, importing the families one at a time: a family whose rules
    need a package this verifier does without (poker's PokerKit) is skipped unless asked."""
    for family in engines.FAMILIES:
        try:
            module = import_module(family)
        except ImportError:
            continue
        for engine in module.ENGINES:
            if engine.slug == slug:
                return engine
    raise Failed(f"no engine here plays {slug!r} (is its family's package installed?)")


def replay(record: dict) -> tuple[Any, Any]:
    """(the state after the deal, the state after the last logged action), rebuilt as
    games/replay.py does, with the generator's stream of each step."""
    engine = engine_of(record["game"])
    seed, salt = bytes.fromhex(record["seed"]), record["salt"]
    options = engine.Options.from_json(record["options"])
    dealt = state = engine.start(options, record["seats"], Rng(seed, salt, 0))
    for logged in record["actions"] or []:
        if logged["kind"] == "act":
            state = engine.apply(
                state, logged["seat"], logged["action"], Rng(seed, salt, logged["seq"])
            )
        elif logged["kind"] == "clock":
            state = engine.clock_spent(state, logged["seat"], logged["action"]["left_ms"])
        elif logged["kind"] == "time":
            state = engine.time_passed(state, logged["action"]["elapsed_ms"])
        elif logged["kind"] == "forfeit" or (
            logged["kind"] == "disconnect" and engine.on_disconnect != "bot"
        ):
            state = engine.forfeit(state, logged["seat"])
    return dealt, state


def check_game(record: dict) -> list[str]:
    game_id = record["id"]
    seed = bytes.fromhex(record["seed"])
    if hashlib.sha256(seed).hexdigest() != record["seed_hash"]:
        raise Failed(f"game {game_id}: sha256(seed) is not the hash shown at its start")
    lines = [f"game {game_id}: sha256(seed) = {record['seed_hash'][:16]}… shown at the start"]
    dealt, state = replay(record)
    lines.append(f"game {game_id}: deal recomputed {json.dumps(_plain(dealt), sort_keys=True)}")
    if record["actions"] is None:
        lines.append(f"game {game_id}: private game: its moves are shown to its players only")
        return lines
    if _plain(state) != record["final_state"]:
        raise Failed(f"game {game_id}: replaying its moves does not give its final state")
    lines.append(f"game {game_id}: {len(record['actions'])} logged steps replayed to its end")
    outcome = engine_of(record["game"]).outcome(state)
    if outcome is None:
        if record["status"] != "void":
            raise Failed(f"game {game_id}: the replayed game is not over")
        lines.append(f"game {game_id}: void ({record['outcome']['reason']}): every stake returned")
        return lines
    if record["status"] != "void" and outcome.as_json() != record["outcome"]:
        raise Failed(
            f"game {game_id}: recomputed {json.dumps(outcome.as_json())}, "
            f"published {json.dumps(record['outcome'])}"
        )
    lines.append(f"game {game_id}: outcome recomputed {json.dumps(outcome.as_json())}")
    return lines


# --- command line -------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--api", required=True, help="the site's address, e.g. https://…")
    what = parser.add_subparsers(dest="what", required=True)
    one_round = what.add_parser("round", help="one played round")
    one_round.add_argument("game")
    one_round.add_argument("number", type=int)
    one_game = what.add_parser("game", help="one finished live game")
    one_game.add_argument("id", type=int)
    latest = what.add_parser("rounds", help="the latest played rounds")
    latest.add_argument("--game")
    latest.add_argument("--limit", type=int, default=20)
    args = parser.parse_args(argv)
    try:
        if args.what == "round":
            record = fetch(args.api, f"/api/fairness/rounds/{args.game}/{args.number}/")
            lines = check_round(record, chain_heads(args.api, args.game))
        elif args.what == "game":
            lines = check_game(fetch(args.api, f"/api/fairness/games/{args.id}/"))
        else:
            page = fetch(args.api, "/api/fairness/rounds/", game=args.game, page_size=args.limit)
            lines, heads = [], {}
            for record in page["results"]:
                if record["chain"]["id"] not in heads:
                    heads.update(chain_heads(args.api, record["game"]))
                lines += check_round(record, heads)
    except Failed as failure:
        print(f"FAILED: {failure}")
        return 1
    except (OSError, ValueError, KeyError, LookupError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    print("OK: everything verifies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
