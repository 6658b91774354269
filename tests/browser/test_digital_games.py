"""A whole deal of Tarot lorrain and of Chasse-cœur played on Atout in Debian's Chromium, at 360 px: one person,
on their seat's link, against three quick bots, by tapping — the bids (and the chien and the écart when they
take), the passing, the cards — until the page shows the end of the deal and the sheet holds its round.

The person's moves: Tarot, a prise when they may (else pass), no chelem, the écart chosen from the first cards
they may put in it (the first one picked taken back once, then picked again), validated, then the first card they
may play; Chasse-cœur, the first three cards of the hand picked and passed, then the first card they may play. The pages are driven only by what they show (buttons that can be tapped), never by the service.
"""

import re

import pytest
from playwright.sync_api import Browser, expect

from companion.kernel.cards import Card
from companion.tables import ledger
from companion.tables.models import Move, Table
from tests.browser.helpers import CSP, LISTEN, tap
from tests.factories import DigitalTableFactory

pytestmark = pytest.mark.django_db(transaction=True)

HUMAN = 1  # the seat after the dealer (seat 0): the first to speak
NAMES = ["Ana", "Bea", "Cid", "Dan"]
ACE_HIGH = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def phone(browser: Browser):
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="fr-FR", is_mobile=True,
                                  has_touch=True)
    context.add_init_script(LISTEN)
    return context, context.new_page()


def wait_for_turn_or_end(page) -> bool:
    """True once the page asks this seat to move, False once it shows the end of the deal (the live poll brings
    the bots' moves)."""
    page.wait_for_function(
        "document.querySelector('.deal-end') || document.querySelector('.turn.mine')", timeout=15000)
    return page.locator(".deal-end").count() == 0




def playable_cards(page):
    """The cards that may be tapped: to play, or to pick in a choice of several (not those picked already)."""
    return page.locator(".hand button.card.playable:not([disabled]):not(.picked)")


def no_overflow(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def play_whole_deal(page, move) -> list[str]:
    """Tap through the deal: ``move(page)`` picks the button for each turn; returns the hints seen."""
    hints = []
    for _ in range(300):
        if not wait_for_turn_or_end(page):
            return hints
        no_overflow(page)
        hint = page.locator(".hand-form .phase")
        if hint.count():
            hints.append(hint.inner_text())
        tap(page, move(page))
    raise AssertionError("the deal never ended")


def sheet_row(page) -> list[int]:
    """The scores of the deal's round on the page's sheet (each cell's first text: the score, then the total)."""
    expect(page.locator("#sheet #round-1")).to_be_visible()
    cells = page.locator("#sheet #round-1 td").evaluate_all("(tds) => tds.map((td) => td.firstChild.textContent)")
    return [int(c.strip().replace("−", "-").replace("+", "")) for c in cells]


def tarot_mover():
    """The person's Tarot moves, and the card of the écart taken back (filled in once it is)."""
    took_back: list[str] = []

    def move(page):
        words = page.locator(".moves button.move")
        labels = words.all_inner_texts()
        for wanted in ("Prise", "Valider l'écart", "Pas de chelem", "Passer"):
            if wanted in labels:
                assert not any(re.search(r"\w+:\w+", label) for label in labels), labels  # in words, never "take:prise"
                return words.nth(labels.index(wanted))
        picked = page.locator(".hand button.card.picked")
        if picked.count() == 1 and not took_back:  # the first card picked for the écart, tapped again: it goes back
            took_back.append(picked.first.get_attribute("value"))
            return picked.first
        return playable_cards(page).first

    return move, took_back


def test_a_deal_of_tarot_lorrain_by_tapping(browser: Browser, live_server, settings):
    settings.CONTENT_SECURITY_POLICY = CSP
    table = DigitalTableFactory(game="tarot-lorrain", players=NAMES, bots=[0, 2, 3])
    context, page = phone(browser)
    page.goto(f"{live_server.url}/tables/{table.id}/seat/{table.seat_tokens[HUMAN]}/")
    page.locator('button[name="claim"]').click()  # "Je suis … : prendre ma place sur ce téléphone"
    expect(page.locator("h1")).to_contain_text("Bea")
    move, took_back = tarot_mover()
    hints = play_whole_deal(page, move)
    expect(page.locator(".deal-end h2")).to_have_text("Donne 1 terminée")
    moves = list(Move.objects.filter(table=table, deal=1).values_list("seat", "action"))
    mine = [a for s, a in moves if s == HUMAN]
    # The person speaks first and takes a prise; the Tarot lorrain's quick bots never bid over a bid made
    # (tarot_bots.lorrain_bid): the chien turned up, the écart chosen card by card (the first one put back once and
    # picked again), validated with six, then the cards.
    assert mine[0] == "take:prise"
    assert took_back and took_back[0].startswith("unpick:") and took_back[0] in mine
    assert [a for a in mine if a.startswith("pick:")].count("pick:" + took_back[0][7:]) == 2
    assert mine.count("confirm") == 1 and len([a for a in mine if a.startswith("pick:")]) == 7
    picked = [h for h in hints if h.startswith("Écart : 6 cartes à écarter")]
    assert [re.search(r"choisies : (\d)", h).group(1) for h in picked] == ["0", "1", "0", "1", "2", "3", "4", "5", "6"]
    assert "Annoncez-vous le chelem ?" in hints
    round_ = ledger.load(Table.objects.get(pk=table.pk)).rounds[0]
    row = sheet_row(page)
    assert row == round_.result.scores
    # A deal with a taker: the taker wins or loses three times what each other seat loses or wins.
    assert row[HUMAN] == -3 * row[0] and row[0] == row[2] == row[3] != 0
    assert page.evaluate("window.__csp || []") == []
    context.close()


def chasse_move(page):
    words = page.locator(".moves button.move")
    labels = words.all_inner_texts()
    if "Passer ces 3 cartes" in labels:
        return words.nth(labels.index("Passer ces 3 cartes"))
    return playable_cards(page).first


def test_a_deal_of_chasse_coeur_by_tapping(browser: Browser, live_server, settings):
    settings.CONTENT_SECURITY_POLICY = CSP
    table = DigitalTableFactory(game="chasse-coeur", players=NAMES, bots=[0, 2, 3], options={"passing": "left"})
    context, page = phone(browser)
    page.goto(f"{live_server.url}/tables/{table.id}/seat/{table.seat_tokens[HUMAN]}/")
    page.locator('button[name="claim"]').click()  # "Je suis … : prendre ma place sur ce téléphone"
    hints = play_whole_deal(page, chasse_move)
    assert hints[:4] == [*(f"Choisissez {k} carte{'s' if k > 1 else ''} à passer à gauche. Elles iront à Cid."
                           for k in (3, 2, 1)),
                         "Les cartes à passer sont choisies : touchez-en une pour la reprendre, ou passez-les. Elles iront à Cid."]
    expect(page.locator(".deal-end h2")).to_have_text("Donne 1 terminée")
    # Scored by hand from the moves stored: 12 cards picked to pass (3 a seat) and 4 choices confirmed, then 13 tricks of 4, each to the highest
    # card of the suit led; standard values: a heart 1, the Q♠ 13; 26 to one seat: 0 to it, 26 to each other.
    moves = list(Move.objects.filter(table=table, deal=1).order_by("number").values_list("seat", "action"))
    assert len(moves) == 16 + 52
    points = [0, 0, 0, 0]
    for i in range(16, 68, 4):
        trick = [(seat, Card.parse_code(code)) for seat, code in moves[i:i + 4]]
        led = trick[0][1].suit
        winner = max((c for c in trick if c[1].suit == led), key=lambda c: ACE_HIGH.index(c[1].rank.code))[0]
        points[winner] += sum(1 if c.suit.value == "H" else 13 if c.code == "QS" else 0 for _s, c in trick)
    if 26 in points:
        points = [0 if p == 26 else 26 for p in points]
    assert sheet_row(page) == points
    assert page.evaluate("window.__csp || []") == []
    context.close()
