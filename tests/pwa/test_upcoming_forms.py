"""The forms a phone keeps for entering the coming rounds offline: one per kind of round, none when every coming
round takes the form on screen (the phone renumbers that one)."""

import re
from pathlib import Path

import pytest

from companion.tables import sync
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "tables" / "entry"


def edit_page(client, table) -> str:
    return client.get(f"/tables/{table.id}/edit/{table.edit_token}/").content.decode()


def test_a_rami_page_carries_no_copy_of_its_form_and_still_lists_the_coming_rounds(client):
    table = TableFactory(game="rami", players=["Ana", "Bea", "Cid"], options={})
    page = edit_page(client, table)
    assert '<template class="upcoming-form"' not in page
    # Every Rami round takes the same fields: the one form on the page, for round 1, is what the phone renumbers.
    assert page.count('<form method="post" action="/tables/') >= 1
    assert 'data-round="1"' in page
    upcoming = re.search(r'data-upcoming="([^"]*)"', page).group(1)
    assert "&quot;n&quot;:2," in upcoming and "&quot;n&quot;:3," in upcoming


def test_a_barbu_page_keeps_one_form_per_coming_contract(client):
    # Barbu at four: round 1 is the tricks (on screen), 2 to 5 the hearts, queens, king and salad.
    table = TableFactory(game="barbu", players=["Ana", "Bea", "Cid", "Dan"], options={})
    page = edit_page(client, table)
    assert page.count('<template class="upcoming-form"') == 4


def test_the_coming_forms_of_barbu_classique_are_always_kept(client):
    # Its form shows the doubles each player has left, which depend on the round: never a renumbered copy.
    assert "barbu-classique" in sync.FORMS_READ_THE_NUMBER


def test_an_entry_form_shows_its_number_only_where_the_phone_renumbers_it():
    # atout.js renumbers a form in its heading and its hidden round_number field; a template that reads the
    # number anywhere else must be listed in FORMS_READ_THE_NUMBER, so that its coming rounds keep their own form.
    renumbered = re.compile(r"\{% blocktranslate with n=form_number %\}|data-hook-number=\"\{\{ form_number \}\}\"")
    readers = set()
    for path in TEMPLATES.glob("*.html"):
        text = path.read_text()
        uses = text.count("form_number")
        if uses > len(renumbered.findall(text)):
            readers.add(path.stem)
    assert readers == set(sync.FORMS_READ_THE_NUMBER)
