// What the site asks of htmx's morph swap, on every page htmx redraws in place (the card
// table, the lesson editor's versions): a panel the reader opened or closed by hand stays as they
// left it; the others follow the server (the auction, open while it runs). The panels carry
// ids, so that the morph matches each with itself, never one with the next.
(function () {
  "use strict";
  if (!window.Idiomorph) return;
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("summary");
    if (summary && summary.parentElement && summary.parentElement.tagName === "DETAILS") {
      summary.parentElement.byReader = true; // a property: the morph keeps it, as it keeps the element
    }
  });
  window.Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, element) {
    return !(name === "open" && element.byReader);
  };
})();
