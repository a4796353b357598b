// The quiz after an answer: move the focus to the verdict, so keyboard and screen-reader users
// start from it (the next question is the following link). The quiz works without this script.
(function () {
  "use strict";
  var verdict = document.getElementById("verdict");
  if (verdict) {
    verdict.focus();
  }
})();
