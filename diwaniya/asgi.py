"""The ASGI application every server runs (``make run``: uvicorn; ``make serve``: gunicorn
with uvicorn workers): Django's pages over HTTP, and the WebSockets of the live tables
(``tables.routing``) and of the class boards (``classes.routing``), with the browser session
and account of the page that opened it, from an origin of the site's own hosts only (a page
elsewhere cannot act with a visitor's cookie). Every HTTP request's body is met at the door
(``plumbing.bodies``).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "diwaniya.settings")
django_application = get_asgi_application()  # sets Django up before the consumers load

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from classes.routing import websocket_urlpatterns as class_boards  # noqa: E402
from plumbing.bodies import Bodies  # noqa: E402
from tables.routing import websocket_urlpatterns as tables  # noqa: E402

application = ProtocolTypeRouter(
    {
        # a body past the cap refused unread, one that stops short refused in time
        "http": Bodies(django_application),
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter([*tables, *class_boards]))
        ),
    }
)
