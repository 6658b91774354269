import pytest

from companion.tables.models import Table

pytestmark = pytest.mark.django_db


def test_home_lists_the_games(client):
    response = client.get("/")
    assert response.status_code == 200
    assert 'href="/tables/new/barbu/"' in response.content.decode()


def test_it_shows_the_form_with_the_house_rules(client):
    page = client.get("/tables/new/barbu/").content.decode()
    assert 'name="player.4"' in page and 'name="player.5"' not in page
    assert 'name="opt_series"' in page


def test_it_creates_a_table_and_sends_to_the_edit_link(client):
    data = {"player.0": "Ana", "player.1": "Bea", "player.2": "Cid", "player.3": "Dan", "player.4": "",
            "opt_king_stops_play": "on", "opt_five_players_removed": "2C-2D"}
    response = client.post("/tables/new/barbu/", data)
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.players == ["Ana", "Bea", "Cid", "Dan"]
    assert table.options == {"king_stops_play": True, "five_players_removed": "2C-2D", "series": False}
    assert response["Location"].startswith(f"/tables/{table.id}/edit/")


def test_it_rejects_too_few_players_next_to_the_field(client):
    response = client.post("/tables/new/barbu/", {"player.0": "Ana", "player.1": "Bea"})
    assert response.status_code == 400
    assert "de 4 à 5 joueurs" in response.content.decode()
    assert 'value="Ana"' in response.content.decode()  # what was typed is kept
    assert Table.objects.count() == 0


def test_it_rejects_a_bad_option_value(client):
    data = {f"player.{i}": n for i, n in enumerate(["Ana", "Bea", "Cid", "Dan"])}
    data["opt_five_players_removed"] = "3H-3D"
    response = client.post("/tables/new/barbu/", data)
    assert response.status_code == 400
    assert "five_players_removed" in response.content.decode()


def test_an_unknown_game_is_404(client):
    assert client.get("/tables/new/poker/").status_code == 404


@pytest.mark.parametrize(("slug", "words"), [
    # GameInfo.direction: tarot, l'hombre, vicaire and the belotes pass play to the right, Barbu and Rami to the left.
    ("tarot", "dans l'ordre du jeu : vers la droite"),
    ("hombre", "dans l'ordre du jeu : vers la droite"),
    ("vicaire", "dans l'ordre du jeu : vers la droite"),
    ("belote-a-trois", "dans l'ordre du jeu : vers la droite"),
    ("barbu", "dans l'ordre du jeu : vers la gauche"),
    ("rami", "dans l'ordre du jeu : vers la gauche"),
])
def test_the_form_says_which_way_the_game_turns(client, slug, words):
    page = client.get(f"/tables/new/{slug}/").content.decode()
    assert words in page
    other = "vers la gauche" if "droite" in words else "vers la droite"
    assert other not in page


def test_the_form_says_it_in_english_too(client):
    page = client.get("/tables/new/hombre/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Give the names in the order of play: to the right" in page


def test_the_free_sheet_names_no_direction(client):
    # It keeps the score of any game: which way that game turns is the group's to know.
    page = client.get("/tables/new/libre/").content.decode()
    assert "vers la droite" not in page and "vers la gauche" not in page
