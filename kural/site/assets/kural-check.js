// Kural's checker page: a form drawn from the page's description of every example kind (generated from the
// engine's registry), the claim kept in the URL, and the verdict from the engine itself (kural.browser.answer),
// run by Pyodide in a Web Worker that starts only when a verdict is asked for.
(function () {
  "use strict";
  var box = document.getElementById("kural-checker");
  if (!box) return;
  var spec = JSON.parse(document.getElementById("kural-check-spec").textContent);
  var W = spec.words;
  var form = document.getElementById("kural-check-form");
  var gameSel = document.getElementById("kural-game");
  var kindSel = document.getElementById("kural-kind");
  var variantsBox = document.getElementById("kural-variants");
  var variantsCount = document.getElementById("kural-variants-count");
  var rulesetSel = document.getElementById("kural-ruleset");
  var fieldsBox = document.getElementById("kural-fields");
  var palette = document.getElementById("kural-palette");
  var verdict = document.getElementById("kural-verdict");
  var bar = document.getElementById("kural-progress");
  var share = document.getElementById("kural-share");
  var link = document.getElementById("kural-link");
  var asked = false, timer = null;
  var target = null;  // the pieces input the palette adds to
  window.kuralCheckTimings = [];  // [progress, ms since the worker started]: for the benchmark

  var fmt = window.KuralEngine.format;
  var el = window.KuralEngine.el;
  function game() { return spec.games.filter(function (g) { return g.key === gameSel.value; })[0] || spec.games[0]; }
  function kind() { var g = game(); return g.kinds.filter(function (k) { return k.key === kindSel.value; })[0] || g.kinds[0]; }

  // --- tokens: checked as soon as they are typed (the engine decides again when asked) -------------------
  var TILE = /^([RYBK])(\d{1,2})$/i, CARD = /^(A|[2-9]|10|J|Q|K)([SHDC])$/i;
  function tokenProblem(tok, pieces) {
    var t = tok.toUpperCase();
    if (t === "NONE") return null;
    if (pieces === "cards") {
      if (CARD.test(t)) return null;
      var suit = t.slice(-1), rank = t.slice(0, -1);
      return ("SHDC".indexOf(suit) < 0 && /^(A|J|Q|K|\d+)$/.test(rank)) ? "card_suit" : "card_rank";
    }
    if (t === "F" || t === "J") return null;
    var m = TILE.exec(t);
    if (m) { var n = +m[2]; return (n >= 1 && n <= 13) ? null : "tile_number"; }
    if (/^[RYBK]\d+$/.test(t)) return "tile_number";
    if (/^[A-Z]\d+$/.test(t)) return "tile_colour";
    return "tile_token";
  }
  function checkInput(input) {
    var msg = document.getElementById(input.getAttribute("aria-describedby"));
    var tokens = input.value.trim() ? input.value.trim().split(/\s+/) : [];
    var bad = null;
    for (var i = 0; i < tokens.length && !bad; i++) {
      var code = tokenProblem(tokens[i], input.dataset.kind);
      if (code) bad = fmt(W.bad_token, { token: tokens[i], field: input.dataset.label, detail: W[code] });
    }
    if (msg) msg.textContent = bad || "";
    if (bad) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
    return !bad;
  }
  function complete(input) {
    var list = document.getElementById(input.getAttribute("list"));
    if (!list) return;
    var text = input.value, cut = text.lastIndexOf(" ") + 1, head = text.slice(0, cut), part = text.slice(cut).toUpperCase();
    list.textContent = "";
    if (!part) return;
    paletteOf(input.dataset.kind).filter(function (p) { return p.t.indexOf(part) === 0 && p.t !== part; }).slice(0, 16).forEach(function (p) {
      list.appendChild(el("option", { value: head + p.t, label: p.l }));
    });
  }

  // --- the form -------------------------------------------------------------------------------------------
  var uid = 0;
  function piecesInput(f, label, value, placeholder) {
    var id = "kf-" + (++uid);
    var input = el("input", { type: "text", id: id, name: f.name, autocomplete: "off", autocapitalize: "characters",
      spellcheck: "false", "aria-describedby": id + "-msg", placeholder: placeholder || null });
    input.value = value || "";
    input.dataset.label = label;
    input.dataset.pieces = "1";
    input.dataset.kind = f.pieces;
    if (f.single) input.dataset.single = "1";
    input.setAttribute("list", id + "-list");
    var wrap = el("span", { class: "kural-input" });
    wrap.appendChild(input);
    wrap.appendChild(el("datalist", { id: id + "-list" }));
    wrap.appendChild(el("span", { class: "kural-field-msg", id: id + "-msg", "aria-live": "polite" }));
    input.addEventListener("focus", function () { setTarget(input); });
    input.addEventListener("input", function () { checkInput(input); complete(input); });
    return wrap;
  }
  function plainInput(f, value, placeholder, type) {
    var input = el("input", { type: type || "text", id: "kf-" + (++uid), name: f.name, autocomplete: "off",
      placeholder: placeholder || null, inputmode: type === "number" ? "numeric" : null });
    input.value = value || "";
    return input;
  }
  function listRow(f, list, value, placeholder) {
    var n = list.children.length + 1;
    var label = f.seat ? fmt(W.player, { n: n }) : fmt(W.row, { n: n });
    var row = el("div", { class: "kural-list-row" });
    var ctl = f.item === "pieces" ? piecesInput(f, f.label + " · " + label, value, placeholder) : plainInput(f, value, placeholder);
    var input = ctl.tagName === "INPUT" ? ctl : ctl.querySelector("input");
    if (f.chips) {
      input.addEventListener("focus", function () { list.lastRow = input; });
    }
    if (f.chips && f.tap) {  // a seat written as words and tiles: the picture of the set adds to it too
      input.dataset.tap = "1";
      input.dataset.kind = f.pieces;
      input.dataset.label = f.label + " · " + label;
      input.addEventListener("focus", function () { setTarget(input); });
    }
    row.appendChild(el("label", { for: input.id }, label));
    row.appendChild(ctl);
    var rm = el("button", { type: "button", class: "kural-remove", "aria-label": W.remove + " (" + label + ")" }, "×");
    rm.addEventListener("click", function () {
      row.remove();
      Array.prototype.forEach.call(list.children, function (r, i) {
        var l = f.seat ? fmt(W.player, { n: i + 1 }) : fmt(W.row, { n: i + 1 });
        r.querySelector("label").textContent = l;
        r.querySelector(".kural-remove").setAttribute("aria-label", W.remove + " (" + l + ")");
      });
      changed();
    });
    row.appendChild(rm);
    list.appendChild(row);
    return input;
  }
  function renderFields(values) {
    fieldsBox.textContent = "";
    target = null;
    var k = kind(), ex = k.example || {};
    document.getElementById("kural-kind-doc").textContent = k.doc;
    k.fields.forEach(function (f) {
      var given = values[f.name] || [], hint = ex[f.name] || [];
      var label = f.label + (f.required ? "" : " (" + W.optional + ")");
      var wrap;
      if (f.widget === "list") {
        wrap = el("fieldset", { class: "kural-field kural-list" + (f.seat ? " kural-seats" : "") });
        wrap.dataset.name = f.name;
        wrap.appendChild(el("legend", {}, label));
        var list = el("div", { class: "kural-list-rows" });
        if (f.chips) {
          var chips = el("p", { class: "kural-chips" });
          f.chips.forEach(function (c) {
            var b = el("button", { type: "button", class: "md-button", "data-word": c.t }, c.t + " · " + c.l);
            b.addEventListener("click", function () {
              var into = (list.lastRow && list.contains(list.lastRow)) ? list.lastRow : list.querySelector("input");
              if (!into) return;
              into.value = (into.value.trim() ? into.value.trim() + " " : "") + c.t;
              if (into.dataset.tap) setTarget(into);
              changed();
            });
            chips.appendChild(b);
          });
          wrap.appendChild(chips);
        }
        wrap.appendChild(list);
        var rows = Math.max(given.length, f.rows, f.seat ? hint.length : 0);
        for (var i = 0; i < rows; i++) listRow(f, list, given[i] || "", hint[i] || "");
        var add = el("button", { type: "button", class: "md-button kural-add" }, W.add + " · " + f.label);
        add.addEventListener("click", function () { listRow(f, list, "", "").focus(); changed(); });
        wrap.appendChild(add);
      } else {
        wrap = el("div", { class: "kural-field" });
        wrap.dataset.name = f.name;
        var ctl;
        if (f.widget === "pieces") ctl = piecesInput(f, f.label, given.join(" "), hint.join(" "));
        else if (f.widget === "int") ctl = plainInput(f, given[0] || "", hint[0] || "", "number");
        else if (f.widget === "bool") {
          ctl = el("input", { type: "checkbox", id: "kf-" + (++uid), name: f.name });
          ctl.checked = /^(true|yes|1|on)$/i.test(given[0] || "");
        } else if (f.widget === "enum") {
          ctl = el("select", { id: "kf-" + (++uid), name: f.name });
          if (!f.required) ctl.appendChild(el("option", { value: "" }, "—"));
          f.options.forEach(function (o, i) { ctl.appendChild(el("option", { value: o }, f.labels[i])); });
          if (given[0]) ctl.value = given[0];
        } else ctl = plainInput(f, given.join(" "), hint.join(" "));
        var input = ctl.tagName === "SPAN" ? ctl.querySelector("input") : ctl;
        wrap.appendChild(el("label", { for: input.id }, label));
        wrap.appendChild(ctl);
        if (f.widget === "bool") wrap.classList.add("kural-bool");
      }
      fieldsBox.appendChild(wrap);
    });
    fieldsBox.querySelectorAll("input[data-pieces]").forEach(function (i) { if (i.value) checkInput(i); });
    renderPalette();
  }
  function paletteOf(kind) { return kind === "cards" ? spec.cards : game().palette; }
  function setTarget(input) {
    var redraw = !target || target.dataset.kind !== input.dataset.kind;
    target = input;
    if (redraw) drawPieces(input.dataset.kind);
    var head = document.getElementById("kural-palette-head");
    if (head) head.textContent = fmt(W.palette, { field: input.dataset.label });
  }
  function renderPalette() {
    palette.textContent = "";
    var first = fieldsBox.querySelector("input[data-pieces], input[data-tap]");
    palette.hidden = !first;
    if (!first) return;
    var head = el("p", { id: "kural-palette-head", class: "kural-palette-head" });
    palette.appendChild(head);
    palette.setAttribute("aria-labelledby", "kural-palette-head");
    palette.appendChild(el("div", { class: "kural-palette-grid", id: "kural-palette-grid" }));
    var tools = el("p", { class: "kural-palette-tools" });
    var back = el("button", { type: "button", class: "md-button", "data-do": "back" }, "⌫ " + W.backspace);
    var clear = el("button", { type: "button", class: "md-button", "data-do": "clear" }, W.clear);
    tools.appendChild(back);
    tools.appendChild(clear);
    palette.appendChild(tools);
    setTarget(first);
  }
  function drawPieces(kind) {
    var grid = document.getElementById("kural-palette-grid");
    if (!grid) return;
    grid.textContent = "";
    var cards = kind === "cards";
    paletteOf(kind).forEach(function (p) {
      // Drawn as the pages draw a piece: the number as text, the colour's or suit's mark from kural.css.
      var face = cards ? p.t.slice(0, -1) : (p.t === "F" ? "★" : p.t === "J" ? "☺" : p.t.slice(1));
      var b = el("button", { type: "button", class: (cards ? "kc kc-" + p.c + ("HD".indexOf(p.c) >= 0 ? " kc-red" : "") : "kt kt-" + p.c),
        "aria-label": p.l, "data-t": p.t }, face);
      grid.appendChild(b);
    });
  }
  palette.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b || !target) return;
    var tokens = target.value.trim() ? target.value.trim().split(/\s+/) : [];
    if (b.dataset.t) tokens = target.dataset.single ? [b.dataset.t] : tokens.concat([b.dataset.t]);
    else if (b.dataset.do === "back") tokens.pop();
    else if (b.dataset.do === "clear") tokens = [];
    target.value = tokens.join(" ");
    if (target.dataset.pieces) checkInput(target);
    changed();
  });

  function fillSelects(q) {
    gameSel.textContent = "";
    spec.games.forEach(function (g) { gameSel.appendChild(el("option", { value: g.key }, g.name)); });
    if (q.game) gameSel.value = q.game;
    if (!gameSel.value) gameSel.value = spec.games[0].key;
    fillKinds(q);
  }
  function fillKinds(q) {
    var g = game();
    kindSel.textContent = "";
    g.kinds.forEach(function (k) { kindSel.appendChild(el("option", { value: k.key }, k.title)); });
    if (q.check) kindSel.value = q.check;
    if (!kindSel.value) kindSel.value = g.kinds[0].key;
    fillVariants((q.variant || []).reduce(function (all, v) { return all.concat(v.split("+")); }, []), (q.ruleset || [])[0]);
  }
  // House rules: one choice per rule that varies, as on the game pages (a checkbox, or radios with the
  // standard first when several house rules set the same rule). The engine refuses a combination it
  // cannot play, with its reason.
  function fillVariants(names, ruleset) {
    var g = game();
    // The named rulesets (?ruleset=NAME), the standard first; house rules go on top, the engine refuses a clash.
    rulesetSel.textContent = "";
    (g.rulesets || []).forEach(function (r) { rulesetSel.appendChild(el("option", { value: r.key }, r.label)); });
    rulesetSel.value = (g.rulesets || []).some(function (r) { return r.key === ruleset; }) ? ruleset : "standard";
    variantsBox.textContent = "";
    g.choices.forEach(function (c, i) {
      var choice = c.variants;
      var group = "kural-house-" + i;
      function option(v, type) {
        var row = el("div", { class: "kural-house-option" });
        var input = el("input", { type: type, id: group + "-" + v.key, name: group, value: v.key, "data-variant": v.key });
        if (names.indexOf(v.key) >= 0) input.checked = true;
        row.appendChild(input);
        row.appendChild(el("label", { for: input.id }, v.label));
        return row;
      }
      if (choice.length === 1) { variantsBox.appendChild(option(choice[0], "checkbox")); return; }
      var set = el("fieldset", { class: "kural-house-choice" });
      set.appendChild(el("legend", {}, c.legend || W.variant));
      var std = option({ key: "", label: W.standard }, "radio");
      std.querySelector("input").removeAttribute("data-variant");
      set.appendChild(std);
      choice.forEach(function (v) { set.appendChild(option(v, "radio")); });
      if (!set.querySelector("input:checked")) std.querySelector("input").checked = true;
      variantsBox.appendChild(set);
    });
    countVariants();
  }
  function chosenVariants() {
    return Array.prototype.map.call(variantsBox.querySelectorAll("input[data-variant]:checked"), function (i) { return i.dataset.variant; });
  }
  function countVariants() {
    var n = chosenVariants().length;
    var named = rulesetSel.value && rulesetSel.value !== "standard" ? rulesetSel.options[rulesetSel.selectedIndex].textContent : "";
    variantsCount.textContent = (named ? named + (n ? " + " : "") : "") + (n ? fmt(W.chosen, { n: n }) : (named ? "" : W.standard));
  }

  // --- the claim as a query (the URL) and back ------------------------------------------------------------
  function query() {
    var q = [["game", gameSel.value], ["check", kindSel.value]];
    if (rulesetSel.value && rulesetSel.value !== "standard") q.push(["ruleset", rulesetSel.value]);
    chosenVariants().forEach(function (v) { q.push(["variant", v]); });
    kind().fields.forEach(function (f) {
      var wrap = fieldsBox.querySelector('[data-name="' + f.name + '"]');
      if (!wrap) return;
      if (f.widget === "list") {
        var vals = Array.prototype.map.call(wrap.querySelectorAll(".kural-list-row input"), function (i) { return i.value.trim(); });
        if (!f.seat) vals = vals.filter(function (v) { return v; });
        if (vals.some(function (v) { return v; })) vals.forEach(function (v) { q.push([f.name, v]); });
      } else if (f.widget === "bool") {
        if (wrap.querySelector("input").checked) q.push([f.name, "true"]);
      } else {
        var c = wrap.querySelector("input, select"), v = c.value.trim().replace(/\s+/g, " ");
        if (v) q.push([f.name, v]);
      }
    });
    return q;
  }
  function asMap(pairs) {
    var m = {};
    pairs.forEach(function (p) { (m[p[0]] = m[p[0]] || []).push(p[1]); });
    return m;
  }
  function updateLink() {
    var params = new URLSearchParams();
    query().forEach(function (p) { params.append(p[0], p[1]); });
    var qs = params.toString();
    history.replaceState(history.state, "", location.pathname + (qs ? "?" + qs : ""));
    link.href = "?" + qs;
    link.textContent = location.href;
    share.hidden = false;
  }
  function changed() {
    updateLink();
    if (asked) { clearTimeout(timer); timer = setTimeout(function () { ask(asMap(query())); }, 350); }
  }

  // --- the engine -----------------------------------------------------------------------------------------
  var engine = window.KuralEngine(box, function (m) {
    window.KuralEngine.showProgress(bar, m.value);
    if (m.ms !== undefined) window.kuralCheckTimings.push([m.value, m.ms]);
    if (m.how === "full") {  // the small path could not answer: the page says why it waits longer
      var working = verdict.querySelector(".kural-working");
      if (working) working.textContent = W.full;
    } else if (m.how) window.kuralCheckStart = m.how;  // "fresh", or "snapshot" when resumed from the cache
  });
  function failed(r) {
    return r.state === "failed" ? { state: "error", actual: "", message: W.failed, html: "", text: "" } : r;
  }
  var latest = 0;
  function ask(q) {
    asked = true;
    var id = ++latest;
    verdict.dataset.state = "loading";
    verdict.setAttribute("aria-busy", "true");
    if (!verdict.firstChild) verdict.appendChild(el("p", { class: "kural-working" }, W.working));
    engine.ask(q, spec.lang).then(function (r) { if (id === latest) show(failed(r)); });
  }
  function show(r) {
    verdict.removeAttribute("aria-busy");
    verdict.textContent = "";
    fieldsBox.querySelectorAll("[aria-invalid]").forEach(function (i) { if (!i.dataset.pieces) i.removeAttribute("aria-invalid"); });
    if (r.state === "done") {
      var fig = el("div", { class: "kural-example kural-check-figure" });
      fig.innerHTML = r.html;  // the engine's figure: every piece of text in it is escaped by kural.site.figures
      // A wide figure scrolls sideways on a phone: it can then be reached and scrolled with the keyboard.
      fig.querySelectorAll(".kural-figure").forEach(function (f) { f.tabIndex = 0; f.setAttribute("role", "group"); f.setAttribute("aria-label", W.answer); });
      verdict.appendChild(fig);
      verdict.appendChild(el("p", { class: "kural-explain" }, r.text));
    } else {
      verdict.appendChild(el("p", { class: "kural-error", role: "alert" }, r.message));
      var wrap = r.field && fieldsBox.querySelector('[data-name="' + r.field + '"]');
      var input = wrap && wrap.querySelector("input, select");
      if (input && input.dataset.pieces && r.token) {
        var msg = document.getElementById(input.getAttribute("aria-describedby"));
        if (msg) msg.textContent = r.message;
        input.setAttribute("aria-invalid", "true");
      }
    }
    verdict.dataset.actual = r.actual || "";
    verdict.dataset.state = r.state;
  }
  // For tests and the benchmark: the engine in this page, without the form.
  // op "full": from Pyodide only (the tests hold the two paths equal).
  window.kuralCheck = function (q, op) {
    return engine.ask(q, (q.lang && q.lang[0]) || spec.lang, op).then(failed);
  };

  // --- start ----------------------------------------------------------------------------------------------
  var params = new URLSearchParams(location.search);
  var q = {};
  params.forEach(function (v, k) { (q[k] = q[k] || []).push(v); });
  var claimed = Object.keys(q).some(function (k) { return ["game", "check", "variant", "ruleset"].indexOf(k) < 0; });
  // a claim in the link: the engine starts before the form is drawn (the small path with its game's bundle)
  if (q.game && q.check && claimed) engine.warm("check", window.KuralEngine.gameOf(q, spec.games.map(function (g) { return g.key; })));
  fillSelects({ game: (q.game || [])[0], check: (q.check || [])[0], variant: q.variant, ruleset: q.ruleset });
  renderFields(q);
  form.hidden = false;
  gameSel.addEventListener("change", function () { fillKinds({}); renderFields({}); changed(); });
  kindSel.addEventListener("change", function () { renderFields({}); changed(); });
  variantsBox.addEventListener("change", function () { countVariants(); changed(); });
  rulesetSel.addEventListener("change", function () { countVariants(); changed(); });
  fieldsBox.addEventListener("input", changed);
  // A reader who starts filling in the form will ask for a verdict: start the engine while they type, so
  // the first verdict does not wait for Pyodide to load (the worker answers nothing to "warm").
  form.addEventListener("focusin", function () { engine.warm("check", form.elements.game ? form.elements.game.value : ""); });
  fieldsBox.addEventListener("change", changed);
  form.addEventListener("submit", function (e) { e.preventDefault(); updateLink(); ask(asMap(query())); });
  document.getElementById("kural-copy").addEventListener("click", function () {
    var done = function () { document.getElementById("kural-copied").textContent = W.copied; };
    if (navigator.clipboard) navigator.clipboard.writeText(location.href).then(done, done); else done();
  });
  if (q.game && q.check && claimed) {  // a claim in the link: its verdict; a game and a kind alone: the empty form
    link.href = location.search;
    link.textContent = location.href;
    share.hidden = false;
    ask(q);  // the link as given: the same verdict whoever opens it
  }
})();
