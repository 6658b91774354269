from django import template

from companion.tables.pages_common import column_name, columns
from companion.web import charts

register = template.Library()


@register.simple_tag
def chart_for(state):
    """The running-totals chart of a table's state (``None`` before the first round): a line per column of the
    sheet, a team's where the game is played in partnerships."""
    sheet = state.sheet
    cols = columns(state)
    running = [[totals[c[0]] for c in cols] for totals in sheet.running_totals()]
    initial = sheet.initial_totals()
    if isinstance(initial, list):
        initial = [initial[c[0]] for c in cols]
    return charts.build([column_name(state, c) for c in cols], running, initial)
