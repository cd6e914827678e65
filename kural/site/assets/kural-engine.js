// Kural: one client for the rule engine's Web Worker (kural-check-worker.js: the kural package run by Pyodide),
// shared by the checker page and the house-rules panel of the game pages. The worker starts on the first
// question; each answer comes back as a promise. If the worker fails, every question waiting is answered
// {state: "failed"} and the next question starts a new worker.
(function () {
  "use strict";
  window.KuralEngine = function (box, onProgress) {
    var config = {
      pyodide: new URL(box.dataset.pyodide, location.href).href,
      engine: new URL(box.dataset.engine, location.href).href,
      stdlib: box.dataset.stdlib ? new URL(box.dataset.stdlib, location.href).href : "",
      version: box.dataset.pyodideVersion || "",
      catalog: box.dataset.catalog ? new URL(box.dataset.catalog, location.href).href.replace("%7Blang%7D", "{lang}") : "",
      lock: box.dataset.pyodideLock || "",
      lang: box.dataset.lang || document.documentElement.lang || "",
      yaml: box.dataset.yaml ? new URL(box.dataset.yaml, location.href).href : "",
      wasm: box.dataset.wasm ? new URL(box.dataset.wasm, location.href).href : "",
      xz: box.dataset.xz ? new URL(box.dataset.xz, location.href).href : "",
      // the small path (kural/site/small): MicroPython and the engine lowered for it, tried before Pyodide
      // a game's bundle, {game} in its address; the games that have one
      small: box.dataset.small ? new URL(box.dataset.small, location.href).href.replace("%7Bgame%7D", "{game}") : "",
      smallGames: (box.dataset.smallGames || "").split(" ").filter(Boolean),
      // the small path's catalogs, {lang} in their address: only the messages its modules name
      smallCatalog: box.dataset.smallCatalog ? new URL(box.dataset.smallCatalog, location.href).href.replace("%7Blang%7D", "{lang}") : "",
      micropython: box.dataset.micropython ? new URL(box.dataset.micropython, location.href).href : "",
      micropythonWasm: box.dataset.micropythonWasm ? new URL(box.dataset.micropythonWasm, location.href).href : "",
      // the page's reading of a connection that saves data: a worker may not see what its page sees
      saveData: !!(navigator.connection && navigator.connection.saveData)
    };
    var workerUrl = new URL(box.dataset.worker, location.href).href;
    var worker = null, pending = {}, nextId = 1;
    // The small path's files, asked for by the page as the worker starts: the worker's own script would otherwise
    // cost a round trip before them (0.6 s on a slow network). Each is handed over as it arrives (null: the worker
    // fetches it itself). A link with a claim has them asked for earlier, from the page's head (earlyWorker).
    function prefetch(game) {
      if (!config.small || !config.micropython) return;
      var words = config.smallCatalog || config.catalog;
      config.prefetched = [config.micropythonWasm, config.micropython, game ? config.small.replace("{game}", game) : "",
                           words ? words.replace("{lang}", config.lang) : ""].filter(Boolean);
      config.prefetched.forEach(function (url) {
        fetch(url).then(function (r) { return r.ok ? r.arrayBuffer() : null; }).catch(function () { return null; })
          .then(function (bytes) {
            if (worker) worker.postMessage({ type: "file", url: url, bytes: bytes }, bytes ? [bytes] : []);
          });
      });
      window.KuralEngine.loaded(config.prefetched.slice());  // kept for offline use, as the worker's own files
    }
    // The worker the page's head started for a link with a claim (kural-small-start.js), taken over with its files
    // and the messages it sent meanwhile; null when there is none (or it is another page's).
    function earlyWorker() {
      var early = window.kuralSmallStart;
      if (!early || early.failed || early.workerUrl !== workerUrl || early.config.small !== config.small) return null;
      window.kuralSmallStart = null;
      config.prefetched = early.config.prefetched;
      window.KuralEngine.loaded(config.prefetched.slice());
      return early;
    }
    function start(op, game) {
      if (worker) return;
      onProgress({ value: 2 });
      var early = op === "check" ? earlyWorker() : null;
      if (early) worker = early.worker;
      else {
        if (op === "check" || op === "sheet") prefetch(game);  // the ops the small path answers first
        worker = new Worker(workerUrl);
      }
      worker.onmessage = function (e) {
        var m = e.data;
        if (m.type === "progress") { onProgress(m); return; }
        if (m.type === "loaded") { window.KuralEngine.loaded(m.urls); return; }
        var done = pending[m.id];
        delete pending[m.id];
        if (m.type === "answer") { if (done) done(m.result); return; }
        // The worker failed: nothing more will come from it.
        onProgress({ value: 100 });
        worker.terminate();
        worker = null;
        var waiting = pending;
        pending = {};
        if (done) done({ state: "failed" });
        Object.keys(waiting).forEach(function (id) { waiting[id]({ state: "failed" }); });
      };
      if (early) early.held.splice(0).forEach(function (e) { worker.onmessage(e); });
    }
    return {
      // op: "check" (a claim, kural.browser.answer; the default: the small path first, Pyodide for what it cannot
      // answer), "full" (the same, from Pyodide only), "sheet" (a score sheet as data, browser.sheet_answer: the
      // small path first too), "sheet-full" (the same, from Pyodide only), "import" (a sheet file's text and name,
      // browser.sheet_import: Pyodide, which reads YAML) or "qr" (a link's QR code, browser.qr_code: Pyodide).
      // The answer's `engine` says which answered: "small" or "full".
      ask: function (query, lang, op) {
        start(op || "check", window.KuralEngine.gameOf(query, config.smallGames));
        return new Promise(function (resolve) {
          var id = nextId++;
          pending[id] = resolve;
          worker.postMessage({ id: id, op: op || "check", query: query, lang: lang, config: config });
        });
      },
      // Start the engine without a question (the worker answers nothing): a reader who begins the form or
      // chooses a house rule will soon ask, and the first verdict then does not wait for Pyodide to load.
      // op: what the first question will be ("check", the default, or "sheet": the small path starts; "full",
      // "sheet-full": Pyodide); game: its game, when the page knows it (the small path then fetches its bundle).
      warm: function (op, game) {
        if (worker) return;
        game = config.smallGames.indexOf(game) >= 0 ? game : "";
        start(op || "check", game);
        worker.postMessage({ type: "warm", op: op || "check", config: config, game: game });
      },
      started: function () { return worker !== null; }
    };
  };
  // The game of a question (a claim: the first of its values not blank, as kural.browser reads it; a score sheet: its
  // game), when it is one of `games` (the small path's bundles); else "".
  window.KuralEngine.gameOf = function (query, games) {
    var g = query && query.game;
    if (Array.isArray(g)) g = g.filter(function (v) { return String(v).trim(); })[0];
    g = g === undefined || g === null ? "" : String(g).trim();
    return (games || []).indexOf(g) >= 0 ? g : "";
  };
  // The files the engine has loaded (its worker's addresses, absolute), for the service worker to keep
  // (kural-offline.js keeps what is listed in window.kuralEngineLoaded and hears of more by the event).
  window.KuralEngine.loaded = function (urls) {
    var list = window.kuralEngineLoaded = window.kuralEngineLoaded || [];
    Array.prototype.push.apply(list, urls);
    document.dispatchEvent(new CustomEvent("kural-engine-loaded", { detail: { urls: urls } }));
  };
  // A message filled in the page: {name} takes values[name]. A message with a number comes as {one, other, count}
  // (kural.i18n.plural_words) and takes the form its number asks for. Shared by the checker, the house-rules panel
  // and the score sheet, which each load this file first.
  window.KuralEngine.format = function (text, values) {
    if (text && typeof text === "object") text = Number(values[text.count]) === 1 ? text.one : text.other;
    return String(text).replace(/\{(\w+)\}/g, function (m, k) { return k in values ? String(values[k]) : m; });
  };
  // An element with its attributes (those null or undefined left out) and its text (none if null or undefined):
  // the checker and the score sheet build their parts with it.
  window.KuralEngine.el = function (tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (attrs[k] !== null && attrs[k] !== undefined) e.setAttribute(k, attrs[k]);
    });
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  };
  // A progress bar (role=progressbar, one span inside) shows how far the engine has started; done, it hides.
  window.KuralEngine.showProgress = function (bar, value) {
    bar.hidden = value >= 100;
    bar.setAttribute("aria-valuenow", String(value));
    bar.firstChild.style.width = value + "%";
  };
})();
