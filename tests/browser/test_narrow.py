"""Every kind of page at 360×740 with as many players as the game takes (eight at most) and 20-character names:
nothing wider than the screen, and two players never shown alike."""

import pytest
from playwright.sync_api import Page

from companion.games import registry
from tests.browser.helpers import settle
from tests.factories import GroupFactory, GroupTableFactory, TableFactory

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Marie-Christine Dupo", "Maximilien Beauregar", "Jean-Baptiste Lecler", "Jean-Philippe Moreau",
         "Anne-Sophie Delacroi", "Alexandre Fontainebl", "Bérénice Chaumontais", "Christophe Lambertin"]
# One legal deal a game, for any number of players (the dealer's seat does not matter to these entries).
NOTHING = {"laid_nothing": True}


def deal(game: str, n: int) -> dict | None:
    if game == "barbu":
        return {"tricks": [13 - (n - 1) * 3 if n == 4 else 10 - (n - 1) * 2] + [3 if n == 4 else 2] * (n - 1)}
    if game == "vicaire":
        return {"tricks": [3, 4, 3]}
    if game == "rami":
        return {"winner": 0, "rami_sec": False, "hands": [None] + [NOTHING] * (n - 1)}
    if game == "nain-jaune":
        return {"winner": 0, "grand_opera": False, "remaining": [0] + [5 + s for s in range(1, n)],
                "stakes": {"10D": {"claimed_by": 0}, "JC": None, "QS": None, "KH": None, "7D": None}}
    if game == "libre":
        return {"points": [s - 3 for s in range(n)]}
    return None  # a game without a deal written here: its pages are opened with no round


def test_the_names_are_twenty_characters():
    assert all(len(n) == 20 for n in NAMES)


def widths(page: Page, url: str) -> tuple[int, list[str], list[str]]:
    page.goto(url)
    settle(page)
    assert "{#" not in page.inner_text("body"), url  # a template comment left on the page
    width = page.evaluate("document.documentElement.scrollWidth")
    heads = page.eval_on_selector_all("table.sheet thead tr:first-child .name", "els => els.map(e => e.textContent)")
    # A name the server shortened to fit is not cut again by the browser (hidden overflow of its two lines).
    clipped = page.eval_on_selector_all(
        "table.sheet thead tr:first-child .name",
        "els => els.filter(e => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
    return width, heads, clipped


def test_no_page_is_wider_than_the_phone_at_eight_players_with_long_names(browser, live_server):
    base = live_server.url
    urls = ["/", "/rami/pose/", "/rules/", "/rules/barbu/", "/rules/search?q=roi", "/groups/new/", "/groups/import/",
            "/tables/no-such-table/"]
    for slug, game in registry.scored().items():
        n = min(8, game.info.max_players)
        players = NAMES[:n]
        entry = deal(slug, n)
        table = TableFactory(game=slug, players=players, rounds=[entry] if entry else [])
        token = table.edit_token
        urls += [f"/tables/new/{slug}/", f"/tables/{table.id}/", f"/tables/{table.id}/edit/{token}/?{slug}",
                 f"/tables/{table.id}/history/", f"/tables/{table.id}/share/", f"/tables/{table.id}/edit/{token}/share/"]
        if entry:
            urls.append(f"/tables/{table.id}/edit/{token}/rounds/1/")
    group = GroupFactory(name="Les jeudis de la rue des Acacias à Montreuil", players=NAMES)
    GroupTableFactory(group=group, game="nain-jaune", players=NAMES, rounds=[deal("nain-jaune", 8)])
    urls += [f"/groups/{group.id}/", f"/groups/{group.id}/players/", f"/groups/{group.id}/tables/new/",
             f"/groups/{group.id}/tables/new/?game=nain-jaune"]
    too_wide, alike, cut = [], [], []
    for locale in ("fr-FR", "en-GB"):  # the English words are not the same length
        context = browser.new_context(viewport={"width": 360, "height": 740}, locale=locale, is_mobile=True, has_touch=True)
        page = context.new_page()
        for url in urls:
            width, heads, clipped = widths(page, base + url)
            if width > 360:
                too_wide.append(f"{locale} {url}: {width}px")
            if len(set(heads)) != len(heads):
                alike.append(f"{locale} {url}: {heads}")
            if clipped:
                cut.append(f"{locale} {url}: {clipped}")
        context.close()
    assert too_wide == [], "\n".join(too_wide)
    assert alike == []
    assert cut == [], "\n".join(cut)
