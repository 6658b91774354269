"""One thumb on a 360×640 screen: steppers, 44 px targets, eight players in view, totals always in view,
dark mode, "Mes tables", the live status, the share screen's copy buttons."""

import re

import pytest
from playwright.sync_api import expect

from companion.games import registry
from companion.tables import ledger
from companion.tables.names import short_names
from tests.pwa.helpers import edit_path, entry_for, fill_round, new_table, view_path

pytestmark = pytest.mark.django_db(transaction=True)


def boxes(page, selector):
    return page.eval_on_selector_all(selector, "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })")


def all_at_least_44(sizes) -> bool:
    return bool(sizes) and all(w >= 44 and h >= 44 for w, h in sizes)


def test_counts_have_steppers_and_a_numeric_keypad_with_44_px_targets(page, live_server):
    table, token = new_table()
    ledger.add_round(table.id, {"tricks": [4, 3, 5, 1]})  # round 2: the hearts, and the tricks as a folded cross-check
    page.goto(live_server.url + edit_path(table, token))
    # + and − for the hearts, four players; the tricks (a cross-check here) are folded away as plain boxes.
    steps = boxes(page, "#entry button.step")
    assert len(steps) == 2 * 4
    assert all(w >= 44 and h >= 44 for w, h in steps), steps
    assert all(w >= 44 and h >= 44 for w, h in boxes(page, "#entry button[type=submit], .top nav a, .top .lang button"))
    assert page.eval_on_selector_all("#entry input.count", "els => els.every(e => e.inputMode === 'numeric')")
    page.click('#entry .stepper:has(input[name="hearts.1"]) button[data-step="1"]')
    page.click('#entry .stepper:has(input[name="hearts.1"]) button[data-step="1"]')
    page.click('#entry .stepper:has(input[name="hearts.1"]) button[data-step="-1"]')
    expect(page.locator('#entry input[name="hearts.1"]')).to_have_value("1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.skipif("nain-jaune" not in registry.scored(), reason="no eight-player game registered")
def test_eight_players_fit_the_screen_with_totals_in_view(page, live_server):
    players = ["Anne-Sophie", "Bérénice", "Cid", "Dan", "Éloïse", "Fanny", "Gustave", "Hugo"]
    table, _ = ledger.create_table("nain-jaune", players, {})
    page.goto(live_server.url + view_path(table))
    scroll = page.evaluate("(() => { const s = document.querySelector('.sheet-scroll'); return [s.scrollWidth, s.clientWidth]; })()")
    assert scroll[0] <= scroll[1] + 1, scroll
    expect(page.locator("table.sheet").first.locator(".totals td")).to_have_count(8)
    assert page.evaluate("getComputedStyle(document.querySelector('.sheet .rowhead')).position") == "sticky"


# Where each line of a header name starts, and whether a word broken across lines could have fitted on one.
NAME_BREAKS = r"""(span) => {
    const text = span.firstChild.data;
    const room = span.getBoundingClientRect().width;
    const style = getComputedStyle(span);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    ctx.letterSpacing = style.letterSpacing;
    const tops = [...text].map((_, i) => {
        const range = document.createRange();
        range.setStart(span.firstChild, i);
        range.setEnd(span.firstChild, i + 1);
        return Math.round(range.getClientRects()[0].top);
    });
    const bad = [];
    for (let i = 1; i < text.length; i++) {
        if (tops[i] <= tops[i - 1] || /[-\s]/.test(text[i - 1]) || text[i] === ' ') continue;
        // A break inside a word: only when that word (up to and with its hyphen) is wider than the column.
        const start = Math.max(text.lastIndexOf(' ', i - 1), text.lastIndexOf('-', i - 1)) + 1;
        const rest = text.slice(i).search(/[-\s]/);
        const word = text.slice(start, rest < 0 ? text.length : i + rest + 1);
        if (ctx.measureText(word).width <= room) bad.push(word);
    }
    return {name: text, title: span.title, lines: new Set(tops).size, bad};
}"""


@pytest.mark.parametrize("players", [
    ["Anne-Sophie", "Bérénice", "Cid", "Dan", "Éloïse", "Fanny", "Gustave", "Hugo"],
    ["Anne-Sophie", "Bérénice", "Cid", "Dan", "Éloïse"],
    ["Anne-Sophie", "Jean Paul", "Marie-Ève", "Lou"],
])
def test_player_names_break_at_hyphens_and_spaces_not_inside_a_word_that_fits(page, live_server, players):
    game = "nain-jaune" if len(players) > 5 else "barbu"
    table, _ = ledger.create_table(game, players, {})
    page.goto(live_server.url + view_path(table))
    heads = page.locator("table.sheet").first.locator("thead tr:first-child .name")
    expect(heads).to_have_count(len(players))
    shown = short_names(players)  # a name too long for its column is shortened (tests/tables/test_names.py)
    for i, name in enumerate(players):
        found = heads.nth(i).evaluate(NAME_BREAKS)
        assert found["name"] == shown[i] and found["title"] == name
        assert found["bad"] == [], repr(found)
    if len(players) == 4:
        # Four columns leave room: "Anne-Sophie" on two lines, at its hyphen.
        assert heads.nth(0).evaluate(NAME_BREAKS)["lines"] <= 2


def test_the_running_totals_stay_in_view_while_entering_the_next_round(page, live_server):
    table, token = new_table(series=True)
    for number in range(1, 13):
        ledger.add_round(table.id, entry_for(number))
    page.goto(live_server.url + edit_path(table, token))
    submit = page.locator("#entry button[type=submit]")
    submit.scroll_into_view_if_needed()
    in_view = """(el) => { const r = el.getBoundingClientRect();
                          return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""
    assert submit.evaluate(in_view)
    bar = page.locator("#live .totals-bar")
    assert bar.evaluate(in_view)
    # Not under the sticky header: what shows at the bar's middle is the bar.
    assert bar.evaluate("""(el) => { const r = el.getBoundingClientRect();
                                    return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }""")
    # Twelve manches (two rounds of five, then tricks and hearts) as the sheet adds them up:
    # Ana 70 + 70 + 20 + 10, Bea 130 + 130 + 15 + 30, Cid 190 + 190 + 25 + 0, Dan 190 + 190 + 5 + 25.
    expect(bar.locator("li")).to_have_text([re.compile(r"^Ana\s*170\s*★$"), re.compile(r"^Bea\s*305$"),
                                            re.compile(r"^Cid\s*405$"), re.compile(r"^Dan\s*410$")])
    expect(bar.locator("li.leader")).to_have_count(1)

    # The bar follows the table live, also while the form is being typed into.
    page.fill('#entry input[name="queens.0"]', "1")
    ledger.add_round(table.id, {"queens": [1, 0, 2, 1]})  # another phone enters round 13: 20, 0, 40, 20
    expect(bar.locator("li").first).to_have_text(re.compile(r"^Ana\s*190\s*★$"), timeout=5000)
    expect(bar.locator("li").nth(2)).to_have_text(re.compile(r"^Cid\s*445$"))


def test_seat_choices_round_links_and_the_language_button_are_44_px_targets(page, live_server):
    table, token = new_table()
    for number in range(1, 4):
        ledger.add_round(table.id, entry_for(number))  # round 4 asks who took the king of hearts
    page.goto(live_server.url + edit_path(table, token))
    assert all_at_least_44(boxes(page, "#entry .seat-pick")), boxes(page, "#entry .seat-pick")
    assert all_at_least_44(boxes(page, ".sheet .rowhead a")), boxes(page, ".sheet .rowhead a")
    assert all_at_least_44(boxes(page, ".top .lang button")), boxes(page, ".top .lang button")
    # A tap near the edge of the target, off the radio itself, still picks the seat.
    page.locator("#entry .seat-pick").nth(2).scroll_into_view_if_needed()
    target = page.locator("#entry .seat-pick").nth(2).bounding_box()
    page.mouse.click(target["x"] + 3, target["y"] + 3)
    expect(page.locator('#entry input[name="king_of_hearts"][value="2"]')).to_be_checked()

    nain_jaune, nj_token = ledger.create_table("nain-jaune", ["Ana", "Bea", "Cid"], {})
    page.goto(live_server.url + f"/tables/{nain_jaune.id}/edit/{nj_token}/")
    assert all_at_least_44(boxes(page, '#entry label:has(input[name="winner"])'))
    rami, rami_token = ledger.create_table("rami", ["Ana", "Bea", "Cid"], {})
    page.goto(live_server.url + f"/tables/{rami.id}/edit/{rami_token}/")
    assert all_at_least_44(boxes(page, '#entry label:has(input[name="winner"])'))


def test_the_live_status_shows_the_pending_count_whole_on_a_360_px_screen(page, live_server):
    table, token = new_table()
    page.goto(live_server.url + edit_path(table, token))
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    page.context.set_offline(True)
    for number in (1, 2):
        fill_round(page, number)
        page.click("#entry button[type=submit]")
    expect(page.locator("#conn")).to_have_text(re.compile(r"Hors ligne · 2"))
    layout = page.evaluate("""() => {
        const box = (el) => el.getBoundingClientRect();
        const label = document.querySelector('#conn .conn-label');
        return {count: box(document.querySelector('#conn .conn-count')), conn: box(document.querySelector('#conn')),
                nav: box(document.querySelector('.top nav')), compact: document.querySelector('#conn').classList.contains('compact'),
                cut: label.scrollWidth > label.clientWidth};
    }""")
    assert layout["count"]["width"] > 0 and layout["count"]["right"] <= layout["conn"]["right"] <= layout["nav"]["left"]
    assert layout["compact"] or not layout["cut"], layout  # the word shows whole, or not at all (its dot does)
    page.context.set_offline(False)


def test_the_copy_buttons_work_without_the_clipboard_api(page, live_server):
    table, token = new_table()
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")  # plain HTTP on a LAN
    page.goto(live_server.url + edit_path(table, token) + "share/")
    button = page.locator("#share-view button[data-copy]")
    expect(button).to_be_visible()
    button.click()
    expect(button).to_have_text(re.compile("^(Copié|Lien sélectionné : copiez-le)$"))
    selected = page.evaluate("""() => { const i = document.querySelector('#view-link');
                                       return [document.activeElement === i, i.selectionStart, i.selectionEnd, i.value.length]; }""")
    assert selected[0] and selected[1] == 0 and selected[2] == selected[3] > 0, selected


def test_dark_mode_follows_the_system(browser, browser_context_args, live_server):
    context = browser.new_context(**browser_context_args, color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        red, green, blue = (int(v) for v in re.findall(r"\d+", background)[:3])
        assert red + green + blue < 3 * 64, background
    finally:
        context.close()


def test_mes_tables_lists_the_tables_this_phone_opened_newest_first(page, live_server):
    older, older_token = new_table(["Ana", "Bea", "Cid", "Dan"])
    newer, _ = new_table(["Eve", "Fil", "Gus", "Hal"])
    page.goto(live_server.url + edit_path(older, older_token))
    page.goto(live_server.url + view_path(newer))
    page.goto(live_server.url + view_path(older))  # the read link again: the edit link is not forgotten
    page.goto(live_server.url + "/")
    links = page.locator("#my-tables a")
    expect(links).to_have_count(2)
    # Above the game list, in view on a 640 px screen without scrolling.
    assert links.nth(1).evaluate("(el) => el.getBoundingClientRect().bottom <= innerHeight")
    assert page.evaluate("""() => document.querySelector('#my-tables').compareDocumentPosition(document.querySelector('.cards-list'))
                            & Node.DOCUMENT_POSITION_FOLLOWING""")
    expect(links.nth(0)).to_have_attribute("href", edit_path(older, older_token))
    expect(links.nth(0)).to_contain_text("Ana, Bea, Cid, Dan")
    expect(links.nth(1)).to_have_attribute("href", view_path(newer))
