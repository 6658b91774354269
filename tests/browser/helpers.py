import os

from playwright.sync_api import Page

# Debian's Chromium, started as the machine allows it here (no sandbox as root, no background connections).
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]


def fill(page: Page, entry: dict) -> None:
    """Type a round entry into the generic grid form: counts per seat, a radio for a seat field. An optional count
    folded away ("… — facultatif") is unfolded first, with a tap on its summary, as a person would."""
    for key, value in entry.items():
        if isinstance(value, list):
            for seat, v in enumerate(value):
                box = page.locator(f'input[name="{key}.{seat}"]')
                if not box.is_visible():
                    folded = page.locator("details.optional-counts", has=box)
                    if folded.count() and folded.get_attribute("open") is None:
                        folded.locator("summary").click()
                box.fill(str(v))
        else:
            page.locator(f'input[name="{key}"][value="{value}"]').check()


def settle(page: Page, quiet_ms: int = 150, timeout_ms: int = 15000) -> None:
    """Wait, after a navigation, until the page has had no request in flight for ``quiet_ms``.

    Playwright's ``wait_for_load_state("networkidle")`` does the same with a fixed 500 ms of quiet; the tests that
    open hundreds of pages (every page kind, every game) spent most of their time in those half-seconds."""
    import time

    state = getattr(page, "_atout_net", None)
    if state is None:
        state = page._atout_net = {"inflight": set(), "last": time.monotonic()}

        def started(request):
            state["inflight"].add(request)
            state["last"] = time.monotonic()

        def ended(request):
            state["inflight"].discard(request)
            state["last"] = time.monotonic()

        page.on("request", started)
        page.on("requestfinished", ended)
        page.on("requestfailed", ended)
        # Requests made before the listeners existed are not counted: the first page waits the long way.
        page.wait_for_load_state("networkidle")
        return
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        if not state["inflight"] and time.monotonic() - state["last"] >= quiet_ms / 1000:
            return
        page.wait_for_timeout(25)
    raise AssertionError(f"requests still in flight after {timeout_ms} ms: {[r.url for r in state['inflight']]}")


CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
       "base-uri 'none'; frame-ancestors 'none'; form-action 'self'")


LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
});
"""


def create(page: Page, live_server, slug: str, names: list[str]) -> None:
    page.goto(live_server.url + f"/tables/new/{slug}/")
    for i, name in enumerate(names):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()


def save(page: Page) -> None:
    page.get_by_role("button", name="Enregistrer la donne").click()


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}.png", full_page=True)


CORNER = {"x": 10, "y": 14}  # px from a button's top left: inside a card's index, inside any move's button


def tap(page: Page, button) -> None:
    """Tap a move on a seat's page and wait until the page shows the table after it (its action number moved on,
    or the deal ended)."""
    before = page.locator('.hand-form input[name="after"]').input_value()
    # Where a finger taps a card of a fanned hand: its corner in sight (rank and suit), the rest under the next card.
    button.tap(position=CORNER)
    page.wait_for_function(
        "(b) => { const a = document.querySelector('.hand-form input[name=\"after\"]');"
        " return document.querySelector('.deal-end') || !a || a.value !== b; }", arg=before, timeout=15000)
