// The card table where a learner acts (tutorial steps, quiz questions, the practice table).
// Without this script every move is a button in a form and every page loads whole; with it:
// - a move is posted by htmx and <main> (strip, felt and drawer) is morphed in place from the
//   page's content (the same view, asked with HX-Request), never a page load;
// - the card tapped leaves the hand at once, and comes back with the reason if refused;
// - the computer players' replies are drawn one by one at the learner's pace (at once, fast,
//   normal, step by step), each card flying from its seat to the trick, each announced once;
// - an illegal card says why on tap, where the page gave its reason (never in a question);
// - focus stays on the table: the first legal card after the replies, arrows between legal
//   cards, Enter plays, "h" asks for the hint, "n" goes on.
(function () {
  "use strict";
  var PACES = { now: 0, fast: 150, normal: 700, step: null };  // ms between replies
  var STORE = "diwaniya.pace";
  var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var timer = null;
  var chosenPace = null; // changed on this page, kept even where storage is refused

  function pace() {
    var chosen = null;
    try { chosen = window.localStorage.getItem(STORE); } catch (e) { /* private mode */ }
    if (chosenPace) return chosenPace;
    return Object.prototype.hasOwnProperty.call(PACES, chosen) ? chosen : "normal";
  }

  function $(root, selector) { return root.querySelector(selector); }
  function $$(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }

  // --- the stage fills the screen below what sits above it --------------------------------
  function measure() {
    var stage = document.querySelector(".stage");
    if (!stage) return;
    var top = stage.getBoundingClientRect().top + window.scrollY;
    stage.style.setProperty("--above", Math.ceil(top) + "px");
  }

  // --- the live region: each reply and each refusal said once ------------------------------
  function say(text) {
    var live = document.getElementById("announce");
    if (!live) {
      live = document.createElement("p");
      live.id = "announce";
      live.className = "sr-only";
      live.setAttribute("aria-live", "polite");
      var board = document.querySelector(".board") || document.body;
      board.appendChild(live);
    }
    live.textContent = "";
    window.setTimeout(function () { live.textContent = text; }, 30);
  }

  // --- a card's way from one place to another --------------------------------------------
  function centre(rect) { return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }; }

  function fly(card, from, ms) {
    if (!card.animate || calm || !from) return;
    var to = centre(card.getBoundingClientRect());
    var dx = from.x - to.x, dy = from.y - to.y;
    card.animate(
      [{ transform: "translate(" + dx + "px," + dy + "px) scale(0.75)", opacity: 0.7 }, { transform: "none", opacity: 1 }],
      { duration: ms, easing: "ease-out" }
    );
  }

  function trickCodes(felt) {
    return felt ? $$(felt, ".trick .slot .card").map(function (c) { return c.dataset.card; }) : [];
  }

  // Cards new to the trick fly in: from where the same card was (the learner's own, tapped),
  // else from the seat that played it.
  function flyIn(felt, before, ms) {
    if (!felt) return;
    var trick = (before && before.trick) || [], seen = (before && before.cards) || {};
    $$(felt, ".trick .slot").forEach(function (slot) {
      var card = $(slot, ".card");
      if (!card || trick.indexOf(card.dataset.card) >= 0) return;
      var from = seen[card.dataset.card];
      if (!from) {
        var place = (slot.className.match(/at-(\w+)/) || [])[1];
        var seat = place && $(felt, ".seat.at-" + place);
        from = seat && centre(seat.getBoundingClientRect());
      }
      fly(card, from, ms);
    });
  }

  function snapshot(root) {
    var felt = root && visibleFelt(root);
    var cards = {};
    if (felt) {
      $$(felt, ".card[data-card]").forEach(function (c) { cards[c.dataset.card] = centre(c.getBoundingClientRect()); });
    }
    return { trick: trickCodes(felt), cards: cards };
  }

  function visibleFelt(root) {
    return $$(root, ".felt").filter(function (f) { return f.offsetParent !== null; })[0] || null;
  }

  // --- the pass: as many cards as it needs, then the confirm ------------------------------
  // (The listeners of this script are the document's: the elements they serve are morphed in
  // place, kept from one answer to the next, and would gather one more listener each time.)
  function countPass(button) {
    var form = button.form;
    if (!form) return;
    var needed = parseInt(button.dataset.needed, 10);
    var boxes = $$(form, "input[type=checkbox][name=pass]");
    var picked = boxes.filter(function (b) { return b.checked; }).length;
    button.disabled = picked !== needed;
    boxes.forEach(function (box) { box.disabled = !box.checked && picked >= needed; });
  }
  function setupPass(root) { $$(root, "button.confirm[data-needed]").forEach(countPass); }
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (box.name === "pass" && box.form) $$(box.form, "button.confirm[data-needed]").forEach(countPass);
    if (box.name === "pace" && box.closest(".pace-setting")) {
      try { window.localStorage.setItem(STORE, box.value); } catch (e) { /* kept for this page */ }
      chosenPace = box.value;
    }
  });

  // --- the bidding box: the number first, then its strains -------------------------------
  function setupBids(root) {
    $$(root, ".bidding-box").forEach(function (box) {
      var rows = $$(box, ".bids.grid .bid-row");
      if (rows.length < 2 || $(box, ".bid-numbers")) return;
      var numbers = document.createElement("div");
      numbers.className = "bid-numbers";
      rows.forEach(function (row) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "move number";
        b.textContent = row.dataset.number;
        b.setAttribute("aria-pressed", "false");
        b.addEventListener("click", function () {
          rows.forEach(function (r) { r.classList.toggle("open", r === row); });
          $$(numbers, "button").forEach(function (n) { n.setAttribute("aria-pressed", String(n === b)); });
          var first = $(row, "button.move");
          if (first) first.focus();
        });
        numbers.appendChild(b);
      });
      box.insertBefore(numbers, box.firstChild);
      box.classList.add("picking");
    });
  }

  // --- the pace setting ------------------------------------------------------------------
  function setupPace(root) {
    $$(root, ".pace-setting").forEach(function (set) {
      set.hidden = false;
      $$(set, "input[name=pace]").forEach(function (input) { input.checked = input.value === pace(); });
    });
  }

  // --- the replies, one at a time ---------------------------------------------------------
  var replay = null; // the replies being drawn: {finish, next}, for the controls' taps
  function playReplies(root, before, done) {
    var section = $(root, ".replies[data-replies]");
    var live = $(root, "#live");
    var frames = $$(root, ".frames .frame");
    var items = section ? $$(section, ".reply-list li") : [];
    if (!section || !live || !frames.length || frames.length !== items.length) return done();
    var wait = PACES[pace()];
    var controls = $(section, ".replay-controls");
    var step = 0;
    var shown = null;

    function show(node) {
      var prior = shown ? snapshot(shown) : before;
      frames.forEach(function (f) { f.hidden = f !== node; });
      live.hidden = node !== live;
      shown = node;
      flyIn($(node, ".felt"), prior, Math.min(wait === null ? 300 : wait, 300));
    }
    function finish() {
      replay = null;
      if (timer !== null) window.clearTimeout(timer);
      timer = null;
      items.forEach(function (item) { item.hidden = false; });
      if (controls) controls.hidden = true;
      show(live);
      frames.forEach(function (f) { f.hidden = true; });
      done();
    }
    function next() {
      var item = items[step];
      item.hidden = false;
      say(item.textContent);
      step += 1;
      if (window.performance && performance.mark) performance.mark("diwaniya-reply-" + step);
      if (step >= frames.length) return finish(); // the last reply is drawn on the live table
      show(frames[step]);
      if (wait !== null) timer = window.setTimeout(next, wait);
    }
    if (wait === 0) return finish(); // at once: the table as the replies left it, listed
    items.forEach(function (item) { item.hidden = true; });
    show(frames[0]);
    replay = { finish: finish, next: function () { if (step < frames.length) next(); } };
    if (controls) {
      controls.hidden = false;
      var one = $(controls, "button.next-reply");
      if (one) one.hidden = wait !== null;
    }
    if (wait === null) return;
    timer = window.setTimeout(next, wait);
  }

  // --- a guided step's remaining moves, played at the learner's pace -----------------------
  var playingRest = false;
  function setupRest(root) {
    var button = $(root, ".play-rest");
    if (!button) { playingRest = false; return; }
    button.hidden = false;
    var wait = PACES[pace()];  // step by step: the normal pace (one tap plays them all)
    if (playingRest) timer = window.setTimeout(function () { nextMove(root); }, wait === null ? 700 : wait);
  }
  // Each move played replaces the address (it follows the table, and "back" leaves the step
  // as it was when the learner pressed the button, not one move at a time).
  function nextMove(root) {
    var next = $(root, ".step-nav a[rel=next]");
    if (!next || !$(root, ".play-rest")) { playingRest = false; return; }
    if (!window.htmx) return window.location.assign(next.href);
    window.htmx.ajax("GET", next.href, { source: "#main", replace: "true" });
  }

  // --- the answer in sight ------------------------------------------------------------------
  // What answers the learner (".answer": a verdict, a hint, a refusal) is at the top of the
  // strip. After a redraw its first line must be on the screen, clear of the felt, which on a
  // phone stays on the screen's bottom edge: if it is not, the page (never a box) scrolls to it.
  function bringAnswer(root, answer) {
    answer = answer || (root && $(root, ".answer"));
    if (!answer || !answer.getBoundingClientRect) return null;
    var r = answer.getBoundingClientRect();
    var bottom = window.innerHeight;
    var board = root && $(root, ".board");
    if (board) {
      var b = board.getBoundingClientRect();
      if (b.left < r.right && b.right > r.left && b.top > r.top) bottom = Math.min(bottom, b.top);
    }
    var line = Math.min(r.height, 32); // the box's first line of text, its padding with it
    if (r.top < 0 || r.top + line > bottom) window.scrollBy(0, r.top - 8);
    return answer;
  }

  // --- focus stays on the table -----------------------------------------------------------
  function handCards(root) {
    return $$(root, ".at-bottom .hand button.play, .at-bottom .hand a.play, .at-bottom .hand .pick input");
  }
  function legalCards(root) {
    var all = handCards(root).filter(function (el) { return !el.disabled; });
    var legal = all.filter(function (el) { return el.closest("li.legal"); });
    return legal.length ? legal : all;
  }
  function focusTable(root) {
    var verdict = $(root, "#verdict");
    if (verdict) return verdict.focus({ preventScroll: true });
    var first = legalCards(root)[0] || $(root, ".felt .move:not([disabled])");
    if (first) first.focus({ preventScroll: true });
  }

  // --- the stage after a swap or a first load ---------------------------------------------
  function start(root, before, swapped) {
    measure();
    setupPass(root);
    setupBids(root);
    setupPace(document); // the pace may sit in the drawer, under the stage
    setupRest(root);
    var live = $(root, "#live");
    if (live && $(root, ".frames .frame")) {
      if (window.history && window.history.replaceState && /[?&]seen=/.test(window.location.search)) {
        window.history.replaceState(null, "", window.location.pathname + window.location.hash);
      }
      playReplies(root, before, function () {
        var status = document.getElementById("status");
        if (status) say(status.textContent);
        focusTable(root);
      });
    } else if (swapped) {
      flyIn(visibleFelt(root), before, 250);
      focusTable(root);
    } else if (root.dataset.stage === "practice") {
      focusTable(root); // the table is the page: the learner's move is under the keyboard
    }
  }

  // --- moves in place: htmx posts the move and morphs <main> --------------------------------
  // The templates mark what moves in place (hx-boost) and where the answer goes (<main>'s
  // attributes, cardtable/_in_place.html). What is left here is what htmx does not know of:
  // where the cards were before, the card that leaves at once, a refusal said in place, and
  // the stage started again after the swap.
  var before = null;    // the cards' places when the request left
  var leaving = null;   // the card tapped, on its way to the trick
  var pushed = false;   // another step or question: it opens at its top, as a page does
  var scrolled = 0;

  function stageOf(html) { return /<div class="stage[" ]/.test(html); }

  function fallBack(elt, url) {
    // No answer htmx can draw (the network failed, or the page has no table): the browser
    // does it as it would without this script.
    if (elt && elt.tagName === "FORM") HTMLFormElement.prototype.submit.call(elt);
    else window.location.assign(url);
  }

  function moved(event) { return event.detail.target && event.detail.target.id === "main"; }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!moved(event)) return; // the review asking for its rest: the table stays as it is
    var old = document.querySelector(".stage");
    before = old ? snapshot(old) : null;
    scrolled = window.scrollY;
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
    var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    var submitter = trigger && trigger.submitter;
    leaving = submitter && submitter.classList.contains("play") ? leave(submitter) : null;
    pushed = event.detail.elt.getAttribute("hx-push-url") === "true";
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!moved(event)) return;
    var d = event.detail;
    if (stageOf(d.serverResponse)) {
      d.shouldSwap = true;
      d.isError = false;
      // The page keeps its place and brings the answer into sight (afterSwap below): htmx's
      // jump to the address's anchor (#hint) would throw the felt off the screen.
      d.pathInfo.anchor = "";
      return;
    }
    d.shouldSwap = false;
    var doc = new DOMParser().parseFromString(d.serverResponse, "text/html");
    var error = doc.querySelector(".error, [role=alert]");
    if (d.xhr.status >= 400 && error) return refuse(leaving, error.textContent.trim());
    fallBack(d.elt, d.xhr.responseURL || d.pathInfo.requestPath);
  });

  // The address follows the table without the "seen" mark (the replies already drawn); a
  // refused move, redrawn, leaves the address as it was.
  document.addEventListener("htmx:beforeHistoryUpdate", function (event) {
    var history = event.detail.history;
    if (event.detail.xhr.status >= 400) {
      history.type = "replace";
      history.path = window.location.href;
    }
    history.path = clean(history.path);
  });

  document.addEventListener("htmx:sendError", function (event) {
    if (moved(event)) fallBack(event.detail.elt, event.detail.pathInfo.requestPath);
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var stage = document.querySelector(".stage");
    if (!stage || !moved(event)) return;
    start(stage, before, true);
    // Another step opens at its top, as a page does; the same page stays where the learner
    // had it (never back to the top), and what answers them comes into sight.
    window.scrollTo(0, pushed ? 0 : scrolled);
    bringAnswer(stage);
  });

  // "Back" and "forward": htmx asks for the step again and draws it in <main>.
  document.addEventListener("htmx:historyRestore", function () {
    var stage = document.querySelector(".stage");
    if (stage) start(stage, null, true);
  });

  function clean(url) {
    var u = new URL(url, window.location.href);
    u.searchParams.delete("seen");
    return u.pathname + (u.search === "?" ? "" : u.search) + u.hash;
  }

  function refuse(card, message) {
    if (card) {
      card.classList.remove("leaving");
      card.style.transform = "";
      if (card.animate && !calm) card.animate([{ transform: "translateX(-6px)" }, { transform: "translateX(6px)" }, { transform: "none" }], { duration: 240 });
    }
    var strip = document.querySelector(".stage .strip");
    var note = strip && $(strip, ".why-not");
    if (strip && !note) {
      // in the answer's place: under the strip's title and steps, before anything else
      note = document.createElement("p");
      note.className = "why-not answer";
      note.setAttribute("role", "alert");
      var head = $$(strip, ":scope > h1, :scope > .crumbs, :scope > .step-map, :scope > .step-nav, :scope > .meta-line").pop();
      strip.insertBefore(note, head ? head.nextSibling : strip.firstChild);
    }
    if (note) {
      note.textContent = message;
      bringAnswer(document.querySelector(".stage"), note);
    }
  }

  function leave(button) {
    var card = $(button, ".card");
    var felt = button.closest(".felt");
    var target = felt && ($(felt, ".trick") || $(felt, ".centre"));
    if (!card || !target || calm) return card;
    var from = centre(card.getBoundingClientRect());
    var to = centre(target.getBoundingClientRect());
    card.classList.add("leaving");
    card.style.transform = "translate(" + (to.x - from.x) + "px," + (to.y - from.y) + "px) scale(0.85)";
    if (window.performance && performance.mark) performance.mark("diwaniya-card-left");
    return card;
  }

  document.addEventListener("click", function (event) {
    var control = event.target.closest && event.target.closest(".replay-controls button, .play-rest");
    if (control && control.classList.contains("show-now")) { if (replay) replay.finish(); return; }
    if (control && control.classList.contains("next-reply")) { if (replay) replay.next(); return; }
    if (control) { playingRest = true; nextMove(document.querySelector(".stage")); return; }
    // An illegal card says why, where the page gave the reason: no page load.
    var play = event.target.closest && event.target.closest(".felt button.play[data-why]");
    if (play) {
      event.preventDefault();
      refuse($(play, ".card"), play.dataset.why);
      say(play.dataset.why);
      return;
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    var stage = document.querySelector(".stage");
    if (!stage) return;
    if (target && (target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName) || (target.tagName === "INPUT" && target.type === "text"))) return;
    var cards = legalCards(stage);
    var at = cards.indexOf(target);
    if (at >= 0 && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      // The felt is drawn left to right in every language: the arrow's side is the card's.
      var next = cards[(at + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
      event.preventDefault();
      event.stopPropagation();
      next.focus();
      return;
    }
    if (event.key === "h" || event.key === "H") {
      var hint = $(stage, ".hint-form button, a.hint-link");
      if (hint) { event.preventDefault(); hint.click(); }
    } else if (event.key === "n" || event.key === "N") {
      var on = $(stage, ".replay-controls:not([hidden]) .next-reply:not([hidden]), .step-nav a[rel=next], .next-deal");
      if (on) { event.preventDefault(); on.click(); }
    }
  }, true);

  window.addEventListener("resize", measure);
  // What sits above the stage grows when the page's fonts arrive (a wider fallback was drawn
  // first on a slow connection): measured again then, or the felt would cover the question.
  window.addEventListener("load", measure);
  if (document.fonts) {
    if (document.fonts.addEventListener) document.fonts.addEventListener("loadingdone", measure);
    if (document.fonts.ready) document.fonts.ready.then(measure);
  }
  var stage = document.querySelector(".stage");
  if (stage) start(stage, null, false);
  else setupPass(document); // the position page: its pass is a form of links, not a move
})();
