"""What a phone keeps in Cache Storage after an evening at the table.

Pages whose address holds a secret (edit, seat, pass-and-play, share and circle pages) are sent ``no-store``; the
service worker keeps only what the offline promise needs: the app shell, the rulebook, and the read-only and edit
pages of the tables being played; a table that ended is taken out of it.
"""

import pytest
from playwright.sync_api import expect

from companion.tables import digital
from tests.factories import DigitalTableFactory, GroupTableFactory, TableFactory
from tests.pwa.helpers import edit_path, fill_round, view_path

pytestmark = pytest.mark.django_db(transaction=True)

CACHE_CONTENTS = """async () => {
    const out = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) {
            const res = await cache.match(req);
            out.push({cache: name, path: new URL(req.url).pathname,
                      cacheControl: (res && res.headers.get('Cache-Control')) || ''});
        }
    }
    return out;
}"""


def visit(page, url):
    page.goto(url)
    page.evaluate("() => window.Atout.loaded")  # the page's first-load work, its offline copy included


def enter_round(page, number):
    fill_round(page, number)
    page.click("#entry button[type=submit]")
    expect(page.locator(f"#round-{number}")).to_be_visible()


def play_an_evening(page, base):
    """One phone's evening: the home, two new-table forms, three tables scored on it (one ended), a digital table's
    seat, pass-and-play and spectators' pages, a circle's page, a share page, a history."""
    page.goto(base + "/")
    assert page.evaluate("() => window.Atout.ready") is True  # the shell and the rulebook are kept
    visit(page, base + "/tables/new/barbu/")
    visit(page, base + "/tables/new/libre/")

    ended = TableFactory()
    visit(page, base + edit_path(ended, ended.edit_token) + "?created=1")
    enter_round(page, 1)
    visit(page, base + edit_path(ended, ended.edit_token) + "share/")
    visit(page, base + view_path(ended))

    played = TableFactory()
    visit(page, base + edit_path(played, played.edit_token))
    enter_round(page, 1)
    enter_round(page, 2)
    visit(page, base + view_path(played))
    visit(page, base + f"/tables/{played.id}/history/")

    free = TableFactory(game="libre", players=["Ana", "Bea", "Cid"])
    visit(page, base + edit_path(free, free.edit_token))

    dealt = DigitalTableFactory()
    seat = digital.view(dealt, None)["waiting_for"]
    visit(page, base + f"/tables/{dealt.id}/seat/{dealt.seat_tokens[seat]}/")
    visit(page, base + f"/tables/{dealt.id}/edit/{dealt.edit_token}/play/")
    visit(page, base + f"/tables/{dealt.id}/play/")

    circle_table = GroupTableFactory()
    visit(page, base + f"/groups/{circle_table.group_id}/")

    # The first table ends, on its edit page, as a person ends it.
    visit(page, base + edit_path(ended, ended.edit_token))
    page.get_by_role("link", name="Terminer la partie maintenant").click()
    page.locator("dialog#confirm-finish").get_by_role("button", name="Oui, terminer la partie").click()
    expect(page.locator(".winner-banner")).to_be_visible()
    page.evaluate("() => window.Atout.loaded")

    page.goto(base + "/")
    assert page.evaluate("() => window.Atout.ready") is True
    return {"ended": ended, "played": played, "free": free, "dealt": dealt, "circle": circle_table.group_id}


def test_after_an_evening_cache_storage_holds_the_shell_and_the_tables_in_play_only(page, live_server, client):
    tables = play_an_evening(page, live_server.url)
    entries = page.evaluate(CACHE_CONTENTS)
    paths = [e["path"] for e in entries]
    print(f"\nCache Storage after the evening: {len(entries)} entries")

    # Never a seat's hand, pass-and-play, a share page, a circle's page, a form or a history.
    for path in paths:
        assert "/seat/" not in path and not path.endswith("/play/"), path
        assert not path.endswith("/share/") and not path.startswith("/groups/"), path
        assert not path.startswith("/tables/new/") and not path.endswith("/history/"), path

    # The ended table's pages (its edit page and its read-only page, both opened tonight) are gone.
    ended = tables["ended"]
    assert not [p for p in paths if p.startswith(f"/tables/{ended.id}/")]

    # The pages kept beyond the shell: the read-only and edit pages of the table being played, the edit page of
    # the free sheet. Nothing of the digital table (its pages need the server) nor of the circle. The rulebook
    # pages of the games this phone played tonight are the shell's too (kept for offline rules).
    shell = client.get("/pwa/precache.json").json()
    shell_paths = set(shell["pages"]) | set(shell["assets"]) | set(shell["later_assets"]) | set(shell["games"].values())
    played, free = tables["played"], tables["free"]
    in_play = {view_path(played), edit_path(played, played.edit_token), edit_path(free, free.edit_token)}
    assert {p for p in paths if p not in shell_paths} == in_play

    # A page sent no-store is kept only as the offline form of a table being played.
    for e in entries:
        if "no-store" in e["cacheControl"]:
            assert e["path"] in in_play, e

    # Each page once: the count is the shell's plus the three pages of the tables in play.
    assert len(paths) == len(set(paths))
    assert set(paths) <= shell_paths | in_play
    assert len(entries) <= len(shell_paths) + len(in_play)


def test_a_table_that_ended_elsewhere_leaves_the_phone_that_followed_it(page, live_server):
    """A phone following the read-only page drops its copy when the live sheet says the game ended."""
    from companion.tables import ledger

    table = TableFactory(rounds=[{"tricks": [4, 3, 5, 1]}])
    visit(page, live_server.url + view_path(table))
    kept = "async (path) => Boolean(await caches.match(path))"
    wait_until(page, lambda: page.evaluate(kept, view_path(table)))
    ledger.finish(table.id)
    expect(page.locator(".winner-banner")).to_be_visible(timeout=5000)
    wait_until(page, lambda: not page.evaluate(kept, view_path(table)))
    assert not [p for p in page.evaluate(CACHE_CONTENTS) if p["path"].startswith(f"/tables/{table.id}/")]


def wait_until(page, condition, timeout_ms=5000):
    for _ in range(timeout_ms // 100):
        if condition():
            return
        page.wait_for_timeout(100)
    assert condition()


def test_what_the_phone_kept_before_is_emptied_when_the_new_service_worker_takes_over(page, live_server):
    """An older service worker put every page into "atout-pages", where it stayed: the new worker deletes it whole."""
    page.goto(live_server.url + "/healthz")  # a page of the origin without the service worker
    page.evaluate("""async () => {
        const old = await caches.open('atout-pages');
        await old.put('/groups/C5e18_IjX1OeXVS9vV8gFA/', new Response('<p>a circle</p>'));
        await old.put('/tables/Q9OUxKpDZFYSpAUp/seat/JAyen5gzOTYZNQYHPDGTB4nH/', new Response('<p>a hand</p>'));
    }""")
    page.goto(live_server.url + "/")
    assert page.evaluate("() => window.Atout.ready") is True
    assert "atout-pages" not in page.evaluate("() => caches.keys()")
    assert not [e for e in page.evaluate(CACHE_CONTENTS) if "/seat/" in e["path"] or e["path"].startswith("/groups/")]


def test_a_table_left_unfinished_leaves_after_a_week_and_at_most_eight_tables_are_kept(page, live_server):
    page.goto(live_server.url + "/")
    assert page.evaluate("() => window.Atout.ready") is True
    # A table opened eight days ago and never again (its copy as the worker keeps it, stamped then).
    stale = "/tables/openedlastweek000001/"
    page.evaluate("""async (path) => {
        const eightDays = 8 * 24 * 3600 * 1000;
        await (await caches.open('atout-tables')).put(path, new Response('<p>old</p>', {headers: {
            'Content-Type': 'text/html; charset=utf-8', 'X-Atout-Kept-At': String(Date.now() - eightDays),
            'X-Atout-Version': '3'}}));
    }""", stale)
    tables = [TableFactory() for _ in range(9)]
    for table in tables:
        visit(page, live_server.url + view_path(table))
    paths = {e["path"] for e in page.evaluate(CACHE_CONTENTS) if e["cache"] == "atout-tables"}
    # Nine tables opened tonight, eight kept: the first one opened is the one left out, with last week's.
    assert paths == {view_path(t) for t in tables[1:]}


def test_the_round_that_ends_the_game_takes_the_edit_page_out_of_the_phone(page, live_server):
    """A free sheet of two rounds: the second one, typed on the edit page, ends it (the answer is the sheet only)."""
    table = TableFactory(game="libre", players=["Ana", "Bea", "Cid"], options={"rounds": 2},
                         rounds=[{"points": [3, 5, 0]}])
    path = edit_path(table, table.edit_token)
    visit(page, live_server.url + path)
    kept = "async (path) => Boolean(await caches.match(path))"
    wait_until(page, lambda: page.evaluate(kept, path))
    for seat, points in enumerate(["4", "1", "2"]):
        page.fill(f'#entry input[name="points.{seat}"]', points)
    page.click("#entry button[type=submit]")
    # 3 + 4 = 7, 5 + 1 = 6, 0 + 2 = 2: Ana wins the two rounds.
    expect(page.locator(".winner-banner")).to_contain_text("Ana")
    wait_until(page, lambda: not page.evaluate(kept, path))


def test_a_new_service_worker_asks_the_open_table_page_for_its_copy_again(page, live_server, monkeypatch):
    """The worker that takes over (an update of the app) empties what the old one kept; the edit page open at that
    moment hands its copy again, so that the table being played still opens with no network."""
    table = TableFactory()
    path = edit_path(table, table.edit_token)
    page.goto(live_server.url + path)
    assert page.evaluate("() => window.Atout.ready") is True
    kept = "async (path) => Boolean(await caches.match(path))"
    wait_until(page, lambda: page.evaluate(kept, path))
    page.evaluate("async (path) => (await caches.open('atout-tables')).delete(path)", path)
    assert not page.evaluate(kept, path)

    from companion.pwa import views as pwa_views

    monkeypatch.setattr(pwa_views, "_version", lambda *args: "0123456789abcdef")  # the next version of the app
    page.evaluate("""() => new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', resolve);
        navigator.serviceWorker.getRegistration().then((r) => r.update());
    })""")
    assert page.evaluate("() => caches.keys()").count("atout-shell-0123456789abcdef") == 1
    wait_until(page, lambda: page.evaluate(kept, path))
