import pytest

from companion.tables.models import Event

from .helpers import create_table, post_json

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(client):
    t = create_table(client)
    for entry in ({"tricks": [4, 3, 5, 1]}, {"hearts": [2, 6, 0, 5]}):
        post_json(client, f"/api/tables/{t['id']}/rounds", entry, t["edit_token"])
    return t


def base(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def seq(number):
    return Event.objects.filter(kind="round").order_by("seq")[number - 1].seq


def test_the_correction_form_is_prefilled(client, table):
    page = client.get(base(table) + f"rounds/{seq(2)}/").content.decode()
    assert 'name="hearts.1" value="6"' in page


def test_a_correction_recomputes_the_totals(client, table):
    response = client.post(base(table) + f"rounds/{seq(2)}/", {"hearts.0": "3", "hearts.1": "5", "hearts.2": "0", "hearts.3": "5"})
    assert response.status_code == 302
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["totals"] == [35, 40, 25, 30]
    assert [e.kind for e in Event.objects.all()] == ["round", "round", "correction"]


def test_an_illegal_correction_is_refused_and_shown(client, table):
    response = client.post(base(table) + f"rounds/{seq(2)}/", {"hearts.0": "3", "hearts.1": "5", "hearts.2": "0", "hearts.3": "0"})
    assert response.status_code == 400
    assert "13 cœurs" in response.content.decode()
    assert Event.objects.count() == 2


def test_deleting_the_last_round_keeps_it_in_the_history(client, table):
    assert client.post(base(table) + f"rounds/{seq(2)}/delete/").status_code == 302
    data = client.get(f"/api/tables/{table['id']}").json()
    assert len(data["rounds"]) == 1 and data["totals"] == [20, 15, 25, 5]
    history = client.get(f"/tables/{table['id']}/history/").content.decode()
    # The deleted hearts manche keeps its own words: Bea took 6 hearts at 5 points.
    assert "Donne 2 supprimée" in history and "<bdi>Bea</bdi> : 6 cœurs × 5 = 30" in history


def test_deleting_a_round_later_ones_depend_on_is_refused(client, table):
    response = client.post(base(table) + f"rounds/{seq(1)}/delete/")
    assert response.status_code == 409
    assert Event.objects.count() == 2


def test_an_unknown_round_is_404(client, table):
    assert client.get(base(table) + "rounds/999/").status_code == 404
    assert client.post(base(table) + "rounds/999/delete/").status_code == 404


def test_the_history_lists_every_entry_with_its_time(client, table):
    client.post(base(table) + f"rounds/{seq(2)}/", {"hearts.0": "3", "hearts.1": "5", "hearts.2": "0", "hearts.3": "5"})
    page = client.get(f"/tables/{table['id']}/history/").content.decode()
    assert page.count("<time") == 3
    assert "Donne 1 saisie" in page and "Donne 2 saisie" in page and "Donne 2 corrigée" in page
    # Before and after the correction, each in words: Ana 2 then 3 hearts at 5 points.
    assert "<bdi>Ana</bdi> : 2 cœurs × 5 = 10" in page and "<bdi>Ana</bdi> : 3 cœurs × 5 = 15" in page
    # The entry itself, in words (never a dump of the stored JSON), before and after; names isolated.
    assert "Cœurs : <bdi>Ana</bdi> 2, <bdi>Bea</bdi> 6, <bdi>Cid</bdi> 0, <bdi>Dan</bdi> 5" in page
    assert "Cœurs : <bdi>Ana</bdi> 3, <bdi>Bea</bdi> 5, <bdi>Cid</bdi> 0, <bdi>Dan</bdi> 5" in page
    assert "[2, 6, 0, 5]" not in page
