"""Two Nain Jaune deals entered on a 360 px phone, in Debian's Chromium."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def enter(page: Page, winner: int, remaining: list[int | None], fates: dict[str, str], grand_opera=False) -> None:
    page.locator(f'input[name="winner"][value="{winner}"]').check()
    for seat, points in enumerate(remaining):
        page.locator(f'input[name="remaining.{seat}"]').fill("" if points is None else str(points))
    for key, fate in fates.items():
        page.locator(f'select[name="stakes_{key}"]').select_option(fate)
    if grand_opera:
        page.locator('input[name="grand_opera"]').check()
    page.get_by_role("button", name="Enregistrer la donne").click()


def test_two_nain_jaune_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/nain-jaune/")
    for i, name in enumerate(["Ana", "Bea", "Cid"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.locator('input[name="opt_start_pions"]').fill("50")  # the deals below were worked out at 50 pions each
    page.get_by_role("button", name="Créer la table").click()
    pions = page.locator("table.sheet thead tr.totals td[data-seat]")

    # A board card left unanswered is asked for; nothing is stored.
    enter(page, 0, [None, 10, 20], {"10D": "ecart", "JC": "ecart", "QS": "ecart", "KH": "ecart"})
    expect(page.locator(".board-card .error")).to_contain_text("Dire ce qu'est devenu le 7♦")

    # Deal 1: stakes 15 each (35; boxes 3, 6, 9, 12, 15). Bea claims the 7♦ (50). Ana went out:
    # Bea pays 10 (40), Cid 20 (15); Ana 35 + 30 = 65. Board 3, 6, 9, 12, 0.
    enter(page, 0, [None, 10, 20], {"7D": "claimed_by:1"})
    expect(pions).to_have_text(["65★", "40", "15"])
    expect(page.locator("#board tr.now td")).to_have_text(["3", "6", "9", "12", "0", "30"])

    # Deal 2: Bea deals, Cid opens. Stakes again (50, 25, 0; boxes 6, 12, 18, 24, 15). Cid goes out in one go
    # (grand opéra) and sweeps 75 pions. Ana kept the R♥: the box is empty, she pays nothing. Nobody else played:
    # Ana and Bea hold 15 cards each (Ana's R♥ and 14 others are worth 10 + 4 + 8 + 12 + 8 = 42 at least):
    # Ana owes 60 and pays her 50 (0), Bea owes 80 and pays her 25 (0); Cid 75 + 50 + 25 = 150.
    enter(page, 2, [60, 80, None], {"10D": "ecart", "JC": "ecart", "QS": "ecart", "KH": "held_by:0", "7D": "ecart"},
          grand_opera=True)
    expect(pions).to_have_text(["0", "0", "150★"])
    expect(page.locator(".winner-banner")).to_contain_text("Cid")
    expect(page.locator("#board tr.now td")).to_have_text(["0", "0", "0", "0", "0", "0"])
    expect(page.locator("#board .movements")).to_contain_text("Bea paie à Cid ses points en main : 80 pions dus")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
