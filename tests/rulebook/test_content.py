"""Every game has a full entry in French and English, and its tables come from the rules model."""

import re
import xml.etree.ElementTree as etree

import pytest

from companion.games import registry
from companion.kernel.game import RuleTable
from companion.kernel.text import T
from companion.rulebook import book

from .parsing import read

SLUGS = [
    "empereur", "super-bataille", "rikiki", "petite-ecole", "chasse-coeur", "tarot-lorrain", "tarot-tare", "rami",
    "gin-rami", "pouilleux", "pinacle", "pharaon", "petasse", "nain-jaune", "menteur", "huit-americain",
    "belote-a-trois", "belote-de-comptoir", "bataille", "baccara", "vicaire", "hombre", "barbu", "cribbage",
    "eleusis", "freeze", "golf", "motton",
]
# The 28 games of the user's rule documents, then every game registered besides (the classics they build on, the
# free sheet): each must have its entry too.
GAMES = SLUGS + [slug for slug in registry.catalog() if slug not in SLUGS]
LANGS = ["fr", "en"]
SECTIONS = ["short", "players", "cards", "deal", "play", "scoring", "end", "variants", "disputes"]
NUMBER = re.compile(r"\d+")


def test_the_rule_documents_list_twenty_eight_games_and_all_are_in_the_catalogue():
    assert len(SLUGS) == 28 == len(set(SLUGS))
    assert set(SLUGS) <= set(registry.catalog())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", GAMES)
def test_every_game_has_its_own_file_with_the_nine_sections_in_order(slug, lang):
    text = book.content_path(slug, lang).read_text(encoding="utf-8")
    assert re.findall(r"^## (\S+)\s*$", text, re.M) == SECTIONS
    assert text.startswith("# ")
    entry = book.entry(slug, lang)
    assert entry.problems == ()
    assert entry.content_lang == lang and not entry.fallback


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", GAMES)
def test_every_section_has_text(slug, lang):
    entry = book.entry(slug, lang)
    assert [s.key for s in entry.sections] == SECTIONS
    for section in entry.sections:
        words = " ".join(p.text for p in entry.passages if p.section == section.key)
        words += " ".join(h.title for h in section.headings)
        assert len(words.split()) >= 3, f"{slug}/{lang}: section {section.key} is (nearly) empty"
        assert section.html.strip()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", GAMES)
def test_every_table_line_names_a_table_of_the_rules_model(slug, lang):
    text = book.content_path(slug, lang).read_text(encoding="utf-8")
    asked = re.findall(r"^\{\{table:([a-z0-9_]+)\}\}\s*$", text, re.M)
    model = {t.key for t in registry.info(slug).tables}
    assert set(asked) <= model, f"{slug}/{lang}: no model table for {set(asked) - model}"
    assert book.entry(slug, lang).tables_missing == ()
    assert book.entry(slug, lang).values_missing == ()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", GAMES)
def test_every_model_table_is_placed_by_the_text_not_left_for_the_end_of_a_section(slug, lang):
    placed = book.entry(slug, lang).tables_placed
    assert sorted(placed) == sorted(t.key for t in registry.info(slug).tables)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rami_deal_scores_stand_under_scoring(lang):
    text = book.content_path("rami", lang).read_text(encoding="utf-8")
    scoring = text.split("\n## scoring\n", 1)[1].split("\n## ", 1)[0]
    assert "{{table:deal_scores}}" in scoring
    (section,) = [s for s in book.entry("rami", lang).sections if s.key == "scoring"]
    assert 'data-table="deal_scores"' in section.html
    (cards,) = [s for s in book.entry("rami", lang).sections if s.key == "cards"]
    assert 'data-table="deal_scores"' not in cards.html


@pytest.mark.parametrize("slug", GAMES)
def test_anchors_are_the_same_in_french_and_english_and_unique(slug):
    anchors = {lang: book.explicit_anchors(book.content_path(slug, lang).read_text(encoding="utf-8")) for lang in LANGS}
    assert anchors["fr"] == anchors["en"]
    assert len(anchors["fr"]) == len(set(anchors["fr"]))
    for anchor in anchors["fr"]:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", anchor), anchor
    fr, en = book.entry(slug, "fr").anchors, book.entry(slug, "en").anchors
    assert set(anchors["fr"]) <= set(fr) and set(anchors["fr"]) <= set(en)


def _cells(table, lang):
    return ([table.cell(c, lang) for c in table.columns],
            [[table.cell(v, lang) for v in row] for row in table.rows])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", GAMES)
def test_every_number_in_a_table_of_the_page_is_the_rules_models(client, slug, lang):
    response = client.get(f"/rules/{slug}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    shown = read(response.content.decode()).tables
    model = {t.key: t for t in registry.info(slug).tables}
    assert {t["key"] for t in shown} == set(model), "every model table is shown, and only those"
    for table in shown:
        head, rows = _cells(model[table["key"]], lang)
        assert table["caption"] == model[table["key"]].title.get(lang)
        assert table["head"] == head
        assert table["rows"] == rows
        numbers_shown = [NUMBER.findall(cell) for row in table["rows"] for cell in row]
        numbers_model = [NUMBER.findall(cell) for row in rows for cell in row]
        assert numbers_shown == numbers_model


def test_the_barbu_page_shows_the_manche_totals_worked_out_by_hand(client):
    # 4 players: 13 tricks × 5 = 65; 13 hearts × 5 = 65; 4 queens × 20 = 80; king 80; salad 65+65+80+80 = 290.
    # 5 players: 10 tricks × 5 = 50; then 65, 80, 80; salad 50+65+80+80 = 275.
    page = read(client.get("/rules/barbu/").content.decode())
    shown = [t for t in page.tables if t["key"] == "manches"]
    assert len(shown) == 2  # at the top of the page (the scoring at a glance) and in its section
    for manches in shown:
        assert [row[3] for row in manches["rows"]] == ["65", "65", "80", "80", "290"]
        assert [row[4] for row in manches["rows"]] == ["50", "65", "80", "80", "275"]


def test_table_cells_are_escaped():
    table = RuleTable("x", T("<b>titre</b>", "t"), (T("a & b", "a"),), (("<script>alert(1)</script>",),))
    html = etree.tostring(book.table_element(table, "fr"), encoding="unicode", method="html")
    assert "<script>" not in html and "&lt;script&gt;" in html and "&lt;b&gt;titre" in html and "a &amp; b" in html
