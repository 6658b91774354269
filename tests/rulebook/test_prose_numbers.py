"""The rule numbers in the prose of the scored games come from the rules model, like the tables do.

The issue asks that the rulebook and the score sheet cannot disagree. Tables are rendered from the model
(test_content.py); in the prose of the four scored games every rule number is a ``{{value:key}}`` placeholder that
the loader fills from ``GameInfo.values``. This test reads every rendered section and fails on any number that
neither a placeholder nor a model table produced, outside worked examples (blockquotes) and the short allow-list
below.
"""

import re
from html.parser import HTMLParser

import pytest

from companion.rulebook import book, search
from companion.rules import registry

SCORED = ["barbu", "rami", "vicaire", "nain-jaune", "rikiki", "motton", "chasse-coeur", "petasse", "hombre",
          "belote-a-trois", "belote-de-comptoir", "tarot-lorrain", "tarot-tare"]
LANGS = ["fr", "en"]
NUMBER = re.compile(r"\d+(?:[.,]\d+)?")

# Numbers in prose that are not rule values. Each entry says why; keep the list short.
ANYWHERE = [
    re.compile(r"\d+(?=[♠♥♦♣])"),  # a card: 10♦, 2♣
    re.compile(r"\b(?:(?:As|A|R|K|D|Q|V|J|\d+)-){2,}(?:As|A|R|K|D|Q|V|J|\d+)\b"),  # a run by its ranks: As-2-3, K-A-2
    re.compile(r"\(notes? \d+(?: (?:et|and) \d+)?\)"),  # Barbu's seed refers to its lost footnotes by number
]
PER_GAME = {
    "tarot-lorrain": [
        re.compile(r"(?:\(|\b(?:le|un|the|a) )21\b", re.I),  # the 21, a bout, named by its number
    ],
    "tarot-tare": [
        re.compile(r"(?:\(|\b(?:le|un|the|a) )21\b", re.I),  # the 21, a bout, named by its number
        re.compile(r"(?:le|the) (?:15|6|2|3♥)\b"),  # the worked example's trumps
    ],
    "hombre": [],
    "belote-a-trois": [],
    "belote-de-comptoir": [],
    "barbu": [
        re.compile(r"10… (?:jusqu'au|down to) 2"),  # card order: ranks, not points
        re.compile(r"(?:se joue à|is played by) 4 (?:avec|with)"),  # classic Barbu, a game Atout does not score
    ],
    "rami": [],
    "vicaire": [
        re.compile(r"(?:de l'As au|jusqu'au|Ace down to|down to the) 7"),  # the 32-card pack's lowest rank
        re.compile(r"(?:compte pour|counts) 1\b"),  # a trick is one trick
        re.compile(r"(?:en|to) 200 points"),  # the shorter-match variant: the sheet's "target" option, any number
    ],
    "nain-jaune": [
        re.compile(r"As, 2, 3 … 10|Ace, 2, 3 … 10"),  # card order: ranks
        re.compile(r"(?:As|Ace) 1, 2 (?:à|to) 10"),  # card points as the model's card_points table gives them
        re.compile(r"(?:sans|without) 8|(?:un|a) 7\b"),  # the announcement after a 7, by rank
        re.compile(r"22 (?:cartes|cards)|(?:les|the last) 8"),  # the two-player variant, which the sheet does not play
    ],
    "rikiki": [],
    "motton": [
        re.compile(r"(?:le|the) 2 (?:la plus faible|lowest)"),  # card order: the lowest rank
    ],
    "chasse-coeur": [],
    "petasse": [
        re.compile(r"(?:deux|two) 7s?\b"),  # the two sevens taken out at three, by rank
    ],
}


class _Prose(HTMLParser):
    """The text of a section, without model tables, model values and worked examples (blockquotes)."""

    SKIPPED_TAGS = {"blockquote"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []  # for each open element: is it (or an ancestor) skipped?
        self.parts: list[str] = []
        self.values: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        skipped = bool(self.stack and self.stack[-1]) or tag in self.SKIPPED_TAGS or "rule-table" in classes \
            or "rule-value" in classes
        if "rule-value" in classes:
            self.values.append(a.get("data-value", ""))
        self.stack.append(skipped)
        self.parts.append(" ")

    def handle_endtag(self, tag):
        if self.stack:
            self.stack.pop()
        self.parts.append(" ")

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]):
            self.parts.append(data)

    def text(self) -> str:
        return " ".join("".join(self.parts).split())


def prose(html: str) -> _Prose:
    parser = _Prose()
    parser.feed(html)
    parser.close()
    return parser


def stray_numbers(slug: str, lang: str) -> list[str]:
    out = []
    for section in book.entry(slug, lang).sections:
        # The closing citations name seed files and Atout's notes (000, §25): references, not rules.
        html = re.sub(r"<p>Sources\b.*?</p>", "", section.html, flags=re.S)
        text = prose(html).text()
        for pattern in ANYWHERE + PER_GAME[slug]:
            text = pattern.sub(" ", text)
        out += [f"{section.key}: {m.group()!r} in …{text[max(0, m.start() - 50):m.end() + 20]}…"
                for m in NUMBER.finditer(text)]
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", SCORED)
def test_every_number_in_the_prose_of_a_scored_game_comes_from_the_model(slug, lang):
    assert stray_numbers(slug, lang) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", SCORED)
def test_the_scored_games_use_model_values_and_every_one_is_known(slug, lang):
    entry = book.entry(slug, lang)
    assert entry.values_missing == () and entry.problems == ()
    assert len(entry.values_placed) >= 5, f"{slug}/{lang}: the prose should take its numbers from the model"
    info = registry.info(slug)
    for key in entry.values_placed:
        info.value(key)  # raises KeyError if unknown


def _value_shown(slug, lang, key):
    for section in book.entry(slug, lang).sections:
        m = re.search(rf'<span class="rule-value" data-value="{key}">([^<]*)</span>', section.html)
        if m:
            return m.group(1)
    raise AssertionError(f"{slug}/{lang}: no {{{{value:{key}}}}} shown")


def test_the_barbu_prose_shows_the_numbers_worked_out_by_hand():
    # 13 tricks at 4 players, 5 points each; salad at 4: 13×5 + 13×5 + 4×20 + 80 = 290; at 5: 10×5 + 65 + 80 + 80 = 275.
    for lang in LANGS:
        assert _value_shown("barbu", lang, "per_trick") == "5"
        assert _value_shown("barbu", lang, "king_of_hearts") == "80"
        assert _value_shown("barbu", lang, "salad_total_4") == "290"
        assert _value_shown("barbu", lang, "salad_total_5") == "275"
        assert _value_shown("barbu", lang, "salad_queen_of_hearts") == "25"  # 5 as a heart + 20 as a queen
    assert book.anchor_title("barbu", "salade", "fr") == "Manche 5 : la salade"


def test_the_rami_prose_shows_its_scores_with_a_true_minus_sign():
    for lang in LANGS:
        assert _value_shown("rami", lang, "opening_minimum") == "51"
        assert _value_shown("rami", lang, "rami_sec") == "−50"
        assert _value_shown("rami", lang, "laid_nothing") == "100"
        assert _value_shown("rami", lang, "ace_penalty") == "11"
        # The rami sec turn: 13 dealt + 1 taken = 14 cards, any one of them thrown (not "the 14th").
        assert _value_shown("rami", lang, "cards_on_turn") == "14"
        # A loser who laid: 13 + 1 − 5 (the smallest opening, 10-V-D-R-As) − 1 = 8 cards, 4 jokers + 4 aces = 244.
        assert _value_shown("rami", lang, "most_cards_after_laying") == "8"
        assert _value_shown("rami", lang, "most_points") == "244"


def test_the_vicaire_and_nain_jaune_prose_show_their_targets_and_stakes():
    for lang in LANGS:
        assert _value_shown("vicaire", lang, "first_total") == "10"
        assert _value_shown("vicaire", lang, "second_total") == "15"
        assert _value_shown("vicaire", lang, "target") == "500"
        assert _value_shown("vicaire", lang, "ecart") == "2"  # 32 cards − 3 players × 10
        assert _value_shown("nain-jaune", lang, "stake_per_deal") == "15"  # 1 + 2 + 3 + 4 + 5
        assert _value_shown("nain-jaune", lang, "start_pions") == "250"


def test_a_model_value_is_searchable_like_any_word():
    found = [(r.doc.slug, r.doc.anchor) for r in search.search("290", "fr").results]
    assert ("barbu", "salade") in found  # the salad's total, in its prose (the manches table has it too)


def test_the_check_catches_a_number_typed_in_the_prose(tmp_path, monkeypatch):
    for lang in LANGS:
        (tmp_path / lang).mkdir()
        text = book.content_path("barbu", lang).read_text(encoding="utf-8")
        text = text.replace("{{value:salad_total_4}}", "290", 1)
        (tmp_path / lang / "barbu.md").write_text(text, encoding="utf-8")
    monkeypatch.setattr(book, "CONTENT_DIR", tmp_path)
    assert [s for s in stray_numbers("barbu", "fr") if "'290'" in s]
    assert [s for s in stray_numbers("barbu", "en") if "'290'" in s]


def test_an_unknown_value_fails_loudly(tmp_path, monkeypatch, caplog):
    (tmp_path / "fr").mkdir()
    sections = "\n\n".join(f"## {key}\nTexte de la section {key}." for key in book.SECTION_KEYS)
    body = sections.replace("Texte de la section scoring.", "Chaque pli coûte **{{value:no_such_value}} points**.")
    (tmp_path / "fr" / "barbu.md").write_text(f"# Le barbu\n\n{body}\n", encoding="utf-8")
    monkeypatch.setattr(book, "CONTENT_DIR", tmp_path)
    entry = book.entry("barbu", "fr")
    assert entry.values_missing == ("no_such_value",)
    assert entry.problems == ("no model value '{{value:no_such_value}}'",)
    assert any("no_such_value" in r.getMessage() for r in caplog.records)
    (scoring,) = [s for s in entry.sections if s.key == "scoring"]
    assert '<span class="missing-value">{{value:no_such_value}}</span>' in scoring.html
    with pytest.raises(KeyError):
        registry.info("barbu").value("no_such_value")


def test_a_game_reads_its_player_counts_without_a_pair():
    info = registry.info("vicaire")
    assert (info.value("min_players"), info.value("max_players")) == (3, 3)
