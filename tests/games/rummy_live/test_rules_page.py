"""The rules page of each rummy game speaks to players: the penalty reading of the scores
is stated, and nothing below the developers' line is shown."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", ["koum-kan", "thanasis", "dynamitis"])
def test_the_rules_page_explains_the_game_to_a_player(client, slug):
    page = client.get(f"/games/rules/{slug}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "to their own score" in text and "The last player under the target wins" in text
    assert "19 jokers" in text and "The discard is compulsory" in text
    assert "How we read the text" not in text and "best_split" not in text
