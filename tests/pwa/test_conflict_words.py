"""Two phones on the same round of a game with rich entries: the side-by-side view says every field in words.

The grid of a conflict has a column per count a seat and per seat field; a contract, cards, hands, a choice… are
said below it as the history says them (Sheet.describe_entry), so that two entries differing only there can be
told apart before one is kept.
"""

import re

import pytest

from companion.tables.models import Event
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db


def edit_url(table):
    return f"/tables/{table.id}/edit/{table.edit_token}/"


def sections(page: str) -> dict[str, str]:
    """Each side of the conflict (or stale) view by its heading, as read (names without their ``<bdi>``)."""
    start = page.index('class="conflict"')
    view = page[start:page.index('<div class="choices">', start)] if '<div class="choices">' in page[start:] else page[start:]
    found = re.findall(r"<section><h3>([^<]+)</h3>(.*?)</section>", view, re.S)
    return {title: body.replace("<bdi>", "").replace("</bdi>", "").replace("&#x27;", "'") for title, body in found}


def words(section: str) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", section, re.S)


def scores(section: str) -> list[int]:
    return [int(s) for s in re.findall(r"<strong>(-?\d+)</strong>", section.replace("−", "-"))]


def test_two_tarot_deals_with_the_same_taker_and_score_are_told_apart_by_their_bouts_and_points(client):
    # Bea garde, 2 bouts, 47 points: 41 needed, made by 6: (25 + 6) × 2 = 62 from each defender, Bea 3 × 62 = 186.
    table = TableFactory(game="tarot", rounds=[{"taker": 1, "contract": "garde", "bouts": 2, "points": 47}])
    # The other phone: Bea garde, 3 bouts, 42 points: 36 needed, made by 6: the same 62 and 186. Same taker, same
    # scores: only the bouts and the points tell the two entries apart.
    form = {"round_number": "1", "taker": "1", "contract": "garde", "bouts": "3", "points": "42",
            "petit_au_bout": "", "chelem": "", **{f"poignee.{s}": "" for s in range(4)}}
    response = client.post(edit_url(table), form)
    assert response.status_code == 409
    side = sections(response.content.decode())
    stored, mine = side["Déjà enregistrée"], side["Votre saisie"]
    assert scores(stored) == scores(mine) == [-62, 186, -62, -62]
    assert words(stored) == ["Bea prend : Garde. 2 bouts, 47 points."]
    assert words(mine) == ["Bea prend : Garde. 3 bouts, 42 points."]
    assert Event.objects.filter(table=table).count() == 1


def test_a_tarot_entry_says_its_petit_au_bout_and_poignee_by_their_names(client):
    table = TableFactory(game="tarot", rounds=[{"taker": 0, "contract": "prise", "bouts": 2, "points": 47}])
    form = {"round_number": "1", "taker": "0", "contract": "prise", "bouts": "2", "points": "47",
            "petit_au_bout": "taker", "chelem": "", "poignee.2": "simple"}
    side = sections(client.post(edit_url(table), form).content.decode())
    assert words(side["Déjà enregistrée"]) == ["Ana prend : Prise (ou petite). 2 bouts, 47 points."]
    assert words(side["Votre saisie"]) == ["Ana prend : Prise (ou petite). 2 bouts, 47 points.",
                                           "Petit au bout : l'attaque.", "Poignée simple : Cid."]


def test_two_rami_deals_are_told_apart_by_the_hands_the_losers_kept(client):
    players = ["Ana", "Bea", "Cid"]
    table = TableFactory(game="rami", players=players,
                         rounds=[{"winner": 2, "hands": [{"points": 10}, {"laid_nothing": True}, None]}])
    # The other phone typed Ana's cards instead of her count; Cid went out on both.
    form = {"round_number": "1", "winner": "2", "how.0": "cards", "cards.0": "R♥ 7♦ Joker", "points.0": "",
            "how.1": "nothing", "points.1": "", "cards.1": ""}
    response = client.post(edit_url(table), form)
    assert response.status_code == 409
    side = sections(response.content.decode())
    assert words(side["Déjà enregistrée"]) == ["Cid finit la donne.", "Ana : 10 points en main", "Bea : rien posé"]
    assert words(side["Votre saisie"]) == ["Cid finit la donne.", "Ana : en main R♥ 7♦ Joker", "Bea : rien posé"]
    # The winner's seat is still a column of the grid: Cid's row ticked on both sides.
    for body in side.values():
        assert re.search(r"<th scope=\"row\">Cid</th><td>✓</td>", body)


def test_two_cribbage_shows_are_told_apart_by_their_cards_as_french_players_write_them(client):
    players = ["Ana", "Bea"]
    stored = {"starter": "5D", "pegging": [3, 2], "hands": [{"cards": ["5H", "5S", "5C", "JD"]}, {"points": 4}],
              "crib": {"cards": ["2H", "3H", "KS", "QD"]}}
    table = TableFactory(game="cribbage", players=players, rounds=[stored])
    # The other phone typed Bea's four cards where the first one typed her count.
    form = {"round_number": "1", "starter": "5♦", "pegging.0": "3", "pegging.1": "2", "hand.0": "5♥ 5♠ 5♣ V♦",
            "hand_points.0": "", "hand.1": "4♥ 6♠ R♣ D♣", "hand_points.1": "", "crib": "2♥ 3♥ R♠ D♦", "crib_points": ""}
    response = client.post(edit_url(table), form)
    assert response.status_code == 409
    side = sections(response.content.decode())
    assert words(side["Déjà enregistrée"]) == ["Carte de départ : 5♦", "Jeu des cartes : Ana 3, Bea 2",
                                               "Ana : 5♥ 5♠ 5♣ V♦", "Bea : 4 points", "Crib : 2♥ 3♥ R♠ D♦"]
    assert words(side["Votre saisie"]) == ["Carte de départ : 5♦", "Jeu des cartes : Ana 3, Bea 2",
                                           "Ana : 5♥ 5♠ 5♣ V♦", "Bea : 4♥ 6♠ R♣ D♣", "Crib : 2♥ 3♥ R♠ D♦"]


def test_an_entry_the_rules_refuse_is_still_said_as_typed(client):
    table = TableFactory(game="tarot", rounds=[{"taker": 1, "contract": "garde", "bouts": 2, "points": 47}])
    form = {"round_number": "1", "taker": "1", "contract": "garde", "bouts": "7", "points": "beaucoup"}
    response = client.post(edit_url(table), form)
    assert response.status_code == 409
    mine = sections(response.content.decode())["Votre saisie"]
    assert "Cette saisie ne serait pas acceptée telle quelle." in mine
    # 7 bouts (there are 3) do not read as a deal: nothing the phone typed is lost for that, each field is said in
    # the generic words (label : value), the taker by name.
    assert words(mine) == ["Preneur : Bea", "Contrat : garde", "Bouts du preneur : 7", "Points du preneur : beaucoup"]


def test_a_barbu_conflict_keeps_its_plain_grid_without_lines(client):
    table = TableFactory(rounds=[{"tricks": [4, 3, 5, 1]}])
    form = {"round_number": "1", **{f"tricks.{s}": v for s, v in enumerate(["1", "5", "3", "4"])}}
    side = sections(client.post(edit_url(table), form).content.decode())
    assert words(side["Déjà enregistrée"]) == words(side["Votre saisie"]) == []


def test_a_stale_correction_of_a_rikiki_deal_names_the_turned_card(client):
    players = ["Ana", "Bea", "Cid", "Dan"]
    # Round 1 of Rikiki deals one card each: bids and tricks of one trick in all.
    table = TableFactory(game="rikiki", players=players, rounds=[{"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0],
                                                                  "turned": "QH"}])
    seq = Event.objects.get(table=table, kind="round").seq
    fields = {"bids.0": "1", "bids.1": "0", "bids.2": "0", "bids.3": "1", "tricks.0": "1", "tricks.1": "0",
              "tricks.2": "0", "tricks.3": "0"}
    first = client.post(f"{edit_url(table)}rounds/{seq}/", {"version": "1", **fields, "turned": "R♠"})
    assert first.status_code == 302  # phone A corrected the turned card: the table is at version 2
    # Phone B, still at version 1, typed the card as its code: it is said as French players write it.
    response = client.post(f"{edit_url(table)}rounds/{seq}/", {"version": "1", **fields, "turned": "JC"})
    assert response.status_code == 409
    side = sections(response.content.decode())
    assert "Carte retournée : R♠" in words(side["Valeurs actuelles"])
    assert "Carte retournée : V♣" in words(side["Votre correction"])
