"""A free sheet names its game ("Yam's du dimanche"); a rematch passes the deal on with every player in their
seat; both kept by the table's CSV, a circle's export and import, and the backup."""

import csv
import io

import pytest
from django.urls import reverse

from companion.groups import csvio
from companion.tables import ledger
from companion.tables.models import Table
from tests.factories import GroupFactory, GroupTableFactory, TableFactory

pytestmark = pytest.mark.django_db

YAMS = "Yam's du dimanche"


def _csv(client, table):
    raw = b"".join(client.get(reverse("tables:export", args=[table.id])).streaming_content)
    return list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))


def test_a_free_sheet_takes_a_game_name_shown_on_the_sheet_the_share_page_and_the_csv(client):
    r = client.post(reverse("tables:new", args=["libre"]), {"title": f"  {YAMS} ", "player.0": "Ana", "player.1": "Bea"})
    assert r.status_code == 302
    table = Table.objects.get()
    assert table.title == YAMS  # the spaces around it tidied
    edit = r["Location"].split("?")[0]
    assert f"<h1>{YAMS}</h1>".replace("'", "&#x27;") in client.get(edit).content.decode()
    assert YAMS.replace("'", "&#x27;") in client.get(reverse("tables:share-view", args=[table.id])).content.decode()
    rows = _csv(client, table)
    assert rows[1][rows[0].index("nom du jeu")] == YAMS and rows[1][rows[0].index("nom de la table")].startswith(YAMS)
    assert rows[1][rows[0].index("jeu")] == "Feuille libre"  # what the game is, for an import without its code
    assert client.get(reverse("tables:api-table", args=[table.id])).json()["title"] == YAMS


def test_a_game_with_its_own_name_takes_no_title_and_the_form_says_which_field(client):
    r = client.post("/api/tables", {"game": "barbu", "players": ["Ana", "Bea", "Cid", "Dan"], "title": "Mon barbu"},
                    content_type="application/json")
    assert r.status_code == 400
    assert [(e["field"], e["code"]) for e in r.json()["errors"]] == [("title", "no_title")]
    long = client.post("/api/tables", {"game": "libre", "players": ["Ana", "Bea"], "title": "x" * 61},
                       content_type="application/json")
    assert long.status_code == 400 and long.json()["errors"][0]["field"] == "title"
    assert not Table.objects.exists()


def test_the_rematch_passes_the_deal_on_and_keeps_the_title():
    table = TableFactory(game="libre", players=["Ana", "Bea", "Cid"], rounds=[{"points": [1, 2, 3]}], ended=True)
    Table.objects.filter(pk=table.pk).update(title=YAMS)
    made = ledger.rematch(table.id, table.edit_token)
    new = Table.objects.get(pk=made.table.pk)
    assert (new.players, new.first_dealer, new.title) == (["Ana", "Bea", "Cid"], 1, YAMS)
    # Bea (seat 1) deals rounds 1 and 4, Cid round 2, Ana round 3.
    sheet = ledger.load(new).sheet
    assert [sheet.dealer_for(n) for n in (1, 2, 3, 4)] == [1, 2, 0, 1]
    # And the rematch of the rematch: Cid.
    ledger.add_round(new.pk, {"points": [0, 0, 1]})
    ledger.finish(new.pk)
    assert Table.objects.get(pk=ledger.rematch(new.id, made.token).table.pk).first_dealer == 2


def test_a_circles_export_and_import_keep_the_first_dealer_and_the_title(client):
    group = GroupFactory(name="Les amis", players=["Ana", "Bea", "Cid"])
    table = GroupTableFactory(group=group, game="libre", players=["Ana", "Bea", "Cid"], rounds=[{"points": [1, 2, 3]}])
    Table.objects.filter(pk=table.pk).update(first_dealer=2, title=YAMS)
    raw = b"".join(client.get(f"/groups/{group.id}/export.csv").streaming_content)
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    assert rows[1][rows[0].index("premier donneur")] == "3"  # places are counted from 1 in the file
    parsed = csvio.parse_history(raw)
    (ready,) = parsed.tables
    assert (ready.first_dealer, ready.title) == (2, YAMS)
    stored = csvio.store(parsed)
    copy = Table.objects.filter(group=stored.group).get()
    assert (copy.first_dealer, copy.title) == (2, YAMS)
    assert ledger.load(copy).sheet.dealer_for(1) == 2
