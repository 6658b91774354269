"""The history says every entry in words, through the game (Sheet.describe_entry), never as a Python or JSON dump."""

import re

import pytest

from tests.factories import TableFactory

from .helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db

DUMP = re.compile(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|\bnull\b|'winner'|laid_nothing|claimed_by|rami_sec")


def history(client, table, lang="fr"):
    """The history page's main part, as read: names are isolated (``<bdi>``), the words are compared without it."""
    html = client.get(f"/tables/{table.id}/history/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    main = html.split("<main", 1)[1].split("</main>", 1)[0]
    assert f"<bdi>{table.players[0]}</bdi>" in main
    return main.replace("<bdi>", "").replace("</bdi>", "")




@pytest.mark.parametrize(("game", "players", "rounds", "expected"), [
    ("barbu", ["Ana", "Bea", "Cid", "Dan"], BARBU_FOUR[:4], ["Plis : Ana 4, Bea 3, Cid 5, Dan 1", "R♥ : Cid"]),
    ("vicaire", ["Ana", "Bea", "Cid"], [{"tricks": [4, 3, 3]}], ["Plis : Ana 4, Bea 3, Cid 3"]),
    ("libre", ["Ana", "Bea"], [{"points": [-5, 12]}], ["Points : Ana −5, Bea 12"]),
    ("rami", ["Ana", "Bea", "Cid"],
     [{"winner": 2, "rami_sec": False, "hands": [{"points": 10}, {"laid_nothing": True}, None]}],
     ["Cid finit la donne.", "Ana : 10 points en main", "Bea : rien posé"]),
    ("rami", ["Ana", "Bea"], [{"winner": 0, "hands": [None, {"cards": ["KH", "7D", "JK"]}]}], ["Bea : en main R♥ 7♦ Joker"]),
    # The turned card as players write it (D♥), not its code QH.
    ("rikiki", ["Ana", "Bea", "Cid", "Dan"], [{"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0], "turned": "QH"}],
     ["Annonce : Ana 1, Bea 0, Cid 0, Dan 1", "Carte retournée : D♥"]),
    ("nain-jaune", ["Ana", "Bea", "Cid", "Dan"],
     [{"winner": 0, "stakes": {"10D": {"claimed_by": 1}, "JC": {"forgotten_by": 2}, "QS": None, "KH": {"held_by": 3},
                               "7D": {"claimed_by": 0}}, "remaining": [None, 20, 30, 40]}],
     ["Ana a posé toutes ses cartes.", "Plateau : 10♦ réclamé par Bea, V♣ oublié par Cid, D♠ dans l&#x27;écart, "
      "R♥ gardé en main par Dan, 7♦ réclamé par Ana", "Points en main : Bea 20, Cid 30, Dan 40"]),
])
def test_every_entry_is_said_in_words(client, game, players, rounds, expected):
    table = TableFactory(game=game, players=players, rounds=rounds)
    html = history(client, table)
    for line in expected:
        assert line in html
    assert not DUMP.search(html), DUMP.search(html)


def test_corrections_deletions_end_and_reopening_are_said_in_words_in_both_languages(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [1, 2]}, {"points": [3, 4]}])
    token = {"HTTP_AUTHORIZATION": f"Bearer {table.edit_token}"}
    client.put(f"/api/tables/{table.id}/rounds/1", '{"points": [1, -2]}', content_type="application/json", **token)
    client.delete(f"/api/tables/{table.id}/rounds/2", **token)
    client.post(f"/api/tables/{table.id}/finish", **token)
    client.post(f"/api/tables/{table.id}/reopen", **token)
    html = history(client, table)
    for words in ("Donne 1 saisie", "Donne 1 corrigée", "Points : Ana 1, Bea −2", "Donne 2 supprimée", "Partie terminée",
                  "Partie reprise"):
        assert words in html
    assert not DUMP.search(html)
    english = history(client, table, "en")
    assert "Game reopened" in english and "Points: Ana 1, Bea −2" in english
