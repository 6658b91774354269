"""The seat page as a card table on a phone (templates/tables/play.html, static/css/play.css,
static/js/atout/table.js), in Debian's Chromium.

* A Tarot deal played by tapping, at 360 × 740 and 360 × 640, at 4 and at 3 players (24 cards in hand), and on a
  phone on its side (740 × 360): at every move the whole hand and the trick are on screen (their bounding boxes
  inside the viewport) and the page does not scroll (``document.scrollingElement.scrollHeight <= innerHeight``).
* The bots' cards a tap brings appear one by one, about 0.6 s apart, a completed trick staying about 1 s before it
  is gathered; the "Jeu rapide" switch shortens the pauses.
* The cards the seat may play stand higher than the others (not only another colour), each card is a button named
  by its French name, the drawers (score sheet, last trick) open without JavaScript.

One person at seat 1 (the first to speak and to lead, after the dealer at seat 0) among quick bots.
"""

import re

import pytest
from playwright.sync_api import Browser, expect

from companion.tables import digital
from tests.browser.helpers import CSP, LISTEN, tap
from tests.tables import helpers as g

pytestmark = pytest.mark.django_db(transaction=True)

FAST = "localStorage.setItem('atout.pace', 'fast');"
TRICK_CARDS = ".felt .played .card.face"
# A card's name as French players say it (companion/kernel/cards.py names them; tarot trumps and the Excuse by the
# engine's words): "Dame de cœur", "10 de pique", "Atout 21", "Excuse".
CARD_NAME = re.compile(r"^(?:(?:As|Roi|Dame|Cavalier|Valet|10|[2-9]) de (?:pique|cœur|carreau|trèfle)|Atout \d{1,2}|Excuse)$")


def phone(browser: Browser, height: int, fast: bool = False, javascript: bool = True, width: int = 360):
    context = browser.new_context(viewport={"width": width, "height": height}, locale="fr-FR", is_mobile=True,
                                  has_touch=True, device_scale_factor=2, java_script_enabled=javascript)
    context.add_init_script(LISTEN)
    if fast:
        context.add_init_script(FAST)
    return context, context.new_page()


def open_seat(page, live_server, table) -> None:
    page.goto(live_server.url + g.seat_url(table))
    page.locator('button[name="claim"]').click()  # "Je suis … : prendre ma place sur ce téléphone"
    expect(page.locator(".felt")).to_be_visible()


def settled_turn(page) -> bool:
    """True once the page asks this seat to move with no card still being played back; False at the deal's end."""
    page.wait_for_function(
        "() => document.querySelector('.deal-end') ||"
        " (document.querySelector('.turn.mine') && !document.querySelector('.play-table.pacing'))", timeout=20000)
    return page.locator(".deal-end").count() == 0


def boxes(page, selector: str) -> list[dict]:
    return page.locator(selector).evaluate_all(
        "(els) => els.map((e) => { const r = e.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}; })")


def assert_all_on_screen(page, where: str) -> None:
    height, width = page.evaluate("[innerHeight, innerWidth]")
    assert page.evaluate("document.scrollingElement.scrollHeight") <= height, where
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width, where
    hand = boxes(page, ".hand button.card")
    trick = boxes(page, ".felt .seat-slot .played .card")
    assert hand and trick, where
    for box in hand + trick + boxes(page, ".moves .move") + boxes(page, ".drawers summary"):
        assert box["top"] >= 0 and box["bottom"] <= height and box["left"] >= 0 and box["right"] <= width, (where, box)


def tarot_move(page):
    """The person's move: a prise when asked to bid, no chelem, the écart validated once its cards are picked, then
    the first card they may pick for the écart (not one picked already: that would put it back) or play (the cards
    they may not are disabled)."""
    words = page.locator(".moves button.move")
    labels = words.all_inner_texts()
    for wanted in ("Prise", "Pas de chelem", "Valider l'écart", "Passer"):
        if wanted in labels:
            return words.nth(labels.index(wanted))
    return page.locator(".hand button.card.playable:not([disabled]):not(.picked)").first




@pytest.mark.parametrize(("players", "width", "height"),
                         [(4, 360, 740), (4, 360, 640), (3, 360, 740), (3, 360, 640), (4, 740, 360)],
                         ids=["4-at-360x740", "4-at-360x640", "3-at-360x740", "3-at-360x640", "4-landscape-740x360"])
def test_a_tarot_deal_played_by_tapping_never_scrolls(browser: Browser, live_server, settings, players, width, height):
    settings.CONTENT_SECURITY_POLICY = CSP
    table = g.new_table("tarot", players)
    context, page = phone(browser, height, fast=True, width=width)
    open_seat(page, live_server, table)
    # Dealt 18 cards at 4 players, 24 at 3 (78 cards, a chien of 6): the hand fits in two rows either way.
    expect(page.locator(".hand button.card")).to_have_count(18 if players == 4 else 24)
    moves = 0
    for _ in range(200):
        if not settled_turn(page):
            break
        assert_all_on_screen(page, f"move {moves}: {page.locator('.table-line').inner_text()}")
        tap(page, tarot_move(page))
        moves += 1
    else:
        raise AssertionError("the deal never ended")
    expect(page.locator(".deal-end h2")).to_have_text("Donne 1 terminée")
    # The person spoke, took, said no chelem, and played a card in each trick (18 at 4, 24 at 3), 6 to the écart.
    assert moves >= (18 if players == 4 else 24) + 2
    assert page.evaluate("window.__csp || []") == []
    context.close()


def samples_after_tap(page, card, ms: int) -> list[list[float]]:
    """Taps ``card`` and records, every 40 ms for ``ms``, how many cards the felt shows (time since the tap)."""
    page.evaluate(
        "() => { window.__seen = []; window.__t0 = performance.now();"
        " window.__iv = setInterval(() => window.__seen.push([performance.now() - window.__t0,"
        f" document.querySelectorAll('{TRICK_CARDS}').length]), 40); }}")
    card.tap()
    page.wait_for_timeout(ms)
    return page.evaluate("() => { clearInterval(window.__iv); return window.__seen; }")


def first_seen(samples, count: int) -> float | None:
    return next((t for t, c in samples if c == count), None)


def test_the_bots_cards_come_one_by_one_and_a_trick_stays_before_it_is_gathered(browser: Browser, live_server):
    # The person leads the first trick (seat 1, after the dealer): after their card, the three bots' cards come in
    # the one answer to the tap; the page shows them 1, 2, 3, 4 on the felt, about 0.6 s apart.
    table, _view = g.reach("tarot", 4, lambda v: v["phase"] == "play" and not v["trick"]["cards"] and not v["tricks"],
                           g.take_prise)
    context, page = phone(browser, 640)
    open_seat(page, live_server, table)
    assert page.locator(TRICK_CARDS).count() == 0
    samples = samples_after_tap(page, page.locator(".hand button.card.playable").first, 4500)
    counts = [c for _t, c in samples]
    # Never more than one card at a time: each count in turn, none skipped.
    seen = [c for i, c in enumerate(counts) if i == 0 or c != counts[i - 1]]
    t = {n: first_seen(samples, n) for n in (1, 2, 3, 4)}
    assert all(v is not None for v in t.values()), seen
    assert seen[:4] == [1, 2, 3, 4] or seen[:5] == [0, 1, 2, 3, 4], seen
    for n in (2, 3, 4):
        assert 450 <= t[n] - t[n - 1] <= 1200, (n, t)
    # The trick completed: it stays whole about a second. If its taker is a bot, it is then gathered and the
    # bot's lead follows (0, then 1 card, then the next bots' one by one); if it is the person's, it stays until
    # they lead.
    rest = seen[seen.index(4) + 1:]
    table.refresh_from_db()
    taker = digital.view(table, None)["tricks"][0]["taker"]
    if taker == g.HUMAN:
        assert rest == [], seen
    else:
        # Whole for about a second, then gathered (0), then the bot's lead and the next bots' cards one by one.
        gathered = next(tt for tt, c in samples if tt > t[4] and c == 0)
        assert 850 <= gathered - t[4] <= 1600, (t, gathered)
        assert len(rest) >= 2 and rest == list(range(len(rest))), seen
    context.close()


def test_the_fast_switch_shortens_the_pauses(browser: Browser, live_server):
    table, _view = g.reach("tarot", 4, lambda v: v["phase"] == "play" and not v["trick"]["cards"] and not v["tricks"],
                           g.take_prise)
    context, page = phone(browser, 640)
    open_seat(page, live_server, table)
    page.locator(".play-menu > summary").click()
    switch = page.get_by_role("switch", name="Jeu rapide : les cartes des robots sans attente")
    expect(switch).not_to_be_checked()
    switch.check()
    assert page.evaluate("localStorage.getItem('atout.pace')") == "fast"
    page.locator(".play-menu > summary").click()
    samples = samples_after_tap(page, page.locator(".hand button.card.playable").first, 2000)
    t1, t4 = first_seen(samples, 1), first_seen(samples, 4)
    assert t1 is not None and t4 is not None
    assert 200 <= t4 - t1 <= 900, (t1, t4)  # three pauses of 0.15 s, not 0.6 s
    page.reload()
    page.locator(".play-menu > summary").click()
    expect(switch).to_be_checked()  # kept on the phone
    context.close()


def test_the_cards_to_play_stand_higher_and_each_is_named(browser: Browser, live_server):
    # Barbu, first manche (les plis): a seat following suit has some cards it may play and some it may not.
    table, view = g.reach("barbu", 4, lambda v: v["phase"] == "play" and v["trick"]["cards"]
                          and 0 < len([a for a in v["legal"] if a in v["hand"]]) < len(v["hand"]))
    context, page = phone(browser, 640)
    open_seat(page, live_server, table)
    labels = page.locator(".hand button.card").evaluate_all("(bs) => bs.map((b) => b.getAttribute('aria-label'))")
    assert len(labels) == len(view["hand"]) and all(CARD_NAME.match(name) for name in labels), labels
    rows = page.locator(".hand-row")
    lifted = disabled = 0
    for r in range(rows.count()):
        row = rows.nth(r)
        up = boxes(page, f".hand-row:nth-child({r + 1}) button.card.playable")
        down = boxes(page, f".hand-row:nth-child({r + 1}) button.card:disabled")
        assert row.locator("button.card").count() == len(up) + len(down)
        if up and down:
            assert max(b["top"] for b in up) <= min(b["top"] for b in down) - 6, (up, down)
        lifted += len(up)
        disabled += len(down)
        # Down and greyed, hatched too: not told by colour alone.
        for style in row.locator("button.card:disabled").evaluate_all(
                "(bs) => bs.map((b) => [getComputedStyle(b).opacity, getComputedStyle(b).backgroundImage])"):
            assert float(style[0]) < 1 and "gradient" in style[1], style
    assert lifted == len([a for a in view["legal"] if a in view["hand"]]) and disabled > 0
    context.close()


def test_the_drawers_open_without_javascript(browser: Browser, live_server):
    table, _view = g.reach("barbu", 4, lambda v: v["phase"] == "play" and len(v["tricks"]) >= 2)
    context, page = phone(browser, 640, javascript=False)
    open_seat(page, live_server, table)
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    expect(page.locator("#sheet")).to_be_hidden()
    page.locator(".sheet-drawer > summary").click()
    expect(page.locator("#sheet tr.totals")).to_be_visible()
    sheet = boxes(page, ".sheet-drawer .drawer-body")[0]
    assert sheet["top"] >= 0 and sheet["bottom"] <= 640
    page.locator(".sheet-drawer > summary").click()
    page.locator(".last-trick > summary").click()
    expect(page.locator(".last-trick .trick-list li")).to_have_count(4)
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    context.close()


def belote_move(page):
    """The person's move at a belote: take the turned card's suit when asked (« Prendre »), a bid from the list at
    the coinche (its first, the lowest), else the first card they may play (announcements left unsaid)."""
    words = page.locator(".moves button.move")
    labels = words.all_inner_texts()
    if "Prendre" in labels:
        return words.nth(labels.index("Prendre"))
    if page.locator(".pick-form select").count():
        page.locator(".pick-form select").select_option(index=0)
        return page.locator(".pick-form button.move")
    return page.locator(".hand button.card.playable:not([disabled])").first


@pytest.mark.parametrize(("slug", "height"), [("belote", 740), ("belote", 640), ("coinche", 640)],
                         ids=["belote-at-360x740", "belote-at-360x640", "coinche-at-360x640"])
def test_a_belote_deal_played_by_tapping_never_scrolls(browser: Browser, live_server, settings, slug, height):
    settings.CONTENT_SECURITY_POLICY = CSP
    table = g.new_table(slug, 4)
    context, page = phone(browser, height, fast=True)
    open_seat(page, live_server, table)
    moves = cards = 0
    for _ in range(60):
        if not settled_turn(page):
            break
        picker = page.locator(".pick-form").count() > 0
        assert_all_on_screen(page, f"move {moves}: {page.locator('.table-line').inner_text()}")
        if picker:  # the coinche's forty bids: one list and its button, on screen with the hand
            for box in boxes(page, ".pick-form select") + boxes(page, ".pick-form button"):
                assert box["bottom"] <= height and box["height"] >= 44, box
        button = belote_move(page)
        cards += "card" in (button.get_attribute("class") or "")
        tap(page, button)
        moves += 1
    else:
        raise AssertionError("the deal never ended")
    expect(page.locator(".deal-end h2")).to_have_text("Donne 1 terminée")
    # The person took (or bid) and played one card a trick: 8 tricks (5 + 3 cards at the belote, 8 at the coinche).
    assert cards == 8, (moves, cards)
    assert page.evaluate("window.__csp || []") == []
    context.close()


def test_three_phones_and_a_spectator_play_a_coinche_deal_with_one_bot(browser: Browser, live_server, settings):
    # Ana (seat 0) is a bot; Bea, Cid and Dan play on phones of their own, a fourth phone watches. Bea opens the
    # auction with the lowest bid, everyone else passes when asked (the bot may bid over her); then each phone
    # plays its first playable card when its turn comes, until the deal ends on every phone.
    settings.CONTENT_SECURITY_POLICY = CSP
    table = g.DigitalTableFactory(game="coinche", players=g.SEAT_NAMES[:4], bots=[0])
    phones = {}
    for seat in (1, 2, 3):
        context, page = phone(browser, 640, fast=True)
        page.goto(live_server.url + g.seat_url(table, seat))
        page.locator('button[name="claim"]').click()
        expect(page.locator(".felt")).to_be_visible()
        phones[seat] = (context, page)
    watcher_context, watcher = phone(browser, 640, fast=True)
    watcher.goto(live_server.url + f"/tables/{table.id}/play/")
    bid = False
    played = dict.fromkeys(phones, 0)
    for _ in range(120):
        if all(page.locator(".deal-end").count() for _c, page in phones.values()):
            break
        seat = digital.view(table, None)["waiting_for"]
        if seat not in phones:
            phones[1][1].wait_for_timeout(200)  # the bot's turn, or a deal between states: the phones poll on
            continue
        page = phones[seat][1]
        if not settled_turn(page):
            continue
        labels = page.locator(".moves button.move").all_inner_texts()
        if page.locator(".pick-form select").count() and seat == 1 and not bid:
            page.locator(".pick-form select").select_option(index=0)
            button, bid = page.locator(".pick-form button.move"), True
        elif "Passer" in labels:
            button = page.locator(".moves button.move").nth(labels.index("Passer"))
        else:
            button = page.locator(".hand button.card.playable:not([disabled])").first
            played[seat] += 1
        tap(page, button)
    else:
        raise AssertionError("the deal never ended")
    assert played == {1: 8, 2: 8, 3: 8}  # eight tricks, a card from each phone in each
    for _c, page in phones.values():
        expect(page.locator(".deal-end h2")).to_have_text("Donne 1 terminée")
    expect(watcher.locator(".deal-end h2")).to_have_text("Donne 1 terminée", timeout=15000)
    for context, page in [*phones.values(), (watcher_context, watcher)]:
        assert page.evaluate("window.__csp || []") == []
        context.close()
