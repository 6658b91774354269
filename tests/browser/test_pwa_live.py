"""Every phone at the table in step: two browser contexts are two phones on one table."""

import re
import time
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from companion.tables import ledger
from tests.pwa.helpers import edit_path, fill_round, new_table, round_events, rounds, view_path

pytestmark = pytest.mark.django_db(transaction=True)

WITHIN = 2000  # ms: the README's "live updates within 2 s"


@pytest.fixture
def phones(browser, browser_context_args):
    contexts = [browser.new_context(**browser_context_args) for _ in range(2)]
    yield [c.new_page() for c in contexts]
    for c in contexts:
        c.close()


def open_page(page, url):
    page.goto(url)
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")  # its first "anything new?" answered


def test_a_round_entered_on_one_phone_shows_on_the_other_within_two_seconds(phones, live_server):
    editor, viewer = phones
    table, token = new_table()
    open_page(editor, live_server.url + edit_path(table, token))
    open_page(viewer, live_server.url + view_path(table))
    expect(viewer.locator("#conn")).to_have_text("En direct")

    fill_round(editor, 1)
    editor.click("#entry button[type=submit]")
    expect(editor.locator("#round-1")).to_be_visible()
    stored = time.monotonic()
    expect(viewer.locator("#round-1")).to_be_visible(timeout=WITHIN)
    assert time.monotonic() - stored < WITHIN / 1000
    # tricks 4, 3, 5, 1 at 5 points a trick
    expect(viewer.locator(".sheet .totals td").first).to_have_text(re.compile(r"^20"))


def test_corrections_deletions_and_the_end_of_the_game_show_live_too(phones, live_server):
    _, viewer = phones
    table, _ = new_table()
    ledger.add_round(table.id, {"tricks": [4, 3, 5, 1]})
    ledger.add_round(table.id, {"hearts": [2, 6, 0, 5]})
    open_page(viewer, live_server.url + view_path(table))

    first, second = round_events(table)
    ledger.correct_round(table.id, first.seq, {"tricks": [1, 5, 3, 4]})
    expect(viewer.locator("#round-1 .corrected")).to_be_visible(timeout=WITHIN)
    expect(viewer.locator(".sheet .totals td").first).to_have_text(re.compile(r"^15"), timeout=WITHIN)  # 5 + 10

    ledger.delete_round(table.id, second.seq)
    expect(viewer.locator("#round-2")).to_have_count(0, timeout=WITHIN)

    ledger.finish(table.id)
    expect(viewer.locator("#sheet [role=status]")).to_contain_text("Gagnant", timeout=WITHIN)


def test_the_page_says_when_it_is_offline_and_when_it_is_live_again(phones, live_server):
    viewer = phones[1]
    table, _ = new_table()
    open_page(viewer, live_server.url + view_path(table))
    expect(viewer.locator("#conn")).to_have_text("En direct")
    viewer.context.set_offline(True)
    expect(viewer.locator("#conn")).to_have_text(re.compile("Hors ligne|Reconnexion"), timeout=WITHIN)
    expect(viewer.locator("#conn")).to_have_attribute("data-state", "offline", timeout=5000)
    viewer.context.set_offline(False)
    expect(viewer.locator("#conn")).to_have_attribute("data-state", "live", timeout=5000)


def start_typing_round_one(page):
    page.fill('#entry input[name="tricks.0"]', "1")
    page.fill('#entry input[name="tricks.1"]', "5")
    page.fill('#entry input[name="tricks.2"]', "3")
    page.fill('#entry input[name="tricks.3"]', "4")


def test_two_phones_entering_the_same_round_the_second_sees_both_and_keeps_its_own(phones, live_server):
    first, second = phones
    table, token = new_table()
    for p in phones:
        open_page(p, live_server.url + edit_path(table, token))
    start_typing_round_one(second)  # the second phone is half-way through round 1…

    fill_round(first, 1)  # …when the first phone stores it
    first.click("#entry button[type=submit]")
    expect(second.locator("#round-1")).to_be_visible(timeout=WITHIN)
    expect(second.locator("#entry .taken")).to_be_visible()  # the sheet moved on, the typing is kept
    expect(second.locator('#entry input[name="tricks.1"]')).to_have_value("5")

    second.click("#entry button[type=submit]")
    conflict = second.locator("#conflict")
    expect(conflict).to_contain_text("La donne 1 a déjà été saisie par un autre téléphone")
    expect(conflict.locator("section").nth(0)).to_contain_text("Déjà enregistrée")
    expect(conflict.locator("section").nth(1)).to_contain_text("Votre saisie")
    expect(second.locator("#sheet tr.pending-conflict")).to_have_count(1)
    assert rounds(table) == [{"tricks": [4, 3, 5, 1]}]

    second.click("#conflict button:has-text('Remplacer par ma saisie')")
    expect(second.locator("#conflict")).to_have_count(0)
    expect(second.locator("#sheet tr.pending")).to_have_count(0)
    assert rounds(table) == [{"tricks": [1, 5, 3, 4]}]
    expect(first.locator("#round-1 .corrected")).to_be_visible(timeout=WITHIN)


def test_keeping_the_stored_round_drops_the_phones_entry_only_when_asked(phones, live_server):
    first, second = phones
    table, token = new_table()
    for p in phones:
        open_page(p, live_server.url + edit_path(table, token))
    start_typing_round_one(second)
    fill_round(first, 1)
    first.click("#entry button[type=submit]")
    expect(second.locator("#round-1")).to_be_visible(timeout=WITHIN)
    second.click("#entry button[type=submit]")
    expect(second.locator("#conflict")).to_be_visible()

    second.reload()  # the choice waits: the entry is still kept on the phone and asked about again
    expect(second.locator("#conflict")).to_be_visible()
    second.click("#conflict a:has-text('Garder la donne enregistrée')")
    expect(second.locator("#conflict")).to_have_count(0)
    expect(second.locator("#sheet tr.pending")).to_have_count(0)
    expect(second.locator("#entry h2")).to_contain_text("Saisir la donne 2")
    assert rounds(table) == [{"tricks": [4, 3, 5, 1]}]


def test_a_burst_of_online_and_visibility_events_keeps_a_single_polling_loop(page, live_server):
    table, _ = new_table()
    open_page(page, live_server.url + view_path(table))
    check = f"/tables/{table.id}/live/"
    asked = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith(check) else None)
    page.evaluate("""() => { for (let i = 0; i < 10; i++) {
        window.dispatchEvent(new Event('online'));
        document.dispatchEvent(new Event('visibilitychange'));
    } }""")
    page.wait_for_timeout(3000)
    # One loop asks once a second: the check the events asked for, then about three more; ten loops would
    # have asked some forty times.
    assert 2 <= len(asked) <= 5, len(asked)


def test_two_taps_on_save_in_the_same_instant_store_the_round_once_with_no_false_conflict(phones, live_server):
    editor = phones[0]
    table, token = new_table()
    open_page(editor, live_server.url + edit_path(table, token))
    fill_round(editor, 1)
    editor.evaluate("""() => { const form = document.querySelector('#entry form.entry-form');
                               form.requestSubmit(); form.requestSubmit(); }""")
    expect(editor.locator("#round-1")).to_be_visible()
    expect(editor.locator("#entry h2")).to_contain_text("Saisir la donne 2")
    editor.wait_for_timeout(500)
    expect(editor.locator("#conflict")).to_have_count(0)
    expect(editor.locator("#sheet tr.pending")).to_have_count(0)
    assert rounds(table) == [{"tricks": [4, 3, 5, 1]}]

    fill_round(editor, 2)
    editor.dblclick("#entry button[type=submit]")
    expect(editor.locator("#round-2")).to_be_visible()
    editor.wait_for_timeout(500)
    expect(editor.locator("#conflict")).to_have_count(0)
    assert len(round_events(table)) == 2


def test_an_unchanged_table_is_answered_304_although_answers_are_compressed(page, live_server):
    table, _ = new_table()
    ledger.add_round(table.id, {"tricks": [4, 3, 5, 1]})
    check = f"/tables/{table.id}/live/"
    answers = []
    page.on("response", lambda r: answers.append(r.status) if r.url.endswith(check) else None)
    open_page(page, live_server.url + view_path(table))
    page.wait_for_timeout(3000)
    # The page carries its sheet's ETag: from the first check on, every answer is a 304.
    assert len(answers) >= 3 and set(answers) == {304}, answers


def test_what_changes_around_the_sheet_follows_too_without_a_reload(phones, live_server):
    editor = phones[0]
    table, token = new_table()
    open_page(editor, live_server.url + edit_path(table, token))
    editor.click("details.share > summary")  # open on screen: a change elsewhere must not close it
    rules = editor.locator("nav.table-actions a", has_text="Règles")
    back = "?back=" + quote(edit_path(table, token), safe="")  # the rules page leads back to this edit page
    expect(rules).to_have_attribute("href", f"/rules/barbu/{back}#plis")  # the coming manche's rule
    ledger.add_round(table.id, {"tricks": [4, 3, 5, 1]})  # another phone enters les plis
    expect(editor.locator("#round-1")).to_be_visible(timeout=WITHIN)
    expect(rules).to_have_attribute("href", f"/rules/barbu/{back}#coeurs")  # outside the sheet, followed too
    expect(editor.locator("details.share")).to_have_attribute("open", "")  # unchanged there: left as it was
