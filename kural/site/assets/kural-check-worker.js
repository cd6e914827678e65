// Kural's checker: the rule engine (the kural package, unchanged) run by Pyodide in a Web Worker, so the
// page never freezes. Pyodide and the engine come from this site only; the page sends absolute URLs.
/* global importScripts, loadPyodide */
"use strict";
var ready = null;

function progress(value) { postMessage({ type: "progress", value: value, ms: performance.now() }); }

function boot(config) {
  if (ready) return ready;
  ready = (async function () {
    progress(5);
    importScripts(config.pyodide + "pyodide.js");
    progress(15);
    var py = await loadPyodide({ indexURL: config.pyodide, stdout: function () {}, stderr: function () {} });
    progress(75);
    var response = await fetch(config.engine);
    if (!response.ok) throw new Error("engine " + response.status);
    py.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/kural-engine" });
    progress(90);
    py.runPython([
      "import json, sys",
      "sys.path.insert(0, '/kural-engine')",
      "from kural import browser",
      "def _kural_answer(query, lang):",
      "    return json.dumps(browser.answer(json.loads(query), lang), ensure_ascii=False)",
    ].join("\n"));
    progress(100);
    return py.globals.get("_kural_answer");
  })();
  ready.catch(function () { ready = null; });
  return ready;
}

onmessage = function (event) {
  var m = event.data;
  boot(m.config).then(function (answer) {
    var t0 = performance.now();
    var result = JSON.parse(answer(JSON.stringify(m.query), m.lang));
    result.ms = performance.now() - t0;
    postMessage({ type: "answer", id: m.id, result: result });
  }).catch(function (err) {
    postMessage({ type: "failed", id: m.id, error: String(err && err.message || err) });
  });
};
