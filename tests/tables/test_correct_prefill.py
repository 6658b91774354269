"""The correction form of the shedding games shows the stored facts.

For each game a round is entered, then its "Corriger" page is opened: the form must hold what was stored, so
that sending it back unchanged stores the very same entry (nothing the table typed is lost by a correction).
The entries are legal rounds worked out from each game's rules; the comment beside each says why.
"""

from html.parser import HTMLParser

import pytest

from companion.tables.models import Event
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db

THIRTEEN = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "3H"]

CASES = {
    # Élite, 4 players: Ben is Emperor; Ana holds a Roi and a 2 (13 + 15), Cid counted 30 at the table, Dan went
    # out on a Joker (so he holds nothing, an empty hand). Ana dealt.
    "empereur-elite": ("empereur", 4, {"mode": "elite"},
                       {"emperor": 1, "dealer": 0, "joker_out": [3],
                        "hands": [{"cards": ["KS", "2H"]}, None, {"points": 30}, {"cards": []}]}),
    # Miroir Normal: only the Exclu is entered (and who dealt).
    "empereur-miroir": ("empereur", 3, {"mode": "miroir_normal"}, {"exclu": 2, "dealer": 1, "joker_out": []}),
    # Petite école, 4 players, échelon 1 (6 cards at least): Ana went out; Ben laid and keeps 3 cards (≤ 13 − 6);
    # Cid laid and counted 40 (≤ 7 cards × 20); Dan did not lay and holds his 13 cards.
    "petite-ecole": ("petite-ecole", 4, {},
                     {"winner": 0, "laid": [True, True, True, False],
                      "hands": [None, {"cards": ["AS", "2H", "8C"]}, {"points": 40}, {"cards": THIRTEEN}]}),
    # Pinacle, 3 players, 12 cards each: Ana went out in one go; Ben laid 8 and holds 2 points (12 cards lie
    # between 6 and 18 points); Cid laid cards 10♥ … and held the rest (12 cards in all).
    "pinacle": ("pinacle", 3, {},
                {"winner": 0, "in_one_go": True,
                 "hands": [None, {"laid": {"points": 8}, "held": {"points": 2}},
                           {"laid": {"cards": ["10H", "JH", "QH", "KH"]},
                            "held": {"cards": ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"]}}]}),
    # Pinacle, the stock ran out: nobody went out (winner null), every seat laid and held.
    "pinacle-stock": ("pinacle", 2, {},
                      {"winner": None, "in_one_go": False,
                       "hands": [{"laid": {"points": 10}, "held": {"points": 5}},
                                 {"laid": {"points": 3}, "held": {"points": 12}}]}),
    # Half points: Ben laid 10.5 and holds 1.5 (18 cards at 2 players lie between 18 × 0.5 = 9 and 24 points).
    "pinacle-half": ("pinacle", 2, {},
                     {"winner": 0, "in_one_go": False,
                      "hands": [None, {"laid": {"points": 10.5}, "held": {"points": 1.5}}]}),
    "gin-rami": ("gin-rami", 2, {}, {"winner": 1}),
    "gin-rami-stock": ("gin-rami", 2, {}, {"winner": None}),  # the stock ran out: nothing scored
    # Huit américain with penalty points: Ben went out; Ana holds an 8 (32), Cid counted 4 at the table.
    "huit-americain": ("huit-americain", 3, {"scoring": "penalty"},
                       {"winner": 1, "hands": [{"cards": ["8H"]}, None, {"points": 4}]}),
    # Menteur: Ben's last card stood; Ana kept 1 card, Cid 3 (0 for the winner, together 4 ≤ 52 − 1).
    "menteur": ("menteur", 3, {}, {"winner": 1, "cards_left": [1, 0, 3]}),
    "menteur-no-cards": ("menteur", 3, {}, {"winner": 2}),
    # Pouilleux mystérieux, 4 players: Ben emptied his hand first, Dan kept the pouilleux, the 7♥ was out.
    "pouilleux": ("pouilleux", 4, {"mysterieux": True}, {"winner": 1, "pouilleux": 3, "removed": "7H"}),
    "pouilleux-plain": ("pouilleux", 3, {}, {"winner": 0, "pouilleux": 2}),
}


# What the form must show for some of them, in French card words as the card picker writes them (R = Roi, D = Dame).
SHOWN = {
    "empereur-elite": {"emperor": "1", "dealer": "0", "joker_out.3": "on", "cards.hand.0": "R♠ 2♥",
                       "points.hand.2": "30"},
    "petite-ecole": {"winner": "0", "laid.1": "on", "laid.2": "on", "cards.hand.1": "A♠ 2♥ 8♣", "points.hand.2": "40"},
    "pinacle": {"winner": "0", "in_one_go": "on", "points.laid.1": "8", "cards.laid.2": "10♥ V♥ D♥ R♥"},
    "pinacle-half": {"points.laid.1": "10,5", "points.held.1": "1,5"},
    "gin-rami-stock": {"winner": "none"},
    "huit-americain": {"winner": "1", "cards.0": "8♥", "points.2": "4"},
    "menteur": {"cards_left.0": "1", "cards_left.2": "3"},
    "pouilleux": {"winner": "1", "pouilleux": "3", "removed": "7♥"},
}


class _Form(HTMLParser):
    """What a browser would send for the page's round form (the one posting to the correction URL)."""

    def __init__(self, action):
        super().__init__(convert_charrefs=True)
        self.action = action
        self.inside = False
        self.fields: list[tuple[str, str]] = []
        self.select: str | None = None
        self.select_first: str | None = None
        self.select_chosen = False
        self.option_value: str | None = None
        self.textarea: str | None = None
        self.text = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("action") or "").endswith(self.action):
            self.inside = True
        if not self.inside:
            return
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "reset"):
            if a.get("type") in ("checkbox", "radio"):
                if "checked" in a:
                    self.fields.append((name, a.get("value", "on")))
            else:
                self.fields.append((name, a.get("value") or ""))
        elif tag == "select" and name:
            self.select, self.select_first, self.select_chosen = name, None, False
        elif tag == "option" and self.select:
            value = a.get("value", "")
            if self.select_first is None:
                self.select_first = value
            if "selected" in a and not self.select_chosen:
                self.fields.append((self.select, value))
                self.select_chosen = True
        elif tag == "textarea" and name:
            self.textarea, self.text = name, ""

    def handle_data(self, data):
        if self.textarea:
            self.text += data

    def handle_endtag(self, tag):
        if not self.inside:
            return
        if tag == "select" and self.select:
            if not self.select_chosen and self.select_first is not None:
                self.fields.append((self.select, self.select_first))
            self.select = None
        elif tag == "textarea" and self.textarea:
            self.fields.append((self.textarea, self.text))
            self.textarea = None
        elif tag == "form":
            self.inside = False


def form_fields(html: str, action: str) -> list[tuple[str, str]]:
    parser = _Form(action)
    parser.feed(html)
    return parser.fields


def first_round(table):
    return Event.objects.filter(table=table, kind="round").order_by("seq").first()


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_correction_form_shows_the_stored_round_and_sends_it_back_unchanged(client, case):
    game, n, options, entry = CASES[case]
    table = TableFactory(game=game, players=["Ana", "Bea", "Cid", "Dan"][:n], options=options, rounds=[entry])
    first = first_round(table)
    url = f"/tables/{table.id}/edit/{table.edit_token}/rounds/{first.seq}/"
    page = client.get(url)
    assert page.status_code == 200
    fields = form_fields(page.content.decode(), f"rounds/{first.seq}/")
    for name, value in SHOWN.get(case, {}).items():
        assert (name, value) in fields, (name, value, fields)
    response = client.post(url, dict_of_lists(fields))
    assert response.status_code == 302, response.content.decode()[:2000]
    data = client.get(f"/api/tables/{table.id}").json()
    assert data["rounds"][-1]["entry"] == entry


def dict_of_lists(fields):
    from django.utils.datastructures import MultiValueDict

    out = MultiValueDict()
    for k, v in fields:
        out.appendlist(k, v)
    return out
