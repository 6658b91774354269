from django import template

from companion.web import charts

register = template.Library()


@register.simple_tag
def chart_for(state):
    """The running-totals chart of a table's state (``None`` before the first round)."""
    sheet = state.sheet
    return charts.build(list(state.players), sheet.running_totals(), sheet.initial_totals())
