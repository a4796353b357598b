"""The headers every response carries: the Content-Security-Policy, built once, and ``Vary``
on the table's fragment requests.

django-csp's middleware builds the policy from the settings for every response, and the
report-only one as well: 40 µs a request in one process, a tenth of a cached page's time. No
view of this site gives its response a policy of its own or uses a nonce, so the header is the
same every time: it is built once and kept (again after a test changes the settings). A
response or a request that does carry its own policy goes through django-csp's own code.
"""

from functools import cache

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as BuiltEachTime
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.cache import patch_vary_headers

# What a view's decorators (csp_exempt, csp_update, csp_replace, csp) leave on its response.
OWN_POLICY = tuple(
    f"_csp_{what}{ro}" for what in ("exempt", "config", "update", "replace") for ro in ("", "_ro")
)
DEBUG_PAGES = (404, 500)  # django-csp leaves Django's debug pages without a policy


class CSPMiddleware(BuiltEachTime):
    def process_response(self, request, response):
        if getattr(request, "_csp_nonce", None) is not None or any(
            hasattr(response, name) for name in OWN_POLICY
        ):
            return super().process_response(request, response)
        if settings.DEBUG and response.status_code in DEBUG_PAGES:
            return response
        for header, policy, excluded in site_policies():
            if policy and header not in response and not request.path_info.startswith(excluded):
                response[header] = policy
        # As django-csp does: a nonce asked for once the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response


@cache
def site_policies() -> tuple[tuple[str, str, tuple], ...]:
    """(header, policy, URL prefixes left without it) for the policy and the report-only one,
    as the settings give them."""
    return tuple(
        (
            header,
            build_policy(report_only=report_only),
            tuple((getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()),
        )
        for header, setting, report_only in (
            (HEADER, "CONTENT_SECURITY_POLICY", False),
            (HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY", True),
        )
    )


@receiver(setting_changed)
def _forget(setting, **kwargs):
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        site_policies.cache_clear()


FRAGMENT_HEADER = "HX-Request"  # htmx's, sent with each request it makes


def is_fragment(request) -> bool:
    """Whether htmx asks for the page's title and content only (after a move, to redraw the
    table in place, or to restore an earlier step), not the whole document."""
    return request.headers.get(FRAGMENT_HEADER) == "true"


def vary_on_fragment(get_response):
    """A page and its fragment (its title and content, which the table's script asks for with
    htmx's HX-Request header) share an address: caches must keep them apart."""

    def middleware(request):
        response = get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            patch_vary_headers(response, [FRAGMENT_HEADER])
        return response

    return middleware
