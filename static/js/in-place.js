// What the site asks of htmx's morph swap, on every page that redraws in place (the table, the
// live table, the lesson editor): what the reader opened stays open.
(function () {
  "use strict";
  if (!window.Idiomorph) return;
  window.Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, element, how) {
    return !(name === "open" && how === "remove" && element.tagName === "DETAILS");
  };
})();
