"""Defect 2: a name in a right-to-left script cannot move the number next to it — in the chart's labels, the
explanation lines and the group's list of tables. Measured in Chromium: the number is drawn to the right of the
name, as in "Ana 70", never "70 אבג"."""

import pytest
from playwright.sync_api import Page

from tests.factories import GroupFactory, GroupTableFactory
from tests.tables.helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db(transaction=True)

HEBREW = "אבג"  # three Hebrew letters (strong right-to-left)
# With the Hebrew name in seat 0 the totals are those of the hand-worked game of tests/tables/helpers.py:
# seat 0: 20 + 10 + 20 + 0 + 20 = 70.

# The name's box and the box of the text that follows it (its next sibling: a text node or an element).
AFTER = """(name) => {
  const next = name.nextSibling;
  let box;
  if (next.nodeType === Node.TEXT_NODE) {
    const range = document.createRange();
    range.selectNodeContents(next);
    box = range.getClientRects()[0];
  } else {
    box = next.getBoundingClientRect();
  }
  return [name.getBoundingClientRect().right, box.left, next.textContent];
}"""


def _follows(page: Page, name, expected: str) -> None:
    name_right, next_left, text = name.evaluate(AFTER)
    assert text.strip().startswith(expected), text
    assert next_left >= name_right - 0.5, (name_right, next_left, text)


def test_a_right_to_left_name_leaves_the_numbers_where_they_belong(page: Page, live_server):
    group = GroupFactory(players=[HEBREW, "Bea", "Cid", "Dan"])
    table = GroupTableFactory(group=group, players=[HEBREW, "Bea", "Cid", "Dan"], rounds=BARBU_FOUR)
    page.goto(f"{live_server.url}/tables/{table.id}/")
    # The chart: the label reads "אבג", its total "70" after it, at the chart's right edge.
    label = page.locator('g.chart-line[data-seat="0"] .chart-name')
    name_right = label.evaluate("(n) => n.getBoundingClientRect().right")
    total_left = page.locator('g.chart-line[data-seat="0"] .chart-total').evaluate("(n) => n.getBoundingClientRect().left")
    assert total_left >= name_right - 0.5
    # The explanation of round 2 (the hearts: 2 hearts × 5 = 10): the name, then what it took.
    page.locator("details.explain summary").click()
    note = page.locator('details.explain li[value="2"] p bdi', has_text=HEBREW).first
    _follows(page, note.element_handle(), ": 2 cœurs × 5 = 10")
    # The group's list of tables: "אבג 70 · Bea 130 · …".
    page.goto(f"{live_server.url}/groups/{group.id}/")
    seat = page.locator(f'li[data-table="{table.id}"] small bdi', has_text=HEBREW).first
    _follows(page, seat.element_handle(), "70")
