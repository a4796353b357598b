// Arrow keys step through a tutorial. The next step lies in the reading direction: to the
// right in English and French, to the left in Arabic (dir="rtl").
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var rtl = document.documentElement.dir === "rtl";
    var forward = (event.key === "ArrowRight") !== rtl;
    var link = document.querySelector(forward ? "a[rel=next]" : "a[rel=prev]");
    if (!link) return;
    event.preventDefault();
    window.location.assign(link.href);
  });
})();
