// The live table with JavaScript: one WebSocket to the table (spec: tables.md, "Live
// protocol"). The page says hello with the deal and the moves it shows; each move frame is
// listed as it comes and the table block is redrawn from the server (which renders this
// place's own view: no card it may not see ever reaches the page), without a page load.
// A card tapped, a call, the pass or the next deal is sent over the socket; without a socket
// the forms post as they do without JavaScript. After a drop the socket comes back with a
// growing delay and asks only for the moves it missed.
(function () {
  "use strict";
  var root = document.getElementById("live");
  if (!root || !window.WebSocket) return;
  var socket = null;
  var retry = 500;
  var presence = {};
  var fetching = false;
  var again = false;
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

  function showPresence() {
    var b = block();
    if (!b) return;
    Object.keys(presence).forEach(function (seat) {
      var slot = b.querySelector('.live-seats [data-seat="' + seat + '"] .presence');
      if (!slot) return;
      slot.setAttribute("data-presence", presence[seat]);
      slot.textContent = root.getAttribute("data-" + presence[seat]) || presence[seat];
    });
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

  // --- the table block, from the server ----------------------------------------------------
  // Frames come in bursts (a move and the computer players' replies): one fetch a little
  // after the first, and at most one more queued behind it.
  var soon = null;
  function redraw() {
    if (fetching) { again = true; return; }
    if (soon) return;
    soon = setTimeout(function () { soon = null; fetchBlock(); }, 40);
  }

  function fetchBlock() {
    fetching = true;
    fetch(root.getAttribute("data-part"), { credentials: "same-origin", cache: "no-store" })
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
        ["text", "card"].forEach(function (name) {  // the coach's hint being written
          var was = current.querySelector('.hint-form [name="' + name + '"]');
          var now = fresh.querySelector('.hint-form [name="' + name + '"]');
          if (was && now && was.value) {
            now.value = was.value;
            if (now.value !== was.value) now.value = "";  // that card has left the hand
          }
        });
        var focused = document.activeElement && document.activeElement.name;
        var open = current.querySelector("details.so-far[open]");
        if (open) { var d = fresh.querySelector("details.so-far"); if (d) d.open = true; }
        current.replaceWith(fresh);
        if (focused === "text") {
          var input = fresh.querySelector('.hint-form [name="text"]');
          if (input) input.focus();
        }
        showPresence();
        var mine = isMine();
        if (mine && !wasMine) ring();
        wasMine = mine;
      })
      .catch(function () { /* the next frame or reconnection redraws */ })
      .then(function () {
        fetching = false;
        if (again) { again = false; fetchBlock(); }
      });
  }

  // A move frame: listed at once (the table follows from the server).
  function listMove(frame) {
    var b = block();
    if (!b) return;
    b.setAttribute("data-ply", frame.ply);
    b.removeAttribute("data-mine");  // its buttons are for a ply gone by: the redraw brings new ones
    var list = b.querySelector(".history");
    if (list) {
      var item = document.createElement("li");
      item.textContent = frame.seat + ": " + frame.move;
      list.appendChild(item);
    }
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
  function status(text) {
    var line = document.getElementById("live-state");
    if (!line) return;
    line.textContent = text || "";
    line.hidden = !text;
  }

  function open() {
    if (socket) return;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + root.getAttribute("data-ws"));
    socket.onopen = function () {
      retry = 500;
      var phrases = document.getElementById("phrases");
      if (phrases) phrases.hidden = false;  // they go over the socket only
      root.setAttribute("data-socket", "open");
      status("");
      socket.send(JSON.stringify({
        type: "hello",
        lang: document.documentElement.lang,
        ply: number("data-ply"),
        deal_number: number("data-deal"),
      }));
    };
    socket.onmessage = function (event) {
      var frame;
      try { frame = JSON.parse(event.data); } catch (e) { return; }
      if (frame.type === "move") {
        say("");
        listMove(frame);
        redraw();
      } else if (frame.type === "state") {
        redraw();
      } else if (frame.type === "hint" || frame.type === "ask") {
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
      var line = document.getElementById("live-state");
      status(line ? line.getAttribute("data-offline") : "");
      // A sleeping phone or a dropped network: come back, saying which moves we have.
      setTimeout(open, retry);
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
      var text = form.querySelector("[name=text]");
      var card = form.querySelector("[name=card]");
      sent = send({ type: "hint", card: card.value || null, text: text.value });
      if (sent) { text.value = ""; card.value = ""; }
    } else if (form.classList.contains("ask-form")) {
      sent = send({ type: "ask" });
    } else if (form.classList.contains("moves")) {
      var ply = parseInt(form.querySelector("[name=ply]").value, 10);
      var picked = Array.prototype.map.call(
        form.querySelectorAll("input[name=pass]:checked"),
        function (box) { return "pass:" + box.value; }
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
  open();
})();
