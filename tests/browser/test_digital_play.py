"""A whole Barbu manche played on Atout in Debian's Chromium: four browser contexts at one table — three players,
each on their own seat link, and a spectator — and a quick bot in the fourth seat.

The table is created through the form ("Jouer sur Atout", seat 4 a robot), the seat links are read off the share
screen (one "Afficher le lien" tap each), and each phone takes its seat ("Je suis Ana : prendre ma place"). Nobody
reloads a page: each phone sees the others' cards through the live poll (within 2 s), and taps its
card when its page says it is its turn. Each page holds its own hand only. At the end every phone shows the last
trick and the sheet holds the manche, scored by hand from the cards played: les plis, 5 points a trick taken, a
trick going to the highest card of the suit led (ace high, no trumps).
"""

import re

import pytest
from playwright.sync_api import Browser, expect

from companion.kernel.cards import Card
from companion.tables import digital
from companion.tables.models import Move, Table
from tests.browser.helpers import CSP, LISTEN
from tests.factories import DigitalTableFactory

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ana", "Ben", "Cid"]
LIVE_MS = 2000  # every other phone sees a card within 2 s
ACE_HIGH = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def new_phone(browser: Browser):
    """A phone, listening for Content-Security-Policy violations (the production policy is on)."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="fr-FR", is_mobile=True,
                                  has_touch=True)
    context.add_init_script(LISTEN)
    return context, context.new_page()


def no_violation(page) -> None:
    assert page.evaluate("window.__csp || []") == [], page.url


def hand_of(page) -> list[str]:
    return page.locator(".hand button.card").evaluate_all("(bs) => bs.map((b) => b.value)")


def scores_by_hand(table: Table) -> list[int]:
    """Les plis, from the moves stored: each four cards a trick, taken by the highest card of the suit led."""
    moves = list(Move.objects.filter(table=table, deal=1).order_by("number").values_list("seat", "action"))
    assert len(moves) == 52
    taken = [0, 0, 0, 0]
    for i in range(0, 52, 4):
        trick = [(seat, Card.parse_code(code)) for seat, code in moves[i:i + 4]]
        led = trick[0][1].suit
        winner = max((c for c in trick if c[1].suit == led), key=lambda c: ACE_HIGH.index(c[1].rank.code))[0]
        taken[winner] += 1
    return [5 * t for t in taken]


def test_four_phones_play_a_whole_barbu_manche(browser: Browser, live_server, settings):
    settings.CONTENT_SECURITY_POLICY = CSP
    creator, page = new_phone(browser)
    page.goto(live_server.url + "/tables/new/barbu/")
    page.locator("#digital").check()
    for i, name in enumerate(NAMES):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.locator('input[name="bot.3"]').check()
    page.locator('select[name="bot_level"]').select_option("quick")
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator("#share-seats")).to_be_visible()
    links = []
    for i, name in enumerate(NAMES):
        page.get_by_role("button", name=f"Afficher le lien de {name}").click()
        links.append(page.locator(f"#seat-link-input-{i}").input_value())
    spectate = page.locator("#spectate-link").input_value()
    assert page.locator('#seat-link-3 button[name="link"]').count() == 0  # the bot has no link
    no_violation(page)
    table = Table.objects.get()
    assert table.digital and table.players == ["Ana", "Ben", "Cid", "Robot 4"]

    phones = [(creator, page)] + [new_phone(browser) for _ in range(2)]
    pages = [p for _, p in phones]
    for p, link, name in zip(pages, links, NAMES, strict=True):
        p.goto(link)
        p.get_by_role("button", name=f"Je suis {name} : prendre ma place sur ce téléphone").click()
        expect(p.locator("h1")).to_contain_text("Le barbu")
        expect(p.locator(".hand button.card")).to_have_count(13)
    watcher_context, watcher = new_phone(browser)
    watcher.goto(spectate)
    expect(watcher.locator(".felt")).to_be_visible()
    assert watcher.locator(".hand-form").count() == 0

    # Each phone holds its own 13 cards; together with the bot's, the whole pack; no page names another's card.
    hands = [hand_of(p) for p in pages]
    bot_hand = digital.view(table, 3)["hand"]
    assert all(len(h) == 13 for h in hands) and len(bot_hand) == 13
    assert len(set().union(*hands, bot_hand)) == 52
    for i, p in enumerate(pages):
        html = p.content()
        for j, other in enumerate(hands + [bot_hand]):
            if j != i:
                assert not any(f'value="{code}"' in html for code in other)
    for code in set().union(*hands, bot_hand):
        assert f'value="{code}"' not in watcher.content()

    played = 0
    while True:
        table.refresh_from_db()
        view = digital.view(table, None)
        if view["deal"] != 1:
            break
        seat = view["waiting_for"]
        assert seat in (0, 1, 2), view  # the bot moved server-side
        p = pages[seat]
        # The page shows the turn without a reload (the live poll), and only legal cards can be tapped.
        card = p.locator(".hand button.card.playable").first
        expect(card).to_be_visible(timeout=LIVE_MS + 1000)
        expect(p.locator(".turn")).to_have_text("À vous de jouer.")
        code = card.get_attribute("value")
        mine = digital.view(table, seat)
        legal = mine["legal"]
        assert legal, (played, view, mine)
        assert p.locator(".hand button.card.playable").evaluate_all("(bs) => bs.map((b) => b.value)") == legal
        name = card.get_attribute("aria-label")
        card.click()
        played += 1
        # The answer is on this phone's screen: the card left the hand (the whole hand, after the last card).
        expect(p.locator(f'.hand button[value="{code}"]')).to_have_count(0)
        if played < 39:
            # Everybody else sees that card within 2 s: on the table, or in the last trick.
            for other in [q for q in pages if q is not p] + [watcher]:
                expect(other.locator(f'#live .card.face[aria-label="{name}"]').first).to_be_attached(timeout=LIVE_MS)
    assert played == 39  # 13 tricks of 4 cards, 13 of them the bot's

    # The deal is over: every phone shows its last trick until it moves on, and the sheet holds the manche.
    expected = scores_by_hand(table)
    for p in pages + [watcher]:
        expect(p.locator(".deal-end h2")).to_have_text("Donne 1 terminée", timeout=LIVE_MS)
        expect(p.locator(".deal-end .trick-list li")).to_have_count(4)
        expect(p.locator("#sheet tr.totals td")).to_have_text([str(s) for s in expected])
        expect(p.locator("#sheet tbody tr:not(.row-summary)")).to_have_count(1)
        assert p.evaluate("document.documentElement.scrollWidth") <= 360
        no_violation(p)
    # Moving on shows the next manche's hand (les cœurs).
    pages[0].get_by_role("button", name="Donne suivante").click()
    expect(pages[0].locator(".deal-line")).to_contain_text("Les cœurs")
    expect(pages[0].locator(".hand button.card")).to_have_count(13)
    assert re.search(r"Donne 2", pages[0].locator(".deal-line").inner_text())
    for context, _ in phones:
        context.close()
    watcher_context.close()


def test_pass_and_play_hides_each_hand_until_its_player_taps(browser: Browser, live_server):
    table = DigitalTableFactory(pass_play=True)  # Ana, Bea, Cid on one phone, Dan a quick bot
    context, page = new_phone(browser)
    page.goto(f"{live_server.url}/tables/{table.id}/edit/{table.edit_token}/play/")
    for _ in range(6):
        table.refresh_from_db()
        seat = digital.view(table, None)["waiting_for"]
        name = table.players[seat]
        expect(page.locator(".handoff h2")).to_have_text(f"Passez le téléphone à {name}")
        expect(page.locator(".hand-form")).to_have_count(0)
        assert not any(f'value="{c}"' in page.content() for c in digital.view(table, seat)["hand"])
        page.get_by_role("button", name=f"Je suis {name} : voir mon jeu").click()
        expect(page.locator(".hand-title")).to_have_text(f"Le jeu de {name}")
        assert hand_of(page) == digital.view(table, seat)["hand"]
        card = page.locator(".hand button.card.playable").first
        code = card.get_attribute("value")
        card.click()
        expect(page.locator(f'.hand button[value="{code}"]')).to_have_count(0)
        if page.locator(".hand-form").count():  # the same player again: no hand-over
            page.goto(f"{live_server.url}/tables/{table.id}/edit/{table.edit_token}/play/")
    context.close()


def test_a_seat_page_plays_without_javascript(browser: Browser, live_server):
    table = DigitalTableFactory()
    seat = digital.view(table, None)["waiting_for"]
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 640}, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{table.id}/seat/{table.seat_tokens[seat]}/")
    page.get_by_role("button", name=f"Je suis {table.players[seat]} : prendre ma place sur ce téléphone").click()
    card = page.locator(".hand button.card.playable").first
    code, name = card.get_attribute("value"), card.get_attribute("aria-label")
    card.click()  # a plain form post, then the page again
    expect(page.locator(f'.hand button[value="{code}"]')).to_have_count(0)
    expect(page.locator(f'#live .card.face[aria-label="{name}"]').first).to_be_attached()
    context.close()


def test_a_seat_link_binds_to_the_phone_that_takes_it(browser: Browser, live_server):
    """The cookie is scoped to the seat's path: a real browser sends it to that seat's page, its poll and its forms,
    follows it to the new path when the seat changes its link, and another phone with the link sees no hand."""
    table = DigitalTableFactory()
    link = f"{live_server.url}/tables/{table.id}/seat/{table.seat_tokens[1]}/"
    bea_context, bea = new_phone(browser)
    bea.goto(link)
    expect(bea.locator(".hand-form")).to_have_count(0)
    bea.get_by_role("button", name="Je suis Bea : prendre ma place sur ce téléphone").click()
    expect(bea.locator(".hand button.card")).to_have_count(13)
    def seat_cookies():
        return [c for c in bea_context.cookies() if c["name"].startswith("atout_seat_")]

    [cookie] = seat_cookies()
    assert cookie["name"] == digital.seat_cookie(table.seat_tokens[1])
    assert cookie["path"] == link.removeprefix(live_server.url)
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    assert bea.evaluate("document.cookie").find(cookie["name"]) == -1  # out of the page's scripts' reach
    other_context, other = new_phone(browser)
    response = other.goto(link)
    assert response.status == 403
    expect(other.locator("h1")).to_have_text("Place déjà prise sur un autre téléphone")
    assert other.locator(".hand button.card").count() == 0
    # Bea changes her seat's link: the same phone plays on at the new address, the old one opens nothing.
    bea.locator(".seat-menu summary").click()
    bea.get_by_role("button", name="Changer le lien de ma place").click()
    expect(bea.locator(".notice")).to_contain_text("Nouveau lien pour votre place")
    expect(bea.locator(".hand button.card")).to_have_count(13)
    new = bea.url.split("?")[0]
    assert new != link
    assert [c["path"] for c in seat_cookies()] == [new.removeprefix(live_server.url)]
    assert bea.goto(link).status == 403
    assert other.goto(new).status == 403
    bea_context.close()
    other_context.close()
