"""What "in sight" means on a phone, for the browser tests of the card table: the first line of
what answered the learner (a verdict, a hint, a refused card's reason: the table's ``.answer``
box, or any element given) and every control a question needs lie inside the screen as it
stands, not under the felt that holds the screen's bottom edge, and the learner's whole hand
is there too; a screenshot of each, for people to look at."""

from .conftest import ARTIFACTS

# A point in each box's first line (at the reading start) must hit the box itself, not the
# felt laid over it; each card of the hand must show its index, inside the screen.
IN_SIGHT = """([selector, line]) => {
  const W = innerWidth, H = innerHeight, rtl = document.documentElement.dir === 'rtl';
  const shown = (e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
  const inside = (r) =>
    r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5;
  const hits = (e, x, y) => {
    const h = document.elementFromPoint(x, y);
    return !!h && (e === h || e.contains(h));
  };
  const out = {found: 0, answer: [], hand: [], cards: 0, scrollY: scrollY};
  for (const e of document.querySelectorAll(selector)) {
    if (!shown(e)) continue;
    out.found += 1;
    const r = e.getBoundingClientRect();
    const first = Math.min(r.height, line);
    const x = rtl ? r.right - 10 : r.left + 10, y = r.top + Math.min(first / 2, 12);
    const box = {left: r.left, top: r.top, right: r.right, bottom: r.top + first};
    // "line" larger than the box: all of it, its last line too
    const last = line >= r.height ? hits(e, x, Math.max(r.bottom - 8, y)) : true;
    if (!inside(box) || !hits(e, x, y) || !last) {
      const over = document.elementFromPoint(x, line >= r.height ? Math.max(r.bottom - 8, y) : y);
      out.answer.push(e.className + ' ' + Math.round(r.top) + '..' + Math.round(r.top + first)
        + ' under ' + (over ? over.tagName + '.' + over.className : 'nothing')
        + ' of ' + innerWidth + 'x' + innerHeight);
    }
  }
  for (const c of document.querySelectorAll('.felt .at-bottom .hand .card')) {
    if (!shown(c)) continue;
    out.cards += 1;
    const r = c.getBoundingClientRect();
    if (!inside(r) || !hits(c.closest('li') || c, r.left + 8, r.top + 8))
      out.hand.push(c.dataset.card);
  }
  return out;
}"""


def in_sight(page, selector: str, name: str, line: float = 24, at_top: bool = True) -> dict:
    """Assert the first line of each element of ``selector`` shown (at least one) and the
    whole hand in sight; leave a screenshot ``sight-<name>.png``. ``at_top``: the page was not
    scrolled to get there (the first screen itself)."""
    found = page.evaluate(IN_SIGHT, [selector, line])
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"sight-{name}.png"))
    assert found["found"] > 0, (name, selector, "nothing shown")
    assert found["answer"] == [], (name, selector, found)
    assert found["hand"] == [], (name, "hand", found)
    if at_top:
        assert found["scrollY"] == 0, (name, found)
    return found


# At 360 px: no word of a table cell broken over two lines, no cell's text cut, no list number
# cut at the edge, no badge over a card's rank, no seat's player wrapped onto a lone dot.
NARROW = """() => {
  const out = {broken: [], badges: [], dots: [], clipped: []};
  const words = (cell) => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const re = /\\S+/g;
      let m;
      while ((m = re.exec(n.data))) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) out.broken.push(m[0]);
      }
    }
  };
  document.querySelectorAll('main th, main td').forEach((cell) => {
    if (cell.offsetParent !== null) words(cell);
    if (cell.scrollWidth > cell.clientWidth + 1) out.clipped.push(cell.textContent.trim());
  });
  // a number of an ordered list is drawn in the list's padding: it must not be cut
  document.querySelectorAll('main ol').forEach((ol) => {
    const items = ol.children.length;
    const pad = parseFloat(getComputedStyle(ol).paddingInlineStart);
    const style = getComputedStyle(ol).listStyleType;
    if (items >= 10 && style !== 'none' && pad < 28) out.clipped.push('ol of ' + items);
  });
  const overlap = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  document.querySelectorAll('.card .tag').forEach((tag) => {
    const idx = tag.closest('.card').querySelector('.idx');
    if (idx && overlap(tag.getBoundingClientRect(), idx.getBoundingClientRect()))
      out.badges.push(tag.closest('.card').dataset.card);
  });
  // the dot and the player's word on one line (a right-to-left line may hold several runs)
  const lines = (e) => new Set([...e.getClientRects()].map((r) => Math.round(r.top / 4)));
  document.querySelectorAll('.seat-name .sep').forEach((sep) => {
    if (sep.offsetParent === null) return;
    const both = new Set([...lines(sep), ...lines(sep.parentElement)]);
    if (both.size !== 1) out.dots.push(sep.parentElement.textContent);
  });
  return out;
}"""


def narrow_ok(page, where):
    # Where a word breaks depends on the font: measure once the page's own fonts are in (on a
    # busy machine a fallback font, wider, is still drawn a while after the load).
    page.wait_for_function("document.fonts.status === 'loaded'")
    found = page.evaluate(NARROW)
    # and once the layout has settled: the same measure twice, frames apart (a busy machine
    # drew a table's cells once mid-layout, a side's name broken at its dash; run 60)
    for _ in range(50):
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))")
        again = page.evaluate(NARROW)
        if again == found:
            break
        found = again
    assert found == {"broken": [], "badges": [], "dots": [], "clipped": []}, (where, found)
