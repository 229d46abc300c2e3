"""The Keno ticket form reads whole numbers from ASCII digits only and refuses anything else
with the rule it broke, never Python's own "invalid literal" text, and buys nothing."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from casino.models import Bet

pytestmark = pytest.mark.django_db

NUMBERS = "Numbers are whole numbers from 1 to 80."


@pytest.mark.parametrize(
    ("fields", "refusal"),
    [
        ({"numbers": "\uff13 14 15"}, NUMBERS),  # a fullwidth 3
        ({"numbers": "3 14 1.5"}, NUMBERS),
        ({"numbers": "3 14 " + "9" * 5000}, NUMBERS),
        ({"numbers": "", "quick_pick": "six"}, "Choose how many numbers to pick."),
        ({"numbers": "", "quick_pick": "\uff16"}, "Choose how many numbers to pick."),
        ({"draws": "\uff13"}, "A ticket plays 1 to"),
        ({"draws": "-1"}, "A ticket plays 1 to"),
        ({"amount": "\uff11.50"}, "Enter an amount such as 25 or 25.50."),
    ],
)
def test_a_malformed_ticket_is_refused_with_its_rule_and_buys_nothing(
    funded, client, keno_rounds, fields, refusal
):
    keno_rounds()
    player = funded(100_000)
    client.force_login(player)
    form = {
        "game": "keno-10",
        "numbers": "3 14 15",
        "amount": "1.50",
        "draws": "1",
        "purchase": uuid.uuid4().hex,
        **fields,
    }
    page = client.post(reverse("casino:keno_buy"), form, follow=True).content.decode()
    assert refusal in page and "invalid literal" not in page
    assert not Bet.objects.filter(user=player).exists()
