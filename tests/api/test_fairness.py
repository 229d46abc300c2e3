"""The public fairness API and the stand-alone verifier (scripts/verify.py), run as its
own process without Django against a live server on real rounds and games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from casino.models import Round

ROOT = Path(__file__).resolve().parents[2]
VERIFY = ROOT / "scripts" / "verify.py"


def verify(url: str, *args: str) -> subprocess.CompletedProcess:
    # -S: no site-packages, so the script proves it needs neither Django nor any package.
    return subprocess.run(
        [sys.executable, "-S", str(VERIFY), "--api", url, *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd="/",
    )


@pytest.mark.slow
def test_the_verifier_recomputes_every_kind_of_round_and_game_from_the_api_alone(
    live_server_url, played_crash, played_draw, played_rps, resigned
):
    rounds = [
        played_crash(),
        played_draw("keno"),
        played_draw("roulette-european", "red"),
        played_draw("roulette-lightning"),
        played_draw("sic-bo"),
    ]
    games = [played_rps()[0], resigned("backgammon"), resigned("dominoes")]
    for game_round in rounds:
        done = verify(live_server_url, "round", game_round.game, str(game_round.number))
        assert done.returncode == 0, done.stdout + done.stderr
        assert "outcome recomputed" in done.stdout and "OK" in done.stdout
    for game in games:
        done = verify(live_server_url, "game", str(game.pk))
        assert done.returncode == 0, done.stdout + done.stderr
        assert "deal recomputed" in done.stdout and "replayed to its end" in done.stdout
    done = verify(live_server_url, "rounds", "--limit", "50")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("outcome recomputed") == len(rounds)


@pytest.mark.slow
def test_the_verifier_fails_a_round_or_game_whose_record_was_altered(
    live_server_url, played_draw, played_rps
):
    game_round = played_draw("roulette-european")
    pocket = game_round.outcome["pockets"][0]
    Round.objects.filter(pk=game_round.pk).update(
        outcome={**game_round.outcome, "pockets": ["0" if pocket != "0" else "1"]}
    )
    done = verify(live_server_url, "round", game_round.game, str(game_round.number))
    assert done.returncode == 1 and "FAILED" in done.stdout and "recomputed" in done.stdout

    game, _ = played_rps()
    game.outcome = {**game.outcome, "placing": list(reversed(game.outcome["placing"]))}
    game.save(update_fields=["outcome"])
    done = verify(live_server_url, "game", str(game.pk))
    assert done.returncode == 1 and "FAILED" in done.stdout


@pytest.mark.django_db
def test_a_round_not_yet_played_and_a_game_in_play_keep_their_secrets(
    client, casino_settings, start_table
):
    from casino import services

    services.schedule_rounds("crash")
    upcoming = Round.objects.filter(game="crash").first()
    answer = client.get(f"/api/fairness/rounds/crash/{upcoming.number}/")
    assert answer.status_code == 404
    assert "link" not in answer.json()
    game, _ = start_table("rps", {})
    answer = client.get(f"/api/fairness/games/{game.pk}/")
    assert answer.status_code == 404 and "seed" not in answer.json()
    assert client.get("/api/fairness/games/").json()["count"] == 0


@pytest.mark.django_db
def test_a_private_games_moves_stay_with_those_who_may_see_its_replay(client, played_rps):
    game, (alice, _) = played_rps(private=True)
    public = client.get(f"/api/fairness/games/{game.pk}/").json()
    assert public["seed"] == bytes(game.seed).hex()
    assert public["actions"] is None and public["final_state"] is None
    client.force_login(alice)
    own = client.get(f"/api/fairness/games/{game.pk}/").json()
    assert len(own["actions"]) == game.actions.count() and own["final_state"] == game.state


@pytest.mark.django_db
def test_the_chain_heads_are_published_and_filters_are_checked(client, casino_settings):
    from casino import services

    services.schedule_rounds("keno")
    heads = client.get("/api/fairness/chains/", {"game": "keno"}).json()
    assert [h["game"] for h in heads] == ["keno"] and len(heads[0]["terminal"]) == 64
    assert "secret" not in heads[0]
    refused = client.get("/api/fairness/chains/", {"game": "nope"})
    assert refused.status_code == 400 and "game" in refused.json()
    assert client.get("/api/fairness/rounds/", {"page": "9"}).status_code == 404
