// The computer players' replies, one at a time: the page holds the table before each reply
// (hidden frames) and the live table after the last. Each move is shown and announced through
// the live region at a readable pace; "Show the table now" skips to the end. Without this
// script the live table and the list of replies are shown at once.
(function () {
  "use strict";
  var section = document.querySelector(".replies[data-replies]");
  var live = document.getElementById("live");
  var announce = document.getElementById("announce");
  if (!section || !live || !announce) return;
  var frames = Array.prototype.slice.call(document.querySelectorAll(".frames .frame"));
  var items = Array.prototype.slice.call(section.querySelectorAll(".reply-list li"));
  if (!frames.length || frames.length !== items.length) return;
  var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var PACE = calm ? 700 : 1200; // milliseconds a move stays before the next one
  var controls = section.querySelector(".replay-controls");
  var step = 0;
  var timer = null;

  // A reload shows the table as it is, without playing the replies again.
  if (window.history && window.history.replaceState) {
    window.history.replaceState(null, "", window.location.pathname + window.location.hash);
  }

  function showFrame(i) {
    frames.forEach(function (frame, n) { frame.hidden = n !== i; });
  }

  function finish() {
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
    frames.forEach(function (frame) { frame.hidden = true; });
    items.forEach(function (item) { item.hidden = false; });
    if (controls) controls.hidden = true;
    live.hidden = false;
    var status = document.getElementById("status");
    if (status) announce.textContent = status.textContent;
    var first = live.querySelector(".move-form button:not([disabled]), .move-form input[type=checkbox]");
    if (first) first.focus({ preventScroll: true });
  }

  function next() {
    var item = items[step];
    item.hidden = false;
    announce.textContent = item.textContent;
    step += 1;
    if (step < frames.length) {
      showFrame(step);
      timer = window.setTimeout(next, PACE);
    } else {
      timer = window.setTimeout(finish, PACE);
    }
  }

  live.hidden = true;
  items.forEach(function (item) { item.hidden = true; });
  showFrame(0);
  if (controls) {
    controls.hidden = false;
    var skip = controls.querySelector("button.show-now");
    if (skip) skip.addEventListener("click", finish);
  }
  timer = window.setTimeout(next, PACE);
})();
