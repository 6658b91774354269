"""Template helpers for pages that link into the rulebook (the score sheet's rule links)."""

from django import template
from django.utils.translation import get_language

from companion.rulebook.book import anchor_title

register = template.Library()


@register.simple_tag
def rule_title(slug: str, anchor: str) -> str:
    """The heading a rulebook anchor points to, in the page's language (the anchor itself if unknown)."""
    return anchor_title(slug, anchor, get_language()) or anchor
