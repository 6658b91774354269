import csv
import io
import json

import pytest

from .helpers import BARBU_FOUR, create_table, post_json

pytestmark = pytest.mark.django_db


def download(client, table_id):
    response = client.get(f"/tables/{table_id}/export.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    return b"".join(response.streaming_content)


def test_it_exports_one_row_per_player_per_round(client):
    table = create_table(client)
    for entry in BARBU_FOUR:
        post_json(client, f"/api/tables/{table['id']}/rounds", entry, table["edit_token"])
    raw = download(client, table["id"])
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    # The circle history's layout, so that a table's own export imports into a circle.
    assert rows[0][:9] == ["table", "jeu", "date", "donne", "contrat", "place", "joueur", "points", "total"]
    assert rows[0][-7:] == ["code du jeu", "créée", "options", "premier donneur", "nom du jeu", "équipe", "saisie"]
    assert len(rows) == 1 + 5 * 4
    assert rows[1][:2] == [table["id"], "Le barbu"] and rows[1][3:9] == ["1", "Les plis · Cid : 5 plis", "1", "Ana", "20", "20"]
    assert rows[1][-7] == "barbu" and json.loads(rows[1][-1]) == BARBU_FOUR[0]
    assert rows[1][-4:-1] == ["1", "", ""]  # Ana, place 1, dealt first; no name of its own; no teams at the barbu
    last = rows[-1]
    # The hand-worked game of tests/tables/helpers.py: Dan scores 140 in the salade, 190 in all.
    assert last[3:9] == ["5", "La salade · R♥ : Dan", "4", "Dan", "140", "190"]


def test_it_neutralises_formula_injection(client):
    table = create_table(client, players=["=1+1", "+Bea", "-Cid", "@Dan"])
    post_json(client, f"/api/tables/{table['id']}/rounds", BARBU_FOUR[0], table["edit_token"])
    rows = list(csv.reader(io.StringIO(download(client, table["id"]).decode("utf-8-sig")), delimiter=";"))
    assert [r[6] for r in rows[1:]] == ["'=1+1", "'+Bea", "'-Cid", "'@Dan"]


def test_an_unknown_table_is_404(client):
    assert client.get("/tables/nope/export.csv").status_code == 404
