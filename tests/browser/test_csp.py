"""The Content-Security-Policy allows only the site's own assets, and the main pages live
under it: no inline script or style anywhere, sockets to the site itself still connect.
Walked on a phone's width, where none of them may scroll sideways."""

import pytest

from tests.browser.support import log_in, seed_paytables, start_with_computer_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every violation the browser reports, kept on the page (init scripts are not inline
# scripts of the page: the CSP does not apply to them).
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} line ${e.lineNumber}`);
});
"""


def test_the_policy_is_sent_and_the_main_pages_break_none_of_it(server, browser, funded_player):
    seed_paytables()
    player = funded_player()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(RECORD_VIOLATIONS)
    console: list[str] = []
    context.on("console", lambda message: console.append(message.text))
    response = context.new_page().goto(f"{server}/accounts/login/")
    policy = response.headers["content-security-policy"]
    for directive in (
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "frame-ancestors 'none'",
    ):
        assert directive in policy
    assert "unsafe-inline" not in policy
    assert "connect-src 'self'" in policy

    page = log_in(context, server, player)
    page.goto(f"{server}/lobby/new/rps/")
    page.check("input[name=practice]")
    start_with_computer_players(page)
    game_path = page.url.removeprefix(server)
    pages = {
        "home": "/",
        "lobby": "/lobby/",
        "game": game_path,
        "crash": "/casino/crash/",
        "keno": "/casino/keno/",
        "history": "/history/",
        "wallet": "/wallet/",
    }
    seen = {}
    for name, path in pages.items():
        assert page.goto(f"{server}{path}").status == 200, name
        page.wait_for_load_state("load")
        if name == "game":
            # The table's socket is allowed by connect-src and its board is drawn.
            page.wait_for_selector("[data-connection]:text-is('connected')")
            page.wait_for_selector(".rps-sign")
        if name in ("crash", "keno"):
            page.wait_for_selector("#link:text-is('connected')")
        seen[name] = page.evaluate("window.__violations")
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, f"{name} scrolls sideways at 390 px"
    assert seen == {name: [] for name in pages}
    assert not [text for text in console if "Content Security Policy" in text]
