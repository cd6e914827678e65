// Kural: a game page as your table plays it. The house-rules panel (kural.site.pages.house) keeps the choice in the
// URL (?variant=A&variant=B, the contract in DESIGN.md), shows each chosen house rule's text where it replaces
// a rule, and has the rule engine of the checker (Pyodide, in the same Web Worker) judge every example of the
// page again under the chosen rules: the examples whose verdict changed are marked, with the standard
// verdict kept beside them. Nothing is loaded until a house rule is chosen.
(function () {
  "use strict";
  var panel = document.getElementById("house-rules");
  var specNode = document.getElementById("kural-house-spec");
  if (!panel || !specNode) return;
  var spec = JSON.parse(specNode.textContent);
  var W = spec.words;
  var form = document.getElementById("kural-house-form");
  var status = document.getElementById("kural-house-status");
  var bar = document.getElementById("kural-house-progress");
  var playing = document.getElementById("kural-house-playing");
  var shareLink = document.getElementById("kural-house-link");
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input[data-variant]"));
  // Which rules the page shows is said under its title, where a printed page or card begins too.
  var heading = document.querySelector(".md-content__inner h1");
  if (heading) heading.after(playing);
  var generation = 0;
  var originals = new Map();  // figure -> what the page showed under the standard rules

  var fmt = window.KuralEngine.format;
  // A named ruleset (?ruleset=NAME, the contract in DESIGN.md): its house rules are played and locked; house
  // rules on top are chosen as usual, those that clash with it refused with the reason.
  var rulesetName = new URLSearchParams(location.search).get("ruleset") || "standard";
  var ruleset = rulesetName !== "standard" ? (spec.rulesets || {})[rulesetName] : null;
  if (!ruleset) rulesetName = "standard";
  // The house rules chosen on top of the ruleset (what the address keeps as variant=).
  function chosen() { return inputs.filter(function (i) { return i.checked && !i.disabled; }).map(function (i) { return i.dataset.variant; }); }
  // Every house rule the page plays: the ruleset's and those on top.
  function played() { return (ruleset ? ruleset.variants : []).concat(chosen()); }
  function label(name) { return spec.names[name] || name; }

  // --- the choice: exclusions, the URL, the texts --------------------------------------------------------
  function exclusions(names) {
    inputs.forEach(function (input) {
      if (input.dataset.locked) return;  // the ruleset's own, or refused by it: fixed while it is chosen
      var why = null;
      names.forEach(function (n) { if (n !== input.dataset.variant && (spec.excluded[n] || {})[input.dataset.variant]) why = spec.excluded[n][input.dataset.variant]; });
      var note = input.parentNode.querySelector(".kural-house-why");
      if (why && !input.checked) {
        input.disabled = true;
        if (!note) { note = document.createElement("span"); note.className = "kural-house-why"; note.id = input.id + "-why"; input.parentNode.appendChild(note); }
        note.textContent = why;
        input.setAttribute("aria-describedby", note.id);
      } else {
        input.disabled = false;
        if (note) note.remove();
        input.removeAttribute("aria-describedby");
      }
    });
  }
  function keepInURL(names) {
    var url = new URL(location.href);
    url.searchParams.delete("variant");
    url.searchParams.delete("ruleset");
    if (ruleset) url.searchParams.set("ruleset", rulesetName);
    names.forEach(function (n) { url.searchParams.append("variant", n); });
    history.replaceState(history.state, "", url.href);
    shareLink.href = url.href;
    shareLink.parentNode.hidden = !names.length && !ruleset;
    // The puzzles are graded under the rules the page is read with: their links carry the same choice.
    document.querySelectorAll(".kural-puzzles-link a, .kural-practise a").forEach(function (a) {
      var to = new URL(a.getAttribute("href"), location.href);
      to.search = url.search;
      a.setAttribute("href", "puzzles/" + to.search + to.hash);
    });
  }
  function showTexts(names) {
    document.querySelectorAll(".kural-rule").forEach(function (rule) {
      var texts = rule.querySelectorAll(":scope > .kural-house-text");
      if (!texts.length) return;
      var any = false;
      texts.forEach(function (t) { var on = names.indexOf(t.dataset.variant) >= 0; t.hidden = !on; any = any || on; });
      var standard = rule.querySelector(":scope > .kural-text");
      if (standard) standard.hidden = any;
    });
  }
  // The numbers the standard rules state follow the chosen house rules (81 to open instead of 101).
  function showNumbers(names) {
    var values = {};
    names.forEach(function (n) { var v = spec.values[n] || {}; for (var k in v) values[k] = v[k]; });
    document.querySelectorAll(".kural-num").forEach(function (span) {
      if (span.dataset.standard === undefined) span.dataset.standard = span.textContent;
      var value = span.dataset.param in values ? values[span.dataset.param] : span.dataset.standard;
      span.textContent = value;
      span.classList.toggle("kural-num-changed", value !== span.dataset.standard);
    });
  }
  // The PDF card has the standard rules; with house rules chosen, the page prints as the table's card, and says
  // which rules it shows under its title.
  function offerCard(names) {
    var card = document.querySelector(".kural-card-link");
    var hint = document.getElementById("kural-house-print");
    if (card && names.length && !hint) {
      hint = document.createElement("span");
      hint.id = "kural-house-print";
      hint.appendChild(document.createTextNode(" " + W.card + " "));
      var button = document.createElement("button");
      button.type = "button";
      button.className = "md-button";
      button.id = "kural-print-card";
      button.textContent = W.print;
      button.addEventListener("click", function () { window.kuralCardMode(true); window.print(); });
      hint.appendChild(button);
      card.appendChild(hint);
    } else if (hint && !names.length) {
      hint.remove();
    }
    playing.hidden = !names.length;
    playing.textContent = names.length ? fmt(W.playing, { rules: (ruleset ? [ruleset.label] : []).concat(
      names.filter(function (n) { return !ruleset || ruleset.variants.indexOf(n) < 0; }).map(label)).join(" · ") }) : "";
  }

  // --- the engine ------------------------------------------------------------------------------------------
  var engine = window.KuralEngine(panel, function (m) { window.KuralEngine.showProgress(bar, m.value); });
  function ask(query) { return engine.ask(query, spec.lang); }
  function fail() {
    status.textContent = W.failed;
    panel.dataset.state = "failed";
  }

  // --- the examples ----------------------------------------------------------------------------------------
  function figures() {
    var out = Array.prototype.slice.call(document.querySelectorAll("figure.kural-example[data-check]"));
    document.querySelectorAll("template.kural-lazy").forEach(function (t) {
      out = out.concat(Array.prototype.slice.call(t.content.querySelectorAll("figure.kural-example[data-check]")));
    });
    // An example written for a house rule of its own shows that rule whatever the table chose.
    return out.filter(function (f) {
      var a = f.querySelector("a.kural-check-link");
      var href = originals.has(f) ? originals.get(f).href : a && a.getAttribute("href");
      return href && !new URL(href, location.href).searchParams.has("variant");
    });
  }
  function remember(fig) {
    if (!originals.has(fig)) {
      var a = fig.querySelector("a.kural-check-link");
      originals.set(fig, { figure: fig.querySelector(":scope > .kural-figure").outerHTML, actual: fig.dataset.actual,
                           href: a.getAttribute("href") });
    }
    return originals.get(fig);
  }
  function restore(fig) {
    var o = originals.get(fig);
    if (!o) return;
    var box = fig.querySelector(":scope > .kural-figure");
    box.outerHTML = o.figure;
    fig.dataset.actual = o.actual;
    fig.querySelector("a.kural-check-link").setAttribute("href", o.href);
    fig.classList.remove("kural-changed");
    delete fig.dataset.house;
    var note = fig.querySelector(".kural-changed-note");
    if (note) note.remove();
    var caption = fig.querySelector("figcaption .kural-caption");
    if (caption) caption.hidden = false;
  }
  function queryOf(href, names) {
    var q = {};
    new URL(href, location.href).searchParams.forEach(function (v, k) { (q[k] = q[k] || []).push(v); });
    q.variant = names.slice();
    if (ruleset) q.ruleset = [rulesetName];
    return q;
  }
  function mark(fig, o, r) {
    var box = fig.querySelector(":scope > .kural-figure");
    var note = document.createElement("div");
    note.className = "kural-changed-note";
    var p = document.createElement("p");
    p.className = "kural-changed-label";
    p.textContent = r.state === "done" ? W.changed : fmt(W.refused, { message: r.message });
    note.appendChild(p);
    var before = document.createElement("details");
    var sum = document.createElement("summary");
    sum.textContent = W.before;
    before.appendChild(sum);
    before.insertAdjacentHTML("beforeend", o.figure);  // the page's own figure, escaped when it was built
    // The example's caption explains the standard verdict: it goes with it, out of the changed example.
    var caption = fig.querySelector("figcaption .kural-caption");
    if (caption) { before.appendChild(caption.cloneNode(true)); caption.hidden = true; }
    note.appendChild(before);
    if (r.state === "done") {
      var holder = document.createElement("div");
      holder.innerHTML = r.html;  // the engine's figure: every piece of text in it is escaped by kural.figures
      box.replaceWith(holder.firstChild);
    }
    fig.prepend(note);
    fig.classList.add("kural-changed");
    fig.dataset.house = "changed";
  }

  function judge(names) {
    var mine = ++generation;
    var figs = figures();
    figs.forEach(restore);
    if (!names.length && !ruleset) {
      status.textContent = "";
      panel.dataset.state = "done";
      return;
    }
    if (document.querySelector("details.kural-more[data-examples]")) {
      // The page's examples are on their way (kural.js): the engine starts meanwhile, and judges them once in.
      panel.dataset.state = "loading";
      status.textContent = W.loading;
      engine.warm();
      document.addEventListener("kural:examples-ready", function () { if (mine === generation) judge(names); }, { once: true });
      return;
    }
    panel.dataset.state = engine.started() ? "judging" : "loading";
    status.textContent = engine.started() ? W.judging : W.loading;
    var changed = 0, left = figs.length;
    if (!left) { panel.dataset.state = "done"; return; }
    figs.forEach(function (fig) {
      var o = remember(fig);
      var href = o.href;
      ask(queryOf(href, names)).then(function (r) {
        if (mine !== generation) return;
        if (r.state === "failed") { fail(); return; }
        if (panel.dataset.state === "loading") { panel.dataset.state = "judging"; status.textContent = W.judging; }
        var link = fig.querySelector("a.kural-check-link");
        var url = new URL(href, location.href);
        if (ruleset) url.searchParams.set("ruleset", rulesetName);
        names.forEach(function (n) { url.searchParams.append("variant", n); });
        link.setAttribute("href", url.pathname + url.search);
        fig.dataset.actual = r.actual || "";
        if (r.state !== "done" || r.actual !== o.actual) { changed++; mark(fig, o, r); }
        else fig.dataset.house = "same";
        if (--left === 0) {
          status.textContent = fmt(W.judged, { n: figs.length, changed: changed });
          panel.dataset.state = "done";
        }
      });
    });
  }

  // --- the rules card for the table: this page printed as a card ------------------------------------------
  // The card's rules (spec.card: the categories the PDF card prints), as the table plays them: the chosen
  // house rules named at the top and their own rules instead of the ones they replace, the numbers that follow
  // them, how to play; nothing else.
  window.kuralCardMode = function (on) {
    var article = document.querySelector("article.md-content__inner") || document.querySelector(".md-content__inner");
    document.body.classList.toggle("kural-card-print", on);
    if (!article) return;
    article.querySelectorAll(".kural-card-skip").forEach(function (e) { e.classList.remove("kural-card-skip"); });
    if (!on) return;
    var names = played();
    var section = null;
    Array.prototype.forEach.call(article.children, function (e) {
      if (e.tagName === "H1" || e.id === "kural-house-playing") return;
      if (e.tagName === "H2") section = e.id;
      var keep = section === "how-to-play" || spec.card.indexOf(section) >= 0;
      var rule = e.classList.contains("kural-rule") ? e : (e.tagName === "H3" && e.nextElementSibling &&
        e.nextElementSibling.classList.contains("kural-rule") ? e.nextElementSibling : null);
      if (rule) {
        var replaced = names.some(function (n) { return rule.querySelector(':scope > .kural-house-text[data-variant="' + n + '"]'); });
        keep = rule.dataset.variant ? names.indexOf(rule.dataset.variant) >= 0 : keep && !replaced;
      } else if (e.tagName === "H2" && section === "variant") {
        keep = names.length > 0;
      }
      if (!keep) e.classList.add("kural-card-skip");
    });
  };
  window.addEventListener("afterprint", function () { window.kuralCardMode(false); });

  function apply() {
    exclusions(played());
    var names = chosen();
    keepInURL(names);
    var all = played();
    showTexts(all);
    showNumbers(all);
    offerCard(all);
    judge(names);
  }

  // --- the ruleset: its choice marked, what differs said, its house rules locked --------------------------
  var refused = [];
  if (ruleset) {
    document.querySelectorAll('#kural-rulesets a[data-ruleset]').forEach(function (a) {
      if (a.dataset.ruleset === rulesetName) a.setAttribute("aria-current", "true"); else a.removeAttribute("aria-current");
    });
    var diff = document.querySelector('.kural-ruleset-diff[data-ruleset="' + rulesetName + '"]');
    if (diff) diff.hidden = false;
    inputs.forEach(function (input) {
      var v = input.dataset.variant, why = null;
      if (ruleset.variants.indexOf(v) >= 0) {
        input.checked = true;
        why = fmt(W.ruleset_part, { name: ruleset.label });
      } else if (ruleset.clashes[v]) {
        input.checked = false;
        why = ruleset.clashes[v];
      } else {
        return;
      }
      input.disabled = true;
      input.dataset.locked = "1";
      var note = document.createElement("span");
      note.className = "kural-house-why";
      note.id = input.id + "-why";
      note.textContent = why;
      input.parentNode.appendChild(note);
      input.setAttribute("aria-describedby", note.id);
    });
    // A radio group whose choice the ruleset makes: its standard reading is not played either.
    inputs.forEach(function (input) {
      if (input.type !== "radio" || !input.dataset.locked || !input.checked) return;
      var std = form.querySelector('input[name="' + input.name + '"]:not([data-variant])');
      if (std) std.disabled = true;
    });
  }

  // --- start: the URL's choice, then every change ----------------------------------------------------------
  var wanted = new URLSearchParams(location.search).getAll("variant")
    .reduce(function (all, v) { return all.concat(v.split("+")); }, []);
  wanted.forEach(function (name) {
    var input = inputs.filter(function (i) { return i.dataset.variant === name; })[0];
    if (!input) return;
    if (ruleset && ruleset.variants.indexOf(name) >= 0) return;  // the ruleset plays it already
    if (ruleset && ruleset.clashes[name]) { refused.push(ruleset.clashes[name]); return; }
    var clash = chosen().filter(function (n) {
      var same = input.type === "radio" && inputs.some(function (i) { return i.dataset.variant === n && i.name === input.name; });
      return same || (spec.excluded[n] || {})[name];
    });
    if (clash.length) { refused.push((spec.excluded[clash[0]] || {})[name] || label(name)); return; }
    input.checked = true;
  });
  form.hidden = false;
  if (wanted.length || ruleset) {
    panel.open = true;
    apply();
    if (refused.length) {
      var alert = document.createElement("p");
      alert.className = "kural-error";
      alert.setAttribute("role", "alert");
      alert.textContent = refused.join(" ");
      status.parentNode.insertBefore(alert, status);
    }
  } else {
    panel.dataset.state = "done";
  }
  form.addEventListener("change", apply);
  // Opening the panel means a house rule is about to be chosen: start the engine meanwhile.
  panel.addEventListener("toggle", function () { if (panel.open) engine.warm(); });
  form.addEventListener("reset", function () { setTimeout(apply, 0); });
})();
