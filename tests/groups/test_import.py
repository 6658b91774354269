import csv
import datetime as dt
import io
import os
import random
import re
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from companion.games import registry
from companion.groups import csvio, services
from companion.groups.models import Group, GroupPlayer
from companion.tables import ledger
from companion.tables.models import Event, Table
from tests.factories import TableFactory

from . import legal
from .helpers import BARBU_GAME, add_table, make_group

pytestmark = pytest.mark.django_db

# Columns of the export by position (tests/groups/test_export.py checks the header).
GAME, ROUND, SEAT, POINTS, CIRCLE, CODE, OPTIONS, ENTRY = 1, 3, 5, 7, 10, 12, 14, 18

NAMES = ["Ana", "Zoé « la reine »", "=Max", "Jean;Paul", 'Li "Lu"', "Émile", "Ô", "Ünal"]


def _export(client, group, sep=";") -> bytes:
    response = client.get(f"/groups/{group.id}/export.csv" + ("?sep=," if sep == "," else ""))
    assert response.status_code == 200
    return b"".join(response.streaming_content)


def _import(client, data: bytes, name="", filename="historique.csv"):
    return client.post("/groups/import/", {"file": SimpleUploadedFile(filename, data, "text/csv"), "name": name})


def _imported_group(response) -> Group:
    assert response.status_code == 302, response.content.decode()[:3000]
    return Group.objects.get(pk=response["Location"].split("/")[2])


def _picture(group):
    """Everything a table is, oldest first: game, players, options, date, entries, scores, totals, end."""
    out = []
    for table in Table.objects.filter(group=group).order_by("created_at", "id"):
        state = ledger.load(table)
        out.append((state.game.slug, state.players, state.table.options, state.table.created_at,
                    [r.result.entry for r in state.rounds], [r.result.scores for r in state.rounds],
                    state.sheet.totals, state.finished, state.sheet.closed, state.sheet.winners))
    return out


def _rows(raw: bytes, sep=";"):
    return list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=sep))


def _history(game, rng, group, tables=5):
    counts = game.info.counts  # the player counts the game takes (Cribbage: 2 or 4, not 3)
    for t in range(tables):
        n = counts[t % len(counts)]
        table, _token = services.create_group_table(group, game.slug, rng.sample(NAMES, n), {})
        sheet = game.new_sheet(n, table.options)
        for _ in range(rng.randint(0 if t == 0 else 1, 9)):
            if sheet.finished:
                break
            entry = legal.entry_for(sheet, rng)
            if entry is None:
                pytest.skip(f"no generator of legal entries for {game.slug} (add one to tests/groups/legal.py)")
            assert sheet.check(entry) == [], (game.slug, entry)
            sheet.apply(entry)
            ledger.add_round(table.id, entry)
        if sheet.rounds and not sheet.finished and t % 2:
            ledger.finish(table.id)
    # A corrected round: the export holds each round as it stands now.
    last = Table.objects.filter(group=group).order_by("created_at").last()
    state = ledger.load(last)
    if state.rounds and not state.sheet.closed:
        ledger.correct_round(last.id, state.rounds[0].seq, state.rounds[0].result.entry)


@pytest.mark.parametrize("slug", list(registry.scored()))
@pytest.mark.parametrize("sep", [";", ","])
def test_export_then_import_gives_back_the_same_tables_rounds_and_totals(client, slug, sep):
    game = registry.get(slug)
    source = make_group("Les amis", players=())
    _history(game, random.Random(f"{slug}{sep}"), source)
    exported = _export(client, source, sep)
    copy = _imported_group(_import(client, exported))
    assert copy.id != source.id and copy.name == "Les amis"
    assert _picture(copy) == _picture(source)
    assert set(GroupPlayer.objects.filter(group=copy).values_list("name", flat=True)) == set(
        GroupPlayer.objects.filter(group=source).values_list("name", flat=True))
    # Exported again, the copy gives the same file but for the tables' ids.
    again = _export(client, copy, sep)
    assert [r[1:] for r in _rows(again, sep)] == [r[1:] for r in _rows(exported, sep)]


def test_imported_tables_can_be_played_on_from_the_group_page(client):
    source = make_group()
    add_table(source, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:2])
    copy = _imported_group(_import(client, _export(client, source), name="Copie"))
    assert copy.name == "Copie"
    page = client.get(f"/groups/{copy.id}/?imported=1")
    assert "Historique importé : 1 table." in page.content.decode()
    table = Table.objects.get(group=copy)
    edit = next(line for line in page.content.decode().split('"') if line.startswith(f"/tables/{table.id}/edit/"))
    assert client.post(edit, {"queens.0": "1", "queens.1": "0", "queens.2": "2", "queens.3": "1"}).status_code == 302
    assert ledger.load(table).sheet.totals == [50, 45, 65, 50]  # hand: 30+20, 45+0, 25+40, 30+20


# -- refused files: a 4xx with the reason, and nothing stored ----------------------------------------------------

def _refused(client, data, status=400, **kwargs) -> str:
    before = (Group.objects.count(), Table.objects.count(), Event.objects.count())
    response = _import(client, data, **kwargs)
    assert response.status_code == status, response.content.decode()[:2000]
    assert (Group.objects.count(), Table.objects.count(), Event.objects.count()) == before
    return response.content.decode()


def _listed(html: str) -> list[str]:
    """The problems the page lists, as shown (HTML-escaped)."""
    block = re.search(r'<div class="import-problems".*?</div>', html, re.S)
    return re.findall(r"<li>(.*?)</li>", block.group(0), re.S) if block else []


@pytest.fixture
def good(client) -> list[list[str]]:
    group = make_group()
    add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME)
    add_table(group, ["Dan", "Cid", "Bea", "Ana"], BARBU_GAME[:2])
    rows = _rows(_export(client, group))
    keys = {rows[1][0]: "t1", rows[-1][0]: "t2"}  # short names, as a spreadsheet user might give
    for row in rows[1:]:
        row[0] = keys[row[0]]
    Group.objects.all().delete()
    Table.objects.all().delete()
    return rows


def _csv(rows, sep=";") -> bytes:
    out = io.StringIO()
    csv.writer(out, delimiter=sep, lineterminator="\r\n").writerows(rows)
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def test_wrong_columns_are_named(client):
    html = _refused(client, b"joueur;score\r\nAna;12\r\n")  # "joueur" is the player column
    assert "Ligne 1 : Colonnes inconnues : score." in html
    assert "Colonnes manquantes : table, jeu, donne, place, saisie." in html


def test_an_impossible_round_is_refused_with_its_line_and_reason_and_nothing_is_imported(client, good):
    # Line 6 is the first row of round 2 (hearts) of the first table: 12 hearts instead of 13.
    assert good[5][3] == "2" and good[5][ENTRY] == '{"hearts":[2,6,0,5]}'
    good[5][ENTRY] = '{"hearts":[2,6,0,4]}'
    html = _refused(client, _csv(good))
    table = good[1][0]
    assert f"Ligne 6 : Table {table}, donne 2 : hearts : Il y a 13 cœurs en tout : 12 saisis." in html
    assert len(_listed(html)) == 1  # the second table was fine, but the file is refused whole


def test_a_score_that_the_rules_do_not_give_is_refused(client, good):
    good[2][7] = "99"  # Bea, round 1: 3 tricks are 15 points
    html = _refused(client, _csv(good))
    assert "Ligne 3 : " in html and "Bea : 99 points dans le fichier, les règles en donnent 15." in html


def test_every_problem_is_listed_with_its_line(client, good):
    good[3][5] = "x"  # line 4: seat
    good[8][ENTRY] = "{pas du json"  # line 9: entry
    good[12] = good[12][:5]  # line 13: too few cells
    good[22][CODE] = "belote-imaginaire"  # line 23: the second table (from line 22) changes game
    html = _refused(client, _csv(good))
    assert "Ligne 4 : Colonne seat : numéro de place attendu (1 à 20)." in html
    assert "Ligne 9 : Colonne entry : JSON illisible." in html
    assert "Ligne 13 : 5 cellules au lieu de 19." in html  # the header has 19 columns
    assert f"Ligne 23 : La table {good[22][0]} change de jeu (belote-imaginaire)." in html


def test_a_missing_round_or_seat_is_named(client, good):
    first = good[1][0]
    without_round_3 = [r for r in good if not (r[0] == first and r[3] == "3")]
    html = _refused(client, _csv(without_round_3))
    assert f"Table {first} : la donne 3 manque." in html
    without_a_seat = [r for r in good if not (r[0] == first and r[3] == "4" and r[5] == "2")]
    assert f"Table {first}, donne 4 : pas de ligne pour la place 2." in _refused(client, _csv(without_a_seat))


def test_bad_options_and_unknown_games_are_named(client, good):
    good[1][OPTIONS] = '{"series": "oui"}'
    html = _refused(client, _csv(good))
    assert "Ligne 2 : Table" in html and "Longueur de la partie : oui ou non attendu." in html
    good[1][OPTIONS] = ""
    for row in good[1:]:
        row[GAME], row[CODE] = "Poker", "poker"
    assert "Jeu inconnu ou sans feuille de marque : « poker »." in _refused(client, _csv(good))


def test_a_file_that_is_not_utf8_is_refused_with_its_line(client):
    data = "table;game;round;seat;player;entry\r\nt1;barbu;;1;Zoé;\r\n".encode("latin-1")
    assert "Ligne 2 : Le fichier n&#x27;est pas du texte UTF-8" in _refused(client, data)


def test_ten_megabytes_of_junk_are_refused_cleanly(client):
    html = _refused(client, os.urandom(10 * 1024 * 1024))
    assert "Le fichier n&#x27;est pas du texte UTF-8" in html


@override_settings(GROUP_IMPORT_MAX_BYTES=2 * 1024 * 1024)
def test_a_file_over_the_size_cap_is_refused_before_being_read(client):
    html = _refused(client, b"table;game;round;seat;player;entry\r\n" + b"x;" * (1024 * 1024 + 40_000), status=413)
    assert "Fichier trop volumineux : 2 Mo au plus." in html
    # Just under the cap, the file is read, and refused for what it is.
    assert "Colonnes" not in html
    assert "cellules au lieu de" in _refused(client, b"table;game;round;seat;player;entry\r\n" + b"x;" * 900_000)


@pytest.mark.parametrize(("junk", "problem"), [
    (random.Random(6).randbytes(300_000), "Ligne 1 : Le fichier n&#x27;est pas du texte UTF-8 (enregistrez-le en « CSV UTF-8 »)."),
    (b"\x00" * 1000, "Ligne 1 : Le fichier contient des octets nuls : ce n&#x27;est pas un CSV."),
    (b"", "Le fichier est vide."),
    (b"   \r\n\r\n", "Le fichier est vide."),
    (("x" * 200_000).encode(), "Ligne 1 : En-tête illisible : une cellule de plus de 131\xa0072 caractères."),
    (b'table;game;round;seat;player;entry\r\n"' + b"a" * 200_000 + b'";barbu;1;1;A;{}\r\n',
     "Ligne 2 : Ligne illisible : une cellule de plus de 131\xa0072 caractères."),
    (b"table;game;round;seat;player;entry\r\nt;barbu;1;1;A;" + b"[" * 50_000 + b"\r\n", "Ligne 2 : Colonne entry : JSON illisible."),
    (b"table;game;round;seat;player;entry\r\nt;barbu;1;1;A;{\"tricks\": [13, 0, 0, 0]}\r\n",
     "Ligne 2 : Table t : Le barbu se joue de 4 à 5 joueurs (1 donnés)."),
    (b"table;game;round;seat;player;entry\r\nt;barbu;;1;A\x01na;\r\n",
     "Ligne 2 : Colonne player : caractère invisible (de contrôle) interdit."),
], ids=["random", "nul", "empty", "blank", "one-long-line", "huge-cell", "deep-json", "one-seat-only", "control-character"])
def test_junk_is_refused_with_its_one_reason(client, junk, problem):
    assert _listed(_refused(client, junk)) == [problem]


def _tiny_tables(count: int) -> bytes:
    """Valid UTF-8, a good header, then one line per table: each line is a new table of one player."""
    return b"table;game;round;seat;player;entry\r\n" + b"".join(b"t%d;barbu;;1;A;\r\n" % i for i in range(count))


def test_ten_megabytes_of_tiny_tables_are_refused_at_the_table_cap():
    data = _tiny_tables(600_000)
    assert len(data) > 10_000_000
    with pytest.raises(csvio.ImportRefused) as refused:
        csvio.parse_history(data)
    # Reading stops at the first table over the cap (line 5 002: the header, then 5 000 tables): the tables read
    # are not even checked, so that is the only problem.
    assert [(p.line, p.message) for p in refused.value.problems] == [
        (5002, "Plus de 5\xa0000 tables : un fichier en contient 5\xa0000 au plus.")]


def test_the_table_cap_is_shown_on_the_page_and_nothing_is_stored(client):
    assert _listed(_refused(client, _tiny_tables(5_001))) == [
        "Ligne 5002 : Plus de 5\xa0000 tables : un fichier en contient 5\xa0000 au plus."]
    assert "Au plus 16 Mo, 5\xa0000 tables et 100\xa0000 lignes par fichier" in client.get("/groups/import/").content.decode()


def test_reading_stops_at_the_problem_cap(client):
    data = b"table;game;round;seat;player;entry\r\n" + b"t;poker;;1;A;\r\n" * 50_000
    with pytest.raises(csvio.ImportRefused) as refused:
        csvio.parse_history(data)
    problems = refused.value.problems
    assert len(problems) == csvio.MAX_PROBLEMS == 200 and refused.value.more
    assert (problems[0].line, problems[-1].line) == (2, 201)
    assert {p.message for p in problems} == {"Jeu inconnu ou sans feuille de marque : « poker »."}
    html = _refused(client, data)
    assert len(_listed(html)) == 200 and "La vérification s'est arrêtée là" in html


def test_a_file_over_the_row_cap_is_refused(client, good, monkeypatch):
    monkeypatch.setattr(csvio, "MAX_ROWS", 20)  # the good file has 28 rows (7 rounds × 4 players)
    assert _listed(_refused(client, _csv(good))) == ["Ligne 22 : Plus de 20 lignes : un fichier en contient 20 au plus."]


@pytest.mark.parametrize(("column", "value"), [
    ("created", "0001-01-01T00:00:00+14:00"), ("created", "9999-12-31T23:59:59-12:00"), ("created", "1899-12-31T23:00:00+00:00"),
    ("date", "0001-01-01"), ("date", "9999-12-31"), ("date", "2101-01-01")])
def test_dates_beyond_the_years_a_table_can_have_are_a_line_problem(client, good, column, value):
    at = good[0].index({"created": "créée"}.get(column, column))
    good[1][at] = value
    assert _listed(_refused(client, _csv(good))) == [f"Ligne 2 : Colonne {column} : année entre 1900 et 2100 attendue."]


@pytest.mark.parametrize("column", ["created", "date"])
@pytest.mark.parametrize("value", ["2026-01-01T10:00:00+16:00", "2026-01-01T10:00:00-23:59", "2026-01-01 10:00+15:59:01",
                                   "2026-01-01T10:00:00-23:59:59.999999"])
def test_a_time_offset_beyond_fifteen_hours_fifty_nine_is_a_line_problem(client, good, column, value):
    # Valid ISO, and Python reads it; no time zone is that far from UTC, and PostgreSQL cannot store it.
    at = good[0].index({"created": "créée"}.get(column, column))
    good[1][at] = value
    assert _listed(_refused(client, _csv(good))) == [
        f"Ligne 2 : Colonne {column} : décalage horaire entre -15:59 et +15:59 attendu (+01:00 à Paris en hiver)."]


@pytest.mark.parametrize(("value", "utc"), [
    # The extremes that stay: the first and last years a table may have, at the farthest offsets, and
    # offsets or times with seconds and microseconds; by hand, the same instants in UTC.
    ("1900-01-01T00:00:00+15:59", dt.datetime(1899, 12, 31, 8, 1, tzinfo=dt.UTC)),
    ("2100-12-31T23:59:59.999999-15:59", dt.datetime(2101, 1, 1, 15, 58, 59, 999999, tzinfo=dt.UTC)),
    ("2026-03-01T20:30:00.123456+05:30:15", dt.datetime(2026, 3, 1, 14, 59, 45, 123456, tzinfo=dt.UTC)),
    ("2026-03-01T20:30:00+05:30:15.5", dt.datetime(2026, 3, 1, 14, 59, 44, 500000, tzinfo=dt.UTC)),
])
def test_extreme_times_a_table_may_have_are_stored_as_the_same_instant(client, good, value, utc):
    good[1][good[0].index("créée")] = value
    group = _imported_group(_import(client, _csv(good)))
    assert Table.objects.get(group=group, id="t1").created_at == utc


def test_a_name_that_really_starts_with_a_quote_then_a_formula_sign_comes_back_unchanged(client):
    names = ["'=Max", "=Bob", "''+Cid", "'Dan"]
    source = make_group("'=Les amis", players=())
    add_table(source, names, BARBU_GAME[:1])
    exported = _export(client, source)
    rows = _rows(exported)
    # "=Bob" gets the guard; a name that already starts with a quote then = + - @ gets one more quote.
    assert [r[6] for r in rows[1:]] == ["''=Max", "'=Bob", "'''+Cid", "'Dan"]
    assert rows[1][10] == "''=Les amis"
    copy = _imported_group(_import(client, exported))
    assert copy.name == "'=Les amis"
    assert Table.objects.get(group=copy).players == names


def test_no_file_is_a_400(client):
    before = Group.objects.count()
    response = client.post("/groups/import/", {"name": "x"})
    assert response.status_code == 400 and "Choisissez un fichier CSV." in response.content.decode()
    assert Group.objects.count() == before
    assert client.get("/groups/import/").status_code == 200


def test_a_failure_while_storing_leaves_nothing_behind(client, good):
    with mock.patch.object(Event.objects, "bulk_create", side_effect=RuntimeError("disk full")), pytest.raises(RuntimeError):
        csvio.store(csvio.parse_history(_csv(good)))
    assert (Group.objects.count(), Table.objects.count(), GroupPlayer.objects.count()) == (0, 0, 0)


def test_the_group_name_comes_from_the_form_then_the_file(client, good):
    assert _imported_group(_import(client, _csv(good), name="Mon cercle")).name == "Mon cercle"
    assert _imported_group(_import(client, _csv(good))).name == "Les amis du jeudi"
    for row in good[1:]:
        row[10] = ""
    assert _imported_group(_import(client, _csv(good))).name == "Cercle importé"


def test_a_history_typed_by_hand_with_dates_only_keeps_the_files_order(client):
    data = (b"table;game;date;round;seat;player;entry\r\n"
            b"a;barbu;2024-06-01;1;1;Ana;{\"tricks\":[4,3,5,1]}\r\na;barbu;;1;2;Bea;\r\na;barbu;;1;3;Cid;\r\na;barbu;;1;4;Dan;\r\n"
            b"b;barbu;2024-06-01;;1;Dan;\r\nb;barbu;;;2;Cid;\r\nb;barbu;;;3;Bea;\r\nb;barbu;;;4;Ana;\r\n")
    group = _imported_group(_import(client, data))
    tables = list(Table.objects.filter(group=group).order_by("created_at"))
    assert [t.players[0] for t in tables] == ["Ana", "Dan"]
    assert [t.created_at.date().isoformat() for t in tables] == ["2024-06-01", "2024-06-01"]
    assert ledger.load(tables[0]).sheet.totals == [20, 15, 25, 5]


def test_a_control_character_in_the_new_groups_name_is_refused(client, good):
    assert _listed(_refused(client, _csv(good), name="Mon\x00cercle")) == [
        "Nom du cercle : caractère invisible (de contrôle) interdit."]
    for row in good[1:]:
        row[10] = "Les amis\x07"  # the file's own group name
    assert _listed(_refused(client, _csv(good))) == ["Nom du cercle : caractère invisible (de contrôle) interdit."]


# -- into an existing circle, and a table's own export ----------------------------------------------------------

def _import_into(client, group, data: bytes):
    return client.post(f"/groups/{group.id}/import/", {"file": SimpleUploadedFile("h.csv", data, "text/csv")})


def test_a_tables_own_export_imports_into_a_circle(client):
    table = TableFactory(rounds=BARBU_GAME[:3])  # not in any circle
    exported = b"".join(client.get(f"/tables/{table.id}/export.csv").streaming_content)
    circle = make_group("Jeudi", players=("Ana",))
    response = _import_into(client, circle, exported)
    assert response.status_code == 302 and response["Location"] == f"/groups/{circle.id}/?imported=1&skipped=0"
    copy = Table.objects.get(group=circle)
    assert copy.id != table.id and copy.imported_from == table.id  # the id belongs to the standalone table
    # The hand-worked game after three manches: Ana 20+10+20, Bea 15+30+0, Cid 25+0+40, Dan 5+25+20.
    assert ledger.load(copy).sheet.totals == [50, 45, 65, 50]
    assert sorted(GroupPlayer.objects.filter(group=circle).values_list("name", flat=True)) == ["Ana", "Bea", "Cid", "Dan"]
    # The same file again adds nothing: the circle already has that table.
    again = _import_into(client, circle, exported)
    assert again["Location"] == f"/groups/{circle.id}/?imported=0&skipped=1"
    assert Table.objects.filter(group=circle).count() == 1
    page = client.get(again["Location"]).content.decode()
    assert "1 table du fichier était déjà dans le cercle" in page


def test_importing_into_a_circle_adds_only_what_is_new(client):
    circle = make_group("Jeudi")
    first = add_table(circle, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:1])
    exported = _export(client, circle)
    add_table(circle, ["Dan", "Cid", "Bea", "Ana"], BARBU_GAME[:2])
    # Another phone's older copy of the history holds only the first table: nothing is added, no second circle.
    response = _import_into(client, circle, exported)
    assert response["Location"].endswith("?imported=0&skipped=1")
    assert Group.objects.count() == 1 and Table.objects.filter(group=circle).count() == 2
    # A file with both tables, imported into a circle that lost the second one, brings it back under its own id.
    both = _export(client, circle)
    second = Table.objects.filter(group=circle).exclude(pk=first.pk).get()
    second_id = second.id
    second.delete()
    assert _import_into(client, circle, both)["Location"].endswith("?imported=1&skipped=1")
    assert Table.objects.filter(group=circle, pk=second_id).exists()


def test_an_import_into_an_unknown_circle_is_404(client, good):
    assert client.post("/groups/nope/import/", {"file": SimpleUploadedFile("h.csv", _csv(good))}).status_code == 404


def test_a_refused_file_adds_nothing_to_the_circle(client, good):
    circle = make_group("Jeudi")
    good[2][POINTS] = "99"
    response = _import_into(client, circle, _csv(good))
    assert response.status_code == 400 and "Bea : 99 points dans le fichier" in response.content.decode()
    assert not Table.objects.filter(group=circle).exists()


@pytest.mark.parametrize("sep", [";", ","])
def test_export_import_export_gives_the_same_file_when_the_ids_are_free(client, sep):
    # A restore: the circle's export imported into a database that lost it gives back the very same file.
    source = make_group("Les amis", players=())
    add_table(source, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME, created=dt.datetime(2025, 3, 6, 19, 30, 5, 12, tzinfo=dt.UTC))
    add_table(source, ["Dan", "Cid", "Bea", "Ana"], BARBU_GAME[:1], ended=True,
              created=dt.datetime(2025, 3, 7, 19, 30, tzinfo=dt.UTC))
    add_table(source, ["Ana", "Bea", "Cid", "Dan"], [], created=dt.datetime(2025, 3, 8, 19, 30, tzinfo=dt.UTC))
    exported = _export(client, source, sep)
    Group.objects.all().delete()
    Table.objects.all().delete()
    copy = _imported_group(_import(client, exported))
    assert _export(client, copy, sep) == exported


@pytest.mark.parametrize(("text", "value"), [("40", 40), ("-12", -12), ("40,5", 40.5), ("-0.5", -0.5), ("40,0", 40)])
def test_scores_are_read_with_a_decimal_comma_or_point(text, value):
    assert csvio._number(text) == value


@pytest.mark.parametrize("text", ["", "4O", "1,2,3", "1e3", "--1", "٣", "12345678901234"])
def test_other_text_is_not_a_score(text):
    assert csvio._number(text) is None


# -- ids a file chooses ------------------------------------------------------------------------------------------

def test_a_table_id_that_is_a_word_of_the_routes_gets_a_new_id(client, good):
    # /tables/new/<game>/ opens a table: a table whose id were "new" would lose /tables/new/history/ and more.
    for row in good[1:]:
        row[0] = {"t1": "new", "t2": "import"}[row[0]]
    group = _imported_group(_import(client, _csv(good)))
    first, second = (Table.objects.get(group=group, imported_from=key) for key in ("new", "import"))
    assert not Table.objects.filter(pk__in=["new", "import"]).exists()
    assert client.get("/tables/new/barbu/").status_code == 200  # the new-table form, as before
    for table in (first, second):
        for page in ("", "history/", "share/", "export.csv"):
            assert client.get(f"/tables/{table.id}/{page}").status_code == 200, (table.id, page)
    # By hand, the first table's five Barbu manches: 70, 130, 190, 190.
    assert ledger.load(first).sheet.totals == [70, 130, 190, 190]
    # The same file again into that circle: both tables are already there, under their new ids.
    again = _import_into(client, group, _csv(good))
    assert again["Location"].endswith("?imported=0&skipped=2")
