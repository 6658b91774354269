"""Every digital game's main phases on a 360 px phone in Chromium: nothing wider than the screen, every move's
button at least a finger's height. The tables are driven as tests/tables/test_seat_pages_games.py drives them
(one person at seat 1, quick bots). With ``SCREENSHOTS`` set, a full-page screenshot of each is saved there.
"""

import os

import pytest

from companion.tables import digital
from tests.tables import helpers as g

pytestmark = pytest.mark.django_db(transaction=True)
OUT = os.environ.get("SCREENSHOTS")
TAP = 44  # px: the smallest button a finger hits (WCAG 2.5.5's 44 × 44)

CASES = [
    ("barbu-play", "barbu", 4, g.phase("play"), g.first_card, None),
    ("petasse3-play", "petasse", 3, lambda v: v["phase"] == "play" and len(v["tricks"]) >= 2, g.first_card, None),
    ("vicaire-play", "vicaire", 3, lambda v: v["phase"] == "play" and len(v["tricks"]) >= 2, g.first_card, None),
    ("tare5-play", "tarot-tare", 5, lambda v: v["phase"] == "play" and len(v["tricks"]) >= 1, g.first_card, None),
    ("tare3-play", "tarot-tare", 3, g.phase("play"), g.first_card, None),
    ("chasse-pass", "chasse-coeur", 4, lambda v: v["phase"] == "pass" and len((v["picking"] or {}).get("cards", [])) == 1, g.first_card, {"passing": "left"}),
    ("chasse-play", "chasse-coeur", 4, lambda v: v["phase"] == "play" and len(v["tricks"]) >= 3, g.first_card, {"passing": "left"}),
    ("rikiki-bid", "rikiki", 4, g.phase("bid"), g.first_card, None),
    ("motton-bid", "motton", 5, g.phase("bid"), lambda v: "bid:0" if "bid:0" in v["legal"] else g.first_card(v), None),
    ("motton-play", "motton", 4, lambda v: v["phase"] == "play" and len(v["tricks"]) >= 2, lambda v: "bid:1" if "bid:1" in v["legal"] else g.first_card(v), None),
    ("belote-bid1", "belote-a-trois", 3, lambda v: v["phase"] == "bid" and v["bid_round"] == 1, g.first_card, None),
    ("belote-bid2", "belote-a-trois", 3, lambda v: v["phase"] == "bid" and v["bid_round"] == 2, g.first_card, None),
    ("belote-play", "belote-a-trois", 3, lambda v: v["phase"] == "play" and len(v["tricks"]) >= 1, lambda v: "take" if "take" in v["legal"] else g.first_card(v), None),
    ("hombre-bid", "hombre", 3, g.phase("bid"), g.first_card, None),
    ("hombre-trump", "hombre", 3, g.phase("trump"), lambda v: "bid:prendre" if "bid:prendre" in v["legal"] else g.first_card(v), None),
    ("hombre-exchange", "hombre", 3, lambda v: v["phase"] == "exchange" and v["pending"] >= 1, lambda v: "bid:prendre" if "bid:prendre" in v["legal"] else ("trump:H" if "trump:H" in v["legal"] else g.first_card(v)), None),
    ("hombre-play", "hombre", 3, lambda v: v["phase"] == "play" and len(v["tricks"]) >= 1, lambda v: "bid:prendre" if "bid:prendre" in v["legal"] else ("trump:H" if "trump:H" in v["legal"] else ("done" if "done" in v["legal"] else g.first_card(v))), None),
    ("tarot4-bid", "tarot", 4, g.phase("bid"), g.first_card, None),
    ("tarot4-ecart", "tarot", 4, lambda v: v["phase"] == "ecart" and len((v["picking"] or {}).get("cards", [])) >= 2, g.take_prise, None),
    ("tarot4-chelem", "tarot", 4, g.phase("chelem"), g.take_prise, None),
    ("tarot3-play", "tarot", 3, lambda v: v["phase"] == "play" and len(v["tricks"]) >= 1, g.take_prise, None),
    ("tarot5-call", "tarot", 5, g.phase("call"), g.take_prise, None),
    ("tarot5-play", "tarot", 5, lambda v: v["phase"] == "play" and len(v["tricks"]) >= 1, g.take_prise, None),
    ("lorrain4-play", "tarot-lorrain", 4, lambda v: v["phase"] == "play" and len(v["tricks"]) >= 2, g.take_prise, None),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_each_phase_fits_a_360_px_phone(page, live_server, case):
    name, slug, n, want, choose, options = case
    table, _view = g.reach(slug, n, want, choose, options)
    page.goto(live_server.url + g.seat_url(table))
    page.locator('button[name="claim"]').click()  # "Je suis … : prendre ma place sur ce téléphone"
    if OUT:
        page.screenshot(path=f"{OUT}/{name}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for box in page.locator(".moves .move, .hand button.card").evaluate_all(
            "(bs) => bs.map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])"):
        assert box[0] >= TAP and box[1] >= TAP, (name, box)


def test_a_poignee_chosen_by_tapping_trumps_on_a_360_px_phone(page, live_server, monkeypatch):
    # The seat is dealt at least 11 trumps (10 make a poignée simple at 4 players): one of the picked goes back,
    # the 11th is tapped in, then the poignée is shown.
    g.dealt_so_that(monkeypatch, "tarot", 4, lambda st: sum(c.startswith("T") for c in st.hand(g.HUMAN)) >= 11)
    table, view = g.reach("tarot", 4, lambda v: "poignee:simple" in v["legal"], g.take_prise)
    digital.play(table, g.HUMAN, "poignee:simple", view["action_number"])
    held = [c for c in view["hand"] if c.startswith("T")]
    page.goto(live_server.url + g.seat_url(table))
    page.locator('button[name="claim"]').click()
    assert page.locator(".hand button.card.picked").count() == 10
    if OUT:
        page.screenshot(path=f"{OUT}/tarot4-poignee.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for box in page.locator(".moves .move, .hand button.card.playable").evaluate_all(
            "(bs) => bs.map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])"):
        assert box[0] >= TAP and box[1] >= TAP, box
    page.locator(f'.hand button[value="unpick:{held[0]}"]').click()
    page.locator(f'.hand button[value="pick:{held[10]}"]').wait_for()
    assert page.locator(".hand button.card.picked").count() == 9
    page.locator(f'.hand button[value="pick:{held[10]}"]').click()
    page.locator('.moves button[value="confirm"]').click()
    # A poignée is too many cards for the line above the hand: it is in the deal's drawer, one tap away.
    page.locator("details.deal-facts > summary").click()
    page.locator(".deal-facts .facts", has_text="Poignée de Bea").wait_for()
    shown = next(p for p in digital.view(table, None)["poignees"] if p["seat"] == g.HUMAN)["cards"]
    assert sorted(shown) == sorted(held[1:11])
