// The class board follows the class: its socket says only "changed" (never a result), and
// the board is then asked again over HTTP, where who may read it is checked. After a drop it
// reconnects with a growing wait (at once when the network comes back) and catches up.
(function () {
  "use strict";
  var board = document.getElementById("board");
  var state = document.getElementById("board-state");
  if (!board || !window.WebSocket || !window.fetch) return;
  var wait = 1000, socket = null, fetching = false, again = false, timer = null;

  function say(key) { if (state) state.textContent = state.dataset[key] || ""; }

  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(board.dataset.fragment, { credentials: "same-origin", headers: { "X-Fragment": "board" } })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        board.innerHTML = html;
        board.dataset.version = String(Number(board.dataset.version || "0") + 1);
        say("updated");
      })
      .catch(function () {})
      .then(function () {
        fetching = false;
        if (again) { again = false; refresh(); }
      });
  }

  function connect() {
    clearTimeout(timer);
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + board.dataset.socket);
    socket.onmessage = function (event) {
      var frame = {};
      try { frame = JSON.parse(event.data); } catch (e) { return; }
      if (frame.type === "ready") {
        if (wait > 1000) refresh(); // back after a drop: what changed meanwhile
        wait = 1000;
        say("live");
        board.dataset.live = "1";
      } else if (frame.type === "changed") {
        refresh();
      }
    };
    socket.onclose = function (event) {
      board.dataset.live = "";
      if (event.code === 4404) return; // not this visitor's class
      say("lost");
      timer = setTimeout(connect, wait);
      wait = Math.min(wait * 2, 15000);
    };
  }

  window.addEventListener("online", function () {
    if (socket && socket.readyState === WebSocket.CLOSED) { wait = 2000; connect(); }
  });
  connect();
})();
