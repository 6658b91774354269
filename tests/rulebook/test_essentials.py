"""A game's rulebook page opens with its scoring numbers on one screen, which the entry form's "?" links open."""

import re

import pytest
from django.urls import reverse

from companion.games import registry
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db

TAROT4 = ["Ana", "Bea", "Cid", "Dan"]


def test_the_tarot_page_opens_with_its_contracts_bouts_and_primes(client):
    page = client.get(reverse("rulebook:game", args=["tarot"])).content.decode()
    top = page[: page.index('<nav class="jump"')]
    assert "essentiel des points" in top
    for key in ("contracts", "bouts_needed", "primes"):
        assert f'id="essentiel-{key}"' in top, key
    # The numbers are the model's: a garde multiplies by 2, 36 points are needed with 2 bouts, a simple poignée is 20.
    primes = registry.info("tarot").table("primes")
    assert all(str(cell) in top for row in primes.rows for cell in row if isinstance(cell, int))
    assert "36" in top and ">2<" in top.replace(" ", "")


def test_the_poignee_box_of_the_form_opens_that_line_with_the_way_back(client):
    table = TableFactory(game="tarot", players=TAROT4)
    edit = reverse("tables:edit", args=[table.id, table.edit_token])
    page = client.get(edit).content.decode()
    link = re.search(r'<a class="rule-help" href="([^"]+)">Poignée \?</a>', page)
    assert link and link.group(1).endswith("#essentiel-primes") and "?back=" in link.group(1)


def test_a_game_without_essentials_has_no_such_box(client):
    assert "essentiel des points" not in client.get(reverse("rulebook:game", args=["bataille"])).content.decode()


def test_every_game_that_counts_points_opens_with_them():
    # The games left out have no number to count: the bataille and super-bataille (the cards are the score), the
    # menteur and the pouilleux (one loser, no points) and the free sheet (the table's own game).
    left_out = {slug for slug, info in registry.catalog().items() if not info.essentials}
    assert left_out == {"bataille", "super-bataille", "menteur", "pouilleux", "libre"}
    for info in registry.catalog().values():
        for key in info.essentials:
            assert info.table(key).rows, (info.slug, key)


def test_the_barbu_page_opens_with_its_five_manches(client):
    page = client.get(reverse("rulebook:game", args=["barbu"])).content.decode()
    top = page[: page.index('<nav class="jump"')]
    assert 'id="essentiel-manches"' in top
