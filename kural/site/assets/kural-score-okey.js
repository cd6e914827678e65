// Kural's score sheet, Okey's round form (loaded by kural-score.js when an Okey sheet needs it): who finished and
// how, who showed the indicator's twin, who declared a wrong finish; written as the engine reads a round
// ("show 4, 2 okey", "none"). Nothing here counts.
(function () {
  "use strict";
  var el, $, gameOf, wordsOf;
  function use(api) { el = api.el; $ = api.$; gameOf = api.gameOf; wordsOf = api.wordsOf; }
  // Okey: one round a line of the engine's notation ("show 4, 2 okey", "none"), entered as who did what.
  function okeyRound(fields, players, value) {
    var game = gameOf("okey"), W = wordsOf(game), parts = String(value || "none").split(",").map(function (x) { return x.trim().split(/\s+/); });
    var got = { out: "", how: "normal", show: "", wrong: "" };
    parts.forEach(function (w) {
      if (w[0] === "show" || w[0] === "wrong") got[w[0]] = w[1] || "";
      else if (/^\d+$/.test(w[0])) { got.out = w[0]; got.how = w[1] || "normal"; }
    });
    function seatSelect(key, label) {
      var p = el("p", { "class": "kural-score-row" });
      p.appendChild(el("label", { "for": "kural-okey-" + key }, label));
      var select = el("select", { id: "kural-okey-" + key });
      select.appendChild(el("option", { value: "" }, W.okey_nobody));
      players.forEach(function (name, i) { select.appendChild(el("option", { value: String(i + 1) }, name)); });
      select.value = got[key];
      p.appendChild(select);
      fields.appendChild(p);
      return select;
    }
    var out = seatSelect("out", W.okey_out);
    var set = el("fieldset", { "class": "kural-score-flags", id: "kural-okey-how" });
    set.appendChild(el("legend", {}, W.okey_how));
    game.finishes.forEach(function (f) {
      var id = "kural-okey-how-" + f.key;
      var input = el("input", { type: "radio", name: "okey-how", id: id, value: f.key });
      input.checked = f.key === got.how;
      var label = el("label", { "for": id, "class": "kural-score-pill" });
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + f.label));
      set.appendChild(label);
    });
    fields.appendChild(set);
    seatSelect("show", W.okey_show);
    seatSelect("wrong", W.okey_wrong);
    function sync() { set.hidden = !out.value; }
    out.addEventListener("change", sync);
    sync();
  }
  function okeyValue() {
    var parts = [];
    if ($("kural-okey-show").value) parts.push("show " + $("kural-okey-show").value);
    if ($("kural-okey-wrong").value) parts.push("wrong " + $("kural-okey-wrong").value);
    var out = $("kural-okey-out").value;
    if (out) parts.push(out + " " + document.querySelector("input[name=okey-how]:checked").value);
    else if (!parts.length) parts.push("none");
    return { results: parts.join(", ") };
  }
  function deal(api, fields, sheet, values) {
    use(api);
    okeyRound(fields, sheet.players, values ? values.results : "");
  }
  function value(api) {
    use(api);
    return okeyValue();
  }
  window.KuralScoreOkey = { deal: deal, value: value };
})();
