// The invitations after a table is opened: each link gets a button that copies it, and one
// that hands it to the phone's own share sheet (navigator.share) where the browser has one.
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

  list.querySelectorAll(".invitation").forEach(function (line) {
    var field = line.querySelector("input");
    var done = line.querySelector(".shared");
    var copying = line.querySelector(".copy");
    var share = line.querySelector(".share");
    if (copying) {
      copying.hidden = false;
      copying.addEventListener("click", function () {
        copy(field).then(function () { if (done) done.hidden = false; }).catch(function () { field.select(); });
      });
    }
    if (share && sharing) {
      share.hidden = false;
      share.addEventListener("click", function () {
        navigator.share({ title: document.title, text: share.getAttribute("data-text"), url: field.value })
          .catch(function () { /* the sheet was closed: nothing to say */ });
      });
    }
  });
})();
