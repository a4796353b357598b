// Arrow keys step through a tutorial. The next step lies in the reading direction: to the
// right in English and French, to the left in Arabic (dir="rtl").
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if (target && target.closest && target.closest(".felt")) return; // arrows move between cards there
    var rtl = document.documentElement.dir === "rtl";
    var forward = (event.key === "ArrowRight") !== rtl;
    var link = document.querySelector(forward ? "a[rel=next]" : "a[rel=prev]");
    if (!link) return;
    event.preventDefault();
    link.click(); // the table's script, where it runs, follows it in place
  });
})();
