import csv
import datetime as dt
import io
import json
from unittest import mock

import pytest
from django.http import StreamingHttpResponse

from companion.tables.export import safe_cell
from companion.tables.models import Table

from .helpers import BARBU_GAME, add_table, make_group

pytestmark = pytest.mark.django_db

# French by default: what a person reads first, the machine-readable columns last.
HISTORY_HEADER = ["table", "jeu", "date", "donne", "contrat", "place", "joueur", "points", "total", "nom de la table",
                  "cercle", "terminée à la main", "code du jeu", "créée", "options", "premier donneur", "nom du jeu",
                  "équipe", "saisie"]
HISTORY_HEADER_EN = ["table", "game", "date", "round", "contract", "seat", "player", "points", "total", "table name",
                     "circle", "ended by hand", "game code", "created", "options", "first dealer", "game name", "team",
                     "entry"]
# Columns by position.
(TABLE, GAME, DATE, ROUND, CONTRACT, SEAT, PLAYER, POINTS, TOTAL, NAME, CIRCLE, ENDED, CODE, CREATED, OPTIONS, FIRST_DEALER,
 TITLE, TEAM, ENTRY) = range(19)


def _download(client, url, **headers):
    response = client.get(url, **headers)
    assert response.status_code == 200
    assert isinstance(response, StreamingHttpResponse)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    return b"".join(response.streaming_content)


def _rows(raw: bytes, sep=";"):
    assert raw.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=sep))


def test_the_history_has_one_row_per_player_per_round_with_what_rebuilds_the_tables(client):
    group = make_group("Jeudi")
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:2],
                      created=dt.datetime(2025, 3, 6, 19, 30, 15, 123456, tzinfo=dt.UTC))
    rows = _rows(_download(client, f"/groups/{group.id}/export.csv"))
    assert rows[0] == HISTORY_HEADER
    assert len(rows) == 1 + 2 * 4
    first = rows[1]
    # 19:30:15 UTC is 20:30 in Paris in March (UTC+1); the date column stops at the minute.
    # A table id may start with "-": the cell then gets the formula guard like any text.
    assert first[:NAME] == [safe_cell(table.id), "Le barbu", "2025-03-06 20:30", "1", "Les plis · Cid : 5 plis", "1", "Ana", "20", "20"]
    assert first[NAME] == "Le barbu 2025-03-06"
    assert first[CIRCLE] == "Jeudi"
    assert first[ENDED] == "non"
    assert first[CODE] == "barbu"
    assert first[CREATED] == "2025-03-06T19:30:15.123456+00:00"  # exact, for the import
    assert json.loads(first[OPTIONS]) == {"five_players_removed": "2C-2D", "king_stops_play": True, "series": False}
    assert json.loads(first[ENTRY]) == {"tricks": [4, 3, 5, 1]}
    # Only the first row of a table carries its options; only the first row of a round its entry.
    assert [r[OPTIONS] for r in rows[2:]] == [""] * 7
    assert [bool(r[ENTRY]) for r in rows[1:]] == [True, False, False, False, True, False, False, False]
    # Round 2 is the hearts manche: Ana 10 (total 20 + 10 = 30), Dan 25 (5 + 25 = 30).
    assert [rows[5][i] for i in (ROUND, SEAT, PLAYER, POINTS, TOTAL)] == ["2", "1", "Ana", "10", "30"]
    assert [rows[8][i] for i in (ROUND, SEAT, PLAYER, POINTS, TOTAL)] == ["2", "4", "Dan", "25", "30"]


def test_english_headers_and_names_for_an_english_request(client):
    group = make_group()
    add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:2])
    rows = _rows(_download(client, f"/groups/{group.id}/export.csv", HTTP_ACCEPT_LANGUAGE="en"))
    assert rows[0] == HISTORY_HEADER_EN
    assert [rows[1][GAME], rows[1][CONTRACT], rows[1][ENDED]] == ["Barbu", "Tricks · Cid: 5 tricks", "no"]
    assert rows[5][CONTRACT] == "Hearts · Bea: 6 hearts"  # round 2: hearts 2, 6, 0, 5: Bea took the most


def test_a_table_without_rounds_still_has_its_players(client):
    group = make_group()
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], [])
    tid = safe_cell(table.id)
    rows = _rows(_download(client, f"/groups/{group.id}/export.csv"))
    assert [(r[TABLE], r[ROUND], r[SEAT], r[PLAYER], r[ENTRY]) for r in rows[1:]] == [
        (tid, "", "1", "Ana", ""), (tid, "", "2", "Bea", ""), (tid, "", "3", "Cid", ""), (tid, "", "4", "Dan", "")]


def test_tables_come_oldest_first_and_an_early_end_is_kept(client):
    group = make_group()
    old = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:1], ended=True)
    new = add_table(group, ["Dan", "Cid", "Bea", "Ana"], BARBU_GAME[:1])
    rows = _rows(_download(client, f"/groups/{group.id}/export.csv"))
    assert [r[TABLE] for r in rows[1:]] == [safe_cell(old.id)] * 4 + [safe_cell(new.id)] * 4
    assert (rows[1][ENDED], rows[5][ENDED]) == ("oui", "non")


def test_the_comma_variant_and_formula_injection(client):
    group = make_group(players=())
    add_table(group, ["=1+1", "+Bea", "-Cid", "@Dan"], BARBU_GAME[:1])
    raw = _download(client, f"/groups/{group.id}/export.csv?sep=,")
    rows = _rows(raw, sep=",")
    assert rows[0] == HISTORY_HEADER
    assert [r[PLAYER] for r in rows[1:]] == ["'=1+1", "'+Bea", "'-Cid", "'@Dan"]
    assert b";" not in raw.split(b"\r\n")[0]


def test_the_summary_has_one_row_per_table_with_totals_and_winners(client):
    group = make_group("Jeudi")
    finished = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME)
    going = add_table(group, ["Dan", "Cid", "Bea", "Ana"], BARBU_GAME[:1])
    rows = _rows(_download(client, f"/groups/{group.id}/summary.csv"))
    # Barbu takes up to five players: five seat columns.
    assert rows[0] == ["table", "nom de la table", "cercle", "jeu", "date", "donnes", "terminée", "gagnants",
                       "joueur 1", "total 1", "joueur 2", "total 2", "joueur 3", "total 3", "joueur 4", "total 4",
                       "joueur 5", "total 5"]
    assert len(rows) == 3
    # The hand-worked game: Ana 70, Bea 130, Cid 190, Dan 190; lowest wins, Ana.
    assert rows[1][0] == safe_cell(finished.id) and rows[1][3] == "Le barbu" and rows[1][5:] == [
        "5", "oui", "Ana", "Ana", "70", "Bea", "130", "Cid", "190", "Dan", "190", "", ""]
    # One plis manche: Dan 20, Cid 15, Bea 25, Ana 5 (the first entry's tricks 4 3 5 1, 5 points a trick).
    assert rows[2][0] == safe_cell(going.id) and rows[2][5:] == ["1", "non", "", "Dan", "20", "Cid", "15", "Bea", "25", "Ana", "5", "", ""]


def test_an_empty_group_exports_headers_only(client):
    group = make_group()
    assert len(_rows(_download(client, f"/groups/{group.id}/export.csv"))) == 1
    assert _rows(_download(client, f"/groups/{group.id}/summary.csv"))[0][-2:] == ["joueur 1", "total 1"]


def test_the_export_starts_with_the_header_before_reading_the_tables(client):
    group = make_group()
    add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:1])
    response = client.get(f"/groups/{group.id}/export.csv")
    chunks = iter(response.streaming_content)
    assert next(chunks).decode("utf-8-sig").startswith("table;jeu;date;donne;contrat;place;joueur;points;total")
    Table.objects.all().delete()  # nothing has been read yet: the rows come from the database lazily
    assert b"".join(chunks) == b""


@pytest.mark.parametrize(("name", "stem"), [
    ("Les amis du jeudi", "atout-les-amis-du-jeudi"),
    ("Zoé & Cie ♠", "atout-zoe-cie"),
    ("♠ ♥ ♦ ♣", "atout-cercle"),
    ("Un nom de cercle vraiment très long pour les amis du jeudi", "atout-un-nom-de-cercle-vraiment-tres-long-pour"),  # 40 at most
])
def test_the_file_is_named_from_the_groups_name_and_the_day_never_its_secret_id(client, name, stem):
    group = make_group(name)
    day = dt.date(2025, 3, 6)
    with mock.patch("django.utils.timezone.localdate", return_value=day):
        history = client.get(f"/groups/{group.id}/export.csv")
        summary = client.get(f"/groups/{group.id}/summary.csv")
    assert history["Content-Disposition"] == f'attachment; filename="{stem}-2025-03-06.csv"'
    with mock.patch("django.utils.timezone.localdate", return_value=day):
        comma = client.get(f"/groups/{group.id}/export.csv?sep=,")
    assert comma["Content-Disposition"] == f'attachment; filename="{stem}-2025-03-06-virgules.csv"'
    assert summary["Content-Disposition"] == f'attachment; filename="{stem}-tables-2025-03-06.csv"'
    assert group.id not in history["Content-Disposition"] + summary["Content-Disposition"]
