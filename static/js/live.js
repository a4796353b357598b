// The live table with JavaScript: one WebSocket to the table. The page says hello with the
// moves it shows; a move or state frame redraws the table from the same page (the server
// renders each seat's own view); a move tapped is sent over the socket. Without a socket the
// forms post as they do without JavaScript.
(function () {
  "use strict";
  var table = document.getElementById("live-table");
  if (!table || !window.WebSocket) return;
  var socket = null;
  var retry = 1000;
  var redrawing = null;

  function ply() {
    var current = document.getElementById("live-table");
    return current ? parseInt(current.getAttribute("data-ply"), 10) : null;
  }

  function redraw() {
    if (redrawing) return;
    redrawing = fetch(location.href, { credentials: "same-origin" })
      .then(function (answer) { return answer.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live-table");
        var current = document.getElementById("live-table");
        if (fresh && current) current.replaceWith(fresh);
      })
      .finally(function () { redrawing = null; });
  }

  function open() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + table.getAttribute("data-ws"));
    socket.onopen = function () {
      retry = 1000;
      socket.send(JSON.stringify({ type: "hello", lang: document.documentElement.lang, ply: ply() }));
    };
    socket.onmessage = function (event) {
      var frame = JSON.parse(event.data);
      if (frame.type === "move" || frame.type === "state") redraw();
      if (frame.type === "error") {
        var box = document.getElementById("live-error");
        if (box) box.textContent = frame.message;
      }
    };
    socket.onclose = function () {
      socket = null;
      // A sleeping phone or a dropped network: come back, saying which moves we have.
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 30000);
    };
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;  // the form posts instead
    if (!form.closest("#live-table") || !form.classList.contains("moves")) return;
    var button = event.submitter;
    if (!button || button.name !== "move") return;
    event.preventDefault();
    var sent = parseInt(form.querySelector("[name=ply]").value, 10);
    socket.send(JSON.stringify({ type: "move", ply: sent, move: button.value }));
  });

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && !socket) open();
  });
  open();
})();
