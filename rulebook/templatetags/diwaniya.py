from django import template
from django.urls import translate_url

register = template.Library()


@register.simple_tag
def translate_url_for(request, language):
    """The same page, same variant and query string, in ``language``."""
    return translate_url(request.get_full_path(), language)
