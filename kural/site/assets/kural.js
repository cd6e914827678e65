// Kural: carry the rule anchor (#401) across the language switcher.
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("a.kural-alt");
  if (link && window.location.hash) {
    link.setAttribute("href", link.getAttribute("href").split("#")[0] + window.location.hash);
  }
}, true);

// A rule's examples are not in the game page (a phone parses it sooner without them): they arrive once the page
// has loaded, from one file beside it (data-examples: examples.html, a <template> per rule, kural.site.pages.game), and
// each waits in its fold until the fold is opened; then it joins the page, and "kural:examples" tells other
// scripts (the checker links, the house rules) that new examples are there. When every fold has its examples,
// <html data-kural-examples="ready"> and "kural:examples-ready" say so (the house rules judge them then).
(function () {
  var root = document.documentElement;
  var pending = null;  // the file's fetch, while it is on its way

  function waiting() { return document.querySelectorAll("details.kural-more[data-examples]"); }

  // The file's templates, each into the fold of its rule (before the keywords and sources), once.
  function place(text) {
    var folds = waiting();
    if (!folds.length) return;
    var doc = new DOMParser().parseFromString(text, "text/html");
    var byRule = {};
    var all = doc.querySelectorAll("template[data-rule-id]");
    for (var i = 0; i < all.length; i++) byRule[all[i].getAttribute("data-rule-id")] = all[i];
    for (i = 0; i < folds.length; i++) {
      var fold = folds[i];
      var t = byRule[fold.getAttribute("data-rule-id")];
      fold.removeAttribute("data-examples");
      if (!t) continue;
      t = document.adoptNode(t);
      t.removeAttribute("data-rule-id");
      t.className = "kural-lazy";
      fold.insertBefore(t, fold.querySelector("summary").nextSibling);
      if (fold.open) unpack(fold);
    }
    root.setAttribute("data-kural-examples", "ready");
    document.dispatchEvent(new CustomEvent("kural:examples-ready"));
  }

  // The examples, fetched once (again after a failure, when asked again or back online): a promise.
  function fetchExamples() {
    var folds = waiting();
    if (!folds.length) return Promise.resolve();
    if (!pending) {
      var url = folds[0].getAttribute("data-examples");
      root.setAttribute("data-kural-examples", "loading");
      pending = fetch(url).then(function (r) {
        if (!r.ok) throw new Error(url + ": " + r.status);
        return r.text();
      }).then(function (text) {
        // Not before the page's own load: its stylesheets are there by then, and the load comes sooner.
        return new Promise(function (done) {
          if (document.readyState === "complete") done(text);
          else window.addEventListener("load", function () { done(text); });
        });
      }).then(place, function (error) {
        pending = null;
        root.setAttribute("data-kural-examples", "failed");
        throw error;
      });
    }
    return pending;
  }
  window.addEventListener("load", function () { fetchExamples().catch(function () {}); });
  window.addEventListener("online", function () { fetchExamples().catch(function () {}); });

  function unpack(details) {
    if (details.hasAttribute("data-examples")) {  // not arrived yet: they join the open folds when they do
      fetchExamples().catch(function () {});
      return;
    }
    var templates = details.querySelectorAll("template.kural-lazy");
    for (var i = 0; i < templates.length; i++) {
      templates[i].replaceWith(templates[i].content);
    }
    if (templates.length) {
      document.dispatchEvent(new CustomEvent("kural:examples", { detail: details }));
    }
  }
  document.addEventListener("toggle", function (event) {
    var d = event.target;
    if (d.tagName === "DETAILS" && d.open && d.classList.contains("kural-more")) unpack(d);
  }, true);

  // Open every fold (for printing, and for scripts that need every example): at once with the examples that are
  // there; the promise it returns is kept once every fold has its examples.
  function openAll() {
    var all = document.querySelectorAll("details.kural-more");
    for (var i = 0; i < all.length; i++) { unpack(all[i]); all[i].open = true; }
  }
  window.kuralOpenAll = function () {
    openAll();
    return fetchExamples().then(openAll);
  };
  // Printing cannot wait for a fetch: if the examples are still on their way, they are read at once.
  window.addEventListener("beforeprint", function () {
    var folds = waiting();
    if (folds.length) {
      try {
        var xhr = new XMLHttpRequest();
        xhr.open("GET", folds[0].getAttribute("data-examples"), false);
        xhr.send();
        if (xhr.status === 200) place(xhr.responseText);
      } catch (e) { /* printed without them, as without a network */ }
    }
    openAll();
  });
  // The legend of the pictures prints open too.
  window.addEventListener("beforeprint", function () {
    var legends = document.querySelectorAll("details.kural-legend");
    for (var i = 0; i < legends.length; i++) legends[i].open = true;
  });

  // While the page loads, a rule out of view is neither styled nor laid out (content-visibility: auto, kural.css):
  // the theme's scripts restyle the whole page a few times as they start, and on a slow phone each restyle then
  // costs the rules in view, not all of them. Once the page has loaded, the rules are drawn, a few at a time
  // when the phone is idle, so that all of the page is there as before (for screen readers, which skip what is
  // not drawn, for finding, copying and reading it); <html data-kural-drawn> says when every rule is.
  function drawRules() {
    var rules = document.querySelectorAll(".kural-rule"), next = 0;
    var later = window.requestIdleCallback || function (f) { return setTimeout(f, 16); };
    function some(deadline) {
      var stop = next + 6;
      for (; next < rules.length && next < stop; next++) rules[next].style.contentVisibility = "visible";
      if (next < rules.length) later(some, { timeout: 300 });
      else root.setAttribute("data-kural-drawn", "");
    }
    later(some, { timeout: 300 });
  }
  if (document.readyState === "complete") drawRules();
  else window.addEventListener("load", drawRules);

  // A link to a rule (#401) lands on it with its examples open. A rule out of view is not laid out until it comes
  // near (content-visibility: auto, kural.css), so the rules above the target take their true heights only as they
  // are drawn, and the stylesheets switch on after the first landing: the target is held at the top, frame by
  // frame, until the page has loaded and the target has stayed put for a few frames (or the reader scrolls or
  // follows another link); then <html data-kural-landed="401"> says it has landed.
  var landing = 0;  // the current landing; a new one, or the reader's own scrolling, ends it
  var holding = null;  // the rule held in place, while it is
  function landed() {
    landing++;
    root.setAttribute("data-kural-landed", holding);
    holding = null;
  }
  function settled() {
    return document.readyState === "complete" && !document.querySelector("link[data-kural-style][media=print]") &&
      root.hasAttribute("data-kural-drawn");
  }
  function hold(target, id) {
    var run = ++landing, still = 0, frames = 0;
    holding = id;
    root.removeAttribute("data-kural-landed");
    target.scrollIntoView();
    var top = target.getBoundingClientRect().top;
    function frame() {
      if (run !== landing) return;
      var now = target.getBoundingClientRect().top;
      if (Math.abs(now - top) > 1) {
        target.scrollIntoView();
        top = target.getBoundingClientRect().top;
        still = 0;
      } else {
        still++;
      }
      if ((still >= 3 && settled()) || ++frames > 600) landed();
      else requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  }
  function readerMoves() {
    if (holding !== null) landed();
  }
  ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (kind) {
    window.addEventListener(kind, readerMoves, { passive: true, capture: true });
  });
  function openHash() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    var target = document.getElementById(id);
    if (!target) return;
    var rule = target.closest(".kural-rule") || target.nextElementSibling;
    var fold = rule && rule.classList && rule.classList.contains("kural-rule") && rule.querySelector("details.kural-more");
    if (fold) {
      unpack(fold);
      fold.open = true;
      hold(target, id);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", openHash);
  else openHash();
  window.addEventListener("hashchange", openHash);

  // The comparison and a game's rulesets page: ?ruleset=NAME marks that ruleset's column (DESIGN.md, "Rulesets").
  var chosenRuleset = new URLSearchParams(window.location.search).get("ruleset");
  if (chosenRuleset) {
    document.querySelectorAll('table[data-table="rulesets"] [data-ruleset]').forEach(function (cell) {
      if (cell.getAttribute("data-ruleset") === chosenRuleset) cell.setAttribute("aria-current", "true");
    });
  }

  // "Copy link": visible on every rule, for touch screens too.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.kural-copy, button.kural-cite-copy");
    if (!button) return;
    var url = window.location.href.split("#")[0] + "#" + button.getAttribute("data-anchor");
    // "Cite this rule": the citation, then the rule's full address.
    if (button.hasAttribute("data-cite")) url = button.getAttribute("data-cite") + " " + url;
    var done = function () {
      var label = button.textContent;
      button.textContent = button.getAttribute("data-done");
      button.setAttribute("aria-live", "polite");
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(done, function () { window.location.hash = button.getAttribute("data-anchor"); });
    } else {
      window.location.hash = button.getAttribute("data-anchor");
    }
  });
})();
