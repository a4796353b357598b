"""Every kind of page the site serves, for the browser tests that look at all of them (geometry,
accessibility, screenshots). A new kind of page adds a line here."""

from urllib.parse import urlencode

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
DEAL_32 = "N:KQJ.QT.A9.J A.KJ.K8.AT8 T8.A8.JT.KQ 97.97.Q7.97"


def position(game: str, **params) -> str:
    return f"/{{lang}}/{game}/position/?" + urlencode({"dealer": "N", "deal": DEAL, **params})


# (name, path with {lang}); a quiz question is reached through the quiz's start link.
PAGE_TYPES = [
    ("home", "/{lang}/"),
    ("rules", "/{lang}/bent-al-sbeet/"),
    ("variant", "/{lang}/tarneeb/egyptian/"),
    ("rules-layout", "/{lang}/sabaat-al-deemin/"),
    ("glossary", "/{lang}/glossary/"),
    ("position-play", position("bent-al-sbeet", variant="qahwa", dealer="W", moves="5S 8S AS")),
    ("position-pass", position("bent-al-sbeet", variant="qahwa", dealer="W", start="deal")),
    ("position-bidding", position("tarneeb", variant="egyptian", moves="7C pass")),
    (
        "position-layout",
        "/{lang}/sabaat-al-deemin/position/?"
        + urlencode({"dealer": "N", "deal": DEAL_32, "moves": "7D knock 8D"}),
    ),
    ("tutorials", "/{lang}/tutorials/"),
    ("tutorial-step", "/{lang}/tutorials/bent-first-deal/2/"),
    ("quiz", "/{lang}/quiz/"),
    ("quiz-question", "/{lang}/quiz/start/?game=bent-al-sbeet&variant=qahwa&kind=play"),
    ("compare", "/{lang}/compare/?a=bent-al-sbeet:qahwa&b=bent-al-sbeet:sbeetah"),
    ("report", "/{lang}/bent-al-sbeet/sbeetah/report/ties/"),
    ("practice-setup", "/{lang}/tarneeb/practice/"),
    ("relative", "/{lang}/leekha/"),
    ("sheet", "/{lang}/tarneeb/sheet/"),
    ("mine", "/{lang}/mine/"),
    ("not-found", "/{lang}/no-such-page/"),
]
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


def skip_replies(page) -> None:
    """Skip the rest of the computer players' replies if they are still being shown: looked at
    and tapped in one step in the page, since the replies may end between a look and a tap
    (a tap then waited a minute for a button that was gone)."""
    page.evaluate(
        """() => {
      const skip = document.querySelector('.replay-controls button.show-now');
      if (skip && skip.checkVisibility()) skip.click();
    }"""
    )
