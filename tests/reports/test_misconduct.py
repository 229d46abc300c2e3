"""The suspicious-patterns report finds each pattern in games played through the lobby and
the runtime, and nothing in innocent play beside it; the page is for staff with the
permission only."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.test import RequestFactory
from django.urls import reverse

from accounts.signins import record_sign_in
from games import services
from reports import misconduct
from reports.history import default_period
from tests.games import conftest as games_fixtures

pytestmark = pytest.mark.django_db

clock = games_fixtures.clock  # the games' clock under the test's control


@pytest.fixture
def given_up(start_table):
    """A two-player money game in which `loser` resigns to `winner`, settled."""

    def play(winner, loser, stake: int = 1_000):
        game, _ = start_table("rps", {}, stake=stake, players=[winner, loser])
        services.resign(game.pk, loser)
        return services.settle_game(game.pk)

    return play


@pytest.fixture
def timed_out(start_table, clock):
    """A game `loser` loses by running out of game time."""

    def play(winner, loser):
        game, _ = start_table("rps", {}, players=[loser, winner], game_minutes=1)
        if game.state["first"] == 1:  # the winner's sign first, then the loser's clock runs out
            game = services.submit(game.pk, winner, game.seq, {"sign": "rock"})
        clock.advance(61)
        services.ring(game.pk)
        game.refresh_from_db()
        assert game.actions.last().actor == "timeout"
        return services.settle_game(game.pk)

    return play


FOUR_MEETINGS = misconduct.Thresholds(min_meetings=4)


def pairs_found(thresholds=FOUR_MEETINGS):
    return {
        frozenset((pair.first, pair.second)): pair.together
        for pair in misconduct.frequent_pairs(default_period(), thresholds)
    }


def test_a_pair_who_meet_in_most_of_their_games_is_found(played_game, funded_player):
    a, b = funded_player(), funded_player()
    for n in range(4):
        played_game([a, b] if n % 2 else [b, a])
    # A regular among many: c and d meet 4 times, each in 9 games (4/9 < a half).
    c, d = funded_player(), funded_player()
    for _ in range(4):
        played_game([c, d])
    for _ in range(5):
        played_game([c, funded_player()])
        played_game([funded_player(), d])
    # Two who met in all their games, but only twice: not enough to say anything.
    e, f = funded_player(), funded_player()
    for _ in range(2):
        played_game([e, f])
    assert pairs_found() == {frozenset((a, b)): 4}
    # At the default of 10 games together, none of them is a lead; at 40% c and d are.
    assert pairs_found(misconduct.DEFAULT) == {}
    loose = misconduct.Thresholds(min_meetings=4, meeting_percent=40)
    assert pairs_found(loose) == {frozenset((a, b)): 4, frozenset((c, d)): 4}
    (pair,) = misconduct.frequent_pairs(default_period(), FOUR_MEETINGS)
    assert (pair.first_games, pair.second_games, pair.share) == (4, 4, 1.0)


def test_repeated_resignations_to_one_opponent_are_found_with_what_they_cost(
    given_up, timed_out, funded_player
):
    dumper, partner = funded_player(), funded_player()
    games = [given_up(partner, dumper, stake=2_000) for _ in range(2)]
    games.append(timed_out(partner, dumper))
    (lead,) = misconduct.chip_dumping(default_period())
    assert (lead.loser, lead.winner) == (dumper, partner)
    assert lead.games == [game.pk for game in games]
    assert lead.how == {"resigned or left": 2, "ran out of time": 1}
    # What the loser lost is what the ledger took from them: the stakes.
    assert lead.lost == 2_000 + 2_000 + 1_000


def test_innocent_losses_are_not_chip_dumping(given_up, played_game, funded_player):
    unlucky, strong = funded_player(), funded_player()
    for _ in range(4):  # losing again and again by play is not giving up
        played_game([strong, unlucky])
    quitter = funded_player()
    for _ in range(3):  # resigning to a different opponent each time
        given_up(funded_player(), quitter)
    rivals = funded_player(), funded_player()
    for n in range(4):  # two who resign to each other by turns: neither loses three
        given_up(rivals[n % 2], rivals[1 - n % 2])
    assert misconduct.chip_dumping(default_period()) == []


def sign_in(user, address: str, agent: str = "Browser 1") -> None:
    record_sign_in(user, RequestFactory().get("/", REMOTE_ADDR=address, HTTP_USER_AGENT=agent))


def test_accounts_sharing_a_device_or_an_address_are_found(make_user):
    twin_a, twin_b = make_user(), make_user()
    sign_in(twin_a, "192.0.2.10")
    sign_in(twin_b, "192.0.2.10")
    sign_in(twin_b, "192.0.2.10")
    flat = [make_user() for _ in range(3)]
    for n, user in enumerate(flat):
        sign_in(user, "192.0.2.99", agent=f"Browser {n}")
    found = {
        (group.kind, tuple(group.accounts))
        for group in misconduct.shared_sign_ins(default_period())
    }
    by_email = lambda users: tuple(sorted(users, key=lambda u: u.email))  # noqa: E731
    assert found == {
        ("device", by_email([twin_a, twin_b])),
        ("address", by_email(flat)),
    }
    device = next(g for g in misconduct.shared_sign_ins(default_period()) if g.kind == "device")
    assert device.sign_ins == 3 and device.key == twin_a.sign_ins.get().device


def test_innocent_sign_ins_are_not_found(make_user):
    household = make_user(), make_user()  # two people, two browsers, one address
    sign_in(household[0], "192.0.2.20", agent="Browser 1")
    sign_in(household[1], "192.0.2.20", agent="Browser 2")
    traveller = make_user()  # one person, many addresses
    for n in range(5):
        sign_in(traveller, f"198.51.100.{n}")
    assert misconduct.shared_sign_ins(default_period()) == []


def test_the_page_is_for_staff_with_the_permission(client, make_user, given_up, funded_player):
    dumper, partner = funded_player(), funded_player()
    for _ in range(3):
        given_up(partner, dumper)
    url = reverse("reports:misconduct")
    client.force_login(make_user())
    assert client.get(url).status_code == 403
    staff = make_user(is_staff=True)
    client.force_login(staff)
    assert client.get(url).status_code == 403
    staff.user_permissions.add(Permission.objects.get(codename="review_conduct"))
    page = client.get(url, {"start": "2000-01-01", "end": "2099-12-31"})
    assert page.status_code == 200
    body = page.content.decode()
    assert f"{dumper.email}</a> lost 3 games to" in body
    assert "Conduct</a>" in body  # the staff menu links the page
    # Staff raise a threshold on the page: three games given up are no longer a lead.
    stricter = client.get(url, {"start": "2000-01-01", "end": "2099-12-31", "min_dumps": 4})
    assert "lost 3 games to" not in stricter.content.decode()
    assert "At least 4 two-player money games" in stricter.content.decode()
    # A threshold out of bounds is refused with its error, and the defaults stand.
    refused = client.get(url, {"start": "2000-01-01", "end": "2099-12-31", "min_dumps": -1})
    assert "lost 3 games to" in refused.content.decode()
    assert refused.context["form"].errors["min_dumps"]


def test_staff_follow_a_shared_device_to_its_log_ins(client, make_user):
    twins = make_user(), make_user()
    for user in twins:
        sign_in(user, "192.0.2.30")
    sign_in(make_user(), "192.0.2.31")
    staff = make_user(is_staff=True)
    staff.user_permissions.add(
        *Permission.objects.filter(codename__in=["review_conduct", "view_signin"])
    )
    client.force_login(staff)
    page = client.get(reverse("reports:misconduct")).content.decode()
    device = twins[0].sign_ins.get().device
    link = f"{reverse('admin:accounts_signin_changelist')}?device__exact={device}"
    assert link in page
    listing = client.get(link).content.decode()
    assert all(user.email in listing for user in twins) and "192.0.2" not in listing
    assert "2 sign ins" in listing
