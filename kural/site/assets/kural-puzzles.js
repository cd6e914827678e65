/* The puzzle pages (kural/site/puzzles.py): draws a puzzle from the page's JSON, takes an answer (a word, a
   number, or a tapped tile), grades it against the engine's answer made when the site was built, and shows the
   engine's answer, the rules that decide it and a link into the checker. Progress stays in localStorage.
   Text is written with textContent only. */
(function () {
  "use strict";
  var root = document.getElementById("kural-puzzle");
  var specEl = document.getElementById("kural-puzzle-spec");
  if (!root || !specEl) return;
  var spec = JSON.parse(specEl.textContent);
  var w = spec.words, labels = spec.labels;
  var byPid = {}, drills = {};
  spec.puzzles.forEach(function (p, i) { p.i = i; byPid[p.p] = p; });
  spec.drills.forEach(function (d) { drills[d.key] = d; });
  var KEY = "kural-puzzles";
  var current = null;

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function fmt(s, values) { return s.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? values[k] : m; }); }
  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch (e) { return {}; }
  }
  function save(st) { try { localStorage.setItem(KEY, JSON.stringify(st)); } catch (e) { /* private mode */ } }
  function state() {
    var st = load();
    st.solved = st.solved || {}; st.missed = st.missed || {}; st.streak = st.streak || 0;
    return st;
  }

  var COLOURS = { R: 1, Y: 1, B: 1, K: 1 };
  var RANKS = { "11": "J", "12": "Q", "13": "K", "1": "A" };
  function okeyOf(ind) {
    if (!ind || !COLOURS[ind[0]]) return null;
    var n = parseInt(ind.slice(1), 10);
    return ind[0] + (n === 13 ? 1 : n + 1);
  }
  /* One piece, as kural/figures/draw.py draws it (tile_html, card_html). */
  function piece(tok, okey) {
    var label = labels[tok] || tok, s = el("span");
    s.setAttribute("role", "img");
    if (/^[RYBK]\d+$/.test(tok)) {
      s.className = "kt kt-" + tok[0]; s.textContent = tok.slice(1);
      if (tok === okey) { s.className += " kt-okey"; label += " (" + w.okey + ")"; }
    } else if (tok === "F") { s.className = "kt kt-F"; s.textContent = "\u2605"; }
    else if (tok === "J") { s.className = "kt kt-J"; s.textContent = "\u263a"; }
    else {
      var suit = tok.slice(-1), rank = tok.slice(0, -1);
      s.className = "kc kc-" + suit + (suit === "H" || suit === "D" ? " kc-red" : "");
      s.textContent = rank;
    }
    s.setAttribute("aria-label", label);
    return s;
  }
  function toks(text) { return String(text).trim().split(/\s+/).filter(Boolean); }
  function row(list, okey, pick) {
    var r = el("span", "kural-row" + (pick ? " kural-puzzle-rack" : ""));
    r.setAttribute("role", "group");
    list.forEach(function (t) {
      var p = piece(t, okey);
      if (pick) {
        var b = el("button", "kural-puzzle-piece");
        b.type = "button"; b.value = t; b.setAttribute("aria-label", p.getAttribute("aria-label"));
        p.removeAttribute("role"); p.removeAttribute("aria-label"); p.setAttribute("aria-hidden", "true");
        b.appendChild(p); b.addEventListener("click", function () { answer(t); });
        r.appendChild(b);
      } else r.appendChild(p);
    });
    return r;
  }
  function para(cls, child) { var p = el("p", cls); if (child) p.appendChild(child); return p; }

  function draw(p) {
    var d = drills[p.d], f = p.f, okey = okeyOf(f.indicator), pos = $("kural-puzzle-position");
    current = p;
    root.setAttribute("data-pid", p.p); root.setAttribute("data-state", "");
    $("kural-puzzle-drill").textContent = d.name;
    $("kural-puzzle-number").textContent = fmt(w.number, { n: parseInt(p.p.slice(-4), 10) });
    $("kural-puzzle-level").textContent = fmt(w.level, { level: p.l });
    $("kural-puzzle-q").textContent = d.question;
    pos.textContent = "";
    if (f.indicator) {
      var ip = para("kural-puzzle-ind"); ip.appendChild(el("small", "", w.indicator)); ip.appendChild(document.createTextNode(" "));
      ip.appendChild(row([f.indicator])); pos.appendChild(ip);
    }
    if (f.table) {
      pos.appendChild(el("p", "kural-puzzle-label", w.table));
      f.table.forEach(function (m) { pos.appendChild(para("", row(toks(m), okey))); });
      pos.appendChild(el("p", "kural-puzzle-label", w.rack));
    }
    pos.appendChild(para("", row(toks(f.tiles || f.cards || f.rack), okey, d.answer === "pick")));
    var box = $("kural-puzzle-answer");
    box.textContent = ""; box.hidden = false;
    if (d.answer === "choice") {
      var opts = el("p", "kural-puzzle-options");
      d.options.forEach(function (o) {
        var b = el("button", "md-button kural-puzzle-option", o.label);
        b.type = "button"; b.value = o.key;
        b.addEventListener("click", function () { answer(o.key); });
        opts.appendChild(b);
      });
      box.appendChild(opts);
    } else if (d.answer === "int") {
      var form = el("form", "kural-puzzle-form"), lab = el("label", "", w.answer), inp = el("input");
      inp.id = "kural-puzzle-input"; inp.type = "number"; inp.inputMode = "numeric"; inp.min = "0"; inp.required = true;
      lab.htmlFor = inp.id;
      var sub = el("button", "md-button md-button--primary", w.submit); sub.type = "submit";
      form.appendChild(lab); form.appendChild(document.createTextNode(" ")); form.appendChild(inp);
      form.appendChild(document.createTextNode(" ")); form.appendChild(sub);
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        if (inp.value.trim() !== "") answer(String(parseInt(inp.value, 10)));
      });
      box.appendChild(para("kural-puzzle-hint", document.createTextNode(d.hint)));
      box.appendChild(form);
    } else {
      box.appendChild(para("kural-puzzle-hint", document.createTextNode(d.hint)));
    }
    $("kural-puzzle-result").hidden = true;
    $("kural-puzzle-next").hidden = true; $("kural-puzzle-harder").hidden = true;
    $("kural-puzzle-link").href = "?p=" + p.p;
    progress();
  }

  function shown(d, value) {
    if (d.answer === "choice") {
      var o = d.options.filter(function (x) { return x.key === value; })[0];
      return document.createTextNode(o ? o.label : value);
    }
    if (d.answer === "pick") return row(toks(value), okeyOf(current.f.indicator));
    return el("strong", "", value);
  }

  function answer(given) {
    var p = current, d = drills[p.d];
    if (!p || root.getAttribute("data-state")) return;
    var right = p.a.indexOf(given) >= 0;
    root.setAttribute("data-state", right ? "right" : "wrong");
    root.setAttribute("data-given", given);
    var st = state();
    if (right) { st.solved[p.p] = 1; st.streak += 1; } else { st.missed[p.p] = 1; st.streak = 0; }
    save(st);
    Array.prototype.forEach.call(root.querySelectorAll(".kural-puzzle-answer button, .kural-puzzle-answer input, .kural-puzzle-piece"),
      function (b) { b.disabled = true; if (b.value === given) b.classList.add("kural-puzzle-given"); });
    var v = $("kural-puzzle-verdict");
    v.textContent = ""; v.className = "kural-puzzle-verdict kural-verdict " + (right ? "kural-ok" : "kural-no");
    v.appendChild(el("span", "", right ? "\u2713 " : "\u2717 ")).setAttribute("aria-hidden", "true");
    v.appendChild(document.createTextNode(right ? w.right : w.wrong));
    var eng = $("kural-puzzle-engine");
    eng.textContent = "";
    if (!right) { eng.appendChild(document.createTextNode(w.you + " ")); eng.appendChild(shown(d, given)); eng.appendChild(el("br")); }
    eng.appendChild(document.createTextNode(w.engine + " ")); eng.appendChild(shown(d, p.x));
    var rules = $("kural-puzzle-rules");
    rules.textContent = "";
    if (d.rules.length) {
      rules.appendChild(document.createTextNode(w.rules + " "));
      d.rules.forEach(function (r, i) {
        if (i) rules.appendChild(document.createTextNode(" · "));
        var a = el("a", "", fmt(w.rule, { id: r.id }) + (r.title ? " " + r.title : ""));
        a.href = "../#" + r.id; rules.appendChild(a);
      });
    }
    $("kural-puzzle-check").href = "../../check/?" + p.q;
    $("kural-puzzle-result").hidden = false;
    $("kural-puzzle-next").hidden = false;
    $("kural-puzzle-harder").hidden = !harder(p);
    progress();
    mark();
    $("kural-puzzle-next").focus();
  }

  function next(p) {
    var list = spec.puzzles, st = state();
    for (var k = 1; k <= list.length; k++) {
      var q = list[(p.i + k) % list.length];
      if (q.d === p.d && !st.solved[q.p]) return q;
    }
    return list[(p.i + 1) % list.length];
  }
  function harder(p) {
    var st = state(), list = spec.puzzles;
    for (var k = 1; k < list.length; k++) {
      var q = list[(p.i + k) % list.length];
      if (q.d === p.d && q.l > p.l && !st.solved[q.p]) return q;
    }
    return null;
  }
  function go(p) {
    draw(p);
    try { history.replaceState(null, "", "?p=" + p.p); } catch (e) { /* file: */ }
    root.scrollIntoView({ block: "start" });
    var first = root.querySelector(".kural-puzzle-answer button, .kural-puzzle-answer input, .kural-puzzle-piece");
    if (first) first.focus({ preventScroll: true });
  }
  function progress() {
    var st = state();
    $("kural-puzzle-progress").textContent = fmt(w.progress, {
      solved: Object.keys(st.solved).length, missed: Object.keys(st.missed).length, streak: st.streak });
  }
  function mark() {
    var st = state();
    Array.prototype.forEach.call(document.querySelectorAll("[data-puzzle]"), function (li) {
      var pid = li.getAttribute("data-puzzle").split(":")[1];
      li.classList.toggle("kural-puzzle-solved", !!st.solved[pid]);
      li.classList.toggle("kural-puzzle-missed", !st.solved[pid] && !!st.missed[pid]);
      var a = li.firstChild;
      if (a) a.title = st.solved[pid] ? w.solved : st.missed[pid] ? w.missed : "";
    });
  }

  $("kural-puzzle-next").addEventListener("click", function () { go(next(current)); });
  $("kural-puzzle-harder").addEventListener("click", function () { var h = harder(current); if (h) go(h); });
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("[data-puzzle] a");
    if (!a) return;
    var p = byPid[a.parentNode.getAttribute("data-puzzle").split(":")[1]];
    if (p) { e.preventDefault(); go(p); }
  });
  var want = new URLSearchParams(location.search).get("p");
  draw(byPid[want] || spec.puzzles[0]);
  mark();
})();
