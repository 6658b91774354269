"""``{% tarot_form as f %}``: the choices of a tarot entry form, built in Python (companion.web.families.tarot)
since a template cannot look values up by a computed key."""

from django import template

from companion.web import http
from companion.web.families.tarot import form_context

register = template.Library()


@register.simple_tag(takes_context=True)
def tarot_form(context):
    return form_context(context["state"], context.get("form_values") or {}, context.get("form_all_errors") or {},
                        http.lang())
