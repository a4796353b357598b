// The invitations after a table is opened: each link gets a button that hands it to the
// phone's share sheet (navigator.share) where there is one, else copies it to the clipboard.
// Without JavaScript the links are there to select and copy by hand.
(function () {
  "use strict";
  var list = document.querySelector(".invitations");
  if (!list) return;
  var sharing = typeof navigator.share === "function";

  function copy(field) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(field.value);
    }
    field.select();
    return document.execCommand("copy") ? Promise.resolve() : Promise.reject(new Error("copy"));
  }

  list.querySelectorAll(".share").forEach(function (button) {
    var field = button.parentNode.querySelector("input");
    var done = button.parentNode.querySelector(".shared");
    button.textContent = button.getAttribute(sharing ? "data-share" : "data-copy");
    button.hidden = false;
    button.addEventListener("click", function () {
      var act = sharing
        ? navigator.share({ title: document.title, text: button.getAttribute("data-text"), url: field.value })
        : copy(field);
      act.then(function () {
        if (!sharing && done) done.hidden = false;
      }).catch(function () { field.select(); });
    });
  });
})();
