// A button that copies a code shown once (the recovery code). Without a script, or where the
// browser cannot copy, the button stays hidden: one tap on the code selects all of it.
document.querySelectorAll("[data-copy]").forEach(function (button) {
  var source = document.getElementById(button.dataset.copy);
  var status = document.getElementById(button.dataset.status);
  if (!source || !status || !navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener("click", function () {
    navigator.clipboard.writeText(source.textContent.trim()).then(
      function () { status.textContent = status.dataset.done; },
      function () { window.getSelection().selectAllChildren(source); }
    );
  });
});
