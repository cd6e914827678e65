// Kural's score sheet (/<lang>/score/): a whole game kept round by round on this device. The page keeps the sheet
// in the shape of a sheet file (README, "Score sheets") and asks the rule engine (kural.browser.sheet_answer, in
// the checker's Web Worker) for every score, breakdown, total and winner after each change: nothing here counts.
// A change is kept only when the engine accepts the sheet; a refused round says why and changes nothing.
/* global KuralEngine */
(function () {
  "use strict";
  var box = document.getElementById("kural-score");
  if (!box) return;
  var spec = JSON.parse(document.getElementById("kural-score-spec").textContent);
  var W = spec.words, lang = spec.lang;
  var KEY = "kural-score-v1", ASIDE = "kural-score-v1-unreadable", HISTORY = 100;
  var $ = function (id) { return document.getElementById(id); };
  var bar = $("kural-score-progress");
  // The engine answers from the checker's small path first (MicroPython, a tenth of Pyodide's bytes); a sheet it
  // leaves to Pyodide (a Dummy deal replayed from its plays) waits for Pyodide's start, and the page says why.
  var engine = KuralEngine(box, function (m) {
    KuralEngine.showProgress(bar, m.value);
    if (m.how === "full") status(W.full);
  });
  window.kuralScoreEngines = [];  // which engine gave each answer, "small" or "full" (the tests)
  var damaged = 0;  // sheets kept on this device that could not be read (set aside, said once)
  var store = load();
  var answers = 0;
  var editing = -1;  // the round being changed (from 0), -1: a new round

  var fmt = window.KuralEngine.format;
  var el = window.KuralEngine.el;
  function gameOf(key) { return spec.games.filter(function (g) { return g.key === key; })[0] || null; }
  // The page's words with a game's own where it says them its way (Dummy's deal for a round).
  function wordsOf(game) {
    if (!game || !game.words) return spec.words;
    var w = {};
    Object.keys(spec.words).forEach(function (k) { w[k] = spec.words[k]; });
    Object.keys(game.words).forEach(function (k) { w[k] = game.words[k]; });
    return w;
  }
  function clone(x) { return JSON.parse(JSON.stringify(x)); }
  // The lead says round; a game that counts deals (Dummy) has its own, shown while its sheet or form is.
  var lead = box.querySelector(".kural-lead"), LEAD = lead ? lead.textContent : "";
  function showLead(game) { if (lead) lead.textContent = (game && game.words && game.words.lead) || LEAD; }
  // Keyboard: after a change that hides or rebuilds the focused control, focus goes to the first of these that
  // is shown (a CSS selector or an element), never to the page's body.
  function focusFirst() {
    for (var i = 0; i < arguments.length; i++) {
      var e = typeof arguments[i] === "string" ? document.querySelector(arguments[i]) : arguments[i];
      if (e && e.getClientRects().length && !e.disabled) { e.focus(); if (document.activeElement === e) return e; }
    }
    return null;
  }
  var FIRST_FIELD = "#kural-score-fields input:not([type=radio]), #kural-score-fields select, #kural-score-fields textarea";
  function rowButton(index) { return "tr[data-round='" + (index + 1) + "'] th button"; }

  // --- storage: every accepted change at once ------------------------------------------------------------
  // One entry in localStorage holds every sheet of this device: {games: {id: {sheet, answer, history, updated,
  // rev, draft}}, current}, as the first release wrote it (rev is new: a sheet's count of kept changes). A sheet
  // that cannot be read is set aside under its own key (never lost, never shown) and the others stay; a write
  // reads the entry again first and changes only its own sheet, so two tabs never write over each other's sheets,
  // and a sheet changed in another tab since this one showed it is not written over: this tab is told.
  function okGame(g) {
    var s = g && g.sheet;
    return !!(s && gameOf(s.game) && Array.isArray(s.players) && s.players.length && Array.isArray(s.played));
  }
  function okAnswer(a) {
    return !!(a && [a.columns, a.rows, a.totals, a.winner].every(Array.isArray)
      && a.rows.every(function (r) { return r && Array.isArray(r.scores); }));
  }
  function setAside(id, value) {
    try {
      var aside = JSON.parse(localStorage.getItem(ASIDE)) || {};
      aside[id + "@" + Date.now()] = value;
      localStorage.setItem(ASIDE, JSON.stringify(aside));
    } catch (e) { /* no room to keep it aside: it stays where it is, unread */ }
  }
  // The entry as kept now, each sheet checked; `found` counts (and sets aside) the sheets that cannot be read.
  function read(found) {
    var raw, s;
    try { raw = localStorage.getItem(KEY); s = raw && JSON.parse(raw); } catch (e) { s = null; }
    if (raw && (!s || !s.games || typeof s.games !== "object" || Array.isArray(s.games))) {
      if (found) { setAside("all", raw); found.count++; }
      s = null;
    }
    if (!s) return { games: {}, current: "" };
    Object.keys(s.games).forEach(function (id) {
      var g = s.games[id];
      if (!okGame(g)) {
        if (found) { setAside(id, g); found.count++; }
        delete s.games[id];
        return;
      }
      if (!okAnswer(g.answer)) g.answer = null;  // counted again by the engine when it is shown
      if (!Array.isArray(g.history)) g.history = [];
      g.updated = +g.updated || 0;
      g.rev = +g.rev || 0;
    });
    if (!s.games[s.current]) s.current = "";
    return s;
  }
  function load() {
    var found = { count: 0 }, s = read(found);
    damaged = found.count;
    if (damaged) write(s);
    return s;
  }
  function write(s) {
    try { localStorage.setItem(KEY, JSON.stringify(s)); return true; } catch (e) { status(W.failed); return false; }
  }
  // Keep sheet `id` as this tab has it (or its removal), unless another tab has kept a change of it since this
  // tab read it (its count of changes is not `base`): then this tab shows that one (false).
  function keep(id, base) {
    var fresh = read(), mine = store.games[id], theirs = fresh.games[id];
    if (mine && theirs && theirs.rev !== (base === undefined ? mine.rev : base)) { adopt(fresh); return "other"; }
    if (mine) fresh.games[id] = mine; else delete fresh.games[id];
    fresh.current = store.current;
    store = fresh;
    return write(fresh);
  }
  function save() { return store.current ? keep(store.current) : write(store); }
  function newId() { return Date.now().toString(36) + Math.random().toString(36).slice(2, 8); }
  function current() { return store.games[store.current] || null; }
  // Another tab kept a change: this tab shows it, the round being typed here kept as it is; true if the sheet
  // shown here changed.
  function adopt(fresh) {
    var id = store.current, mine = store.games[id], theirs = fresh.games[id];
    if (theirs && editing < 0 && !$("kural-score-sheet").hidden && !$("kural-score-round").hidden) theirs.draft = roundValue();
    fresh.current = theirs ? id : "";
    store = fresh;
    return !!mine && (!theirs || mine.rev !== theirs.rev);
  }
  window.addEventListener("storage", function (e) {
    if (e.key !== KEY && e.key !== null) return;
    var shown = !$("kural-score-sheet").hidden;
    if (adopt(read()) && shown) {
      showSheet();
      if (current()) status(W.other_tab);
    } else if (!$("kural-score-games").hidden) showList();
  });

  function status(text) { $("kural-score-status").textContent = text || ""; }
  function showError(text) {
    var e = $("kural-score-error");
    e.textContent = text || "";
    e.hidden = !text;
  }
  function handled() { answers += 1; box.dataset.answers = String(answers); }

  // Ask the engine for the standings of `sheet`; a refusal is shown and nothing changes.
  function score(sheet, op) {
    var standings = $("kural-standings");
    standings.setAttribute("aria-busy", "true");
    return engine.ask(sheet, lang, op || "sheet").then(function (a) {
      standings.removeAttribute("aria-busy");
      window.kuralScoreEngines.push(a.engine || "");
      if ($("kural-score-status").textContent === W.full) status("");
      if (a.state === "failed") { showError(W.failed); handled(); return null; }
      if (a.state !== "done") { showError(a.message); handled(); return null; }
      showError("");
      return a;
    });
  }
  // Keep an accepted sheet (its previous state on the undo list unless this is an undo) and show it. `base`: the
  // sheet's count of changes the change was made on; if another tab has kept a change of it since, nothing is
  // written over: this tab shows that sheet, says so, and keeps what was `typed` in the round's form (false).
  function commit(id, a, undoing, typed, base) {
    var game = store.games[id];
    if (!game) {
      game = store.games[id] = { sheet: a.sheet, answer: a, history: [], updated: Date.now(), rev: 1 };
    } else {
      if (!undoing) {
        game.history.push(game.sheet);
        if (game.history.length > HISTORY) game.history.shift();
      }
      game.sheet = a.sheet;
      game.answer = a;
      game.updated = Date.now();
      game.rev += 1;
      if (typed) delete game.draft;  // the round typed is in the sheet now
    }
    store.current = id;
    if (keep(id, base) === "other") {  // another tab's change is shown instead, counted again here, then said
      if (typed && current()) current().draft = typed;
      showSheet();
      recompute(function () { showError(W.other_tab); });
      return false;
    }
    Promise.resolve(showSheet()).then(handled);  // counted once the chart is drawn too
    return true;
  }

  // --- the list of games and the new game's form ---------------------------------------------------------
  function showList() {
    showLead(null);
    $("kural-score-sheet").hidden = true;
    $("kural-score-setup").hidden = true;
    $("kural-score-games").hidden = false;
    var list = $("kural-score-list");
    list.textContent = "";
    var ids = Object.keys(store.games).sort(function (a, b) { return store.games[b].updated - store.games[a].updated; });
    if (!ids.length) list.appendChild(el("li", {}, W.no_games));
    ids.forEach(function (id) {
      var g = store.games[id], sheet = g.sheet, game = gameOf(sheet.game);
      var li = el("li", { "class": "kural-score-item" });
      var name = (game ? game.name : sheet.game) + " · " + sheet.players.join(", ");
      li.appendChild(el("span", {}, name + " · " + fmt(wordsOf(game).rounds_played, { played: sheet.played.length }) + " · "
        + new Date(g.updated).toLocaleDateString(lang)));
      var open = el("button", { type: "button", "class": "md-button", "aria-label": W.open + ": " + name }, W.open);
      open.addEventListener("click", function () {
        store.current = id; save(); showSheet(); focusFirst(FIRST_FIELD, "#kural-score-table-wrap"); recompute();
      });
      var remove = el("button", { type: "button", "class": "md-button", "aria-label": W.remove + ": " + name }, W.remove);
      remove.addEventListener("click", function () {
        if (!window.confirm(fmt(W.confirm_remove, { name: name }))) return;
        delete store.games[id];
        if (store.current === id) store.current = "";
        keep(id);
        showList();
        focusFirst("#kural-score-list button", "#kural-score-new");
        status(W.removed);
      });
      li.appendChild(open);
      li.appendChild(remove);
      list.appendChild(li);
    });
  }

  function nameInputs(count, names) {
    var holder = $("kural-score-names");
    var old = Array.prototype.map.call(holder.querySelectorAll("input"), function (i) { return i.value; });
    holder.textContent = "";
    for (var i = 1; i <= count; i++) {
      var row = el("p", { "class": "kural-score-row" });
      row.appendChild(el("label", { "for": "kural-score-name-" + i }, fmt(W.player_name, { n: i })));
      var input = el("input", { type: "text", id: "kural-score-name-" + i, maxlength: String(spec.max_name),
        autocomplete: "off", placeholder: fmt(W.player_n, { n: i }) });
      input.value = (names && names[i - 1]) || old[i - 1] || "";
      row.appendChild(input);
      holder.appendChild(row);
    }
    var game = gameOf($("kural-score-game").value);
    $("kural-score-more").disabled = count >= game.max;
    $("kural-score-fewer").disabled = count <= game.min;
    if (window.KuralScoreDummy) window.KuralScoreDummy.dealers(api);
  }
  function setupGame(key, variants, ruleset) {
    var game = gameOf(key) || spec.games[0];
    $("kural-score-game").value = game.key;
    showLead(game);
    // The named rulesets (?ruleset=NAME, a sheet file's ruleset:), the standard first.
    var rsel = $("kural-score-ruleset");
    rsel.textContent = "";
    (game.rulesets || []).forEach(function (r) { rsel.appendChild(el("option", { value: r.key }, r.label)); });
    rsel.value = (game.rulesets || []).some(function (r) { return r.key === ruleset; }) ? ruleset : "standard";
    var count = Math.min(game.max, Math.max(game.min, 4));
    nameInputs(count);
    var rounds = $("kural-score-rounds");
    $("kural-score-rounds-row").hidden = !game.rounds;
    $("kural-score-rounds-label").textContent = game.rounds === "deals" ? W.deals : W.rounds;
    rounds.required = !!game.rounds_required;
    rounds.value = game.rounds_required ? (rounds.value || "11") : "";
    // Okey 101's sources say nothing of teams: the note says so where that game is chosen.
    var note = $("kural-score-teams");
    note.hidden = note.dataset.game !== game.key;
    // The points to win (Dummy): the ruleset's own, for the house rules chosen (the spec carries the numbers).
    $("kural-score-target-row").hidden = !game.target;
    $("kural-score-dealer-row").hidden = $("kural-score-dealer-note").hidden = !game.dealer;
    // the game's own form fetched now, so that it is here for the first round; Dummy's also says who deals first
    if (FORMS[game.entry]) withForm(game.entry, function () { if (game.entry === "dummy") window.KuralScoreDummy.dealers(api); });
    $("kural-score-target").value = game.target ? targetOf(game, variants) : "";
    $("kural-score-target").dataset.shown = $("kural-score-target").value;
    var holder = $("kural-score-variants");
    holder.textContent = "";
    if (!game.choices.length) holder.appendChild(el("p", {}, W.standard_rules));
    // Each house rule said once: a rule on its own is a box with its name; rules that set the same thing
    // differently are a group headed by the standard rule they replace, the standard among them.
    game.choices.forEach(function (choice, i) {
      var single = choice.variants.length === 1;
      var set = single ? el("div", { "class": "kural-score-choice" }) : el("fieldset", { "class": "kural-score-choice" });
      if (!single) set.appendChild(el("legend", {}, choice.legend));
      var options = single ? choice.variants : [{ key: "", label: choice.standard || W.standard }].concat(choice.variants);
      options.forEach(function (v, j) {
        var id = "kural-score-v-" + i + "-" + j;
        var p = el("p", { "class": "kural-score-option" });
        var input = el("input", { type: single ? "checkbox" : "radio", name: "v" + i, id: id, value: v.key });
        input.checked = v.key ? (variants || []).indexOf(v.key) >= 0 : !(variants || []).some(function (n) {
          return choice.variants.some(function (c) { return c.key === n; });
        });
        p.appendChild(input);
        p.appendChild(el("label", { "for": id }, v.label));
        set.appendChild(p);
      });
      holder.appendChild(set);
    });
  }
  function targetOf(game, variants) {
    var hit = (variants || []).filter(function (v) { return v in game.target.variants; })[0];
    return String(hit ? game.target.variants[hit] : game.target.standard);
  }
  // A house rule chosen or dropped: the default points to win follow, unless another number was typed.
  function variantsChanged() {
    var game = gameOf($("kural-score-game").value), target = $("kural-score-target");
    if (!game.target || target.value !== target.dataset.shown) return;
    target.value = target.dataset.shown = targetOf(game, chosenVariants());
  }
  function chosenVariants() {
    return Array.prototype.filter.call($("kural-score-variants").querySelectorAll("input:checked"), function (i) {
      return i.value;
    }).map(function (i) { return i.value; });
  }
  function showSetup(key, variants, ruleset) {
    $("kural-score-games").hidden = true;
    $("kural-score-sheet").hidden = true;
    $("kural-score-setup").hidden = false;
    setupGame(key, variants, ruleset);
    engine.warm("sheet", key);  // a sheet is about to start: the engine (its game's) loads while the names are typed
    var first = $("kural-score-name-1");
    if (first) first.focus();
  }
  function startGame(event) {
    event.preventDefault();
    var game = gameOf($("kural-score-game").value);
    var players = Array.prototype.map.call($("kural-score-names").querySelectorAll("input"), function (input, i) {
      return input.value.trim() || fmt(W.player_n, { n: i + 1 });
    });
    var variants = chosenVariants();
    var sheet = { game: game.key };
    var ruleset = $("kural-score-ruleset").value;
    if (ruleset && ruleset !== "standard") sheet.ruleset = ruleset;
    if (variants.length) sheet.variants = variants;
    sheet.players = players;
    var rounds = $("kural-score-rounds").value.trim();
    var target = $("kural-score-target").value.trim();
    if (game.rounds && rounds) sheet.rounds = /^\d+$/.test(rounds) ? Number(rounds) : rounds;
    else if (game.target && target) sheet.rounds = { target: /^\d+$/.test(target) ? Number(target) : target };
    if (game.dealer && $("kural-score-dealer").value > 1) sheet.dealer = Number($("kural-score-dealer").value);
    sheet.played = [];
    score(sheet).then(function (a) {
      if (a) { commit(newId(), a); status(W.saved); focusFirst(FIRST_FIELD, "#kural-score-table-wrap"); }
    });
  }

  // --- the sheet -----------------------------------------------------------------------------------------
  function rulesHref(game, sheet, rule) {
    var q = (sheet.ruleset ? ["ruleset=" + encodeURIComponent(sheet.ruleset)] : []).concat(
      (sheet.variants || []).map(function (v) { return "variant=" + encodeURIComponent(v); })).join("&");
    return "../" + game.key + "/" + (q ? "?" + q : "") + "#" + rule;
  }
  var whyFrom = null;  // [round, column] of the score whose breakdown is open
  function closeWhy() {
    $("kural-score-why").hidden = true;
    if (whyFrom) focusFirst("tr[data-round='" + (whyFrom[0] + 1) + "'] td:nth-child(" + (whyFrom[1] + 2) + ") button",
                            "#kural-score-table-wrap");
    whyFrom = null;
  }
  // The breakdown is drawn by kural-score-table.js (loaded with the first answer, before any score is shown).
  function showWhy(r, c) {
    whyFrom = [r, c];
    var g = current(), a = g.answer, sheet = g.sheet, game = gameOf(sheet.game);
    var W = wordsOf(game);
    $("kural-score-why-h").textContent = fmt(W.why, { name: a.columns[c], n: r + 1 });
    drawer().then(function (draw) {
      draw.why($("kural-score-why-lines"), a, r, c, game, sheet, W, rulesHref);
      var panel = $("kural-score-why");
      panel.hidden = false;
      panel.focus();
    });
  }

  function showSheet() {
    var g = current();
    if (!g) { showList(); return; }
    if (!g.answer) { status(W.loading); return; }  // kept without its standings: counted again, then shown
    var a = g.answer, sheet = g.sheet, game = gameOf(sheet.game);
    var W = wordsOf(game);
    showLead(game);
    // The form and the table are drawn again: a control that had the focus (the engine's answer can arrive while
    // a field is being typed in) gets it back, its new copy found by its id.
    var had = document.activeElement, hadId = had && had.id && $("kural-score-sheet").contains(had) ? had.id : "";
    // The address no longer asks for a new sheet: a reload reopens this one.
    if (location.search) history.replaceState(null, "", location.pathname);
    $("kural-score-games").hidden = true;
    $("kural-score-setup").hidden = true;
    $("kural-score-sheet").hidden = false;
    $("kural-score-why").hidden = true;
    $("kural-score-title").textContent = game.name + " · " + sheet.players.join(", ");
    var names = (sheet.variants || []).map(function (v) {
      var hit = null;
      game.choices.forEach(function (c) { c.variants.forEach(function (x) { if (x.key === v) hit = x.label; }); });
      return hit || v;
    });
    var rules = names.length ? fmt(W.sheet_house_rules, { names: names.join(" + ") }) : W.standard_rules;
    var named = (game.rulesets || []).filter(function (r) { return r.key === sheet.ruleset; })[0];
    if (named) rules = named.label + (names.length ? " · " + rules : "");
    if (sheet.rounds && typeof sheet.rounds === "object" && "target" in sheet.rounds) rules += " · " + W.target + ": " + sheet.rounds.target;
    $("kural-score-rules").textContent = rules;
    var table = $("kural-score-table");
    table.caption.textContent = W.caption;
    $("kural-score-remove-round").textContent = W.remove_round;
    var head = table.tHead, body = table.tBodies[0], foot = table.tFoot;
    head.textContent = body.textContent = foot.textContent = "";
    var tr = el("tr");
    tr.appendChild(el("th", { scope: "col" }, W.sheet_round));
    a.columns.forEach(function (name) { tr.appendChild(el("th", { scope: "col" }, name)); });
    head.appendChild(tr);
    a.rows.forEach(function (row, r) {
      var line = el("tr", { "data-round": String(r + 1) });
      var th = el("th", { scope: "row" });
      var edit = el("button", { type: "button", "class": "kural-score-cell", "aria-label": fmt(W.edit_round, { n: r + 1 }) }, String(r + 1));
      edit.addEventListener("click", function () { editRound(r); });
      th.appendChild(edit);
      line.appendChild(th);
      row.scores.forEach(function (s, c) {
        // Dummy: the dealer's score is marked (the breakdown says who dealt, in words)
        var td = el("td", row.dealer === c + 1 ? { "class": "kural-score-dealt" } : {});
        var b = el("button", { type: "button", "class": "kural-score-cell", "aria-label": fmt(W.why, { name: a.columns[c], n: r + 1 }) + ": " + s }, String(s));
        b.addEventListener("click", function () { showWhy(r, c); });
        td.appendChild(b);
        line.appendChild(td);
      });
      body.appendChild(line);
    });
    if (a.rows.length) {
      var total = el("tr");
      total.appendChild(el("th", { scope: "row" }, W.total));
      a.totals.forEach(function (s) { total.appendChild(el("td", {}, String(s))); });
      foot.appendChild(total);
    } else {
      body.appendChild(el("tr", {})).appendChild(el("td", { colspan: String(a.columns.length + 1) }, W.empty));
    }
    var standings = $("kural-standings");
    standings.dataset.totals = a.totals_text;
    standings.dataset.winner = a.winner.join(" ");
    standings.dataset.state = a.rows.length ? "done" : "empty";
    var totals = $("kural-score-totals");
    totals.textContent = "";
    var lead = a.winner.length ? a.winner : (a.leader || []);
    a.columns.forEach(function (name, i) {
      var li = el("li", { "class": lead.indexOf(i + 1) >= 0 ? "kural-score-lead" : "" });
      li.appendChild(el("span", { "class": "kural-score-name" }, name));
      li.appendChild(el("span", { "class": "kural-score-big" }, a.rows.length ? a.totals[i] : "–"));
      totals.appendChild(li);
    });
    var result = a.result;
    if (!a.winner.length && a.leader && a.leader.length && a.rows.length) {
      result += " · " + fmt(W.leader, { names: a.leader.map(function (i) { return a.columns[i - 1]; }).join(", ") });
    }
    $("kural-score-result").textContent = result;
    var drawn = drawTable(a, sheet, game);
    $("kural-score-undo").disabled = !g.history.length;
    $("kural-score-link-row").hidden = true;
    roundForm(-1, g.draft);
    if (hadId && !document.body.contains(had)) {
      var again = focusFirst("#" + hadId);
      if (again && typeof again.value === "string" && again.setSelectionRange && again.type === "text") {
        again.setSelectionRange(again.value.length, again.value.length);
      }
    }
    return drawn;
  }

  // --- what comes next, the chart of the totals ----------------------------------------------------------
  // What comes next, the chart and the QR code are drawn by kural-score-table.js (and .css), loaded with the
  // engine's first answer (all draw the engine's answers): the page's first load stays small. Resolves once there.
  var drawing = null, TABLE = document.currentScript.src.slice(0, -3) + "-table.";  // beside this file
  function drawer() {
    if (!drawing) {
      document.head.appendChild(el("link", { rel: "stylesheet", href: TABLE + "css" }));
      drawing = new Promise(function (resolve, reject) {
        var script = el("script", { src: TABLE + "js" });
        script.onload = function () { window.KuralEngine.loaded([script.src]); resolve(window.KuralScoreTable); };
        script.onerror = function (e) { drawing = null; reject(e); };
        document.head.appendChild(script);
      });
    }
    return drawing;
  }
  function drawTable(a, sheet, game) {
    return drawer().then(function (draw) {
      if (current() && current().answer === a) draw.table(a, wordsOf(game), game.rounds === "deals", game.dealing && {
        href: rulesHref(game, sheet, game.dealing.id), text: fmt(W.rule, { id: game.dealing.id }) });
    }, function () { /* not drawn: the table and the result say the same numbers */ });
  }


  // --- entering a round ----------------------------------------------------------------------------------
  function genericField(fields, f, players, value) {
    var id = "kural-field-" + f.name;
    if (f.shape === "seats" || f.shape === "players") {
      var set = el("fieldset", { "class": "kural-score-seat", "data-field": f.name });
      set.appendChild(el("legend", {}, f.label));
      players.forEach(function (name, i) {
        var p = el("p", { "class": "kural-score-row" });
        p.appendChild(el("label", { "for": id + "-" + i }, name));
        var input = el("input", { type: "text", id: id + "-" + i, autocomplete: "off", spellcheck: "false" });
        var v = f.shape === "seats" ? (value || [])[i] : (value || {})["p" + (i + 1)];
        input.value = v === undefined || v === null ? "" : String(v);
        p.appendChild(input);
        set.appendChild(p);
      });
      fields.appendChild(set);
      return;
    }
    var row = el("p", { "class": "kural-score-row", "data-field": f.name });
    row.appendChild(el("label", { "for": id }, f.label));
    var input = f.shape === "lines" ? el("textarea", { id: id, rows: "4", spellcheck: "false" })
      : el("input", { type: "text", id: id, autocomplete: "off", spellcheck: "false", inputmode: f.shape === "int" ? "numeric" : null });
    input.value = value === undefined || value === null ? "" : (Array.isArray(value) ? value.join("\n") : String(value));
    row.appendChild(input);
    fields.appendChild(row);
  }
  function genericValue(f) {
    var id = "kural-field-" + f.name;
    if (f.shape === "seats" || f.shape === "players") {
      var inputs = document.querySelectorAll("[data-field='" + f.name + "'] input");
      if (f.shape === "seats") return Array.prototype.map.call(inputs, function (i) { return i.value.trim(); });
      var out = {};
      Array.prototype.forEach.call(inputs, function (i, n) { out["p" + (n + 1)] = i.value.trim(); });
      return out;
    }
    var v = $(id).value.trim();
    if (!v) return undefined;
    if (f.shape === "lines") return v.split(/\n+/).map(function (s) { return s.trim(); }).filter(Boolean);
    if (f.shape === "int" && /^\d+$/.test(v)) return Number(v);
    return v;
  }

  // A list that adds a chip a choice (a penalty, a scored event; `chip(value)` draws it): a tap or a click adds it
  // at once; a closed list changes with the arrow keys at every press, so with the keyboard the choice shown is
  // added by Enter or on leaving the list, not each one passed on the way.
  function chooser(select, chip) {
    var keyed = false;
    function add() { keyed = false; if (select.value) { chip(select.value); select.value = ""; draft(); } }
    select.addEventListener("keydown", function (e) {
      if (e.key === "Enter") { if (select.value) { e.preventDefault(); add(); } }
      else if (e.key.length === 1 || /^(Arrow|Page|Home|End)/.test(e.key)) keyed = true;
    });
    select.addEventListener("change", function () { if (!keyed) add(); });
    select.addEventListener("blur", add);
  }

  // A game's own round form (Okey 101's seats, Okey's finishes, Dummy's deal) is a script of its own
  // (kural-score-<game>.js), fetched when a sheet of that game needs it, or its game is chosen: the page's first
  // load stays within its size budget. It is given what it uses of this one (`api`).
  var SCRIPT = document.currentScript.src, FORMS = { okey101: "KuralScoreOkey101", okey: "KuralScoreOkey",
    dummy: "KuralScoreDummy" }, waiting = {};
  function formOf(entry) { return window[FORMS[entry]]; }
  function withForm(entry, done) {
    if (formOf(entry)) return done();
    if ((waiting[entry] = waiting[entry] || []).push(done) > 1) return;
    var tag = el("script", { src: SCRIPT.replace(/[^/]*$/, "kural-score-" + entry + ".js") });
    tag.onload = function () {
      window.KuralEngine.loaded([tag.src]);  // kept with the engine's files: the form is there offline too
      waiting[entry].splice(0).forEach(function (f) { f(); });
    };
    tag.onerror = function () { waiting[entry] = []; showError(W.failed); };
    document.head.appendChild(tag);
  }
  var api = {
    el: el, fmt: fmt, $: $, gameOf: gameOf, wordsOf: wordsOf, genericField: genericField, genericValue: genericValue,
    chooser: chooser, draft: function () { draft(); }, current: function () { return current(); },
    editing: function () { return editing; }
  };

  function roundForm(index, values) {
    var g = current(), sheet = g.sheet, game = gameOf(sheet.game);
    var W = wordsOf(game);
    editing = index;
    var n = index >= 0 ? index + 1 : sheet.played.length + 1;
    values = index >= 0 ? sheet.played[index] : (values || null);
    $("kural-score-round-h").textContent = fmt(index >= 0 ? W.edit_round : W.new_round, { n: n });
    $("kural-score-add").textContent = fmt(index >= 0 ? W.save_round : W.add_round, { n: n });
    $("kural-score-cancel-edit").hidden = index < 0;
    $("kural-score-remove-round").hidden = index < 0;
    // No new round once the game is over, as the engine says: a winner named (all the rounds agreed played, not
    // counting a cancelled Okey 101 round, or a winner by the game's own rule; a Dummy game level goes on).
    var full = index < 0 && !!(g.answer && g.answer.winner && g.answer.winner.length > 0);
    $("kural-score-round").hidden = !!full;
    var fields = $("kural-score-fields");
    fields.textContent = "";
    if (FORMS[game.entry]) {
      if (formOf(game.entry)) {
        formOf(game.entry).deal(api, fields, sheet, values);
      } else {
        withForm(game.entry, function () {  // the same form, once its script is here; the focus on its first field if nowhere
          if (current() !== g || editing !== index) return;
          roundForm(index, values);
          if (document.activeElement === document.body) focusFirst(FIRST_FIELD);
        });
      }
    } else {
      game.fields.forEach(function (f) { genericField(fields, f, sheet.players, values ? values[f.name] : undefined); });
    }
  }
  function roundValue() {
    var game = gameOf(current().sheet.game);
    if (FORMS[game.entry]) return formOf(game.entry) ? formOf(game.entry).value(api) : (current().draft || {});
    var out = {};
    game.fields.forEach(function (f) { var v = genericValue(f); if (v !== undefined) out[f.name] = v; });
    return out;
  }
  // What is typed for the next round is kept too: a reload or a phone that sleeps loses nothing.
  function draft() {
    var g = current();
    if (!g || editing >= 0) return;
    g.draft = roundValue();
    save();
  }
  function submitRound(event) {
    event.preventDefault();
    var g = current(), id = store.current, base = g.rev;
    var sheet = clone(g.sheet);
    var value = roundValue();
    if (editing >= 0) sheet.played[editing] = value; else sheet.played.push(value);
    var wasEditing = editing;
    score(sheet).then(function (a) {
      if (!a) return;
      if (!commit(id, a, false, wasEditing < 0 ? value : null, base)) return;
      status(W.saved);
      // A new round: the next one's first field (or the table once the game is over); a changed one: its row.
      if (wasEditing < 0) focusFirst(FIRST_FIELD, "#kural-score-table-wrap");
      else focusFirst(rowButton(wasEditing), "#kural-score-table-wrap");
    });
  }
  function editRound(index) {
    roundForm(index);
    focusFirst(FIRST_FIELD);
  }
  function removeRound() {
    var g = current(), id = store.current, sheet = clone(g.sheet), base = g.rev;
    var removed = editing;
    sheet.played.splice(editing, 1);
    score(sheet).then(function (a) {
      if (a && commit(id, a, false, null, base)) { status(W.saved); focusFirst(rowButton(removed), rowButton(removed - 1), FIRST_FIELD, "#kural-score-table-wrap"); }
    });
  }
  function undo() {
    var g = current(), id = store.current;
    if (!g || !g.history.length) return;
    var previous = g.history[g.history.length - 1], base = g.rev;
    score(previous).then(function (a) {
      if (!a) return;
      g.history.pop();
      if (!commit(id, a, true, null, base)) return;
      status(W.undone);
      // The button stays focused while there is more to undo; then the round being entered.
      focusFirst("#kural-score-undo", FIRST_FIELD, "#kural-score-table-wrap");
    });
  }
  // The current sheet counted again by the engine and shown; `then`, if given, runs after it is shown.
  function recompute(then) {
    var g = current(), id = store.current;
    if (!g) return;
    score(g.sheet).then(function (a) {
      if (!a) { if (!g.answer && store.current === id) { store.current = ""; showList(); } return; }
      if (store.games[id] === g) { g.answer = a; keep(id); }  // else another tab's newer sheet is shown already
      Promise.resolve(store.current === id ? showSheet() : null).then(function () {
        if (then) then();
        handled();
      });
    });
  }

  // --- sharing: a link, a file, a table, paper -----------------------------------------------------------
  function fromBase64Url(text) {
    var bin = atob(String(text).replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  }
  // The link (kural-score-table.js: the sheet deflated, ?z=, or ?sheet=) and its QR code, the engine's.
  function share() {
    var sheet = current().sheet;
    drawer().then(function (draw) {
      return draw.share(sheet, W.copied, function (url) { return engine.ask(url, lang, "qr"); });
    }).then(handled, handled);
  }
  // The file and the table for a spreadsheet, written by kural-score-table.js.
  function fileName(ext) {
    var s = current().sheet;
    return "kural-" + s.game + "-" + new Date(current().updated).toISOString().slice(0, 10) + "." + ext;
  }
  function exportAs(ext) {
    var g = current();
    drawer().then(function (draw) {
      if (ext === "csv") draw.csv(fileName("csv"), g.answer, wordsOf(gameOf(g.sheet.game)));
      else draw.download(fileName("yaml"), g.answer.file, "text/yaml");
    });
  }
  function importFile() {
    var input = $("kural-score-import"), file = input.files && input.files[0];
    if (!file) return;
    input.value = "";
    if (file.size > 1000000) { showError(W.too_big); handled(); return; }
    file.text().then(function (text) {
      return score({ text: text, name: file.name }, "import");
    }).then(function (a) {
      if (a) { commit(newId(), a); status(fmt(W.imported, { name: file.name })); }
    });
  }
  function fromLink(encoded, packed) {
    history.replaceState(null, "", location.pathname);
    var text = packed ? drawer().then(function (draw) { return draw.inflate(encoded); })
      : Promise.resolve().then(function () { return fromBase64Url(encoded); });
    text.then(function (t) { return JSON.parse(t); }).catch(function () { return null; }).then(function (data) {
      if (!data || typeof data !== "object") { showError(W.failed); showList(); handled(); return; }
      score(data).then(function (a) {
        if (a) { commit(newId(), a); status(W.opened_link); } else showList();
      });
    });
  }

  // --- wiring --------------------------------------------------------------------------------------------
  $("kural-score-new").addEventListener("click", function () { showSetup(spec.games[0].key, []); });
  $("kural-score-game").addEventListener("change", function () { setupGame($("kural-score-game").value, []); });
  $("kural-score-more").addEventListener("click", function () {
    nameInputs($("kural-score-names").querySelectorAll("input").length + 1);
  });
  $("kural-score-fewer").addEventListener("click", function () {
    nameInputs($("kural-score-names").querySelectorAll("input").length - 1);
  });
  $("kural-score-setup").addEventListener("submit", startGame);
  $("kural-score-names").addEventListener("input", function () { if (window.KuralScoreDummy) window.KuralScoreDummy.dealers(api); });
  $("kural-score-variants").addEventListener("change", variantsChanged);
  $("kural-score-cancel-setup").addEventListener("click", function () {
    if (current()) { showSheet(); focusFirst(FIRST_FIELD, "#kural-score-table-wrap"); } else { showList(); focusFirst("#kural-score-new"); }
  });
  $("kural-score-round").addEventListener("submit", submitRound);
  $("kural-score-round").addEventListener("input", draft);
  $("kural-score-round").addEventListener("change", draft);
  $("kural-score-cancel-edit").addEventListener("click", function () {
    var was = editing;
    roundForm(-1, current().draft);
    focusFirst(rowButton(was), FIRST_FIELD);
  });
  $("kural-score-remove-round").addEventListener("click", removeRound);
  $("kural-score-undo").addEventListener("click", undo);
  $("kural-score-share").addEventListener("click", share);
  $("kural-score-export").addEventListener("click", function () { exportAs("yaml"); });
  $("kural-score-csv").addEventListener("click", function () { exportAs("csv"); });
  $("kural-score-print").addEventListener("click", function () { window.print(); });
  $("kural-score-back").addEventListener("click", function () { showList(); focusFirst("#kural-score-list button", "#kural-score-new"); });
  $("kural-score-import").addEventListener("change", importFile);
  $("kural-score-why-close").addEventListener("click", closeWhy);
  $("kural-score-why").addEventListener("keydown", function (e) { if (e.key === "Escape") { e.preventDefault(); closeWhy(); } });
  $("kural-score-why").setAttribute("tabindex", "-1");

  var params = new URLSearchParams(location.search);
  box.dataset.answers = "0";
  if (damaged) {
    var note = $("kural-score-damaged");
    note.textContent = fmt(W.damaged, { count: damaged });
    note.hidden = false;
  }
  if (params.get("z")) {
    fromLink(params.get("z"), true);
  } else if (params.get("sheet")) {
    fromLink(params.get("sheet"));
  } else if (params.get("game") && gameOf(params.get("game"))) {
    showSetup(params.get("game"), params.getAll("variant").join("+").split("+").filter(Boolean), params.get("ruleset"));
  } else if (current()) {
    showSheet();  // the last answer kept with the sheet, at once; then counted again by the engine
    recompute();
  } else {
    showList();
  }
  window.kuralScore = { store: function () { return store; } };
})();
