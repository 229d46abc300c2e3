"""Regulator tokens: issued and revoked by staff in the admin (audited), every use in
the audit log, scoped, rate-limited."""

from __future__ import annotations

import pytest

from api.models import ApiToken
from reports.models import AuditLog

pytestmark = pytest.mark.django_db


def bearer(key: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {key}"}


def test_staff_issue_a_token_in_the_admin_see_it_once_and_revoke_it(client, make_user, regulator):
    staff = make_user(is_staff=True, is_superuser=True)
    client.force_login(staff)
    answer = client.post(
        "/admin/api/apitoken/add/",
        {"name": "Regulator's reporting system", "user": regulator.pk, "scope": "regulator"},
        follow=True,
    )
    assert answer.status_code == 200
    shown = next(m.message for m in answer.context["messages"] if "shown this once" in m.message)
    key = shown.rsplit(" ", 1)[1]
    token = ApiToken.objects.get()
    assert token.key_digest != key and key not in str(token.__dict__)  # only its hash kept
    assert AuditLog.objects.filter(action="api.token.issue", target_id=str(token.pk)).exists()

    api = client.__class__()
    assert api.get("/api/regulator/reports/", **bearer(key)).status_code == 200
    use = AuditLog.objects.get(action="api.read")
    assert use.actor == regulator and use.target_id == str(token.pk)
    assert use.reason == "GET /api/regulator/reports/"

    client.post(
        "/admin/api/apitoken/",
        {"action": "revoke", "_selected_action": [token.pk]},
        follow=True,
    )
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert AuditLog.objects.filter(action="api.token.revoke", target_id=str(token.pk)).exists()
    refused = api.get("/api/regulator/reports/", **bearer(key))
    assert refused.status_code == 401
    assert AuditLog.objects.filter(action="api.read").count() == 1


def test_the_admin_refuses_a_regulator_token_for_someone_who_is_not_one(client, make_user):
    client.force_login(make_user(is_staff=True, is_superuser=True))
    player = make_user()
    answer = client.post(
        "/admin/api/apitoken/add/", {"name": "x", "user": player.pk, "scope": "regulator"}
    )
    assert answer.status_code == 200 and not ApiToken.objects.exists()
    assert "regulator" in str(answer.context["adminform"].form.errors)


def test_a_regulator_cannot_issue_tokens(client, regulator):
    client.force_login(regulator)
    answer = client.post(
        "/admin/api/apitoken/add/", {"name": "x", "user": regulator.pk, "scope": "regulator"}
    )
    assert answer.status_code == 403 and not ApiToken.objects.exists()


def test_scopes_keep_regulators_and_players_apart(client, regulator, make_user, issue_token):
    _, regulator_key = issue_token(regulator)
    player = make_user()
    _, player_key = issue_token(player, "player")
    for path in ("/api/player/balance/", "/api/player/bets/", "/api/player/history/"):
        assert client.get(path, **bearer(regulator_key)).status_code == 403
        assert client.get(path, **bearer(player_key)).status_code == 200
    for path in ("/api/regulator/reports/", "/api/regulator/reports/games/"):
        assert client.get(path, **bearer(player_key)).status_code == 403
        assert client.get(path, **bearer(regulator_key)).status_code == 200
    client.force_login(player)  # a player's session reaches no regulator endpoint either
    assert client.get("/api/regulator/reports/").status_code in (401, 403)
    client.force_login(regulator)  # nor a regulator's session: the machine path is a token
    assert client.get("/api/regulator/reports/").status_code in (401, 403)
    assert client.get("/api/player/balance/").status_code == 403


def test_a_token_stops_working_when_its_holder_is_blocked_or_loses_the_role(
    client, regulator, issue_token
):
    _, key = issue_token(regulator)
    regulator.groups.clear()
    assert client.get("/api/regulator/reports/", **bearer(key)).status_code == 401


@pytest.mark.parametrize(
    "header", ["Bearer", "Bearer a b", "Bearer nope", "Bearer \u00e9\u00e9", "Token x"]
)
def test_a_bad_authorization_header_is_a_clean_4xx(client, header):
    answer = client.get("/api/regulator/reports/", HTTP_AUTHORIZATION=header)
    assert answer.status_code in (401, 403)


def test_regulator_calls_are_rate_limited_per_token(client, settings, regulator, issue_token):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "regulator": "3/min",
        },
    }
    _, key = issue_token(regulator)
    _, other = issue_token(regulator, name="another system")
    codes = [client.get("/api/regulator/reports/", **bearer(key)).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert client.get("/api/regulator/reports/", **bearer(other)).status_code == 200
