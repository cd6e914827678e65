// Kural without a network, the page's side (kural/site/pages/offline.py says how the site is kept on the device).
// Every page registers the site's service worker (with workbox-window), asks it to keep the page's language, and,
// on a game page or the checker, the checker too unless the connection counts the data; it tells the reader when a
// new version is ready and reloads every open page once the reader accepts it. The offline page
// (/<lang>/offline/) shows what is kept, keeps it at once with its progress, and removes it.
// The page states where it stands on <html>: data-kural-offline (keeping, ready, failed, off, unsupported) and
// data-kural-engine (keeping, ready, failed), and data-kural-loaded (keeping, kept, failed: the files this page's
// engine loaded, kept as soon as it has loaded them).
// Workbox's page side (workbox-window) and the registration wait for the page's load event, as Workbox advises: a
// phone on a slow network fetches nothing more before the page has loaded (see the loader at the end).
function kuralOffline(me) {
  "use strict";
  var root = document.documentElement;
  var lang = me.dataset.lang;
  var page = document.getElementById("kural-offline");
  var spec = page ? JSON.parse(document.getElementById("kural-offline-spec").textContent) : null;
  var AUTO = "kural-offline";  // "off" once the reader removed Kural from the device: nothing is kept by itself

  function mark(name, value) { root.setAttribute("data-kural-" + name, value); }
  function fmt(s, args) { return s.replace(/\{(\w+)\}/g, function (m, k) { return k in args ? args[k] : m; }); }
  function auto(on) {
    try {
      if (on === undefined) return localStorage.getItem(AUTO) !== "off";
      if (on) localStorage.removeItem(AUTO); else localStorage.setItem(AUTO, "off");
    } catch (e) { /* storage refused: keep by default */ }
    return true;
  }
  function metered() {
    var c = navigator.connection;
    return !!(c && (c.saveData || c.type === "cellular"));
  }

  if (!("serviceWorker" in navigator) || !window.workbox || !window.caches) {
    mark("offline", "unsupported");
    if (page) unsupported();
    return;
  }

  // A question to the worker that serves this page; progress messages come first (and the end of each part kept,
  // {type: "part"}), then {type: "done"}.
  function ask(message, onProgress, onPart) {
    return navigator.serviceWorker.ready.then(function (reg) {
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (e) {
          if (e.data.type === "progress") { if (onProgress) onProgress(e.data); return; }
          if (e.data.type === "part") { if (onPart) onPart(e.data); return; }
          resolve(e.data);
        };
        reg.active.postMessage(message, [channel.port2]);
      });
    });
  }

  // --- the new version: told, and taken when the reader accepts ---------------------------------------------
  var wb = new window.workbox.Workbox(new URL(me.dataset.sw, location.href).href,
                                      { scope: new URL(me.dataset.scope, location.href).href });
  var controlled = !!navigator.serviceWorker.controller;
  var reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    // The first worker takes the page it was installed from: nothing to reload. A new version, accepted here or
    // in another page: this page reloads, so that no page mixes two versions.
    if (controlled && !reloading) { reloading = true; location.reload(); }
    controlled = true;
  });
  wb.addEventListener("waiting", function () {
    var box = document.querySelector("#kural-update .kural-update-box");
    if (!box) return;
    box.hidden = false;
    mark("update", "waiting");
    document.getElementById("kural-update-reload").addEventListener("click", function () {
      mark("update", "accepted");
      wb.messageSkipWaiting();
    }, { once: true });
  });

  // The language, and on a game page the checker after it: one message, the worker keeps them in turn, so that a
  // reader who leaves the page at once (a checker link followed) does not leave the checker unkept.
  function keepLanguage() {
    if (!auto()) { mark("offline", "off"); return; }
    var parts = me.dataset.game && !metered() ? [lang, "engine"] : [lang];
    mark("offline", "keeping");
    if (parts.length > 1) mark("engine", "keeping");
    ask({ type: "KURAL_KEEP", parts: parts }, null, function (part) {
      mark(part.name === "engine" ? "engine" : "offline", part.ok ? "ready" : "failed");
    }).then(function (answer) {
      if (page) render(answer.state);
    });
  }

  // What this page's engine loaded (kural-engine.js: the checker, the score sheet, the house-rules panel), kept
  // as soon as it has loaded it, also on a connection that counts the data: the reader who got a verdict online gets
  // it again offline. data-kural-loaded: keeping, kept, failed.
  var loading = 0, loadFailed = false;
  function keepLoaded(urls) {
    if (!auto() || !urls.length) return;
    loading += 1;
    mark("loaded", "keeping");
    // The page itself with them: a reader who left the page at once for the checker or the score sheet, and lost
    // the network before the language was kept, opens it again offline (it is kept with its language otherwise).
    ask({ type: "KURAL_KEEP_FILES", urls: urls.concat([location.href]) }).then(function (answer) {
      loadFailed = loadFailed || !answer.ok;
      loading -= 1;
      if (!loading) mark("loaded", loadFailed ? "failed" : "kept");
    });
  }

  wb.register().then(function () {
    keepLanguage();
    keepLoaded((window.kuralEngineLoaded || []).slice());
    document.addEventListener("kural-engine-loaded", function (e) { keepLoaded(e.detail.urls); });
    if (page) ask({ type: "KURAL_STATE" }).then(function (a) { render(a.state); });
  }, function () {
    // No worker here (a site served by scripts/dev): one left by an earlier full build must not serve old pages.
    mark("offline", "unsupported");
    navigator.serviceWorker.getRegistration(me.dataset.scope).then(function (reg) { if (reg) reg.unregister(); });
    if (page) unsupported();
  });

  // --- the offline page ----------------------------------------------------------------------------------------
  if (!page) return;
  var W = spec.words;
  var el = function (id) { return document.getElementById(id); };
  var make = el("kural-offline-make"), remove = el("kural-offline-remove"), status = el("kural-offline-status");
  var bar = el("kural-offline-progress");
  var mb = new Intl.NumberFormat(lang, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
  function size(bytes) { return mb.format(Math.max(bytes, 1e5) / 1e6); }
  function showProgress(value) {
    bar.hidden = value >= 100;
    bar.setAttribute("aria-valuenow", String(Math.round(value)));
    bar.firstChild.style.width = value + "%";
  }

  // Opened in place of a page that is not kept (the worker's answer without a network): say so.
  if (new URL(document.baseURI).pathname !== location.pathname) {
    el("kural-offline-missing").hidden = false;
    el("kural-offline-url").textContent = decodeURIComponent(location.pathname);
    page.dataset.state = "missing";
  }

  function unsupported() {
    document.getElementById("kural-offline-status").textContent = spec.words.unsupported;
    page.dataset.state = "unsupported";
  }

  var shown = null;
  function render(state) {
    if (!state) return;
    shown = state;
    var parts = state.parts;
    var list = el("kural-offline-parts");
    list.textContent = "";
    var any = false;
    var names = spec.langs.filter(function (l) { return parts[l]; }).concat(parts.engine ? ["engine"] : []);
    names.forEach(function (name) {
      var p = parts[name];
      var li = document.createElement("li");
      li.dataset.part = name;
      li.dataset.kept = p.kept === p.files ? "all" : p.kept ? "some" : "none";
      any = any || p.kept > 0;
      var what = name === "engine" ? W.part_engine : fmt(W.part_lang, { language: spec.in_words[name] });
      var how = p.kept === p.files ? fmt(W.stored, { size: size(p.keptBytes) })
        : p.kept ? fmt(W.partly, { size: size(p.keptBytes), total: size(p.bytes) }) : fmt(W.not, { total: size(p.bytes) });
      li.textContent = what + ": " + how;
      list.appendChild(li);
    });
    var want = (parts[lang] ? parts[lang].bytes : 0) + (parts.engine ? parts.engine.bytes : 0);
    el("kural-offline-size").textContent = fmt(W.make_size, { language: spec.in_words[lang], size: size(want) });
    make.disabled = false;
    remove.disabled = !any;
    if (navigator.storage && navigator.storage.estimate) {
      navigator.storage.estimate().then(function (e) { el("kural-offline-used").textContent = fmt(W.used, { size: size(e.usage || 0) }); });
    }
    available(state);
  }

  // The pages kept on this device, with their titles (each language's offline/pages.json, kept with the core).
  function available(state) {
    var box = el("kural-offline-available");
    var langs = spec.langs.filter(function (l) { return state.parts[l] && state.parts[l].kept; });
    Promise.all(langs.map(function (l) {
      return fetch(new URL("../../" + l + "/offline/pages.json", document.baseURI).href)
        .then(function (r) { return r.json(); }).catch(function () { return { pages: [] }; });
    })).then(function (lists) {
      if (shown !== state) return;
      box.textContent = "";
      lists.forEach(function (list, i) {
        var l = langs[i];
        var keptPages = state.parts[l].pages;
        var items = list.pages.filter(function (p) { return keptPages.indexOf(l + "/" + p.url) >= 0; });
        if (!items.length) return;
        var section = document.createElement("section");
        section.lang = l;
        var h = document.createElement("h3");
        h.textContent = spec.names[l];
        section.appendChild(h);
        var ul = document.createElement("ul");
        items.forEach(function (p) {
          var a = document.createElement("a");
          a.href = new URL("../../" + l + "/" + p.url, document.baseURI).href;
          a.textContent = p.title;
          var li = document.createElement("li");
          li.appendChild(a);
          ul.appendChild(li);
        });
        section.appendChild(ul);
        box.appendChild(section);
      });
      if (!box.children.length) {
        var p = document.createElement("p");
        p.textContent = W.nothing;
        box.appendChild(p);
      }
      page.dataset.listed = String(box.querySelectorAll("a").length);
    });
  }

  make.addEventListener("click", function () {
    auto(true);
    make.disabled = true;
    page.dataset.state = "keeping";
    showProgress(0);
    ask({ type: "KURAL_KEEP", parts: [lang, "engine"] }, function (p) {
      showProgress(p.total ? 100 * p.done / p.total : 0);
      status.textContent = fmt(W.working, { done: size(p.done), total: size(p.total) });
    }).then(function (answer) {
      showProgress(100);
      page.dataset.state = answer.ok ? "done" : "failed";
      status.textContent = answer.ok ? fmt(W.done, { language: spec.in_words[lang] }) : W.failed;
      if (answer.ok) { mark("offline", "ready"); mark("engine", "ready"); }
      render(answer.state);
    });
  });

  remove.addEventListener("click", function () {
    auto(false);
    remove.disabled = true;
    ask({ type: "KURAL_REMOVE", parts: spec.langs.concat(["engine"]) }).then(function (answer) {
      page.dataset.state = "removed";
      mark("offline", "off");
      status.textContent = W.removed;
      render(answer.state);
    });
  });
}

(function () {
  "use strict";
  var me = document.currentScript;
  function start() { kuralOffline(me); }
  function load() {
    if (window.workbox || !("serviceWorker" in navigator)) { start(); return; }
    var script = document.createElement("script");
    script.src = me.dataset.workbox;
    script.onload = start;
    script.onerror = start;  // no workbox-window: kuralOffline says the offline copy is unsupported
    document.head.appendChild(script);
  }
  if (document.readyState === "complete") load(); else window.addEventListener("load", load);
})();
