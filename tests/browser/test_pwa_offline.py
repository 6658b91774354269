"""With the network gone: pages from the service worker, rounds kept on the phone and sent once when it returns.

The server is really stopped (``SwitchableServer``) and the browser is set offline, as a phone losing reception.
"""

import re

import pytest
from playwright.sync_api import expect

from companion.tables import ledger
from companion.tables.models import Event
from tests.pwa.helpers import edit_path, entry_for, fill_round, new_table, round_events, rounds, view_path
from tests.pwa.server import SwitchableServer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def server():
    s = SwitchableServer()
    s.start()
    yield s
    s.stop()


def go_offline(page, server):
    server.stop()
    page.context.set_offline(True)


def come_back(page, server):
    server.start()
    page.context.set_offline(False)


def first_visit(page, url):
    page.goto(url)
    assert page.evaluate("() => window.Atout.ready") is True


def test_a_table_the_home_and_the_rulebook_load_with_no_network_after_a_first_visit(page, server):
    table, _ = new_table()
    ledger.add_round(table.id, {"tricks": [4, 3, 5, 1]})
    first_visit(page, server.url + view_path(table))
    go_offline(page, server)

    page.goto(server.url + view_path(table))
    expect(page.locator("#round-1")).to_be_visible()
    # tricks 4, 3, 5, 1 at 5 points a trick
    expect(page.locator(".sheet .totals td")).to_have_text([re.compile(r"^20\b"), re.compile(r"^15\b"), re.compile(r"^25\b"),
                                                            re.compile(r"^5\b")])
    expect(page.locator("#conn")).to_have_text(re.compile("Hors ligne"))

    page.goto(server.url + "/rules/")
    expect(page.locator("main")).to_contain_text("barbu", ignore_case=True)
    # The table's game's page was kept for offline use; another game's page is not kept until it is read once.
    page.goto(server.url + "/rules/rami/")
    expect(page.locator("h1")).to_have_text("Pas de réseau")
    come_back(page, server)
    for slug in ("rami", "nain-jaune"):
        page.goto(server.url + f"/rules/{slug}/")
        expect(page.locator("h1")).not_to_have_text("Pas de réseau")
    go_offline(page, server)
    for slug in ("barbu", "rami", "nain-jaune"):
        response = page.goto(server.url + f"/rules/{slug}/")
        assert response.ok, slug
        assert page.title() != "" and "Pas de réseau" not in page.content()
        # The rulebook's own stylesheet came from the service worker too: its sticky section menu applies.
        assert page.evaluate("""() => [...document.styleSheets].some((s) => (s.href || '').includes('/css/rulebook')
                                                                          && s.cssRules.length > 0)"""), slug
        assert page.evaluate("getComputedStyle(document.querySelector('.jump')).position") == "sticky", slug

    page.goto(server.url + "/")
    expect(page.locator("#my-tables")).to_be_visible()
    expect(page.locator("#my-tables a")).to_have_attribute("href", view_path(table))

    page.goto(server.url + "/tables/never-opened-here/")
    expect(page.locator("h1")).to_have_text("Pas de réseau")


def test_ten_rounds_entered_offline_are_each_stored_once_when_the_network_returns(page, server):
    table, token = new_table(series=True)  # 20 manches at four players
    first_visit(page, server.url + edit_path(table, token))
    go_offline(page, server)

    for number in range(1, 11):
        fill_round(page, number)
        page.click("#entry button[type=submit]")
        expect(page.locator("#sheet tr.pending")).to_have_count(number)
    expect(page.locator("#entry h2")).to_contain_text("Saisir la donne 11")
    expect(page.locator("#conn")).to_have_text(re.compile(r"Hors ligne · 10"))

    # The queue lives in IndexedDB: reloading the page with no network loses nothing.
    page.reload()
    expect(page.locator("#sheet tr.pending")).to_have_count(10)
    expect(page.locator("#entry h2")).to_contain_text("Saisir la donne 11")
    # A waiting round shows its points (the rules give Barbu's per field): tricks 4, 3, 5, 1 at 5 points a trick.
    expect(page.locator("#sheet tr.pending").first.locator("td")).to_have_text(
        [re.compile(r"^20"), re.compile(r"^15"), re.compile(r"^25"), re.compile(r"^5")])
    assert Event.objects.count() == 0

    come_back(page, server)
    expect(page.locator("#round-10")).to_be_visible(timeout=15_000)
    expect(page.locator("#sheet tr.pending")).to_have_count(0)
    assert rounds(table) == [entry_for(n) for n in range(1, 11)]
    keys = [e.idempotency_key for e in round_events(table)]
    assert len(set(keys)) == 10 and all(k.startswith("atout-") for k in keys)
    expect(page.locator("#entry h2")).to_contain_text("Saisir la donne 11")


def test_a_round_whose_answer_was_lost_is_sent_again_and_stored_once(page, server):
    table, token = new_table()
    first_visit(page, server.url + edit_path(table, token))
    lost = []

    def lose_the_answer(route):
        if route.request.method != "POST":
            return route.continue_()
        route.fetch()  # the server gets the round and stores it…
        lost.append(route.request.headers.get("idempotency-key"))
        route.abort("connectionreset")  # …but the phone never hears back

    page.route(re.compile(r"/edit/"), lose_the_answer)
    fill_round(page, 1)
    page.click("#entry button[type=submit]")
    expect(page.locator("#sheet tr.pending")).to_have_count(1)
    assert len(round_events(table)) == 1

    # Wait for a handler still at work (a retry, a poll) before the network is whole again: a route must not be
    # answered twice.
    page.unroute_all(behavior="wait")
    expect(page.locator("#sheet tr.pending")).to_have_count(0, timeout=10_000)
    expect(page.locator("#round-1")).to_be_visible()
    events = round_events(table)
    assert len(events) == 1 and events[0].idempotency_key == lost[0]
    assert Event.objects.count() == 1


def test_an_impossible_round_typed_offline_is_kept_as_refused_when_the_network_returns(page, server):
    table, token = new_table()
    first_visit(page, server.url + edit_path(table, token))
    go_offline(page, server)
    fill_round(page, 1, {"tricks": [4, 4, 4, 2]})  # 14 tricks: the server will refuse it
    page.click("#entry button[type=submit]")
    expect(page.locator("#sheet tr.pending")).to_have_count(1)

    come_back(page, server)
    # Nobody was watching when it was refused: it stays on the sheet as refused, with the form and its error.
    expect(page.locator("#sheet tr.pending-refused")).to_have_count(1, timeout=10_000)
    expect(page.locator("#entry .error").first).to_contain_text("13 plis")
    assert Event.objects.count() == 0


def test_a_round_refused_online_stays_in_the_form_without_a_queue_row(page, server):
    table, token = new_table()
    first_visit(page, server.url + edit_path(table, token))
    fill_round(page, 1, {"tricks": [4, 4, 4, 2]})
    page.click("#entry button[type=submit]")
    expect(page.locator("#entry .error").first).to_contain_text("13 plis")
    expect(page.locator('#entry input[name="tricks.3"]')).to_have_value("2")
    expect(page.locator("#sheet tr.pending")).to_have_count(0)
    page.reload()
    expect(page.locator("#sheet tr.pending")).to_have_count(0)
    assert Event.objects.count() == 0


def test_a_refused_offline_round_fixed_later_is_sent_before_the_rounds_entered_after_it(page, server):
    table, token = new_table()
    first_visit(page, server.url + edit_path(table, token))
    go_offline(page, server)
    fill_round(page, 1, {"tricks": [3, 3, 3, 3]})  # 12 tricks: the server will refuse it
    page.click("#entry button[type=submit]")
    for number in (2, 3):
        fill_round(page, number)
        page.click("#entry button[type=submit]")
    expect(page.locator("#sheet tr.pending")).to_have_count(3)

    come_back(page, server)
    expect(page.locator("#sheet tr.pending-refused")).to_have_count(1, timeout=10_000)
    expect(page.locator("#entry h2")).to_contain_text("Saisir la donne 1")
    expect(page.locator("#entry .error").first).to_contain_text("13 plis")
    assert Event.objects.count() == 0  # rounds 2 and 3 wait behind round 1

    page.fill('#entry input[name="tricks.3"]', "4")  # 3 + 3 + 3 + 4 = 13
    page.click("#entry button[type=submit]")
    expect(page.locator("#round-3")).to_be_visible(timeout=10_000)
    expect(page.locator("#sheet tr.pending")).to_have_count(0)
    expect(page.locator("#conflict")).to_have_count(0)
    assert rounds(table) == [{"tricks": [3, 3, 3, 4]}, entry_for(2), entry_for(3)]
    expect(page.locator("#entry h2")).to_contain_text("Saisir la donne 4")


def test_the_offline_copy_of_a_table_is_the_page_as_first_loaded_without_its_one_time_notice(page, server):
    table, token = new_table()
    ledger.add_round(table.id, {"tricks": [4, 3, 5, 1]})
    # As after creating a table: the edit page with its "table created" notice, never seen by a service worker.
    first_visit(page, server.url + edit_path(table, token) + "?created=1")
    expect(page.locator(".notice")).to_be_visible()
    assert [s.path for s in server.served].count(edit_path(table, token) + "?created=1") == 1
    assert edit_path(table, token) not in [s.path for s in server.served]  # kept from the page, not downloaded
    go_offline(page, server)

    page.goto(server.url + edit_path(table, token))
    expect(page.locator("#round-1")).to_be_visible()
    expect(page.locator(".notice")).to_have_count(0)
    expect(page.locator("#entry h2")).to_contain_text("Saisir la donne 2")
    fill_round(page, 2)  # the offline copy works as the page did: the round is queued
    page.click("#entry button[type=submit]")
    expect(page.locator("#sheet tr.pending")).to_have_count(1)


def test_while_rounds_wait_offline_the_totals_include_them_and_the_status_line_names_the_coming_round(page, server):
    table, token = new_table(series=True)
    ledger.add_round(table.id, entry_for(1))  # stored: tricks 4, 3, 5, 1 → 20, 15, 25, 5
    first_visit(page, server.url + edit_path(table, token))
    go_offline(page, server)
    for number in (2, 3):
        fill_round(page, number)
        page.click("#entry button[type=submit]")
    expect(page.locator("#sheet tr.pending")).to_have_count(2)

    # Round 2 (hearts 2, 6, 0, 5 at 5 a heart): 10, 30, 0, 25; round 3 (queens 1, 0, 2, 1 at 20 a queen):
    # 20, 0, 40, 20. Totals with them: 20+10+20 = 50, 15+30+0 = 45, 25+0+40 = 65, 5+25+20 = 50.
    totals = page.locator("#sheet table.sheet tr.totals td[data-seat]")
    expect(totals).to_have_text([re.compile(r"^50"), re.compile(r"^45"), re.compile(r"^65"), re.compile(r"^50")])
    expect(totals.first).to_have_class(re.compile("with-pending"))
    expect(totals.first.locator(".pending-mark")).to_have_text("⏳")
    expect(page.locator(".totals-bar li strong")).to_have_text(["50", "45", "65", "50"])
    expect(page.locator("#sheet tr.pending").nth(1).locator("td")).to_have_text(
        [re.compile(r"^20\s*50"), re.compile(r"^0\s*45"), re.compile(r"^40\s*65"), re.compile(r"^20\s*50")])

    # The form enters round 4 (the king of hearts, dealt by seat 3 = Dan, clockwise; Ana, seat 0, leads), and
    # the status line says the same, not the stored table's round 2.
    expect(page.locator("#entry h2")).to_contain_text("Saisir la donne 4")
    status = page.locator("#sheet p.next")
    expect(status).to_contain_text("Donne 4")
    expect(status).to_contain_text("Le roi de cœur")
    expect(status.locator(":scope > strong")).to_have_text(["Dan", "Ana"])

    page.reload()  # from the offline copy and the queue: the same
    expect(totals).to_have_text([re.compile(r"^50"), re.compile(r"^45"), re.compile(r"^65"), re.compile(r"^50")])
    expect(status).to_contain_text("Donne 4")

    come_back(page, server)
    expect(page.locator("#sheet tr.pending")).to_have_count(0, timeout=15_000)
    expect(totals).to_have_text([re.compile(r"^50"), re.compile(r"^45"), re.compile(r"^65"), re.compile(r"^50")])
    expect(totals.first).not_to_have_class(re.compile("with-pending"))
    expect(status).to_contain_text("Donne 4")
    assert rounds(table) == [entry_for(n) for n in (1, 2, 3)]


def test_a_game_whose_rules_give_no_points_per_field_marks_its_totals_as_leaving_the_queue_out(page, server):
    table, token = ledger.create_table("vicaire", ["Ana", "Bea", "Cid"], {})
    first_visit(page, server.url + edit_path(table, token))
    go_offline(page, server)
    for seat, tricks in enumerate([4, 3, 3]):
        page.fill(f'#entry input[name="tricks.{seat}"]', str(tricks))
    page.click("#entry button[type=submit]")
    # The race decides Vicaire's points: the row says what was typed, the totals stay the stored ones, marked.
    expect(page.locator("#sheet tr.pending td.pending-cell small")).to_contain_text("Plis — Ana 4")
    totals = page.locator("#sheet table.sheet tr.totals td[data-seat]")
    expect(totals).to_have_text([re.compile(r"^0")] * 3)
    expect(totals.first.locator(".pending-mark")).to_have_attribute("title", "sans les donnes en attente")
    expect(page.locator("#sheet p.next")).to_contain_text("Donne 2")


def test_a_free_sheet_counts_its_waiting_rounds_negatives_included(page, server):
    table, token = ledger.create_table("libre", ["Ana", "Bea", "Cid"], {})
    ledger.add_round(table.id, {"points": [3, 4, 5]})
    first_visit(page, server.url + edit_path(table, token))
    go_offline(page, server)
    for seat, points in enumerate(["12", "-5", "0"]):
        page.fill(f'#entry input[name="points.{seat}"]', points)
    page.click("#entry button[type=submit]")
    # The points entered are the scores: 3 + 12 = 15, 4 − 5 = −1, 5 + 0 = 5.
    totals = page.locator("#sheet table.sheet tr.totals td[data-seat]")
    expect(totals).to_have_text([re.compile(r"^15"), re.compile(r"^−1"), re.compile(r"^5")])
    expect(page.locator("#sheet tr.pending td")).to_have_text([re.compile(r"^12"), re.compile(r"^−5"), re.compile(r"^0")])


def test_waiting_totals_read_a_real_minus_sign_typed_or_printed(page, server):
    table, token = ledger.create_table("libre", ["Ana", "Bea", "Cid"], {})
    ledger.add_round(table.id, {"points": [-4, 2, 0]})  # the sheet prints Ana's total with a minus sign
    first_visit(page, server.url + edit_path(table, token))
    go_offline(page, server)
    for seat, points in enumerate(["\u22123", "1", "0"]):  # "−3" typed with U+2212, as a phone keyboard may give
        page.fill(f'#entry input[name="points.{seat}"]', points)
    page.click("#entry button[type=submit]")
    # Stored −4, 2, 0 plus waiting −3, 1, 0: −7, 3, 0 (not NaN, not 4 − 3 read as a positive).
    totals = page.locator("#sheet table.sheet tr.totals td[data-seat]")
    # Written back as the sheet writes them, with the true minus sign, in the totals, the bar and the waiting row.
    expect(totals).to_have_text([re.compile(r"^−7"), re.compile(r"^3"), re.compile(r"^0")])
    expect(page.locator(".totals-bar li strong")).to_have_text(["−7", "3", "0"])
    expect(page.locator("#sheet tr.pending td")).to_have_text([re.compile(r"^−3−7$"), re.compile(r"^13$"), re.compile(r"^00$")])
    expect(totals.first.locator(".pending-mark")).to_have_text("⏳")
