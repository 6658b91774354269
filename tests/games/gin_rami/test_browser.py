"""Two Gin-rami deals entered on a 360 px phone, in Debian's Chromium."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SHOTS")  # a folder: keep a screenshot of the form


def test_two_gin_rami_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/gin-rami/")
    for i, name in enumerate(["Ana", "Bea"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    if SHOTS:
        page.locator(".entry-form").screenshot(path=f"{SHOTS}/gin-rami.png")
    page.get_by_role("button", name="Enregistrer la donne").click()  # nobody picked: refused
    expect(page.locator(".entry-form .error").first).to_be_visible()
    page.locator('input[name="winner"][value="0"]').check()  # Ana −50, Bea 100
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("Saisir la donne 2")
    page.locator('input[name="winner"][value="none"]').check()  # the stock ran out: nothing
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("Saisir la donne 3")
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text([re.compile(r"^−?-?50"), re.compile(r"^100")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
