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

HISTORY_HEADER = ["table", "game", "date", "round", "contract", "seat", "player", "round_score", "running_total",
                  "table_name", "group", "created", "options", "ended", "entry"]


def _download(client, url):
    response = client.get(url)
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
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:2])
    rows = _rows(_download(client, f"/groups/{group.id}/export.csv"))
    assert rows[0] == HISTORY_HEADER
    assert len(rows) == 1 + 2 * 4
    date = rows[1][2]
    first = rows[1]
    # A table id may start with "-": the cell then gets the formula guard like any text.
    assert first[:10] == [safe_cell(table.id), "barbu", date, "1", "plis", "1", "Ana", "20", "20", f"Le barbu {date}"]
    assert first[10] == "Jeudi"
    assert first[11] == table.created_at.isoformat()
    assert json.loads(first[12]) == {"five_players_removed": "2C-2D", "king_stops_play": True, "series": False}
    assert first[13] == "0"
    assert json.loads(first[14]) == {"tricks": [4, 3, 5, 1]}
    # Only the first row of a table carries its options; only the first row of a round its entry.
    assert [r[12] for r in rows[2:]] == [""] * 7
    assert [bool(r[14]) for r in rows[1:]] == [True, False, False, False, True, False, False, False]
    assert rows[5][3:9] == ["2", "coeurs", "1", "Ana", "10", "30"]
    assert rows[8][3:9] == ["2", "coeurs", "4", "Dan", "25", "30"]


def test_a_table_without_rounds_still_has_its_players(client):
    group = make_group()
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], [])
    tid = safe_cell(table.id)
    rows = _rows(_download(client, f"/groups/{group.id}/export.csv"))
    assert [(r[0], r[3], r[5], r[6], r[14]) for r in rows[1:]] == [
        (tid, "", "1", "Ana", ""), (tid, "", "2", "Bea", ""), (tid, "", "3", "Cid", ""), (tid, "", "4", "Dan", "")]


def test_tables_come_oldest_first_and_an_early_end_is_kept(client):
    group = make_group()
    old = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:1], ended=True)
    new = add_table(group, ["Dan", "Cid", "Bea", "Ana"], BARBU_GAME[:1])
    rows = _rows(_download(client, f"/groups/{group.id}/export.csv"))
    assert [r[0] for r in rows[1:]] == [safe_cell(old.id)] * 4 + [safe_cell(new.id)] * 4
    assert (rows[1][13], rows[5][13]) == ("1", "0")


def test_the_comma_variant_and_formula_injection(client):
    group = make_group(players=())
    add_table(group, ["=1+1", "+Bea", "-Cid", "@Dan"], BARBU_GAME[:1])
    raw = _download(client, f"/groups/{group.id}/export.csv?sep=,")
    rows = _rows(raw, sep=",")
    assert rows[0] == HISTORY_HEADER
    assert [r[6] for r in rows[1:]] == ["'=1+1", "'+Bea", "'-Cid", "'@Dan"]
    assert b";" not in raw.split(b"\r\n")[0]


def test_the_summary_has_one_row_per_table_with_totals_and_winners(client):
    group = make_group("Jeudi")
    finished = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME)
    going = add_table(group, ["Dan", "Cid", "Bea", "Ana"], BARBU_GAME[:1])
    rows = _rows(_download(client, f"/groups/{group.id}/summary.csv"))
    # Barbu takes up to five players: five seat columns.
    assert rows[0] == ["table", "table_name", "group", "game", "date", "created", "rounds", "finished", "winners",
                       "player_1", "total_1", "player_2", "total_2", "player_3", "total_3", "player_4", "total_4",
                       "player_5", "total_5"]
    assert len(rows) == 3
    assert rows[1][0] == safe_cell(finished.id) and rows[1][3] == "barbu" and rows[1][6:] == [
        "5", "1", "Ana", "Ana", "70", "Bea", "130", "Cid", "190", "Dan", "190", "", ""]
    assert rows[2][0] == safe_cell(going.id) and rows[2][6:] == ["1", "0", "", "Dan", "20", "Cid", "15", "Bea", "25", "Ana", "5", "", ""]


def test_an_empty_group_exports_headers_only(client):
    group = make_group()
    assert len(_rows(_download(client, f"/groups/{group.id}/export.csv"))) == 1
    assert _rows(_download(client, f"/groups/{group.id}/summary.csv"))[0][-2:] == ["player_1", "total_1"]


def test_the_export_starts_with_the_header_before_reading_the_tables(client):
    group = make_group()
    add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:1])
    response = client.get(f"/groups/{group.id}/export.csv")
    chunks = iter(response.streaming_content)
    assert next(chunks).decode("utf-8-sig").startswith("table;game;date;round")
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
    assert summary["Content-Disposition"] == f'attachment; filename="{stem}-tables-2025-03-06.csv"'
    assert group.id not in history["Content-Disposition"] + summary["Content-Disposition"]
