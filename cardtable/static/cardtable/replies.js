// The pass by touching cards: at most as many cards as the pass needs can be picked, and the
// button only sends a complete pass. Without this script the server checks the count instead.
(function () {
  "use strict";
  document.querySelectorAll("button.confirm[data-needed]").forEach(function (button) {
    var form = button.form;
    if (!form) return;
    var needed = parseInt(button.dataset.needed, 10);
    var boxes = form.querySelectorAll('input[type=checkbox][name=pass]');
    function update() {
      var picked = form.querySelectorAll('input[type=checkbox][name=pass]:checked').length;
      button.disabled = picked !== needed;
      boxes.forEach(function (box) { box.disabled = !box.checked && picked >= needed; });
    }
    boxes.forEach(function (box) { box.addEventListener("change", update); });
    update();
  });
})();
