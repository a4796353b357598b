from django import template
from django.utils.safestring import mark_safe

from accounts import menu

register = template.Library()


@register.simple_tag(takes_context=True)
def account_menu(context):
    """The header's "Sign in", or the visitor's name and "Sign out" (see ``menu``)."""
    return mark_safe(menu.menu(context.get("request")))
