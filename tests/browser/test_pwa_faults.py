"""What a phone does when an answer is lost, the server cannot store, or another phone changed the table.

A round kept under the table's number after its answer was lost is stored once; a 503 keeps the round
queued and sends it again after Retry-After; a change costs each phone one request.
"""

import re
import time

import pytest
from playwright.sync_api import expect

from companion.tables import ledger
from companion.tables.models import Event
from tests.pwa.helpers import edit_path, entry_for, fill_round, new_table, round_events, rounds, view_path
from tests.pwa.server import SwitchableServer

pytestmark = pytest.mark.django_db(transaction=True)

TRIO = ["Ana", "Bea", "Cid"]


@pytest.fixture
def server():
    s = SwitchableServer()
    s.start()
    yield s
    s.stop()


def first_visit(page, url):
    page.goto(url)
    assert page.evaluate("() => window.Atout.ready") is True


def wait_until(page, condition, ms=10_000):
    for _ in range(ms // 100):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("not in time")


def enter_vicaire(page, tricks):
    for seat, t in enumerate(tricks):
        page.fill(f'#entry input[name="tricks.{seat}"]', str(t))
    page.click("#entry button[type=submit]")


def test_a_round_kept_as_the_tables_next_number_is_stored_once_although_its_answer_was_lost(page, server):
    # Vicaire asks the same fields every deal, so the phone's round 3 is a valid round 2.
    table, token = ledger.create_table("vicaire", TRIO, {})
    ledger.add_round(table.id, {"tricks": [4, 3, 3]})
    ledger.add_round(table.id, {"tricks": [3, 4, 3]})
    first_visit(page, server.url + edit_path(table, token))
    page.context.set_offline(True)  # this phone loses the network…
    enter_vicaire(page, [2, 2, 6])
    expect(page.locator("#sheet tr.pending")).to_have_count(1)
    second = round_events(table)[1]
    ledger.delete_round(table.id, second.seq)  # …while another phone deletes round 2

    page.context.set_offline(False)
    conflict = page.locator("#conflict")
    expect(conflict).to_contain_text("La table en est à la donne 2", timeout=10_000)
    lost, cut = [], []

    def lose_the_answer(route):
        if route.request.method != "POST":
            return route.continue_()
        if not lost:
            route.fetch()  # the server stores it…
            lost.append(route.request.headers.get("idempotency-key"))
        else:
            cut.append(route.request.headers.get("idempotency-key"))
        route.abort("connectionreset")  # …the phone never hears back, then the network is gone

    page.route(re.compile(r"/edit/"), lose_the_answer)
    page.click("#conflict button:has-text('L’enregistrer comme donne 2'), #conflict button:has-text(\"L'enregistrer comme donne 2\")")
    wait_until(page, lambda: lost)
    assert rounds(table) == [{"tricks": [4, 3, 3]}, {"tricks": [2, 2, 6]}]
    assert lost[0] and lost[0].startswith("atout-")

    # The page is closed and opened again with the network back: the queued round goes again, with its key.
    page.goto("about:blank")
    page.unroute_all(behavior="wait")
    sent = []
    page.on("request", lambda r: sent.append(r.headers.get("idempotency-key")) if r.method == "POST" else None)
    page.goto(server.url + edit_path(table, token))
    wait_until(page, lambda: sent)
    expect(page.locator("#round-2")).to_be_visible()
    expect(page.locator("#sheet tr.pending")).to_have_count(0)
    expect(page.locator("#conflict")).to_have_count(0)
    assert sent == [lost[0]]
    assert set(cut) <= {lost[0]}  # retries in between carried the same key
    assert rounds(table) == [{"tricks": [4, 3, 3]}, {"tricks": [2, 2, 6]}]
    mine = [e for e in round_events(table) if e.idempotency_key == lost[0]]
    assert len(mine) == 1 and len(round_events(table)) == 3  # round 1, the deleted round 2, this one
    expect(page.locator("#round-2")).to_be_visible()
    expect(page.locator("#entry h2")).to_contain_text("Saisir la donne 3")


def test_a_round_the_server_cannot_store_now_stays_queued_and_is_sent_after_retry_after(page, server):
    table, token = new_table()
    first_visit(page, server.url + edit_path(table, token))
    refused, at = [], []

    def database_down(route):
        if route.request.method != "POST":
            return route.continue_()
        refused.append(route.request.headers.get("idempotency-key"))
        at.append(time.monotonic())
        route.fulfill(status=503, headers={"Retry-After": "2", "Content-Type": "text/html; charset=utf-8"},
                      body="<!doctype html><h1>Service momentanément indisponible</h1>")

    page.route(re.compile(r"/edit/"), database_down)
    fill_round(page, 1)
    page.click("#entry button[type=submit]")
    expect(page.locator("#sheet tr.pending")).to_have_count(1)
    expect(page.locator("#entry h2")).to_contain_text("Saisir la donne 2")  # the phone goes on
    expect(page.locator("#conn")).to_have_attribute("data-state", "reconnecting")
    expect(page.locator("h1")).not_to_contain_text("indisponible")  # the error page never replaces the sheet
    wait_until(page, lambda: len(refused) >= 3)
    # Sent again, with the same key, each time after the 2 s the server asked (polls go on every second).
    assert len(set(refused)) == 1
    assert all(later - earlier >= 1.9 for earlier, later in zip(at, at[1:], strict=False)), at
    assert Event.objects.count() == 0

    page.unroute_all(behavior="wait")  # the database is back
    expect(page.locator("#sheet tr.pending")).to_have_count(0, timeout=10_000)
    expect(page.locator("#round-1")).to_be_visible()
    events = round_events(table)
    assert rounds(table) == [entry_for(1)] and len(events) == 1 and events[0].idempotency_key == refused[0]


def test_a_round_that_cannot_be_sent_for_lack_of_network_stays_queued_and_goes_when_it_returns(page, server):
    table, token = new_table()
    first_visit(page, server.url + edit_path(table, token))
    page.route(re.compile(r"/edit/"), lambda route: route.abort("internetdisconnected")
               if route.request.method == "POST" else route.continue_())
    fill_round(page, 1)
    page.click("#entry button[type=submit]")
    expect(page.locator("#sheet tr.pending")).to_have_count(1)
    page.wait_for_timeout(1500)
    assert Event.objects.count() == 0
    page.unroute_all(behavior="wait")
    expect(page.locator("#sheet tr.pending")).to_have_count(0, timeout=10_000)
    assert rounds(table) == [entry_for(1)]


@pytest.fixture
def phones(browser, browser_context_args):
    contexts = [browser.new_context(**browser_context_args) for _ in range(2)]
    yield [c.new_page() for c in contexts]
    for c in contexts:
        c.close()


def log_answers(page):
    """Every answer this phone got (method, path, status), the page's, its scripts' and its service worker's."""
    answers = []
    page.context.on("response", lambda r: answers.append((r.request.method, "/" + r.url.split("/", 3)[3], r.status)))
    return answers


def cached_page_has(page, path, text):
    return page.evaluate("""async ([path, text]) => {
        const res = await caches.match(path);
        return Boolean(res) && (await res.text()).includes(text);
    }""", [path, text])


def test_a_round_entered_costs_each_phone_one_request_and_refreshes_its_offline_copy(phones, server):
    editor, viewer = phones
    table, token = new_table()
    first_visit(editor, server.url + edit_path(table, token))
    first_visit(viewer, server.url + view_path(table))
    editor_log, viewer_log = log_answers(editor), log_answers(viewer)
    editor.wait_for_timeout(1500)
    # Nothing changed: every check is a 304.
    assert {s for _, _, s in editor_log} == {304} and {s for _, _, s in viewer_log} == {304}
    del editor_log[:], viewer_log[:]

    fill_round(editor, 1)
    editor.click("#entry button[type=submit]")
    expect(editor.locator("#round-1")).to_be_visible()
    expect(viewer.locator("#round-1")).to_be_visible(timeout=3000)
    viewer.wait_for_timeout(2500)  # time for any request the change would still cause

    changed = [a for a in editor_log if a[2] != 304]
    assert changed == [("POST", edit_path(table, token), 200)], changed  # its answer is the new sheet
    changed = [a for a in viewer_log if a[2] != 304]
    assert changed == [("GET", view_path(table) + "live/", 200)], changed  # the page, once
    assert all(path.endswith("/live/") for _, path, _ in editor_log + viewer_log if _ == "GET")
    # tricks 4, 3, 5, 1 at 5 points a trick: both phones show it, and both keep it for offline use.
    expect(viewer.locator(".sheet .totals td").first).to_have_text(re.compile(r"^20"))
    assert cached_page_has(viewer, view_path(table), 'id="round-1"')
    assert cached_page_has(editor, edit_path(table, token), 'id="round-1"')
