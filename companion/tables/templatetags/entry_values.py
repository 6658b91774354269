"""Reading a round form's values and errors by a key built in the template (``cards.hand.`` and a seat)."""

from django import template

register = template.Library()


@register.simple_tag
def form_value(values, prefix, seat=""):
    """The value posted (or flattened from the entry) under ``prefix`` + ``seat``; "" when there is none."""
    if not isinstance(values, dict):
        return ""
    value = values.get(f"{prefix}{seat}", "")
    return "" if value is None else value


@register.simple_tag
def field_errors(errors, field, seat=None):
    """The messages of ``field`` (for ``seat``), joined: the form's own line beside the input."""
    if not isinstance(errors, dict):
        return ""
    key = field if seat is None else f"{field}.{seat}"
    return " ".join(str(m) for m in errors.get(key, []))


@register.simple_tag
def entry_errors(errors):
    """Messages of fields not tied to a seat (``in_one_go``, ``joker_out``), as ``(field, text)`` pairs."""
    if not isinstance(errors, dict):
        return []
    return [(k, " ".join(map(str, v))) for k, v in errors.items() if k and not k.rsplit(".", 1)[-1].isdigit()]


@register.simple_tag
def seat_item(values, seat):
    """``values[seat]`` for a per-seat list (``next.echelons``); "" when there is none."""
    try:
        return values[int(seat)]
    except (TypeError, ValueError, IndexError, KeyError):
        return ""
