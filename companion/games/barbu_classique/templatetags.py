"""The Barbu classique form's groups of fields, one per contract (read back by the form module beside it, form.py)."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

from companion.families.belote import SUIT_TRUMPS, TRUMP_NAMES
from companion.games.barbu_classique.rules import BY_KEY, CONTRACTS
from companion.typography import num
from companion.web import http

register = template.Library()


def _places(field: str) -> list[str]:
    if field == "last_two":
        return [_("Avant-dernier pli"), _("Dernier pli")]
    return [_("1er sorti"), _("2e sorti"), _("3e sorti"), _("Dernier")]


@register.simple_tag
def barbu_classique_groups(sheet, form_values: dict, rows: list, number: int | None = None) -> list[dict]:
    """Per contract: its key, name, whether round ``number``'s dealer (the coming round's by default) may still
    choose it, as far as the rounds stored tell, and its inputs — ``count`` (a number per seat), ``seat`` (one
    seat, radio), ``places`` (a seat per place, selects), ``trump``."""
    lang = http.lang()
    number = number or sheet.number
    labels = {f.key: f.label.get(lang) for f in sheet.entry_fields(number)}
    remaining = sheet.remaining(sheet.dealer_for(number)) if not sheet.finished else []
    names = [(r["seat"], r["name"]) for r in rows]
    groups = []
    for c in CONTRACTS:
        fields = []
        for f in c.fields:
            name = f"{c.key}.{f}"
            if f in ("tricks", "hearts", "queens"):
                fields.append({"kind": "count", "label": labels[f], "inputs": [
                    {"name": f"{name}.{s}", "player": p, "value": form_values.get(f"{name}.{s}", "")} for s, p in names]})
            elif f in ("ace_of_hearts", "king_of_hearts"):
                fields.append({"kind": "seat", "label": labels[f], "name": name, "choices": [
                    {"seat": s, "player": p, "checked": str(form_values.get(name, "")) == str(s)} for s, p in names]})
            elif f == "trump":
                fields.append({"kind": "trump", "label": labels[f], "name": name, "choices": [
                    {"value": t, "label": TRUMP_NAMES[t].get(lang), "checked": form_values.get(name) == t}
                    for t in SUIT_TRUMPS]})
            else:
                fields.append({"kind": "places", "label": labels[f], "inputs": [
                    {"name": f"{name}.{i}", "label": place, "value": str(form_values.get(f"{name}.{i}", "")),
                     "choices": [{"seat": str(s), "player": p} for s, p in names]} for i, place in enumerate(_places(f))]})
        groups.append({"key": c.key, "name": c.name.get(lang), "scores": c.scores.get(lang),
                       "open": c.key in remaining, "checked": form_values.get("contract") == c.key, "fields": fields})
    return groups


@register.simple_tag
def barbu_classique_remaining(sheet, rows: list) -> list[dict]:
    """Each dealer's contracts still to choose, in seat order, the coming dealer's marked ``coming``."""
    lang = http.lang()
    coming = None if sheet.finished else sheet.dealer_for(sheet.number)
    return [{"player": r["name"], "coming": r["seat"] == coming,
             "contracts": [BY_KEY[k].name.get(lang) for k in sheet.remaining(r["seat"])]} for r in rows]


@register.simple_tag
def barbu_classique_doubles(sheet, number: int, form_values: dict, rows: list) -> dict | None:
    """With the ``doubles`` option: the checkboxes of round ``number``'s doubles (``double.<by>.<on>``: any player
    but the declarer on any other) and redoubles (``redouble.<by>.<on>``: a doubled player on his doubler)."""
    if not sheet.options.get("doubles"):
        return None
    dealer = sheet.dealer_for(number)
    names = dict((r["seat"], r["name"]) for r in rows)
    pairs = [(b, o) for b in names for o in names if b != o]
    doubles = [{"name": f"double.{b}.{o}", "by": names[b], "on": names[o], "checked": f"double.{b}.{o}" in form_values}
               for b, o in pairs if b != dealer]
    redoubles = [{"name": f"redouble.{b}.{o}", "by": names[b], "on": names[o], "checked": f"redouble.{b}.{o}" in form_values}
                 for b, o in pairs if o != dealer]
    return {
        "declarer": names[dealer], "doubles": doubles, "redoubles": redoubles,
        "open": any(d["checked"] for d in doubles + redoubles),
    }


@register.simple_tag
def barbu_classique_balances(sheet, players: list) -> list[dict]:
    """Per player: the contracts' total, the side bets' balance, and both together (what the ranking counts)."""
    return [{"seat": p["seat"], "short": p["short"], "contracts": num(sheet.totals[p["seat"]]),
             "doubles": num(sheet.doubles_totals[p["seat"]]), "both": num(sheet.ranking_key(p["seat"]))}
            for p in players]
