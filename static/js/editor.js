/* The lesson editor (lessons/editor.py): the lesson object edited in the page and saved
   through the JSON API (PUT /api/lessons/<id>, the edit key as Bearer, the version it was
   read at). A draft is kept in localStorage under the lesson's id and version, so a reload
   loses nothing. The table at a move is drawn by the server (edit/table/?moves=). */
(function () {
  "use strict";
  var root = document.getElementById("editor");
  var dataNode = document.getElementById("editor-data");
  if (!root || !dataNode) return;
  var D = JSON.parse(dataNode.textContent);
  var W = D.words;
  var L = clean(D.lesson);
  var version = D.version;
  var cursor = 0; // moves played on the table shown
  var current = 0; // the step being edited
  var info = null; // the table's answer: {to_act, legal, over}
  var asked = 0; // the latest table request, so a slow answer never overwrites a newer one
  var $ = function (id) { return document.getElementById(id); };

  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_m, k) { return values[k]; });
  }
  function clean(obj) {
    var out = JSON.parse(JSON.stringify(obj));
    delete out.id;
    delete out.version;
    out.steps.forEach(function (s) {
      s.moves = s.moves || [];
      if (s.open === undefined || s.open === null) s.open = [];
    });
    return out;
  }

  // ------------------------------------------------------------------ moves and steps
  function starts() {
    var at = 0;
    return L.steps.map(function (s) { var here = at; at += s.moves.length; return here; });
  }
  function allMoves() {
    return L.steps.reduce(function (a, s) { return a.concat(s.moves); }, []);
  }
  function stepOf(c) {
    var s = starts();
    for (var i = 0; i < L.steps.length; i++) {
      if (c >= s[i] && c < s[i] + L.steps[i].moves.length) return i;
    }
    return L.steps.length - 1;
  }
  function goTo(c, keepStep) {
    var end = allMoves().length;
    cursor = Math.max(0, Math.min(c, end));
    var s = starts();
    if (!(keepStep && cursor >= s[current] && cursor <= s[current] + L.steps[current].moves.length)) {
      current = stepOf(cursor);
    }
    render();
    draw();
  }

  // ------------------------------------------------------------------ the table
  function draw() {
    var n = ++asked;
    // busy until the felt shows the move the counter already names
    $("felt").setAttribute("aria-busy", "true");
    var moves = allMoves().slice(0, cursor).join(" ");
    var url = D.table + "?moves=" + encodeURIComponent(moves) + "&bottom=" + encodeURIComponent(L.learner);
    fetch(url, { credentials: "same-origin" })
      .then(function (r) { return r.json().then(function (j) { return [r.status, j]; }); })
      .then(function (answer) {
        if (n !== asked) return;
        $("felt").setAttribute("aria-busy", "false");
        if (answer[0] !== 200) { note(answer[1].error || ""); return; }
        info = answer[1];
        $("felt").innerHTML = info.html;
        markTable();
        renderTranslation(); // the cards of its sentences named as the table now names them
        $("move-count").textContent = fill(W.move_count, { at: cursor, end: allMoves().length });
      })
      .catch(function () { $("felt").setAttribute("aria-busy", "false"); note(W.failed); });
  }

  function question() { return L.steps[current].question; }
  function atStepStart() { return cursor === starts()[current]; }

  function markTable() {
    var next = allMoves()[cursor];
    var q = question();
    $("felt").querySelectorAll("button[name=move]").forEach(function (b) {
      var t = b.value;
      b.classList.toggle("next-move", t === next);
      var right = q && atStepStart() && Array.isArray(q.accept) && q.accept.indexOf(t) >= 0;
      var wrong = q && atStepStart() && q.why && Object.prototype.hasOwnProperty.call(q.why, t);
      b.classList.toggle("accepted", !!right);
      b.classList.toggle("why-given", !!wrong);
      b.setAttribute("aria-pressed", right ? "true" : "false");
    });
    if (info && info.over) note(W.over);
    showCosts();
  }

  // ------------------------------------------------------------------ costs
  // At a question's moment the analysis says what each legal card costs the learner (the
  // server's edit/costs/, under the site's budget and limits); the teacher may accept every
  // card of cost 0 in one tap. Answers are kept by moment and view, so taps that redraw the
  // marks ask nothing again. Without an answer (an error, not card play) no button is offered.
  var costs = {}; // "moves|seat|view" -> the answer, or {error}
  function costView() { return (root.querySelector("input[name=cost-view]:checked") || {}).value || "seat"; }
  function costKey() {
    return allMoves().slice(0, cursor).join(" ") + "|" + L.learner + "|" + costView();
  }
  function showCosts() {
    var box = $("costs");
    var q = question();
    var on = !!(q && atStepStart() && info && info.to_act === L.learner && !info.over);
    box.hidden = !on;
    $("accept-free").hidden = true;
    if (!on) return;
    var key = costKey();
    var found = costs[key];
    if (found) { drawCosts(found); return; }
    $("cost-list").textContent = W.costs_busy;
    var url = D.costs + "?moves=" + encodeURIComponent(allMoves().slice(0, cursor).join(" ")) +
      "&seat=" + encodeURIComponent(L.learner) + "&view=" + encodeURIComponent(costView());
    fetch(url, { credentials: "same-origin" })
      .then(function (r) { return r.json().then(function (j) { return [r.status, j]; }); })
      .then(function (answer) {
        var j = answer[0] === 200 ? answer[1] : { error: (answer[1].error || {}).message || W.failed };
        // busy or limited: nothing kept, the teacher may ask again in a moment
        if (answer[0] === 503 || answer[0] === 429) j.retry = true; else costs[key] = j;
        if (key === costKey()) drawCosts(j);
      })
      .catch(function () { if (key === costKey()) drawCosts({ error: W.failed, retry: true }); });
  }
  function drawCosts(j) {
    var list = $("cost-list");
    if (j.error) {
      list.textContent = "";
      var p = document.createElement("p");
      p.className = "busy";
      p.setAttribute("role", "status");
      p.textContent = j.error;
      list.appendChild(p);
      if (j.retry) {
        var again = document.createElement("button");
        again.type = "button";
        again.className = "button";
        again.id = "costs-again";
        again.textContent = W.try_again;
        again.addEventListener("click", showCosts);
        list.appendChild(again);
      }
      return;
    }
    list.innerHTML = j.html;
    $("accept-free").hidden = !j.free.length;
  }
  function acceptFree() {
    var j = costs[costKey()];
    var q = question();
    if (!j || !j.free || !q) return;
    var step = L.steps[current];
    if (!step.moves.length && cursor === allMoves().length) step.moves.push(j.free[0]);
    q.accept = j.free.slice();
    // the move this step plays is always a right answer (the lesson format's rule)
    if (step.moves.length && q.accept.indexOf(step.moves[0]) < 0) {
      q.accept.push(step.moves[0]);
      note(W.keep_played);
    }
    q.accept.forEach(function (t) { if (q.why) delete q.why[t]; });
    changed();
    renderList();
    renderQuestion();
    markTable();
  }
  $("accept-free").addEventListener("click", acceptFree);
  root.querySelectorAll("input[name=cost-view]").forEach(function (r) { r.addEventListener("change", showCosts); });

  function note(text) { $("table-note").textContent = text; }

  function tapped(button) {
    var token = button.value;
    var why = button.getAttribute("data-why");
    var q = question();
    note("");
    if (q && atStepStart()) {
      if (why) { note(why); return; }
      var mode = (root.querySelector("input[name=tap]:checked") || {}).value;
      var step = L.steps[current];
      if (!Array.isArray(q.accept)) q.accept = [];
      if (mode === "wrong") {
        if (q.accept.indexOf(token) >= 0) { note(W.right_already); return; }
        q.why = q.why || {};
        if (!(token in q.why)) q.why[token] = "";
        changed();
        renderQuestion();
        var input = root.querySelector('.whys input[data-token="' + token + '"]');
        if (input) input.focus();
        return;
      }
      var i = q.accept.indexOf(token);
      if (i >= 0) {
        if (step.moves[0] === token) { note(W.keep_played); return; }
        q.accept.splice(i, 1);
      } else {
        q.accept.push(token);
        if (q.why) delete q.why[token];
        if (!step.moves.length && cursor === allMoves().length) step.moves.push(token);
      }
      changed();
      renderList();
      renderQuestion();
      markTable();
      return;
    }
    if (why) { note(why); return; }
    var moves = allMoves();
    if (cursor < moves.length) {
      if (moves[cursor] === token) { goTo(cursor + 1); return; }
      if (!window.confirm(W.drop_later)) return;
      truncate(cursor);
    }
    L.steps[L.steps.length - 1].moves.push(token);
    changed();
    goTo(cursor + 1);
  }

  function truncate(at) {
    var s = starts();
    var kept = [];
    L.steps.forEach(function (step, i) {
      if (s[i] > at && i > 0) return; // a step wholly after the cut goes
      step.moves = step.moves.slice(0, Math.max(0, at - s[i]));
      kept.push(step);
    });
    L.steps = kept;
    translatedSteps(function (ts) { ts.length = Math.min(ts.length, kept.length); });
    current = Math.min(current, L.steps.length - 1);
  }

  // ------------------------------------------------------------------ cutting and merging
  function blankStep(open) {
    return { moves: [], narration: "", point: null, question: null, open: open, variant: null };
  }
  function cut() {
    var s = starts();
    var i = current;
    var step = L.steps[i];
    var k = cursor - s[i];
    var end = allMoves().length;
    if (k > 0 && k < step.moves.length) {
      var rest = blankStep(step.open);
      rest.moves = step.moves.slice(k);
      step.moves = step.moves.slice(0, k);
      L.steps.splice(i + 1, 0, rest);
    } else if (cursor === end && i === L.steps.length - 1 && step.moves.length) {
      L.steps.push(blankStep(step.open));
    } else {
      note(W.cut_nowhere);
      return;
    }
    translatedSteps(function (ts) { if (ts.length > i + 1) ts.splice(i + 1, 0, {}); });
    current = i + 1;
    changed();
    render();
    draw();
  }
  function merge() {
    var i = current;
    if (i >= L.steps.length - 1) { note(W.last_step); return; }
    var a = L.steps[i], b = L.steps[i + 1];
    a.moves = a.moves.concat(b.moves);
    if (b.narration) a.narration = a.narration ? a.narration + "\n\n" + b.narration : b.narration;
    if (b.point && !a.point) a.point = b.point;
    L.steps.splice(i + 1, 1);
    translatedSteps(function (ts) { mergeTexts(ts, i); });
    changed();
    render();
    draw();
  }

  // ------------------------------------------------------------------ the forms
  function render() {
    renderList();
    renderForm();
    renderTranslation();
  }

  function renderList() {
    var s = starts();
    var list = $("step-list");
    list.textContent = "";
    L.steps.forEach(function (step, i) {
      var li = document.createElement("li");
      var b = document.createElement("button");
      b.type = "button";
      b.className = "step-pick";
      if (i === current) b.setAttribute("aria-current", "step");
      var label = fill(W.step, { n: i + 1 }) + " · " +
        (step.moves.length ? W.moves[step.moves.length] || String(step.moves.length) : W.no_moves) +
        (step.question ? " · " + W.question : "");
      var strong = document.createElement("strong");
      strong.textContent = label;
      b.appendChild(strong);
      if (step.narration) {
        var small = document.createElement("small");
        small.textContent = step.narration.slice(0, 80);
        small.dir = "auto";
        b.appendChild(small);
      }
      b.addEventListener("click", function () { current = i; cursor = s[i]; render(); draw(); });
      li.appendChild(b);
      list.appendChild(li);
    });
  }

  function renderForm() {
    var step = L.steps[current];
    $("step-title").textContent = fill(W.step, { n: current + 1 });
    $("narration").value = step.narration || "";
    $("point").value = step.point || "";
    var open = step.open;
    var mode = open === "all" ? "all" : open && open.length ? "some" : "none";
    $("open-" + mode).checked = true;
    root.querySelectorAll("input[name=open-seat]").forEach(function (box) {
      box.checked = Array.isArray(open) && open.indexOf(box.value) >= 0;
      box.disabled = box.value === L.learner;
    });
    $("ask").checked = !!step.question;
    $("preview-form").action = D.preview + (current + 1) + "/";
    $("title").value = L.title || "";
    $("summary").value = L.summary || "";
    $("learner").value = L.learner;
    $("move-count").textContent = fill(W.move_count, { at: cursor, end: allMoves().length });
    renderQuestion();
  }

  // a move in the teacher's words: the card's name on the table, else its token
  function named(token) {
    var b = $("felt").querySelector('button[name=move][value="' + token.replace(/"/g, "") + '"]');
    var card = b && b.querySelector(".card[title]");
    return card ? card.getAttribute("title") : b ? b.textContent.trim() || token : token;
  }

  function chip(text, onRemove) {
    var span = document.createElement("span");
    span.className = "chip";
    var b = document.createElement("bdi");
    b.textContent = text;
    span.appendChild(b);
    if (onRemove) {
      var x = document.createElement("button");
      x.type = "button";
      x.className = "chip-remove";
      x.textContent = "×";
      x.setAttribute("aria-label", W.remove + " " + text);
      x.addEventListener("click", onRemove);
      span.appendChild(x);
    }
    return span;
  }

  function renderQuestion() {
    var q = question();
    $("question").hidden = !q;
    if (!q) return;
    var step = L.steps[current];
    var acc = $("accepted");
    acc.textContent = "";
    (Array.isArray(q.accept) ? q.accept : []).forEach(function (t) {
      acc.appendChild(chip(named(t), step.moves[0] === t ? null : function () {
        q.accept.splice(q.accept.indexOf(t), 1);
        changed(); renderQuestion(); markTable();
      }));
    });
    var whys = $("whys");
    whys.textContent = "";
    Object.keys(q.why || {}).forEach(function (t) {
      var row = document.createElement("div");
      row.className = "why-row";
      var id = "why-" + t.replace(/[^A-Za-z0-9]/g, "_");
      var label = document.createElement("label");
      label.htmlFor = id;
      label.textContent = fill(W.why_label, { card: named(t) });
      var input = document.createElement("input");
      input.type = "text";
      input.id = id;
      input.maxLength = 2000;
      input.dir = "auto";
      input.lang = L.language;
      input.value = q.why[t];
      input.setAttribute("data-token", t);
      input.addEventListener("input", function () { q.why[t] = input.value; changed(); });
      var x = document.createElement("button");
      x.type = "button";
      x.className = "button quiet";
      x.textContent = W.remove;
      x.addEventListener("click", function () { delete q.why[t]; changed(); renderQuestion(); markTable(); });
      row.appendChild(label);
      row.appendChild(input);
      row.appendChild(x);
      whys.appendChild(row);
    });
    $("hint").value = q.hint || "";
    $("explain").value = q.explain || "";
  }

  function bindText(id, set) {
    $(id).addEventListener("input", function (e) { set(e.target.value); changed(); });
  }
  bindText("narration", function (v) { L.steps[current].narration = v; renderList(); });
  bindText("point", function (v) { L.steps[current].point = v || null; });
  bindText("hint", function (v) { if (question()) question().hint = v || null; });
  bindText("explain", function (v) { if (question()) question().explain = v || null; });
  bindText("title", function (v) { L.title = v; });
  bindText("summary", function (v) { L.summary = v; });
  $("learner").addEventListener("change", function (e) { L.learner = e.target.value; changed(); render(); draw(); });

  function readOpen() {
    var mode = (root.querySelector("input[name=open]:checked") || {}).value;
    var step = L.steps[current];
    if (mode === "all") step.open = "all";
    else if (mode === "none") step.open = [];
    else {
      step.open = Array.prototype.filter.call(
        root.querySelectorAll("input[name=open-seat]"), function (b) { return b.checked; }
      ).map(function (b) { return b.value; });
    }
    changed();
  }
  root.querySelectorAll("input[name=open]").forEach(function (r) { r.addEventListener("change", readOpen); });
  root.querySelectorAll("input[name=open-seat]").forEach(function (b) {
    b.addEventListener("change", function () { $("open-some").checked = true; readOpen(); });
  });

  $("ask").addEventListener("change", function (e) {
    var step = L.steps[current];
    if (!e.target.checked) {
      step.question = null;
      changed(); render(); markTable();
      return;
    }
    var begin = starts()[current];
    var ask = function () {
      if (!info || info.to_act !== L.learner) {
        e.target.checked = false;
        note(W.not_learner);
        return;
      }
      step.question = { accept: step.moves.length ? [step.moves[0]] : [], why: {}, hint: null, explain: null };
      changed(); render(); markTable();
    };
    if (cursor !== begin) {
      note(W.go_to_start);
      cursor = begin;
      // the table at the step's start says whose turn it is
      var n = ++asked;
      fetch(D.table + "?moves=" + encodeURIComponent(allMoves().slice(0, cursor).join(" ")) +
            "&bottom=" + encodeURIComponent(L.learner), { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (j) {
          if (n !== asked) return;
          info = j;
          $("felt").innerHTML = j.html || "";
          ask();
          markTable();
          $("move-count").textContent = fill(W.move_count, { at: cursor, end: allMoves().length });
        });
    } else {
      ask();
    }
  });

  $("felt").addEventListener("click", function (e) {
    var b = e.target.closest("button[name=move]");
    if (!b) return;
    e.preventDefault();
    tapped(b);
  });
  $("first-move").addEventListener("click", function () { goTo(0); });
  $("prev-move").addEventListener("click", function () { goTo(cursor - 1); });
  $("next-move").addEventListener("click", function () { goTo(cursor + 1); });
  $("last-move").addEventListener("click", function () { goTo(allMoves().length); });
  $("cut").addEventListener("click", cut);
  $("merge").addEventListener("click", merge);

  // ------------------------------------------------------------------ drafts
  var PREFIX = "lesson-draft:" + D.id + ":";
  function draftKey(v) { return PREFIX + v; }
  function store(key, value) {
    try { if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value); }
    catch (_e) { /* private mode, full: the page still saves */ }
  }
  function forgetDrafts() {
    try {
      Object.keys(localStorage).forEach(function (k) { if (k.indexOf(PREFIX) === 0) localStorage.removeItem(k); });
    } catch (_e) { /* nothing kept */ }
  }
  function changed() {
    store(draftKey(version), JSON.stringify(L));
    $("save-status").textContent = W.unsaved;
  }
  function offerDraft() {
    var found = null;
    try {
      Object.keys(localStorage).forEach(function (k) {
        if (k.indexOf(PREFIX) !== 0) return;
        var v = parseInt(k.slice(PREFIX.length), 10);
        if (!found || v > found.v) found = { v: v, text: localStorage.getItem(k) };
      });
    } catch (_e) { return; }
    if (!found || found.text === JSON.stringify(L)) return;
    if (found.v !== version) $("draft-text").textContent = fill(W.draft_older, { n: found.v });
    $("draft-offer").hidden = false;
    $("draft-restore").addEventListener("click", function () {
      L = clean(JSON.parse(found.text));
      version = found.v; // an older version's draft meets the 409 and its choice on save
      $("draft-offer").hidden = true;
      current = 0;
      goTo(0);
      $("save-status").textContent = W.unsaved;
    });
    $("draft-discard").addEventListener("click", function () {
      forgetDrafts();
      $("draft-offer").hidden = true;
    });
  }

  // ------------------------------------------------------------------ saving
  var theirs = null;
  function standsAt(v) {
    version = v;
    $("lead-version").textContent = fill(W.version, { n: v });
  }
  function save(at) {
    $("save-status").textContent = W.saving;
    var body = JSON.parse(JSON.stringify(L));
    body.version = at;
    fetch(D.api, {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Authorization: "Bearer " + D.key },
      body: JSON.stringify(body)
    })
      .then(function (r) { return r.json().then(function (j) { return [r.status, j]; }); })
      .then(function (answer) {
        var status = answer[0], j = answer[1];
        if (status === 200) {
          forgetDrafts();
          standsAt(j.version);
          $("save-status").textContent = fill(W.saved, { n: version });
          document.body.dispatchEvent(new CustomEvent("lesson-saved")); // htmx redraws #versions
          return;
        }
        if (status === 409) {
          theirs = j;
          $("stale").showModal();
          return;
        }
        var err = j.error || {};
        $("save-status").textContent = err.message || "";
        if (status === 422 && err.step) {
          current = Math.min(err.step - 1, L.steps.length - 1);
          cursor = starts()[current];
          render();
          draw();
        }
      })
      .catch(function () { $("save-status").textContent = W.failed; });
  }
  $("save").addEventListener("click", function () { save(version); });
  $("take-theirs").addEventListener("click", function () {
    $("stale").close();
    forgetDrafts();
    L = clean(theirs.lesson);
    standsAt(theirs.version);
    current = 0;
    goTo(0);
    $("save-status").textContent = fill(W.saved, { n: version });
  });
  $("keep-mine").addEventListener("click", function () {
    $("stale").close();
    store(draftKey(version), null);
    version = theirs.version;
    store(draftKey(version), JSON.stringify(L));
    save(version);
  });

  // ------------------------------------------------------------------ translations
  // The lesson's texts in another language (L.translations[lang]: title, summary and, step
  // by step, narration, point, hint, explain and why), written beside the original. Choosing
  // a language writes nothing: a translation exists once a text of it does, and goes when
  // its last text is emptied. Its steps follow the lesson's when steps are cut or merged.
  var TR_STEP = ["narration", "point", "hint", "explain"];
  function textLang() { return $("text-lang").value; }
  function asStep(s) { return typeof s === "string" ? { narration: s } : s || {}; }
  function translatedSteps(fn) {
    Object.keys(L.translations || {}).forEach(function (lang) {
      var t = L.translations[lang];
      t.steps = (t.steps || []).map(asStep);
      fn(t.steps);
    });
  }
  function mergeTexts(ts, i) {
    if (ts.length <= i + 1) return;
    var a = ts[i], b = ts[i + 1];
    if (b.narration) a.narration = a.narration ? a.narration + "\n\n" + b.narration : b.narration;
    if (b.point && !a.point) a.point = b.point;
    ts.splice(i + 1, 1);
  }
  function emptyStep(s) {
    return !TR_STEP.some(function (k) { return s[k]; }) && !Object.keys(s.why || {}).length;
  }
  function writeTranslation(key, value, token) {
    var lang = textLang();
    L.translations = L.translations || {};
    var t = L.translations[lang] || (L.translations[lang] = { title: "", summary: "", steps: [] });
    t.steps = (t.steps || []).map(asStep);
    if (key === "title" || key === "summary") {
      t[key] = value;
    } else {
      while (t.steps.length <= current) t.steps.push({});
      var s = t.steps[current];
      if (key === "why") {
        s.why = s.why || {};
        if (value) s.why[token] = value; else delete s.why[token];
        if (!Object.keys(s.why).length) delete s.why;
      } else if (value) {
        s[key] = value;
      } else {
        delete s[key];
      }
    }
    while (t.steps.length && emptyStep(t.steps[t.steps.length - 1])) t.steps.pop();
    if (!t.title && !t.summary && !t.steps.length) delete L.translations[lang];
    if (!Object.keys(L.translations).length) delete L.translations;
    changed();
  }
  function showPair(key, original, value) {
    var box = root.querySelector('.tr-field[data-key="' + key + '"]');
    box.hidden = !original; // only what the original says is translated
    $("orig-" + key).textContent = original || "";
    var input = $("tr-" + key);
    input.lang = textLang();
    input.dir = textLang() === "ar" ? "rtl" : "ltr";
    if (document.activeElement !== input) input.value = value || "";
  }
  function renderTranslation() {
    var lang = textLang();
    $("translation").hidden = lang === L.language;
    if (lang === L.language) return;
    var t = (L.translations || {})[lang] || {};
    var step = L.steps[current], q = step.question || {};
    var mine = asStep((t.steps || [])[current]);
    $("tr-step").textContent = fill(W.step, { n: current + 1 });
    showPair("title", L.title, t.title);
    showPair("summary", L.summary, t.summary);
    showPair("narration", step.narration, mine.narration);
    showPair("point", step.point, mine.point);
    showPair("hint", q.hint, mine.hint);
    showPair("explain", q.explain, mine.explain);
    var whys = $("tr-whys");
    if (whys.contains(document.activeElement)) return; // never rebuilt under the teacher's typing
    whys.textContent = "";
    Object.keys(q.why || {}).forEach(function (token) {
      if (!q.why[token]) return;
      var row = document.createElement("div");
      row.className = "why-row tr-field";
      var id = "tr-why-" + token.replace(/[^A-Za-z0-9]/g, "_");
      var label = document.createElement("label");
      label.htmlFor = id;
      label.textContent = fill(W.why_label, { card: named(token) });
      var original = document.createElement("p");
      original.className = "original";
      original.lang = L.language;
      original.dir = "auto";
      original.textContent = q.why[token];
      var input = document.createElement("input");
      input.type = "text";
      input.id = id;
      input.maxLength = 2000;
      input.lang = lang;
      input.dir = lang === "ar" ? "rtl" : "ltr";
      input.value = (mine.why || {})[token] || "";
      input.addEventListener("input", function () { writeTranslation("why", input.value, token); });
      row.appendChild(label);
      row.appendChild(original);
      row.appendChild(input);
      whys.appendChild(row);
    });
  }
  ["title", "summary"].concat(TR_STEP).forEach(function (key) {
    $("tr-" + key).addEventListener("input", function (e) { writeTranslation(key, e.target.value); });
  });
  $("text-lang").addEventListener("change", renderTranslation);

  // ------------------------------------------------------------------ preview
  // The preview plays the lesson as it stands here, saved or not: the form posts the object
  // itself (in a new tab), and the server checks it with the engine before playing it.
  $("preview-form").addEventListener("submit", function () {
    $("preview-lesson").value = JSON.stringify(L);
  });

  // ------------------------------------------------------------------ saved versions
  // The list is the server's own fragment (edit/versions/), which htmx draws again after each
  // save; a restore asks first, on the tap itself, then posts its form as it stands.
  $("versions").addEventListener("submit", function (e) {
    var form = e.target.closest("form.restore-form");
    if (!form) return;
    if (!window.confirm(fill(W.restore_confirm, { n: form.getAttribute("data-number") }))) {
      e.preventDefault();
      return;
    }
    var yes = document.createElement("input");
    yes.type = "hidden";
    yes.name = "confirm";
    yes.value = "yes";
    form.appendChild(yes);
  });

  // ------------------------------------------------------------------ links
  function copyText(text) {
    if (navigator.clipboard) {
      navigator.clipboard.writeText(text).then(function () { $("save-status").textContent = W.copied; });
    }
  }
  var share = $("share");
  if (share) {
    share.addEventListener("click", function () {
      var url = share.getAttribute("data-url");
      if (navigator.share) {
        navigator.share({ title: share.getAttribute("data-title"), url: url }).catch(function () {});
      } else {
        copyText(url);
      }
    });
  }
  var priv = $("copy-private");
  if (priv) priv.addEventListener("click", function () { copyText(priv.getAttribute("data-url")); });

  cursor = 0;
  render();
  draw();
  offerDraft();
})();
