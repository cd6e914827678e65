/* The puzzle pages (kural/site/pages/puzzles.py): draws a puzzle from the page's JSON (positions only, no answers), takes
   an answer (a word, a number, or a tapped tile), and asks the engine in the page (kural-engine.js: the checker's
   worker, its small path first) for its verdict on the position under the rules the page is read with (?ruleset=, variant=);
   the reader's answer is graded against the engine's actual, and the engine's breakdown (the checker's figure and
   explanation), the rules that decide it and a link into the checker are shown. The engine starts when the reader
   first moves, taps or types on the page (or at once for a shared link to one puzzle); an answer given before it
   has loaded says so, with its progress. Progress stays in localStorage. Text is written with textContent only;
   the engine's figure is HTML whose every text is escaped by kural.figures. */
(function () {
  "use strict";
  var root = document.getElementById("kural-puzzle");
  var specEl = document.getElementById("kural-puzzle-spec");
  if (!root || !specEl || !window.KuralEngine) return;
  var spec = JSON.parse(specEl.textContent);
  var w = spec.words, labels = spec.labels;
  var byPid = {}, drills = {};
  spec.puzzles.forEach(function (p, i) { p.i = i; byPid[p.p] = p; });
  spec.drills.forEach(function (d) { drills[d.key] = d; });
  var KEY = "kural-puzzles";
  var current = null;
  window.kuralPuzzleTimings = [];  // ms from an answer to its verdict drawn, the engine loaded (the benchmark)
  window.kuralPuzzleEngineMs = [];  // of which the engine's own part (Python in the worker)

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  var fmt = window.KuralEngine.format;
  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch (e) { return {}; }
  }
  function save(st) { try { localStorage.setItem(KEY, JSON.stringify(st)); } catch (e) { /* private mode */ } }
  function state() {
    var st = load();
    st.solved = st.solved || {}; st.missed = st.missed || {}; st.streak = st.streak || 0;
    return st;
  }

  // --- the rules the page is read with: ?ruleset=NAME and variant=NAME (several, or "a+b"), as on the game pages --
  var params = new URLSearchParams(location.search);
  var ruleset = params.get("ruleset") || "";
  if (ruleset === "standard") ruleset = "";
  var variants = [];
  params.getAll("variant").forEach(function (v) {
    v.split("+").forEach(function (x) { x = x.trim(); if (x && x !== "standard" && variants.indexOf(x) < 0) variants.push(x); });
  });
  var rulesQuery = (ruleset ? [["ruleset", ruleset]] : []).concat(variants.map(function (v) { return ["variant", v]; }));
  function withRules(pid) {
    var q = new URLSearchParams(rulesQuery);
    if (pid) q.set("p", pid);
    return "?" + q.toString();
  }
  if (rulesQuery.length) {  // the page says which rules grade it (the positions are the standard's)
    var names = (ruleset ? [spec.rulesets[ruleset] || ruleset] : []).concat(variants.map(function (v) { return spec.variants[v] || v; }));
    $("kural-puzzle-std").textContent = fmt(w.under, { rules: names.join(" + ") });
    root.setAttribute("data-ruleset", ruleset || "standard");
    root.setAttribute("data-variants", variants.join(" "));
  }
  function rulesetLinks(pid) {
    Array.prototype.forEach.call(document.querySelectorAll(".kural-puzzle-rulesets [data-ruleset]"), function (a) {
      var name = a.getAttribute("data-ruleset");
      var q = new URLSearchParams(name === "standard" ? [] : [["ruleset", name]]);
      q.set("p", pid);
      a.href = "?" + q.toString();
      if (name === (ruleset || "standard") && !variants.length) a.setAttribute("aria-current", "true");
      else a.removeAttribute("aria-current");
    });
  }

  // --- the engine: started by the reader's first move on the page; its progress shown to an answer that waits ----
  // The first answer comes from the checker's small path (MicroPython, a tenth of Pyodide's bytes: seconds on a
  // phone, where Pyodide takes half a minute); Pyodide starts behind it and grades the later ones (a verdict on a
  // 21-tile rack in 10 ms against the small path's 95, python -m benchmarks puzzles). A drill the small path leaves
  // to Pyodide (Rummikub's best move) waits for Pyodide's start, and the page says why ("full").
  // answered[drill]: the engine has answered this drill's question here.
  var loadedPct = 0, waiting = null, answered = {}, full = false;
  var bar = $("kural-puzzle-loading"), wait = $("kural-puzzle-wait");
  var engine = window.KuralEngine(root, function (m) {
    loadedPct = Math.max(loadedPct, m.value);
    if (m.how === "full") full = true;
    if (waiting) showWaiting();
  });
  window.kuralPuzzleEngines = [];  // which engine graded each answer, "small" or "full" (the tests)
  window.kuralPuzzleLoaded = function () { return loadedPct >= 100; };  // Pyodide has started (the benchmark)
  function showWaiting() {
    window.KuralEngine.showProgress(bar, Math.min(99, loadedPct));
    wait.hidden = false;
    wait.textContent = full ? w.full : fmt(w.loading, { percent: Math.min(99, Math.round(loadedPct)) });
  }
  function warm() {
    ["pointermove", "pointerdown", "touchstart", "keydown", "focusin"].forEach(function (t) { document.removeEventListener(t, warm, true); });
    engine.warm("check", root.dataset.game);
  }
  ["pointermove", "pointerdown", "touchstart", "keydown", "focusin"].forEach(function (t) {
    document.addEventListener(t, warm, { capture: true, passive: true });
  });
  window.kuralPuzzleReady = function () {  // for the benchmark: resolves once the engine has answered the puzzle shown
    warm();
    var p = current;
    return engine.ask(asked(p), spec.lang).then(function (r) { if (r.state === "done") answered[p.d] = true; return r.engine || ""; });
  };

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
    waiting = null; wait.hidden = true; bar.hidden = true;
    root.removeAttribute("data-actual");
    rulesetLinks(p.p);
    $("kural-puzzle-next").hidden = true; $("kural-puzzle-harder").hidden = true;
    $("kural-puzzle-link").href = withRules(p.p);
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
  // The answers the engine's actual grades right: a tapped tile is right if it is one of the discards that finish.
  function accepted(d, actual) { return d.answer === "pick" ? toks(actual) : [actual]; }
  function asked(p) {
    var q = {};
    new URLSearchParams(p.q).forEach(function (v, k) { (q[k] = q[k] || []).push(v); });
    rulesQuery.forEach(function (kv) { (q[kv[0]] = q[kv[0]] || []).push(kv[1]); });
    return q;
  }

  function answer(given) {
    var p = current, d = drills[p.d];
    if (!p || root.getAttribute("data-state")) return;
    root.setAttribute("data-state", "grading");
    root.setAttribute("data-given", given);
    Array.prototype.forEach.call(root.querySelectorAll(".kural-puzzle-answer button, .kural-puzzle-answer input, .kural-puzzle-piece"),
      function (b) { b.disabled = true; if (b.value === given) b.classList.add("kural-puzzle-given"); });
    var loaded = !!answered[p.d], t0 = performance.now();
    waiting = p;
    if (!loaded) showWaiting();
    engine.ask(asked(p), spec.lang).then(function (r) {
      if (r.state === "done") answered[p.d] = true;
      full = false;
      window.kuralPuzzleEngines.push(r.engine || "");
      if (current !== p) return;  // another puzzle was opened meanwhile
      waiting = null;
      wait.hidden = true; bar.hidden = true;
      graded(p, d, given, r);
      if (r.ms !== undefined) window.kuralPuzzleEngineMs.push(r.ms);
      if (loaded) window.kuralPuzzleTimings.push(performance.now() - t0);
    });
  }

  function graded(p, d, given, r) {
    var v = $("kural-puzzle-verdict"), eng = $("kural-puzzle-engine"), fig = $("kural-puzzle-figure");
    v.textContent = ""; eng.textContent = ""; fig.textContent = "";
    $("kural-puzzle-breakdown").hidden = r.state !== "done";
    if (r.state !== "done") {  // the engine could not be loaded, or refuses these rules: nothing is graded
      root.setAttribute("data-state", "error");
      v.className = "kural-puzzle-verdict kural-error";
      v.textContent = r.state === "failed" ? w.failed : w.refused + " " + (r.message || "");
      v.setAttribute("role", "alert");
      $("kural-puzzle-result").hidden = false;
      return;
    }
    v.removeAttribute("role");
    var right = accepted(d, r.actual).indexOf(given) >= 0;
    root.setAttribute("data-state", right ? "right" : "wrong");
    root.setAttribute("data-actual", r.actual);
    var st = state();
    if (right) { st.solved[p.p] = 1; st.streak += 1; } else { st.missed[p.p] = 1; st.streak = 0; }
    save(st);
    v.className = "kural-puzzle-verdict kural-verdict " + (right ? "kural-ok" : "kural-no");
    v.appendChild(el("span", "", right ? "\u2713 " : "\u2717 ")).setAttribute("aria-hidden", "true");
    v.appendChild(document.createTextNode(right ? w.right : w.wrong));
    if (!right) { eng.appendChild(document.createTextNode(w.you + " ")); eng.appendChild(shown(d, given)); eng.appendChild(el("br")); }
    eng.appendChild(document.createTextNode(w.engine + " ")); eng.appendChild(shown(d, r.actual));
    // The engine's breakdown, drawn as the checker draws it: its figure, then its explanation in words.
    var box = el("div", "kural-example kural-check-figure");
    box.innerHTML = r.html;  // the engine's figure: every piece of text in it is escaped by kural.figures
    box.querySelectorAll(".kural-figure").forEach(function (f) { f.tabIndex = 0; f.setAttribute("role", "group"); f.setAttribute("aria-label", w.breakdown); });
    fig.appendChild(box);
    if (r.worded) fig.appendChild(el("p", "kural-explain", r.text));  // not the figure's words again, in a line
    var rules = $("kural-puzzle-rules");
    rules.textContent = "";
    // The rules whose examples the engine answered as it answers this puzzle, or else every rule asking this question.
    var deciding = (d.by && d.by[r.actual]) || d.rules;
    if (deciding.length) {
      rules.appendChild(document.createTextNode(w.rules + " "));
      deciding.forEach(function (rule, i) {
        if (i) rules.appendChild(document.createTextNode(" · "));
        var a = el("a", "", fmt(w.rule, { id: rule.id }) + (rule.title ? " " + rule.title : ""));
        a.href = "../" + withRules("").replace(/^\?$/, "") + "#" + rule.id; rules.appendChild(a);
      });
    }
    $("kural-puzzle-check").href = "../../check/?" + p.q + (rulesQuery.length ? "&" + new URLSearchParams(rulesQuery).toString() : "");
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
    try { history.replaceState(null, "", withRules(p.p)); } catch (e) { /* file: */ }
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
  var want = params.get("p");
  draw(byPid[want] || spec.puzzles[0]);
  mark();
  if (byPid[want]) warm();  // a link to one puzzle: the reader came to answer it
})();
