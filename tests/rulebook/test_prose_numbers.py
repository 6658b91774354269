"""The rule numbers in the prose of the scored games come from the rules model, like the tables do.

The rulebook and the score sheet must not disagree. Tables are rendered from the model (test_content.py); in the
prose of every scored game each rule number is a ``{{value:key}}`` placeholder that the loader fills from
``GameInfo.values``. This test reads every rendered section and fails on any number that neither a placeholder nor
a model table produced, outside worked examples (blockquotes) and the short allow-list below.
"""

import re
from html.parser import HTMLParser

import pytest

from companion.games import registry
from companion.rulebook import book, search

SCORED = ["barbu", "rami", "vicaire", "nain-jaune", "rikiki", "motton", "chasse-coeur", "petasse", "hombre",
          "belote-a-trois", "belote-de-comptoir", "tarot-lorrain", "tarot-tare", "tarot", "bataille", "super-bataille",
          "baccara", "pharaon", "huit-americain", "menteur", "pouilleux", "pinacle", "gin-rami", "belote", "coinche",
          "barbu-classique", "freeze", "cribbage", "golf", "eleusis", "empereur", "petite-ecole"]
LANGS = ["fr", "en"]
NUMBER = re.compile(r"\d+(?:[.,]\d+)?")

# Numbers in prose that are not rule values. Each entry says why; keep the list short.
ANYWHERE = [
    re.compile(r"\d+(?=[♠♥♦♣])"),  # a card: 10♦, 2♣
    re.compile(r"\b(?:(?:As|A|R|K|D|Q|V|J|\d+)-){2,}(?:As|A|R|K|D|Q|V|J|\d+)\b"),  # a run by its ranks: As-2-3, K-A-2
    re.compile(r"\(notes? \d+(?: (?:et|and) \d+)?\)"),  # Barbu's rule document refers to its missing footnotes by number
]
PER_GAME = {
    "tarot-lorrain": [
        re.compile(r"(?:\(|\b(?:le|un|the|a) )21\b", re.I),  # the 21, a bout, named by its number
    ],
    "tarot": [
        re.compile(r"(?:\(|\b(?:le|un|the|a) )21\b", re.I),  # the 21, a bout, named by its number
    ],
    "tarot-tare": [
        re.compile(r"(?:\(|\b(?:le|un|the|a) )21\b", re.I),  # the 21, a bout, named by its number
        re.compile(r"(?:le|the) (?:15|6|2|3♥)\b"),  # the worked example's trumps
    ],
    "hombre": [],
    "belote-a-trois": [],
    "belote-de-comptoir": [],
    "belote": [],
    "coinche": [],
    "barbu-classique": [],
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
    "pinacle": [
        re.compile(r"(?:quatre|four) 2s?\b|(?:simple|plain|vrai|real|qu'un|one) 2\b|(?:le|the) 2 (?:de|of) (?:sa|its)"),  # the rank
        re.compile(r"(?:vaut|worth) 2 points (?:dans tous les cas|either way)"),  # the pinacle's value, as its table gives it
    ],
    "gin-rami": [
        re.compile(r"\(52 (?:cartes|cards), 10 (?:cartes chacun|each)"),  # Gin Rummy, a game Atout does not score
    ],
    "freeze": [],
    "cribbage": [],
    "golf": [],
    "eleusis": [],
    "bataille": [],
    "super-bataille": [
        re.compile(r"n − 1"),  # the rule's formula: a loser adds his card's number less the card itself
    ],
    "baccara": [],
    "pharaon": [],
    "huit-americain": [
        # the special cards are named by their rank: an 8, a 10, a 7 (not counts of anything)
        re.compile(r"\b(?:8|10|7)s?\b(?! (?:cartes|cards|points|joueurs|players|donnes|deals))"),
        re.compile(r"2 (?:à|to) 6, 9"),  # the ordinary ranks
        re.compile(r"(?:un|a) 6 (?:va sur un|goes on a) 6"),  # matching by rank
        re.compile(r"(?:d'un|of a) 2\b"),  # the cheapest card, by rank
    ],
    "menteur": [
        re.compile(r"(?:As|Ace), (?:puis|then) 2, (?:puis|then) 3"),  # the ranks called in turn in a variant
        re.compile(r"(?:de|lay) 1 (?:à|to) 4 (?:cartes|cards)"),  # the variant lays one card or more of a rank
        re.compile(r"(?:deux|two) 8s?\b"),  # the variant's call, by rank
    ],
    "empereur": [
        # the 2, the rank with its own rule, named by its rank (its strength comes from {{value:highest_rank}})
        re.compile(r"(?:«|\b(?:le|un|du|autre|the|a|another)) 2\b(?! (?:cartes|cards|jokers|points))", re.I),
        re.compile(r"deux 7 sur un 6, un seul 9 sur trois 8|two 7s on a 6, a single 9 on three 8s"),  # a play, by ranks
    ],
    "petite-ecole": [
        # the wild 2, named by its rank
        re.compile(r"\b(?:les|un|le|d'un|de|et|and|a|the|wild|of) 2s?\b|^2s\b|\b2s (?:are|sont)", re.I),
        re.compile(r"(?:suite de 4 peut en compter 5 ou 6|run of 4 may have 5 or 6)"),  # an example of a longer run
        re.compile(r"Phase 10"),  # another game's name
    ],
    "pouilleux": [
        re.compile(r"(?:deux 7 noirs|two black 7s)"),  # the rule document's example pair, by rank
    ],
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
        # The closing « Sources » paragraph names references (an edition, a year: Britannica's 11th, 1977): not rules.
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
    (tmp_path / "barbu" / "rulebook").mkdir(parents=True)
    for lang in LANGS:
        text = book.content_path("barbu", lang).read_text(encoding="utf-8")
        text = text.replace("{{value:salad_total_4}}", "290", 1)
        (tmp_path / "barbu" / "rulebook" / f"{lang}.md").write_text(text, encoding="utf-8")
    monkeypatch.setattr(registry, "GAMES_DIR", tmp_path)
    assert [s for s in stray_numbers("barbu", "fr") if "'290'" in s]
    assert [s for s in stray_numbers("barbu", "en") if "'290'" in s]


def test_an_unknown_value_fails_loudly(tmp_path, monkeypatch, caplog):
    (tmp_path / "barbu" / "rulebook").mkdir(parents=True)
    sections = "\n\n".join(f"## {key}\nTexte de la section {key}." for key in book.SECTION_KEYS)
    body = sections.replace("Texte de la section scoring.", "Chaque pli coûte **{{value:no_such_value}} points**.")
    (tmp_path / "barbu" / "rulebook" / "fr.md").write_text(f"# Le barbu\n\n{body}\n", encoding="utf-8")
    monkeypatch.setattr(registry, "GAMES_DIR", tmp_path)
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


def test_the_empereur_and_petite_ecole_prose_show_the_numbers_worked_out_by_hand():
    for lang in LANGS:
        # L'empereur: a 54-card pack is 52 cards + 2 jokers; 7 cards each; short games 3 manches or 500 points.
        assert _value_shown("empereur", lang, "pack_with_jokers") == "54"
        assert _value_shown("empereur", lang, "pack_size") == "52"
        assert _value_shown("empereur", lang, "jokers") == "2"
        assert _value_shown("empereur", lang, "hand_size") == "7"
        assert _value_shown("empereur", lang, "manches_short") == "3"
        assert _value_shown("empereur", lang, "manches_long") == "6"
        assert _value_shown("empereur", lang, "target_short") == "500"
        assert _value_shown("empereur", lang, "highest_rank") == "2"  # the 2 is the strongest card, the 3 the weakest
        assert _value_shown("empereur", lang, "lowest_rank") == "3"
        # La petite école: 13 cards; ten échelons; hand points 5 (3 to 9) to 20 (the wild 2), in steps of 5;
        # three packs from 5 players (two packs, 104 cards, hold 8 hands of 13 only up to 4 players by the rule document).
        assert _value_shown("petite-ecole", lang, "hand_size") == "13"
        assert _value_shown("petite-ecole", lang, "last_echelon") == "10"
        assert _value_shown("petite-ecole", lang, "least_card") == "5"
        assert _value_shown("petite-ecole", lang, "most_card") == "20"
        assert _value_shown("petite-ecole", lang, "point_step") == "5"
        assert _value_shown("petite-ecole", lang, "three_packs_from") == "5"
        assert _value_shown("petite-ecole", lang, "min_run") == "3"
    assert _value_shown("empereur", "fr", "target_long") == "1\u202f000"
    assert _value_shown("empereur", "en", "target_long") == "1,000"
    # The packs table: 2 packs (2 × 52 = 104 cards) for 2 to 4 players, 3 (156) for 5 to 8.
    rows = [(r[0].fr, r[1], r[2]) for r in registry.info("petite-ecole").table("packs").rows]
    assert rows == [("2 à 4", 2, 104), ("5 à 8", 3, 156)]
