"""Forms submitted as a browser submits them, for tests that must not post what the page does
not send: the fields come from the page's own markup (hidden inputs, ticked checkboxes, the
pressed button's name and value), never from the test's idea of what the view reads."""

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Control:
    tag: str
    attrs: dict

    @property
    def name(self):
        return self.attrs.get("name")

    @property
    def value(self):
        return self.attrs.get("value", "")


@dataclass
class Form:
    attrs: dict
    controls: list[Control] = field(default_factory=list)

    @property
    def action(self):
        return self.attrs.get("action")

    def buttons(self):
        return [c for c in self.controls if c.tag == "button" and c.attrs.get("type") != "button"]

    def boxes(self, name: str):
        return [c for c in self.controls if c.attrs.get("type") == "checkbox" and c.name == name]

    def data(self, pressed: Control | None = None, ticked=()) -> dict:
        """What a browser posts: every named hidden or text input, the ticked checkboxes, and
        the pressed button's name and value if it has a name."""
        out: dict[str, list[str]] = {}
        for c in self.controls:
            kind = c.attrs.get("type", "text" if c.tag == "input" else c.tag)
            if c.tag == "input" and kind in ("hidden", "text", "number") and c.name:
                out.setdefault(c.name, []).append(c.value)
            elif kind == "checkbox" and c.name and (c in ticked or "checked" in c.attrs):
                out.setdefault(c.name, []).append(c.value)
        if pressed is not None and pressed.name:
            out.setdefault(pressed.name, []).append(pressed.value)
        return out


class _Forms(HTMLParser):
    def __init__(self):
        super().__init__()
        self.forms: list[Form] = []
        self.open: Form | None = None

    def handle_starttag(self, tag, attrs):
        attrs = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self.open = Form(attrs)
            self.forms.append(self.open)
        elif tag in ("input", "button", "select", "textarea") and self.open is not None:
            self.open.controls.append(Control(tag, attrs))

    def handle_endtag(self, tag):
        if tag == "form":
            self.open = None


def forms(markup: str) -> list[Form]:
    parser = _Forms()
    parser.feed(markup)
    return parser.forms


def post_form(client, page_url: str, form: Form, pressed=None, ticked=()):
    """Post ``form`` as a browser would from ``page_url``."""
    return client.post(form.action or page_url, form.data(pressed, ticked))
