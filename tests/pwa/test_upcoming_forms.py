"""The forms a phone keeps for entering the coming rounds offline: one per kind of round, none when every coming
round takes the form on screen (the phone renumbers that one)."""

import re
from pathlib import Path

import pytest

from companion.games import registry
from companion.web import entryforms
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"


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


def test_barbu_classique_keeps_a_form_per_dealer_each_naming_its_declarer(client):
    # With the deal passed on every deal (the rotation option): round n is dealt by seat (n - 1) mod 4, who declares
    # it and may not double.
    # From round 2: Bea deals 2, 6, 10…; Cid 3, 7, 11…; Dan 4, 8, 12…; Ana 5, 9, 13… — four forms, not one
    # copy of round 2's (which named Bea as the declarer of every coming round).
    table = TableFactory(game="barbu-classique", players=["Ana", "Bea", "Cid", "Dan"], options={"doubles": True, "dealing": "rotate"})
    page = edit_page(client, table)
    forms = re.findall(r'<template class="upcoming-form" data-rounds="([^"]*)">(.*?)</template>', page, re.S)
    by_first = {rounds.split()[0]: (rounds, html) for rounds, html in forms}
    assert sorted(by_first, key=int) == ["2", "3", "4", "5"]
    assert by_first["3"][0].startswith("3 7 11 15")
    cid = by_first["3"][1]
    assert "déclarant : <bdi>Cid</bdi>" in cid
    # Cid (seat 2) declares: he doubles nobody, and nobody redoubles him.
    assert 'name="double.2.' not in cid and not re.search(r'name="redouble\.\d\.2"', cid)
    assert 'name="double.1.2"' in cid and 'name="redouble.2.1"' in cid


def test_an_entry_form_shows_its_number_only_where_the_phone_renumbers_it():
    # static/js/atout/pending.js renumbers a form in its heading and its hidden round_number field; a template that reads the
    # number anywhere else must say so in its form module (READS_ROUND_NUMBER), so that its coming rounds keep their own form.
    renumbered = re.compile(r"\{% blocktranslate with n=form_number %\}|data-hook-number=\"\{\{ form_number \}\}\"")
    readers = set()
    for path in GAMES.glob("*/templates/entry.html"):
        text = path.read_text()
        uses = text.count("form_number")
        if uses > len(renumbered.findall(text)):
            readers.add(path.parent.parent.name.replace("_", "-"))
    assert readers == {slug for slug, game in registry.scored().items() if entryforms.reads_round_number(game)}


def test_eleusis_shows_no_box_for_god_and_keeps_a_form_per_dealer(client):
    # Round n is dealt by seat (n - 1) mod 4, who plays God and holds no cards: round 1's form (on screen) has no
    # box for Ana; the coming forms are one per dealer, each without the box of its God — Bea for 2, 6, 10…
    table = TableFactory(game="eleusis", players=["Ana", "Bea", "Cid", "Dan"], options={})
    page = edit_page(client, table)
    on_screen = page.split('<template class="upcoming-form"')[0]
    assert 'name="cards_left.0"' not in on_screen
    assert all(f'name="cards_left.{seat}"' in on_screen for seat in (1, 2, 3))
    forms = re.findall(r'<template class="upcoming-form" data-rounds="([^"]*)">(.*?)</template>', page, re.S)
    by_first = {rounds.split()[0]: (rounds, html) for rounds, html in forms}
    assert sorted(by_first, key=int) == ["2", "3", "4", "5"]
    assert by_first["2"][0].startswith("2 6 10")
    bea_deals = by_first["2"][1]
    assert 'name="cards_left.1"' not in bea_deals
    assert all(f'name="cards_left.{seat}"' in bea_deals for seat in (0, 2, 3))
