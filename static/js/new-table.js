// The new-table form: "me" is offered only while the host plays, the seat the host coaches
// only while they coach, the invited coach only while they do not. Without JavaScript every
// field shows, and the server reads only those the chosen role needs.
(function () {
  "use strict";
  var form = document.querySelector("form.new-table");
  if (!form) return;
  var coached = form.querySelector(".coached-seat");
  var invited = form.querySelector(".invited-coach");
  function role() {
    var on = form.querySelector("input[name=role]:checked");
    return on ? on.value : "play";
  }
  function update() {
    var now = role();
    coached.hidden = now !== "coach";
    invited.hidden = now === "coach";
    form.querySelectorAll("select[name^='seat.']").forEach(function (select) {
      var me = select.querySelector("option[value=me]");
      me.disabled = now !== "play";
      if (me.disabled && select.value === "me") select.value = "person";
    });
  }
  form.querySelectorAll("input[name=role]").forEach(function (r) { r.addEventListener("change", update); });
  update();
})();
