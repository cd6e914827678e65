// Kural's score sheet, Dummy's deal form (loaded by kural-score.js when a Dummy sheet needs it): a deal entered by
// its end, the way a table keeps it (kural.games.dummy.ends: "end", "seats", "head"), or play by play as the recorded
// deal (the score example's own fields). Each seat's line is written as the engine reads it:
// "melds CARDS|POINTS hand CARDS|SUM +RULE ...". Nothing here counts: the engine scores what is entered.
(function () {
  "use strict";
  var el, fmt, $, gameOf, wordsOf, genericField, genericValue, chooser, draft, current;
  // The game as the page describes it, with this form's own description and words (written into this script
  // in the page's language when the site is built: kural.site.pages.score.dummy_script).
  function dummyGame() {
    var own = window.KuralScoreDummySpec || {}, game = {}, W = {};
    [gameOf("dummy"), own].forEach(function (o) { Object.keys(o).forEach(function (k) { game[k] = o[k]; }); });
    [wordsOf(game), own.words || {}].forEach(function (o) { Object.keys(o).forEach(function (k) { W[k] = o[k]; }); });
    game.W = W;
    return game;
  }
  function use(api) {
    el = api.el; fmt = api.fmt; $ = api.$; gameOf = api.gameOf; wordsOf = api.wordsOf; genericField = api.genericField;
    genericValue = api.genericValue; chooser = api.chooser; draft = api.draft; current = api.current;
  }
  function dummySeatParts(text) {
    var got = { melds: "", hand: "", events: [] }, key = null;
    String(text || "").trim().split(/\s+/).forEach(function (w) {
      if (!w) return;
      if (w === "melds" || w === "hand") { key = w; return; }
      if (w.charAt(0) === "+") { got.events.push(w.slice(1)); key = null; return; }
      if (key) got[key] = (got[key] ? got[key] + " " : "") + w;
    });
    return got;
  }
  function deal(api, fields, sheet, values) {
    var game = dummyGame(), W = game.W, players = sheet.players;
    var chosen = sheet.variants || [];
    var uses = function (names) { return (names || []).some(function (v) { return chosen.indexOf(v) >= 0; }); };
    var byPlays = !!(values && values.plays);
    var a = current().answer || {};
    var n = api.editing() >= 0 ? api.editing() : sheet.played.length;
    var dealer = (a.dealers || [])[n];
    if (dealer) fields.appendChild(el("p", { "class": "kural-score-note", id: "kural-dummy-dealer" }, fmt(W.dealt_by, { name: players[dealer - 1] })));
    // play by play (a recorded deal) or by its end: a choice, the end first
    var mode = el("fieldset", { "class": "kural-score-flags", id: "kural-dummy-mode" });
    mode.appendChild(el("legend", {}, W.dummy_mode));
    [["end", W.dummy_by_end], ["plays", W.dummy_by_plays]].forEach(function (m) {
      var input = el("input", { type: "radio", name: "dummy-mode", id: "kural-dummy-mode-" + m[0], value: m[0] });
      input.checked = (m[0] === "plays") === byPlays;
      var label = el("label", { "for": input.id, "class": "kural-score-pill" });
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + m[1]));
      mode.appendChild(label);
    });
    fields.appendChild(mode);
    var plays = el("div", { id: "kural-dummy-plays" });
    game.fields.forEach(function (f) { genericField(plays, f, players, byPlays ? values[f.name] : undefined); });
    var end = el("div", { id: "kural-dummy-end" });
    var words = String(values && values.end || "stock").toLowerCase().split(/\s+/);
    var knocker = words[0] === "knock" ? String(words[1] || "").replace(/^p/, "") : "";
    var how = words.slice(2).filter(function (w) { return w !== "speto" && w !== "plain"; }).join("_") || "plain";
    var row = el("p", { "class": "kural-score-row" });
    row.appendChild(el("label", { "for": "kural-dummy-ended" }, W.dummy_ended));
    var ended = el("select", { id: "kural-dummy-ended" });
    players.forEach(function (name, i) { ended.appendChild(el("option", { value: String(i + 1) }, fmt(W.dummy_knocked, { name: name }))); });
    ended.appendChild(el("option", { value: "" }, W.dummy_stock));
    ended.value = knocker;
    row.appendChild(ended);
    end.appendChild(row);
    var hows = el("fieldset", { "class": "kural-score-flags", id: "kural-dummy-how" });
    hows.appendChild(el("legend", {}, W.dummy_how));
    game.knocks.forEach(function (k) {
      var input = el("input", { type: "radio", name: "dummy-how", id: "kural-dummy-how-" + k.key, value: k.key });
      input.checked = k.key === how;
      var label = el("label", { "for": input.id, "class": "kural-score-pill" });
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + k.label));
      hows.appendChild(label);
    });
    if (uses(game.speto_knock)) {
      var speto = el("input", { type: "checkbox", id: "kural-dummy-speto" });
      speto.checked = words.indexOf("speto") >= 0;
      var sl = el("label", { "for": "kural-dummy-speto", "class": "kural-score-pill" });
      sl.appendChild(speto);
      sl.appendChild(document.createTextNode(" " + W.dummy_speto));
      hows.appendChild(sl);
    }
    end.appendChild(hows);
    if (uses(game.speto_head)) {
      var hp = el("p", { "class": "kural-score-row" });
      hp.appendChild(el("label", { "for": "kural-dummy-head" }, W.dummy_head));
      var head = el("input", { type: "text", id: "kural-dummy-head", autocomplete: "off", autocapitalize: "characters",
        spellcheck: "false", maxlength: "3", "class": "kural-score-short", placeholder: "2C" });
      head.value = values && values.head ? values.head : "";
      hp.appendChild(head);
      end.appendChild(hp);
    }
    var events = game.events.filter(function (e) { return !e.variants || uses(e.variants); });
    players.forEach(function (name, i) {
      var parts = dummySeatParts(values && values.seats ? values.seats[i] : "");
      var set = el("fieldset", { "class": "kural-score-seat", "data-dummy-seat": String(i + 1) });
      set.appendChild(el("legend", {}, name));
      [["melds", W.dummy_melds], ["hand", W.dummy_hand]].forEach(function (f) {
        var p = el("p", { "class": "kural-score-tiles", "data-part": f[0] });
        var id = "kural-dummy-" + i + "-" + f[0];
        p.appendChild(el("label", { "for": id }, f[1]));
        var input = el("input", { type: "text", id: id, autocomplete: "off", autocapitalize: "characters",
          spellcheck: "false", placeholder: W.dummy_cards_help });
        input.value = parts[f[0]];
        p.appendChild(input);
        set.appendChild(p);
      });
      var pens = el("div", { "class": "kural-score-pens" });
      var pid = "kural-dummy-" + i + "-event";
      pens.appendChild(el("label", { "for": pid }, W.dummy_events));
      var select = el("select", { id: pid });
      select.appendChild(el("option", { value: "" }, W.dummy_add_event));
      var label = {};
      events.forEach(function (e) {
        if (e.owner) {
          players.forEach(function (other, j) {
            if (j === i) return;
            var key = e.rule + "@" + (j + 1);
            label[key] = e.rule + " · " + e.title + " · " + fmt(W.dummy_on_meld, { name: other });
            select.appendChild(el("option", { value: key }, label[key]));
          });
        } else {
          label[String(e.rule)] = e.rule + " · " + e.title;
          select.appendChild(el("option", { value: String(e.rule) }, label[String(e.rule)]));
        }
      });
      var chips = el("span", { "class": "kural-score-chips" });
      function chip(key) {
        var b = el("button", { type: "button", "class": "md-button kural-score-chip", "data-event": key,
          "aria-label": fmt(W.remove_penalty, { name: label[key] || key }) }, "+" + (label[key] || key) + " ✕");
        b.addEventListener("click", function () { b.remove(); draft(); select.focus(); });
        chips.appendChild(b);
      }
      chooser(select, chip);  // as Okey 101's penalties: the keyboard adds the event shown by Enter or on leaving
      parts.events.forEach(chip);
      pens.appendChild(select);
      pens.appendChild(chips);
      set.appendChild(pens);
      end.appendChild(set);
    });
    fields.appendChild(end);
    fields.appendChild(plays);
    function sync() {
      var recorded = $("kural-dummy-mode-plays").checked;
      end.hidden = recorded;
      plays.hidden = !recorded;
      hows.hidden = !ended.value;
      // the knocker holds no cards: no box for them
      Array.prototype.forEach.call(end.querySelectorAll("[data-dummy-seat]"), function (set) {
        set.querySelector("[data-part='hand']").hidden = set.dataset.dummySeat === ended.value;
      });
    }
    mode.addEventListener("change", sync);
    ended.addEventListener("change", sync);
    sync();
  }
  function value() {
    var game = dummyGame();
    if ($("kural-dummy-mode-plays").checked) {
      var out = {};
      game.fields.forEach(function (f) { var v = genericValue(f); if (v !== undefined) out[f.name] = v; });
      return out;
    }
    var knocker = $("kural-dummy-ended").value, end = "stock";
    if (knocker) {
      var how = document.querySelector("input[name=dummy-how]:checked");
      end = "knock " + knocker + (how && how.value !== "plain" ? " " + how.value.replace("_", " ") : "");
      if ($("kural-dummy-speto") && $("kural-dummy-speto").checked) end += " speto";
    }
    var seats = Array.prototype.map.call(document.querySelectorAll("[data-dummy-seat]"), function (set, i) {
      var words = [];
      var melds = $("kural-dummy-" + i + "-melds").value.trim().replace(/[,;]+/g, " ").replace(/\s+/g, " ");
      var hand = $("kural-dummy-" + i + "-hand").value.trim().replace(/[,;]+/g, " ").replace(/\s+/g, " ");
      if (melds) words.push("melds " + melds);
      if (hand && String(i + 1) !== knocker) words.push("hand " + hand);
      Array.prototype.forEach.call(set.querySelectorAll("[data-event]"), function (b) { words.push("+" + b.dataset.event); });
      return words.join(" ");
    });
    var value = { end: end, seats: seats };
    if ($("kural-dummy-head") && $("kural-dummy-head").value.trim()) value.head = $("kural-dummy-head").value.trim().toUpperCase();
    return value;
  }
  // Who deals first, in the new game's form: a seat, named as its player is being named; its label and note.
  function dealers() {
    var select = $("kural-score-dealer"), was = select.value || "1", W = dummyGame().W;
    $("kural-score-dealer-label").textContent = W.dealer;
    $("kural-score-dealer-note").textContent = W.dealer_note;
    select.textContent = "";
    Array.prototype.forEach.call($("kural-score-names").querySelectorAll("input"), function (input, i) {
      select.appendChild(el("option", { value: String(i + 1) }, input.value.trim() || fmt(W.player_n, { n: i + 1 })));
    });
    select.value = select.querySelector("option[value='" + was + "']") ? was : "1";
  }
  window.KuralScoreDummy = {
    dealers: function (api) { use(api); dealers(); },
    deal: function (api, fields, sheet, values) { use(api); deal(api, fields, sheet, values); },
    value: function (api) { use(api); return value(); }
  };
})();
