// The review's judging goes on by itself: while the page says some of the learner's cards are
// still to be judged (#analysis[data-pending]), it asks the page again (each request judges
// what one budget allows, the rest is kept for the next) and puts the new judgement in place.
// Without this script the "Judge the rest" link does the same, one tap at a time.
(function () {
  "use strict";
  // Give up only after 40 answers in a row that judged nothing (a busy server says "busy"
  // and judges nothing): a long review on a loaded server goes on as long as it progresses.
  var tries = 0;
  var asking = false;
  function more() {
    var box = document.getElementById("analysis");
    if (asking || !box || !window.fetch || !window.DOMParser) return;
    var pending = parseInt(box.getAttribute("data-pending") || "0", 10);
    var link = box.querySelector("a.judge-more");
    if (!pending || !link || tries > 40) return;
    tries += 1;
    asking = true;
    fetch(link.href, { credentials: "same-origin" }).then(function (response) {
      return response.text();
    }).then(function (text) {
      asking = false;
      var found = new DOMParser().parseFromString(text, "text/html").getElementById("analysis");
      var now = document.getElementById("analysis");
      if (!found || !now) return;
      var left = parseInt(found.getAttribute("data-pending") || "0", 10);
      if (left < pending) tries = 0;
      var open = now.querySelector("details[open]");
      now.replaceWith(found);
      if (open) {
        var again = found.querySelector("details");
        if (again) again.open = true;
      }
      window.setTimeout(more, tries > 1 ? 1000 : 250);
    }).catch(function () { asking = false; window.setTimeout(more, 2000); });
  }
  // The table redraws its page in place after a move (table.js): a review that comes with
  // the deal's last card arrives that way, not with a page load.
  if (window.MutationObserver) {
    new MutationObserver(function () { if (!asking) more(); }).observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", more);
  else more();
})();
