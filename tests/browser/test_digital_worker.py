"""A seat's page in Debian's Chromium while the bots play in a real task worker (``manage.py db_worker`` on the
database backend, as in production): Ana alone with three quick bots at a barbu table. Her page shows the bots'
cards through its live poll, without a reload; her card answers at once, and the bots' cards after it come in
through the poll as the worker plays them.

Ana deals round 1, so Bea (seat 1) leads: the bots of seats 1, 2 and 3 play the first three cards of the first
trick before Ana's turn; Ana's card completes the trick.
"""

import pytest
from playwright.sync_api import Browser, expect

from companion.tables import digital
from companion.tables.models import Move, Table
from tests.browser.helpers import CSP, LISTEN
from tests.factories import DigitalTableFactory

pytestmark = pytest.mark.django_db(transaction=True)

LIVE_MS = 5000  # the worker starts, then each bot move is seen at the next poll (every second or two)


def test_a_seat_page_sees_the_bots_a_worker_plays(browser: Browser, live_server, settings, workers):
    settings.CONTENT_SECURITY_POLICY = CSP
    table = DigitalTableFactory(bots=[1, 2, 3])
    assert not Move.objects.filter(table=table).exists()  # the bots' turn is a task waiting for a worker
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="fr-FR", is_mobile=True,
                                  has_touch=True)
    context.add_init_script(LISTEN)
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{table.id}/seat/{table.seat_tokens[0]}/")
    page.get_by_role("button", name="Je suis Ana : prendre ma place sur ce téléphone").click()
    expect(page.locator(".hand button.card")).to_have_count(13)
    assert page.locator(".hand button.card.playable").count() == 0  # Bea leads: not Ana's turn yet
    workers()
    # The three bots' cards reach the page through its poll, and then it is Ana's turn.
    expect(page.locator(".turn")).to_have_text("À vous de jouer.", timeout=3 * LIVE_MS)
    expect(page.locator("#live .felt .played .card.face")).to_have_count(3)
    card = page.locator(".hand button.card.playable").first
    code = card.get_attribute("value")
    card.click()
    expect(page.locator(f'.hand button[value="{code}"]')).to_have_count(0)
    # The trick is complete; whoever took it leads the next. A bot's lead comes from the worker.
    table.refresh_from_db()
    moves = list(Move.objects.filter(table=table).order_by("number").values_list("seat", flat=True))
    assert moves[:4] == [1, 2, 3, 0]
    taker = digital.view(Table.objects.get(pk=table.pk), None)["last_trick"]["taker"]
    if taker != 0:
        expect(page.locator(".turn")).to_have_text("À vous de jouer.", timeout=3 * LIVE_MS)
        assert Move.objects.filter(table=table).count() > 4
    assert page.evaluate("window.__csp || []") == []
    context.close()
