// Kural's score sheet, Okey 101's round form (loaded by kural-score.js when an Okey 101 sheet needs it): the
// indicator, then each seat: finished (and how), or the tiles left on the rack (or their sum), and the penalties,
// each by its rule. Each seat's line is written as the engine reads it ("melds R5 R6 +702"); nothing here counts.
(function () {
  "use strict";
  var el, fmt, $, gameOf, wordsOf, chooser, draft;
  function use(api) {
    el = api.el; fmt = api.fmt; $ = api.$; gameOf = api.gameOf; wordsOf = api.wordsOf; chooser = api.chooser; draft = api.draft;
  }
  function okeySeat(fields, i, name, seat) {
    var game = gameOf("okey101"), W = wordsOf(game);
    var words = String(seat || "melds").trim().split(/\s+/);
    var state = ["out", "melds", "pairs", "closed"].indexOf(words[0]) >= 0 ? words[0] : "melds";
    var set = el("fieldset", { "class": "kural-score-seat", "data-seat": String(i + 1) });
    set.appendChild(el("legend", {}, fmt(W.seat, { name: name })));
    var states = el("div", { "class": "kural-score-states", role: "radiogroup", "aria-label": fmt(W.seat, { name: name }) });
    game.states.forEach(function (s) {
      var id = "kural-seat-" + i + "-" + s.key;
      var input = el("input", { type: "radio", name: "seat-" + i, id: id, value: s.key });
      input.checked = s.key === state;
      var label = el("label", { "for": id, "class": "kural-score-pill" });
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + s.label));
      states.appendChild(label);
    });
    set.appendChild(states);
    var flags = el("div", { "class": "kural-score-flags", role: "group", "aria-label": W.out_how });
    game.flags.forEach(function (f) {
      var id = "kural-seat-" + i + "-flag-" + f.key;
      var input = el("input", { type: "checkbox", id: id, value: f.key, "data-flag": f.key });
      input.checked = state === "out" && words.indexOf(f.key) > 0;
      var label = el("label", { "for": id, "class": "kural-score-pill" });
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + f.label));
      flags.appendChild(label);
    });
    set.appendChild(flags);
    var tilesRow = el("p", { "class": "kural-score-tiles" });
    var tid = "kural-seat-" + i + "-tiles";
    tilesRow.appendChild(el("label", { "for": tid }, W.tiles));
    var tiles = el("input", { type: "text", id: tid, autocomplete: "off", autocapitalize: "characters", spellcheck: "false",
      placeholder: W.tiles_help, "data-tiles": "1" });
    tiles.value = state === "out" ? "" : words.slice(1).filter(function (w) { return w.charAt(0) !== "+"; }).join(" ");
    tilesRow.appendChild(tiles);
    set.appendChild(tilesRow);
    var pens = el("div", { "class": "kural-score-pens" });
    var pid = "kural-seat-" + i + "-pen";
    pens.appendChild(el("label", { "for": pid }, W.penalties));
    var select = el("select", { id: pid });
    select.appendChild(el("option", { value: "" }, W.add_penalty));
    game.penalties.forEach(function (p) { select.appendChild(el("option", { value: String(p.rule) }, p.rule + " · " + p.title)); });
    var chips = el("span", { "class": "kural-score-chips", "data-penalties": "1" });
    function chip(rule) {
      var title = (game.penalties.filter(function (p) { return String(p.rule) === String(rule); })[0] || {}).title || rule;
      var b = el("button", { type: "button", "class": "md-button kural-score-chip", "data-rule": String(rule),
        "aria-label": fmt(W.remove_penalty, { name: rule + " · " + title }) }, "+" + rule + " " + title + " ✕");
      b.addEventListener("click", function () { b.remove(); draft(); select.focus(); });
      chips.appendChild(b);
    }
    chooser(select, chip);
    words.forEach(function (w) { if (/^\+\d+$/.test(w)) chip(w.slice(1)); });
    pens.appendChild(select);
    pens.appendChild(chips);
    set.appendChild(pens);
    function sync() {
      var out = set.querySelector("input[type=radio]:checked").value === "out";
      flags.hidden = !out;
      tilesRow.hidden = out;
    }
    states.addEventListener("change", sync);
    sync();
    fields.appendChild(set);
  }
  function okeySeatValue(set) {
    var state = set.querySelector("input[type=radio]:checked").value;
    var words = [state];
    if (state === "out") {
      Array.prototype.forEach.call(set.querySelectorAll("input[data-flag]:checked"), function (f) { words.push(f.value); });
    } else {
      var tiles = set.querySelector("input[data-tiles]").value.trim();
      if (tiles) words.push(tiles.replace(/[,;]+/g, " ").replace(/\s+/g, " "));
    }
    Array.prototype.forEach.call(set.querySelectorAll("[data-rule]"), function (b) { words.push("+" + b.dataset.rule); });
    return words.join(" ");
  }
  function deal(api, fields, sheet, values) {
    use(api);
    var W = wordsOf(gameOf("okey101"));
    var p = el("p", { "class": "kural-score-row" });
    p.appendChild(el("label", { "for": "kural-score-indicator" }, W.indicator));
    var ind = el("input", { type: "text", id: "kural-score-indicator", autocomplete: "off", autocapitalize: "characters",
      spellcheck: "false", placeholder: W.indicator_help, maxlength: "4", "class": "kural-score-short" });
    ind.value = values && values.indicator ? values.indicator : "";
    p.appendChild(ind);
    fields.appendChild(p);
    sheet.players.forEach(function (name, i) { okeySeat(fields, i, name, values && values.seats ? values.seats[i] : ""); });
  }
  function value(api) {
    use(api);
    return { indicator: $("kural-score-indicator").value.trim(),
             seats: Array.prototype.map.call(document.querySelectorAll(".kural-score-seat[data-seat]"), okeySeatValue) };
  }
  window.KuralScoreOkey101 = { deal: deal, value: value };
})();
