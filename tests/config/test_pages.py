import pytest
from django.urls import reverse


@pytest.mark.django_db
def test_layout_has_navigation_balance_and_footer(client, make_user):
    client.force_login(make_user())
    page = client.get("/").content.decode()
    for label in ("Lobby", "Casino", "Tournaments", "History", "Wallet", "Account"):
        assert f">{label}</a>" in page
    for link in ("pages:rules", "pages:responsible", "pages:complaints"):
        assert reverse(link) in page
    assert "18+" in page
    assert 'class="balance"' in page


@pytest.mark.django_db
def test_static_files_are_served_locally(client):
    page = client.get("/").content.decode()
    assert "/static/css/site.css" in page
    assert "http" not in page.split("site.css")[0].split("<link")[-1]


@pytest.mark.django_db
def test_custom_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert b"Page not found" in response.content


@pytest.mark.django_db
def test_health_reports_database_and_redis(client):
    body = client.get("/health/").json()
    assert body["database"] == "ok" and body["redis"] == "ok"


@pytest.mark.django_db
def test_private_pages_need_log_in(client):
    for name in ("wallet:index", "accounts:index", "reports:history"):
        response = client.get(reverse(name))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.django_db
def test_the_rules_page_gives_the_sites_rules_and_every_games_rake_and_rules(client, settings):
    from casino import registry as house_games
    from games import registry as table_games

    page = client.get(reverse("pages:rules")).content.decode()
    for section in ("Who may play", "Money in and out", "Tables, time and leaving", "Fair play"):
        assert section in page
    assert f"at least {settings.MIN_AGE} years old" in page
    for engine in table_games.all():
        assert f'href="{reverse("games:rules", args=[engine.slug])}"' in page
    assert page.count('<td class="num">4%</td>') == len(table_games.all())
    for game in house_games.all():
        assert game.name in page


@pytest.mark.parametrize(
    ("basis_points", "text"), [(400, "4%"), (250, "2.5%"), (1, "0.01%"), (0, "0%")]
)
def test_rake_rates_read_as_percentages(basis_points, text):
    from config.views import percent_of_basis_points

    assert percent_of_basis_points(basis_points) == text


@pytest.mark.django_db
@pytest.mark.parametrize(
    "slug", ["rps", "penalty", "belote", "pilotta", "backgammon", "dominoes", "fives"]
)
def test_a_games_rules_page_speaks_to_players_not_about_the_engine(client, slug):
    page = client.get(reverse("games:rules", args=[slug])).content.decode()
    assert "How to play" in page
    for engine_word in ("slug", "randbelow", "timeout_action", "on_disconnect", "View:", "<code>"):
        assert engine_word not in page
    assert "For developers" not in page and "Engine notes" not in page


@pytest.mark.django_db
def test_the_home_page_shows_the_games_open_tables_and_casino_rounds(client, funded_player):
    from casino import registry as round_games
    from games import registry as table_games
    from lobby import services as lobby
    from tests.lobby.test_lobby import spec

    lobby.create_table(funded_player(), spec(stake=2_500))
    page = client.get("/").content.decode()
    for engine in table_games.all():
        assert engine.name in page
    for game in round_games.all():
        assert reverse("casino:play", args=[game.slug]) in page
    assert "Rock Paper Scissors</a> · 25.00 EUR · 1 seat free" in page
