"""Pages, the fairness checks, verify_round and the versioned paytable admin."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from casino import draws, services
from casino.chain import next_link_down
from casino.crash.fairness import crash_point
from casino.models import Bet, KenoPaytable, Round, SeedChain

pytestmark = pytest.mark.django_db


@pytest.fixture
def played_crash(casino_settings, fake_clock):
    """Two Crash rounds played with the outcomes their links give."""
    for _ in range(2):
        services.schedule_rounds("crash")
        game_round = services.open_crash_betting()
        Round.objects.filter(pk=game_round.pk).update(closes_at=timezone.now())
        services.start_crash_run(game_round.pk)
        fake_clock.now = services.crash_at_ms(Round.objects.get(pk=game_round.pk))
        services.settle_crash(game_round.pk)
    return list(Round.objects.filter(game="crash", state="settled").order_by("number"))


def test_the_terminal_link_is_published_before_round_one_and_ten_rounds_are_fixed(
    casino_settings, client
):
    services.schedule_rounds("crash")
    chain = SeedChain.objects.get(game="crash")
    page = client.get(reverse("casino:fairness", args=["crash"])).content.decode()
    assert chain.terminal_hex in page and chain.salt in page
    assert Round.objects.filter(game="crash", state="scheduled").count() >= 10
    first = Round.objects.get(game="crash", number=1)
    assert next_link_down(bytes(first.link)) == bytes(chain.terminal)
    assert bytes(first.link).hex() not in page  # not before it is played


def test_fairness_page_shows_each_played_round_checked(played_crash, client):
    page = client.get(reverse("casino:fairness", args=["crash"])).content.decode()
    for game_round in played_crash:
        assert bytes(game_round.link).hex() in page
        recomputed = crash_point(bytes(game_round.link), game_round.chain.salt, 1)
        assert recomputed == game_round.crash_point
    assert page.count("✓ yes") == 2 and page.count("✓ same") == 2
    assert "HMAC-SHA256" in page and "fairness.js" in page
    # Round 2's link hashes to round 1's.
    assert next_link_down(bytes(played_crash[1].link)) == bytes(played_crash[0].link)


def test_round_page_and_verify_round_command(played_crash, client, capsys):
    number = played_crash[1].number
    page = client.get(reverse("casino:round", args=["crash", number])).content.decode()
    assert "✓ yes" in page and "✓ same" in page
    call_command("verify_round", "crash", str(number))
    out = capsys.readouterr().out
    assert "sha256(L[2]) == L[1]: yes" in out and "The round verifies." in out


def test_verify_round_refuses_unplayed_and_tampered_rounds(played_crash):
    with pytest.raises(CommandError, match="once it has been played"):
        call_command("verify_round", "crash", str(played_crash[-1].number + 1))
    with pytest.raises(CommandError, match="no crash round"):
        call_command("verify_round", "crash", "99999")
    Round.objects.filter(pk=played_crash[0].pk).update(outcome={"crash_point": 1_000_000})
    with pytest.raises(CommandError, match="NOT verify"):
        call_command("verify_round", "crash", str(played_crash[0].number))


def test_keno_verify_and_pages(casino_settings, client, keno_rounds):
    first = keno_rounds()
    Round.objects.filter(pk=first.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    draws.advance("keno")
    call_command("verify_round", "keno", str(first.number))
    page = client.get(reverse("casino:fairness", args=["keno"])).content.decode()
    assert bytes(first.link).hex() in page and "✓ same" in page
    keno_page = client.get(reverse("casino:keno")).content.decode()
    assert f"#{first.number}" in keno_page and "Keno Gold" in keno_page
    assert client.get(reverse("casino:crash")).status_code == 200
    assert client.get(reverse("casino:index")).status_code == 200
    assert client.get("/casino/roulette/fairness/").status_code == 404


def test_buying_a_keno_ticket_through_the_page(funded, client, keno_rounds):
    keno_rounds()
    player = funded(100_000)
    client.force_login(player)
    form = {
        "game": "keno-10",
        "numbers": "3, 14 15 62",
        "amount": "1.50",
        "draws": "3",
        "purchase": uuid.uuid4().hex,
    }
    response = client.post(reverse("casino:keno_buy"), form, follow=True)
    assert "bought for draw" in response.content.decode()
    assert Bet.objects.filter(user=player).count() == 3
    quick = {**form, "numbers": "", "quick_pick": "6", "purchase": uuid.uuid4().hex}
    client.post(reverse("casino:keno_buy"), quick)
    assert {len(t.selection["numbers"]) for t in Bet.objects.filter(user=player)} == {4, 6}
    bad = client.post(reverse("casino:keno_buy"), {**form, "numbers": "1 1"}, follow=True)
    assert "once only" in bad.content.decode()


def test_staff_edit_a_paytable_as_a_new_version(casino_settings, admin_client):
    current = KenoPaytable.objects.get(game="keno-8", version=1)
    url = reverse("admin:casino_kenopaytable_change", args=[current.pk])
    table = dict(current.table)
    table["1"] = {"1": 340}
    import json

    response = admin_client.post(
        url, {"game": "keno-8", "name": "Keno 8", "table": json.dumps(table), "note": "x"}
    )
    assert response.status_code == 302
    assert KenoPaytable.objects.get(pk=current.pk).table["1"] == {"1": 350}
    assert KenoPaytable.objects.get(game="keno-8", version=2).table["1"] == {"1": 340}
    assert services.current_paytables()["keno-8"].version == 2
    bad = admin_client.post(
        url, {"game": "keno-8", "name": "Keno 8", "table": '{"2": {"3": 100}}', "note": ""}
    )
    assert bad.status_code == 200 and "cannot make" in bad.content.decode()


def test_the_casino_page_shows_a_games_next_round_and_its_last_results(played_crash, client):
    """Crash's card: the round after the two played, and their crash points, newest first."""
    page = client.get(reverse("casino:index")).content.decode()
    card = page[page.index("rg-icon-crash") : page.index("</section>", page.index("rg-icon-crash"))]
    following = Round.objects.filter(game="crash", state="scheduled").order_by("number").first()
    assert f"Next round #{following.number}" in card
    crash = next(entry for entry in draws.lobby() if entry["game"].slug == "crash")
    shown = [f'<span class="rg-last">{text}</span>' for text in crash["last"]]
    assert shown and " · ".join(shown) in card
    assert f'href="{reverse("casino:play", args=["crash"])}">Play</a>' in card
