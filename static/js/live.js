// The live table with JavaScript: one WebSocket to the table (spec: tables.md, "Live
// protocol"). The page says hello with the deal and the moves it has; on each move frame the
// table block is redrawn from the server (which renders this place's own view: no card it
// may not see ever reaches the page), without a page load: a person's move at once, the
// computer players' one by one at this reader's pace (the practice table's setting), each as
// the table stood after it. A card tapped, a call, the pass or the next deal is sent over the
// socket; without a socket the forms post as they do without JavaScript. After a drop the socket comes back with a
// growing delay and asks only for the moves it missed. (This is the page's own small client,
// not htmx: its WebSocket extension swaps HTML the server pushes, while here no frame carries
// a card and each reader fetches the view it may see, never from the browser's cache; hello,
// catch-up and pace are protocol. Drawn by htmx's morph, the catch-up was flaky: see README.)
(function () {
  "use strict";
  var root = document.getElementById("live");
  if (!root || !window.WebSocket) return;
  var socket = null;
  var retry = 500;
  var presence = {};
  var fetching = false;
  var wasMine = isMine();
  var ALERT = "diwaniya.table.alert";

  function block() { return document.getElementById("live-table"); }
  function number(name) {
    var b = block();
    var v = b ? b.getAttribute(name) : null;
    return v === null || v === "" ? null : parseInt(v, 10);
  }
  function isMine() { var b = block(); return !!(b && b.hasAttribute("data-mine")); }

  function say(text) {
    var box = document.getElementById("live-error");
    if (!box) return;
    box.textContent = text || "";
    box.hidden = !text;
  }

  // Each seat's state in words: the block gives each person's seat its words for each
  // presence the socket may report ("waiting for someone to sit", "played by the computer
  // while Samira is away", "here"); a computer player's seat has none, its name says it.
  function showPresence() {
    var b = block();
    if (!b) return;
    Object.keys(presence).forEach(function (seat) {
      var item = b.querySelector('.live-seats [data-seat="' + seat + '"]');
      var slot = item && item.querySelector(".presence");
      if (!slot || !item.hasAttribute("data-" + presence[seat])) return;
      slot.setAttribute("data-presence", presence[seat]);
      slot.textContent = item.getAttribute("data-" + presence[seat]);
    });
  }

  // The coach's word is a toast at the top of the block, in the first screen; closed, it
  // stays closed through the redraws until another word comes.
  var dismissed = null;
  function showNote() {
    var note = document.getElementById("coach-note");
    if (!note) return;
    var button = note.querySelector(".dismiss");
    var text = note.textContent.trim();
    if (dismissed !== null && dismissed === text) { note.hidden = true; return; }
    if (button) {
      button.hidden = false;
      button.addEventListener("click", function () { dismissed = text; note.hidden = true; });
    }
  }

  // --- the turn's alert: off unless this browser asked for it ------------------------------
  function alertOn() {
    try { return localStorage.getItem(ALERT) === "on"; } catch (e) { return false; }
  }
  function ring() {
    if (!alertOn()) return;
    if (navigator.vibrate) navigator.vibrate(150);
    var Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return;
    try {
      var ctx = new Audio();
      var tone = ctx.createOscillator();
      var gain = ctx.createGain();
      tone.frequency.value = 660;
      gain.gain.value = 0.08;
      tone.connect(gain);
      gain.connect(ctx.destination);
      tone.start();
      tone.stop(ctx.currentTime + 0.15);
      tone.onended = function () { ctx.close(); };
    } catch (e) { /* no sound: the page still says it */ }
  }
  var toggle = document.getElementById("turn-alert");
  if (toggle) {
    toggle.checked = alertOn();
    toggle.closest(".turn-alert").hidden = false;
    toggle.addEventListener("change", function () {
      try { localStorage.setItem(ALERT, toggle.checked ? "on" : "off"); } catch (e) { /* private mode */ }
    });
  }

  // --- the pace of the computer players' moves: the practice table's setting and storage -----
  // A person's move is drawn at once; a computer player's is queued and drawn after the
  // reader's wait (fast, normal; at once: only the table now), or when "next" is tapped (step
  // by step), each as the table stood after it (``?part=live&ply=N``: this place's own view,
  // no move to make); the last is the table now. "Show the table now" draws it at once.
  var PACES = { now: 0, fast: 150, normal: 700, step: null };  // ms between moves drawn
  var STORE = "diwaniya.pace";
  var chosenPace = null;  // changed on this page, kept even where storage is refused
  var queue = [];  // the computer players' moves not drawn yet: {ply, seat, move}
  var timer = null;
  var stepping = false;
  var dirty = false;  // a redraw asked for while a move was being drawn
  var have = { ply: number("data-ply"), deal: number("data-deal") };  // what the socket told
  var controls = document.querySelector(".replay-controls");

  function pace() {
    if (chosenPace) return chosenPace;
    var chosen = null;
    try { chosen = localStorage.getItem(STORE); } catch (e) { /* private mode */ }
    return Object.prototype.hasOwnProperty.call(PACES, chosen) ? chosen : "normal";
  }
  Array.prototype.forEach.call(document.querySelectorAll(".pace-setting"), function (set) {
    set.hidden = false;
    Array.prototype.forEach.call(set.querySelectorAll("input[name=pace]"), function (input) {
      input.checked = input.value === pace();
      input.addEventListener("change", function () {
        try { localStorage.setItem(STORE, input.value); } catch (e) { /* kept for this page */ }
        chosenPace = input.value;
        if (timer !== null) { clearTimeout(timer); timer = null; }
        pump();
      });
    });
  });

  function showControls(on, stepwise) {
    if (!controls) return;
    controls.hidden = !on;
    var one = controls.querySelector(".next-reply");
    if (one) one.hidden = !stepwise;
    root.setAttribute("data-queued", String(queue.length));
  }

  function pump() {
    if (timer !== null || stepping) return;
    if (!queue.length) { showControls(false); return; }
    if (!queue[0].computer) return step();  // a person's move: at once
    var wait = PACES[pace()];
    if (wait === 0) return showNow();  // at once: the table now
    showControls(true, wait === null);
    if (wait === null) return;  // waits for "next"
    timer = setTimeout(function () { timer = null; step(); }, wait);
  }

  // Each move is drawn as the table stood after it (the server answers with the table now,
  // its buttons with it, when that is the latest move): never "the table now" for a move that
  // computer players' moves already follow on the server.
  function step() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    if (stepping || !queue.length) return pump();
    var item = queue.shift();
    stepping = true;
    showControls(queue.length > 0, PACES[pace()] === null);
    draw(item.ply, function (ok) {
      stepping = false;
      if (!ok) return showNow();  // another deal, or the network: the table now
      if (!queue.length && dirty) { dirty = false; draw(have.ply); }
      pump();
    });
  }

  function enqueue(frame) {
    var item = { ply: frame.ply, seat: frame.seat, move: frame.move, computer: frame.by === "computer" };
    if (!item.computer) {
      // A person's move shows at once, with every move before it.
      if (timer !== null) { clearTimeout(timer); timer = null; }
      queue = [item];
      return pump();
    }
    var last = queue[queue.length - 1];
    if (last && last.computer && last.seat === item.seat && /^pass:/.test(last.move) && /^pass:/.test(item.move)) {
      last.ply = item.ply;  // a seat's cards passed are one step, as on the practice table
    } else {
      queue.push(item);
    }
    pump();
  }

  function showNow() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    queue = [];
    showControls(false);
    draw(null);
  }

  if (controls) {
    controls.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("button") : null;
      if (!button) return;
      if (button.classList.contains("show-now")) showNow();
      else if (button.classList.contains("next-reply")) step();
    });
  }

  // --- the table block, from the server ----------------------------------------------------
  // Frames come in bursts (a move and the computer players' replies): one fetch a little
  // after the first, and at most one more queued behind it. While the computer players'
  // moves are being paced the table now is drawn by the last of them.
  var soon = null;
  var pending = null;  // {ply, done}: to draw once the fetch in flight ends
  function redraw() {
    if (queue.length || timer !== null) return;
    if (stepping) { dirty = true; return; }
    if (soon) return;
    soon = setTimeout(function () { soon = null; draw(have.ply); }, 40);
  }

  function draw(ply, done) {
    if (fetching) {
      var before = pending;
      pending = {
        ply: ply,
        done: function (ok) {
          if (before && before.done) before.done(ok);
          if (done) done(ok);
        },
      };
      return;
    }
    fetchBlock(ply, done);
  }

  function fetchBlock(ply, done) {
    fetching = true;
    var ok = false;
    var url = root.getAttribute("data-part");
    if (ply !== null && ply !== undefined && have.deal !== null) url += "&ply=" + ply + "&deal=" + have.deal;
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (answer) {
        if (!answer.ok) throw new Error(answer.status);
        return answer.text();
      })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#live-table");
        var current = block();
        if (!fresh || !current) return;
        ok = true;
        ["text", "phrase"].forEach(function (name) {  // the coach's note being written
          var was = current.querySelector('.hint-form [name="' + name + '"]');
          var now = fresh.querySelector('.hint-form [name="' + name + '"]');
          if (was && now && was.value) now.value = was.value;
        });
        var pressed = current.querySelector('.hint-form button.suggest[aria-pressed="true"]');
        var still = pressed && fresh.querySelector('.hint-form button.suggest[value="' + pressed.value + '"]');
        if (still) still.setAttribute("aria-pressed", "true");  // the card last suggested
        var focused = document.activeElement && document.activeElement.name;
        Array.prototype.forEach.call(current.querySelectorAll("details[open]"), function (d) {
          var same = d.className && fresh.querySelector("details." + d.className.split(" ")[0]);
          if (same) same.open = true;
        });
        current.replaceWith(fresh);
        if (focused === "text") {
          var input = fresh.querySelector('.hint-form [name="text"]');
          if (input) input.focus();
        }
        showPresence();
        showNote();
        var mine = isMine();
        if (mine && !wasMine) ring();
        wasMine = mine;
      })
      .catch(function () { /* the next frame or reconnection redraws */ })
      .then(function () {
        fetching = false;
        if (done) done(ok);
        if (pending) { var next = pending; pending = null; fetchBlock(next.ply, next.done); }
      });
  }

  // --- quick phrases: a seat's name (as this page names it) and the text in this reader's
  // language, the last few kept ------------------------------------------------------------
  function heard(frame) {
    var list = document.getElementById("said");
    if (!list || typeof frame.text !== "string") return;
    var b = block();
    var who = b ? b.querySelector('.live-seats [data-seat="' + frame.seat + '"]') : null;
    var name = who && who.firstChild ? who.firstChild.textContent.trim() : frame.seat;
    var item = document.createElement("li");
    var bold = document.createElement("b");
    bold.textContent = name;
    item.appendChild(bold);
    item.appendChild(document.createTextNode(" " + frame.text));
    list.appendChild(item);
    while (list.children.length > 4) list.removeChild(list.firstElementChild);
    list.hidden = false;
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-phrase]") : null;
    if (button) send({ type: "phrase", code: button.getAttribute("data-phrase") });
  });

  // --- the socket ----------------------------------------------------------------------------
  // The connection's state, at the top of the page: "reconnecting…" while the socket is
  // down, then "connected again" for a few seconds once it is back.
  var dropped = false;
  var backTimer = null;
  var again = null;  // the next attempt to reconnect, while the socket is down
  function status(state) {
    var line = document.getElementById("live-state");
    if (!line) return;
    if (backTimer !== null) { clearTimeout(backTimer); backTimer = null; }
    line.classList.remove("offline", "back");
    if (!state) { line.hidden = true; line.textContent = ""; return; }
    line.classList.add(state);
    line.textContent = line.getAttribute(state === "offline" ? "data-offline" : "data-back");
    line.hidden = false;
    if (state === "back") backTimer = setTimeout(function () { status(null); }, 5000);
  }

  function open() {
    if (socket) return;
    if (again !== null) { clearTimeout(again); again = null; }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + root.getAttribute("data-ws"));
    socket.onopen = function () {
      retry = 500;
      var phrases = document.getElementById("phrases");
      if (phrases) phrases.hidden = false;  // they go over the socket only
      root.setAttribute("data-socket", "open");
      status(dropped ? "back" : null);
      dropped = false;
      socket.send(JSON.stringify({
        type: "hello",
        lang: document.documentElement.lang,
        ply: have.ply,
        deal_number: have.deal,
      }));
    };
    socket.onmessage = function (event) {
      var frame;
      try { frame = JSON.parse(event.data); } catch (e) { return; }
      if (frame.type === "move") {
        say("");
        have.ply = frame.ply;
        var b = block();
        if (b && !b.hasAttribute("data-past")) b.removeAttribute("data-mine");  // a ply gone by
        enqueue(frame);
      } else if (frame.type === "state") {
        have.ply = frame.ply;
        if (frame.match && frame.match.deal_number) have.deal = frame.match.deal_number;
        redraw();
      } else if (frame.type === "hint" || frame.type === "ask") {
        dismissed = null;
        redraw();  // the note is drawn in the block, the card named in this reader's words
        ring();
      } else if (frame.type === "phrase") {
        heard(frame);
      } else if (frame.type === "presence") {
        presence = frame.seats || {};
        showPresence();
      } else if (frame.type === "error") {
        say(frame.message);
        redraw();  // the table as it is: a refused move re-enables its buttons
      }
    };
    socket.onclose = function () {
      socket = null;
      root.setAttribute("data-socket", "closed");
      dropped = true;
      status("offline");
      // A sleeping phone or a dropped network: come back, saying which moves we have.
      again = setTimeout(function () { again = null; open(); }, retry);
      retry = Math.min(retry * 2, 30000);
    };
  }

  function send(frame) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.closest("#live-table")) return;
    var sent = false;
    if (form.classList.contains("next-form")) {
      sent = send({ type: "next" });
    } else if (form.classList.contains("hint-form")) {
      // A card of the coached hand tapped (its button is the submitter), with the note and
      // the phrase; or the note alone.
      var text = form.querySelector("[name=text]");
      var phrase = form.querySelector("[name=phrase]");
      var tapped = event.submitter && event.submitter.name === "card" ? event.submitter : null;
      sent = send({ type: "hint", card: tapped ? tapped.value : null, text: text.value, phrase: phrase.value || null });
      if (sent) {
        text.value = "";
        phrase.value = "";
        form.querySelectorAll("button.suggest").forEach(function (b) { b.setAttribute("aria-pressed", String(b === tapped)); });
      }
    } else if (form.classList.contains("ask-form")) {
      sent = send({ type: "ask" });
    } else if (form.classList.contains("moves")) {
      var ply = parseInt(form.querySelector("[name=ply]").value, 10);
      var picked = Array.prototype.map.call(
        form.querySelectorAll("input[name=pass]:checked"),
        function (box) { return box.value; }  // each box's value: its move's token
      );
      var button = event.submitter;
      var move = picked.length ? picked.join(" ") : button && button.name === "move" ? button.value : "";
      if (!move) return;
      sent = send({ type: "move", ply: ply, move: move });
      if (sent) form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    }
    if (sent) event.preventDefault();  // else the form posts, as without JavaScript
  });

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && !socket) open();
  });
  // The network is back: come back now, not after the waits that grew while it was gone, and
  // not through an attempt begun while it was down (it may hang until the browser gives up).
  window.addEventListener("online", function () {
    retry = 500;
    if (again !== null) { clearTimeout(again); again = null; }
    if (socket && socket.readyState === WebSocket.CONNECTING) {
      var stale = socket;
      socket = null;
      stale.onclose = null;
      stale.close();
    }
    open();
  });
  showPresence();
  showNote();
  open();
})();
