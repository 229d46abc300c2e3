"""A table's page keeps its panel while nothing changed: the page fetches the panel again
when its socket opens (and on each change the server announces), and a panel swapped in
under a player's finger loses the tap (pressed on the old button, released on the new)."""

from __future__ import annotations

import pytest

from tests.browser.support import PHONE, in_thread, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The page's own elements as it was served, kept before its scripts run, and a count of
# the panel fetches whose text the page has read, on the page's root element (a task after
# the read, so after the page's code that awaited the text; an attribute, since the page's
# content security policy refuses the evaluation that wait_for_function polls with).
WATCH_THE_PANEL = """
document.addEventListener("DOMContentLoaded", () => {
  window.servedStart = document.getElementById("start-with-bots");
});
const fetchAsServed = window.fetch;
window.fetch = async (...request) => {
  const response = await fetchAsServed(...request);
  const text = response.text.bind(response);
  response.text = async () => {
    const body = await text();
    setTimeout(() => { document.documentElement.dataset.panelsRead = "yes"; });
    return body;
  };
  return response;
};
"""


def test_a_panel_that_did_not_change_is_not_swapped(browser, server, funded_player):
    context = browser.new_context(**PHONE)
    context.add_init_script(WATCH_THE_PANEL)
    page = log_in(context, server, in_thread(funded_player))
    page.goto(f"{server}/lobby/new/rps/")
    page.check("input[name=practice]")
    page.click("button[type=submit]")
    page.wait_for_selector("html[data-panels-read]", state="attached")

    assert page.evaluate("window.servedStart !== null && window.servedStart.isConnected")
    assert page.evaluate('document.getElementById("start-with-bots") === window.servedStart')
    page.tap("#start-with-bots")
    page.wait_for_url("**/games/*/")
    context.close()
