"""Every page reached from the edit page keeps the edit link: the history, the rulebook (and its search), the
links of a refusal's rules; the read-only pages keep leading to the read-only sheet."""

import pytest
from django.urls import reverse

from tests.factories import TableFactory

pytestmark = pytest.mark.django_db

TAROT = ["Ana", "Bea", "Cid", "Dan"]


def test_the_history_reached_from_the_edit_page_leads_back_to_it(client):
    table = TableFactory()
    edit = reverse("tables:edit", args=[table.id, table.edit_token])
    page = client.get(edit).content.decode()
    history = reverse("tables:edit-history", args=[table.id, table.edit_token])
    assert f'href="{history}"' in page
    back = client.get(history)
    assert back.status_code == 200
    assert f'href="{edit}"' in back.content.decode()


def test_the_read_only_history_leads_back_to_the_read_only_sheet(client):
    table = TableFactory()
    page = client.get(reverse("tables:sheet", args=[table.id])).content.decode()
    assert f'href="{reverse("tables:history", args=[table.id])}"' in page
    assert f'href="{reverse("tables:sheet", args=[table.id])}"' in client.get(
        reverse("tables:history", args=[table.id])).content.decode()


def test_the_edit_history_needs_the_edit_link(client):
    table = TableFactory()
    assert client.get(reverse("tables:edit-history", args=[table.id, "x" * 22])).status_code == 403


def test_the_rulebook_opened_from_the_edit_page_leads_back_to_it(client):
    table = TableFactory(game="tarot", players=TAROT)
    edit = reverse("tables:edit", args=[table.id, table.edit_token])
    page = client.get(edit)
    rules = page.context["rules_url"]
    assert rules.startswith(reverse("rulebook:game", args=["tarot"]) + "?back=")
    book = client.get(rules).content.decode()
    assert f'href="{edit}"' in book and "Retour à la table" in book
    assert page.context["next_rule"].startswith(reverse("rulebook:game", args=["tarot"]) + "?back=")


def test_a_refusals_rule_links_lead_back_to_the_edit_page(client):
    table = TableFactory(game="tarot", players=TAROT)
    edit = reverse("tables:edit", args=[table.id, table.edit_token])
    # 2 bouts and 95 points: more than the 91 a deal holds.
    r = client.post(edit, {"taker": "0", "contract": "garde", "bouts": "2", "points": "95"})
    assert r.status_code == 400
    links = r.context["form_rule_links"]
    assert links and all("?back=" in link["url"] for link in links)
