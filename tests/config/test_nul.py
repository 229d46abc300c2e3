"""A NUL character (which PostgreSQL text cannot hold) anywhere in a request's path, query
or form is refused at the door with a 400 that says why, and changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from lobby.models import Table
from wallet.forms import new_token
from wallet.models import Transaction

pytestmark = pytest.mark.django_db

REFUSAL = b"This request contains a character that is not allowed (NUL)."


@pytest.mark.parametrize(
    "url",
    [
        "/lobby/tables/?game=rps%00",
        "/lobby/tables/?opt_points=3%00",
        "/lobby/?min%00=1",
        "/history/?game=%00",
        "/wallet/?kind=%00",
        "/admin/wallet/transaction/?q=%00",
        "/lobby/invite/abc%00/",
    ],
)
def test_a_nul_in_a_path_or_query_is_a_400(client, make_user, url):
    client.force_login(make_user(is_staff=True, is_superuser=True))
    response = client.get(url)
    assert response.status_code == 400
    assert REFUSAL in response.content


def test_a_nul_in_a_form_is_a_400_and_moves_nothing(client, funded_player):
    player = funded_player()
    client.force_login(player)
    before = Transaction.objects.count()
    response = client.post(
        reverse("wallet:deposit"), {"amount": "10", "token": new_token(), "note": "a\x00"}
    )
    assert response.status_code == 400 and REFUSAL in response.content
    assert Transaction.objects.count() == before
    response = client.post(reverse("lobby:create", args=["rps"]), {"stake": "1\x00"})
    assert response.status_code == 400 and not Table.objects.exists()


def test_requests_without_nul_pass(client, make_user):
    client.force_login(make_user())
    assert client.get("/lobby/tables/?game=rps").status_code == 200
