import csv
import html
import io
import json
import re
from types import SimpleNamespace

from jsonschema import Draft202012Validator

from companion.games import registry
from companion.tables import digital
from companion.tables.models import Event
from companion.tables.openapi import document
from tests.factories import DigitalTableFactory

BARBU_FOUR = [
    {"tricks": [4, 3, 5, 1]},
    {"hearts": [2, 6, 0, 5]},
    {"queens": [1, 0, 2, 1]},
    {"king_of_hearts": 2},
    {"tricks": [3, 4, 2, 4], "hearts": [1, 5, 3, 4], "queens": [0, 2, 1, 1], "king_of_hearts": 3},
]
PLAYERS = ["Ana", "Bea", "Cid", "Dan"]


def post_json(client, url, body, token=None, **headers):
    if token:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(url, data, content_type="application/json", **headers)


def create_table(client, game="barbu", players=PLAYERS, options=None):
    body = {"game": game, "players": players}
    if options is not None:
        body["options"] = options
    response = post_json(client, "/api/tables", body)
    assert response.status_code == 201, response.content
    return response.json()


BANNER = re.compile(r'<p class="winner-banner"[^>]*>(.*?)</p>', re.S)


def banner_names(page: str) -> list[str]:
    """The names the winner banner of a sheet page shows, or [] when it shows none."""
    found = BANNER.search(page)
    return re.findall(r"<bdi>(.*?)</bdi>", html.unescape(found.group(1))) if found else []


def assert_ended_table_pages(client, table: dict, winners: list[str], rounds: int) -> None:
    """Every page of an ended table (``table``: the answer to ``POST /api/tables``) answers 200, those that show
    the result name ``winners``: the API's state, the sheet (read-only, edit, htmx partial), both live polls, the
    history, both share screens, the undo-last-round confirmation, the CSV export and the last round's correction."""
    tid, token = table["id"], table["edit_token"]
    api = client.get(f"/api/tables/{tid}")
    assert api.status_code == 200, api.content
    state = api.json()
    assert state["finished"] is True and state["next"] is None
    assert state["winners"] == winners and len(state["rounds"]) == rounds

    for url in (f"/tables/{tid}/", f"/tables/{tid}/edit/{token}/", f"/tables/{tid}/live/",
                f"/tables/{tid}/edit/{token}/live/"):
        response = client.get(url)
        assert response.status_code == 200, (url, response.content[-3000:])
        assert banner_names(response.content.decode()) == winners, url
    partial = client.get(f"/tables/{tid}/edit/{token}/", HTTP_HX_REQUEST="true")
    assert partial.status_code == 200 and banner_names(partial.content.decode()) == winners

    for url in (f"/tables/{tid}/history/", f"/tables/{tid}/share/", f"/tables/{tid}/edit/{token}/share/",
                f"/tables/{tid}/edit/{token}/confirm/undo/"):
        response = client.get(url)
        assert response.status_code == 200, (url, response.content[-3000:])
    last = Event.objects.filter(table_id=tid, kind=Event.ROUND).order_by("-seq").first()
    undo = client.get(f"/tables/{tid}/edit/{token}/confirm/undo/").content.decode()
    assert f'action="/tables/{tid}/edit/{token}/rounds/{last.seq}/delete/"' in undo  # the last round's, and no other

    export = client.get(f"/tables/{tid}/export.csv")
    assert export.status_code == 200
    lines = list(csv.reader(io.StringIO(b"".join(export.streaming_content).decode("utf-8-sig")), delimiter=";"))
    player = lines[0].index("joueur")
    assert len(lines) == 1 + rounds * len(state["players"])  # a line per round and seat, under the header
    assert [line[player] for line in lines[-len(state["players"]):]] == state["players"]

    response = client.get(f"/tables/{tid}/edit/{token}/rounds/{last.seq}/")
    assert response.status_code == 200, response.content[-3000:]


def take_seat(client, table, seat):
    """The phone ``client`` takes ``seat`` on its page ("Je suis … : prendre ma place", a POST), as a player does
    the first time they open their link: from then on the seat's page opens with that phone's cookie only. Needs
    ``table.seat_tokens`` (DigitalTableFactory). Returns the seat's page."""
    url = f"/tables/{table.id}/seat/{table.seat_tokens[seat]}/"
    response = client.post(url, {"claim": "1"})
    assert response.status_code == 302 and response["Location"] == url, response.status_code
    return url


def take_seats(client, table):
    """``client`` takes every seat that has a link of its own (the Django test client sends every cookie it holds,
    whatever its path: one client can stand for each seat's phone)."""
    for seat in sorted(table.seat_tokens):
        take_seat(client, table, seat)


def conforms(response, method: str, path: str) -> None:
    """The answer's status is documented for that operation and its JSON body matches the documented schema."""
    doc = document()
    template = openapi_operation(doc, path)
    responses = doc["paths"][template][method.lower()]["responses"]
    status = str(response.status_code)
    assert status in responses, f"{method} {template}: status {status} is not documented"
    content = responses[status].get("content")
    if content is None:
        return
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    schema = {**doc, "$ref": openapi_pointer("paths", template, method.lower(), "responses", status, "content",
                                      "application/json", "schema")}
    errors = sorted(Draft202012Validator(schema).iter_errors(json.loads(response.content)), key=str)
    assert not errors, f"{method} {path} {status}: " + "; ".join(e.message for e in errors[:5])


def openapi_pointer(*parts: str) -> str:
    return "#/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def openapi_operation(doc: dict, path: str):
    """The path template of ``doc`` that matches a concrete path."""
    for template in doc["paths"]:
        pattern = "^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
        if re.match(pattern, path) and not (template == "/api/games/{slug}" and path == "/api/games/rami/melds"):
            return template
    raise AssertionError(f"{path} is not in the document")


# Digital tables for the seat page tests: the seat on the page (HUMAN) among bots.
HUMAN = 1
SEAT_NAMES = ["Ana", "Bea", "Cid", "Dan", "Eve"]


def seat_url(table, seat=HUMAN):
    return f"/tables/{table.id}/seat/{table.seat_tokens[seat]}/"


def new_table(slug, n, options=None):
    return DigitalTableFactory(game=slug, players=SEAT_NAMES[:n], options=options or {},
                               bots=[s for s in range(n) if s != HUMAN])


def first_card(view):
    """The human's default move: a card when one is legal, else the first word (usually "pass"); in a choice of
    several cards (an écart, the cards passed), the first card it may pick until it may be confirmed."""
    if view.get("selection") is not None:
        picks = [a for a in view["legal"] if a.startswith("pick:")]
        return "confirm" if "confirm" in view["legal"] else picks[0] if picks else view["legal"][0]
    cards = [a for a in view["legal"] if a in view["hand"]]
    return cards[0] if cards and view.get("phase") == "play" else (
        "pass" if "pass" in view["legal"] else (cards or view["legal"])[0])


def drive(table, want, choose=first_card, limit=300):
    """Play the human's moves (``choose(view)``) until ``want(view)`` holds at its turn; that view, or None when
    the deal ended first."""
    deal = None
    for _ in range(limit):
        table.refresh_from_db()
        view = digital.view(table, HUMAN)
        deal = view["deal"] if deal is None else deal
        if view["deal"] != deal or view["finished"]:
            return None
        if view["waiting_for"] != HUMAN:
            continue  # the bots of the last request still to move: the next view moves them on
        if want(view):
            return view
        digital.play(table, HUMAN, choose(view), view["action_number"])
    return None


def reach(slug, n, want, choose=first_card, options=None, attempts=40):
    """A new table of ``slug`` driven to a turn of the human where ``want(view)`` holds (over a few tables when the
    cards decide)."""
    for _ in range(attempts):
        table = new_table(slug, n, options)
        view = drive(table, want, choose)
        if view is not None:
            return table, view
    raise AssertionError(f"{slug}: the phase was never reached")


def phase(name):
    return lambda view: view["phase"] == name


# -- The tarots: bids, the called king, the chien and the écart, chelem, poignée ---------------------------------
def take_prise(view):
    if "take:prise" in view["legal"]:
        return "take:prise"
    return first_card(view)


def dealt_so_that(monkeypatch, slug, n, wanted):
    """Deal the tables made from now on from the first seed (looked for in order) whose deal gives ``wanted(state)``:
    what the cards decide (a hand of trumps) is then certain, the rest (the bots' moves) still the server's."""
    game = registry.get(slug)
    for i in range(20000):
        seed = f"{i:064x}"
        state = digital._chance(game.new_deal(n, {}, 1, seed=seed), SimpleNamespace(seed=seed))
        if wanted(state):
            monkeypatch.setattr(digital.secrets, "token_hex", lambda nbytes=32, seed=seed: seed)
            return
    raise AssertionError("no such deal")
