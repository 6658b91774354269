"""The English translation is complete and compiled: every French string shown has its English."""

import gettext
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from merge_translations import CATALOGUE, parse  # noqa: E402

ENTRIES = [e for e in parse(CATALOGUE.read_text(encoding="utf-8")) if e.get("msgid")]


def test_every_french_string_has_an_english_translation():
    missing = [e["msgid"] for e in ENTRIES if not all(v for k, v in e.items() if k.startswith("msgstr"))]
    assert missing == []


def test_no_translation_is_left_fuzzy():
    assert [e["msgid"] for e in ENTRIES if any(c.startswith("#,") and "fuzzy" in c for c in e["#"])] == []


def test_the_compiled_catalogue_matches_the_po_file():
    with open(CATALOGUE.with_suffix(".mo"), "rb") as f:
        mo = gettext.GNUTranslations(f)
    for e in ENTRIES:
        ctx = e.get("msgctxt")
        if "msgid_plural" in e:
            args = (e["msgid"], e["msgid_plural"])
            one = mo.npgettext(ctx, *args, 1) if ctx else mo.ngettext(*args, 1)
            two = mo.npgettext(ctx, *args, 2) if ctx else mo.ngettext(*args, 2)
            assert (one, two) == (e["msgstr[0]"], e["msgstr[1]"]), e["msgid"]
        else:
            got = mo.pgettext(ctx, e["msgid"]) if ctx else mo.gettext(e["msgid"])
            assert got == e["msgstr"], e["msgid"]


@pytest.mark.django_db
def test_the_pages_are_english_for_an_english_browser(client):
    page = client.get("/tables/new/barbu/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Create the table" in page and "Créer la table" not in page
    page = client.get("/tables/new/barbu/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Créer la table" in page
