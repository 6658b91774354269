"""The sheet's end, undo, correct and rematch controls as plain pages and forms (no JavaScript), the new-table
choices (Barbu's length and manches, Nain Jaune's pions, the free sheet) and the error pages with a way back."""

import pytest

from companion.tables.models import Event, Table
from tests.factories import GroupTableFactory, TableFactory

from .helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db


def edit(table):
    return f"/tables/{table.id}/edit/{table.edit_token}/"


def page(client, url, **kw):
    return client.get(url, **kw).content.decode()


class TestEnding:
    def test_the_end_button_leads_to_a_confirmation_page_and_ends_nothing_by_itself(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}])
        html = page(client, edit(table))
        assert f'href="{edit(table)}confirm/finish/"' in html and 'data-dialog="confirm-finish"' in html
        confirm = page(client, edit(table) + "confirm/finish/")
        assert "Terminer la partie maintenant ?" in confirm and "Bea</strong>" in confirm  # Bea leads, 5 to 3
        assert Event.objects.filter(table=table, kind="finish").count() == 0
        response = client.post(edit(table) + "finish/")
        assert response.status_code == 302
        ended = page(client, edit(table))
        assert "Reprendre la partie" in ended and "Revanche" in ended and "Terminer la partie maintenant" not in ended

    def test_reopening_by_the_form_brings_the_entry_form_back(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}], ended=True)
        assert client.post(edit(table) + "reopen/").status_code == 302
        html = page(client, edit(table))
        assert "Saisir la donne 2" in html and "Reprendre la partie" not in html

    def test_a_game_ended_by_its_rules_says_how_to_take_it_back_and_refuses_reopening(self, client):
        table = TableFactory(rounds=BARBU_FOUR)
        html = page(client, edit(table))
        assert "Reprendre la partie" not in html and "annulez la dernière donne" in html
        assert "Terminer la partie maintenant" not in html
        response = client.post(edit(table) + "reopen/")
        assert response.status_code == 409 and "selon ses règles" in response.content.decode()

    def test_no_end_button_before_the_first_round(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"])
        assert "Terminer la partie maintenant" not in page(client, edit(table))

    def test_the_read_only_page_has_no_controls(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}])
        html = page(client, f"/tables/{table.id}/")
        for words in ("Terminer la partie", "Annuler la dernière donne", "Corriger", "Revanche"):
            assert words not in html


class TestUndoAndCorrect:
    def test_every_round_has_a_visible_corriger_button(self, client):
        table = TableFactory(rounds=BARBU_FOUR[:3])
        html = page(client, edit(table))
        assert html.count('class="fix-label">Corriger</span>') == 3
        assert 'aria-label="Corriger la donne 2"' in html

    def test_undo_is_confirmed_then_deletes_the_last_round_only(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}, {"points": [1, 1]}])
        confirm = page(client, edit(table) + "confirm/undo/")
        assert "Annuler la dernière donne ?" in confirm and "La donne 2 sera retirée" in confirm
        last = Event.objects.get(table=table, seq=2)
        assert f'action="{edit(table)}rounds/{last.seq}/delete/"' in confirm
        table.refresh_from_db()
        response = client.post(edit(table) + f"rounds/{last.seq}/delete/", {"version": str(table.version)})
        assert response.status_code == 302
        html = page(client, edit(table))
        assert "Saisir la donne 2" in html
        assert Event.objects.filter(table=table, kind="deletion", target=last.seq).exists()

    def test_deleting_a_barbu_round_in_the_middle_says_why_and_offers_its_correction_form(self, client):
        table = TableFactory(rounds=BARBU_FOUR[:4])
        second = Event.objects.get(table=table, seq=2)
        response = client.post(edit(table) + f"rounds/{second.seq}/delete/")
        html = response.content.decode()
        assert response.status_code == 409
        assert "les donnes suivantes changeraient de contrat" in html and "Corrigez-la plutôt" in html
        assert "Ce champ ne compte pas" not in html
        assert "Corriger la donne 2" in html and f'action="{edit(table)}rounds/{second.seq}/"' in html  # the form

    def test_deleting_from_the_correction_page_is_confirmed_first(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}, {"points": [1, 1]}])
        first = Event.objects.get(table=table, seq=1)
        correct = page(client, edit(table) + f"rounds/{first.seq}/")
        assert f'href="{edit(table)}rounds/{first.seq}/delete/" data-dialog="confirm-delete"' in correct
        assert "Supprimer la donne 1 ?" in correct  # the dialog, for phones with JavaScript
        confirm = client.get(edit(table) + f"rounds/{first.seq}/delete/")  # the page, for phones without
        assert confirm.status_code == 200 and "Oui, supprimer la donne 1" in confirm.content.decode()
        assert not Event.objects.filter(table=table, kind="deletion").exists()
        assert client.get(edit(table) + "rounds/99/delete/").status_code == 404

    def test_unknown_confirmations_are_404(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"])
        assert client.get(edit(table) + "confirm/everything/").status_code == 404

    def test_an_old_confirmation_link_with_nothing_left_to_do_goes_back_to_the_sheet(self, client):
        empty = TableFactory(game="libre", players=["Ana", "Bea"])
        assert client.get(edit(empty) + "confirm/undo/")["Location"] == edit(empty) + "#sheet"
        ended = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [1, 2]}], ended=True)
        assert client.get(edit(ended) + "confirm/finish/")["Location"] == edit(ended) + "#sheet"
        assert client.get(edit(ended) + "confirm/undo/").status_code == 200  # the last round can still be undone


class TestRematch:
    def test_the_rematch_form_opens_the_new_table_with_the_next_dealer_first(self, client):
        table = TableFactory(rounds=BARBU_FOUR)
        response = client.post(edit(table) + "rematch/")
        assert response.status_code == 302
        new = Table.objects.exclude(pk=table.pk).get()
        assert response["Location"].startswith(f"/tables/{new.id}/edit/") and response["Location"].endswith("?created=1")
        # Every player keeps their seat; Ana (seat 0) dealt first, so Bea (seat 1) deals first now.
        assert new.players == ["Ana", "Bea", "Cid", "Dan"] and new.first_dealer == 1
        assert new.options == table.options and new.group_id is None

    def test_a_rematch_in_a_circle_stays_in_it(self, client):
        table = GroupTableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [1, 2]}], ended=True)
        client.post(edit(table) + "rematch/")
        new = Table.objects.exclude(pk=table.pk).get()
        assert new.group_id == table.group_id and new.players == ["Ana", "Bea"] and new.first_dealer == 1

    def test_no_rematch_before_the_end(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [1, 2]}])
        assert "Revanche" not in page(client, edit(table))
        assert client.post(edit(table) + "rematch/").status_code == 409
        assert Table.objects.count() == 1


class TestNewTablePages:
    def test_barbu_says_its_five_manches_in_order_and_offers_two_lengths(self, client):
        html = page(client, "/tables/new/barbu/")
        manches = ["Les plis", "Les cœurs", "Les dames", "Le roi de cœur", "La salade"]
        positions = [html.index(f">{m}</a></li>") for m in manches]
        assert positions == sorted(positions) and "Ce qui se joue, dans l'ordre" in html
        assert 'type="radio" name="opt_series" value="false" checked' in html and 'value="true">' in html
        assert "Partie (5 manches)" in html and "Série complète (chacun donne chaque manche)" in html
        assert 'type="checkbox" name="opt_series"' not in html

    def test_the_full_series_radio_makes_a_series(self, client):
        response = client.post("/tables/new/barbu/", {f"player.{i}": n for i, n in enumerate(["Ana", "Bea", "Cid", "Dan"])}
                               | {"opt_series": "true", "opt_king_stops_play": "on", "opt_five_players_removed": "2C-2D"})
        assert response.status_code == 302
        assert Table.objects.get().options["series"] is True

    def test_nain_jaune_shows_its_starting_pions_with_two_presets(self, client):
        html = page(client, "/tables/new/nain-jaune/")
        assert 'name="opt_start_pions" id="opt-start_pions" inputmode="numeric" value="250"' in html
        assert 'data-preset="250" data-target="opt-start_pions"><span>Partie courte</span> <strong>250</strong>' in html
        assert 'data-preset="500" data-target="opt-start_pions"><span>Partie longue</span> <strong>500</strong>' in html

    def test_the_free_sheet_form_asks_for_its_three_options(self, client):
        html = page(client, "/tables/new/libre/")
        assert html.count('name="player.') == 12 and "une équipe compte pour un joueur" in html
        for name in ("opt_lowest_wins", "opt_target", "opt_rounds"):
            assert f'name="{name}"' in html
        response = client.post("/tables/new/libre/", {"player.0": "Ana", "player.1": "Bea", "opt_target": "", "opt_rounds": "3"})
        assert response.status_code == 302
        assert Table.objects.get().options == {"lowest_wins": False, "target": None, "rounds": 3}

    def test_the_free_sheet_entry_grid_takes_negative_points(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"])
        html = page(client, edit(table))
        assert 'pattern="(-|−)?[0-9]*"' in html and 'data-flip-sign="f-points.0"' in html and "data-signed" in html
        client.post(edit(table), {"points.0": "-7", "points.1": "12"})
        assert page(client, f"/api/tables/{table.id}").count('"totals": [-7, 12]') == 1
        # with no target nor number of rounds there is nothing to explain: no empty "how these points are counted"
        assert "Comment ces points sont calculés" not in page(client, edit(table))


class TestErrorPages:
    def test_a_wrong_edit_link_is_a_styled_403_with_the_read_only_link(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"])
        response = client.get(f"/tables/{table.id}/edit/{table.edit_token[:10]}/")
        html = response.content.decode()
        assert response.status_code == 403
        assert "Lien de modification invalide" in html and f'href="/tables/{table.id}/"' in html
        assert "Retour à l'accueil" in html

    def test_a_wrong_edit_link_to_the_share_screen_is_the_same_styled_403(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"])
        response = client.get(f"/tables/{table.id}/edit/wrong/share/")
        assert response.status_code == 403 and f'href="/tables/{table.id}/"' in response.content.decode()

    def test_a_wrong_edit_link_in_english(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"])
        html = page(client, f"/tables/{table.id}/edit/nope/", HTTP_ACCEPT_LANGUAGE="en")
        assert "Invalid edit link" in html and "See the table (read-only)" in html

    # Every page behind an edit link: (method, what follows the edit link). Each checks the link the same way.
    EDIT_PAGES = [("get", ""), ("post", ""), ("get", "rounds/{seq}/"), ("post", "rounds/{seq}/"),
                  ("get", "rounds/{seq}/delete/"), ("post", "rounds/{seq}/delete/"), ("post", "finish/"),
                  ("get", "confirm/finish/"), ("post", "reopen/"), ("post", "rematch/")]

    @pytest.mark.parametrize(("method", "rest"), EDIT_PAGES)
    def test_every_edit_page_refuses_a_wrong_link_with_the_styled_403_and_changes_nothing(self, client, method, rest):
        table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}], ended=True)
        seq = table.events.get(kind="round").seq
        before = list(table.events.values_list("seq", "kind"))
        response = getattr(client, method)(f"/tables/{table.id}/edit/{table.edit_token[:-1]}/" + rest.format(seq=seq),
                                           {"points.0": "1", "points.1": "2"} if method == "post" else None)
        html = response.content.decode()
        assert response.status_code == 403
        assert "Lien de modification invalide" in html and f'href="/tables/{table.id}/"' in html
        assert list(table.events.values_list("seq", "kind")) == before and Table.objects.count() == 1

    @pytest.mark.parametrize(("method", "rest"), EDIT_PAGES)
    def test_every_edit_page_of_an_unknown_table_is_404(self, client, method, rest):
        response = getattr(client, method)("/tables/nosuchtable12345/edit/sometoken12345/" + rest.format(seq=1))
        assert response.status_code == 404
        assert "Cette page n'existe pas" in response.content.decode()

    def test_a_404_for_an_existing_table_links_to_it(self, client):
        table = TableFactory(game="libre", players=["Ana", "Bea"])
        response = client.get(edit(table) + "rounds/999/")
        assert response.status_code == 404
        html = response.content.decode()
        assert "Cette page n'existe pas" in html and f'href="/tables/{table.id}/"' in html

    def test_a_404_for_a_truncated_table_id_links_home(self, client):
        response = client.get("/tables/abcdef/")
        html = response.content.decode()
        assert response.status_code == 404 and "Voir la table" not in html and 'href="/"' in html
        english = page(client, "/tables/abcdef/", HTTP_ACCEPT_LANGUAGE="en")
        assert "This page does not exist" in english and "Back to the home page" in english

    @pytest.mark.parametrize(("lang", "words"), [("fr", "Une erreur s'est produite de notre côté"),
                                                 ("en", "Something went wrong on our side")])
    def test_a_500_is_a_styled_page_with_a_way_back(self, rf, lang, words):
        from django.utils import translation

        from companion.errors import server_error

        with translation.override(lang):
            response = server_error(rf.get("/tables/abcdef/"))
        html = response.content.decode()
        assert response.status_code == 500
        assert words in html and 'href="/"' in html
