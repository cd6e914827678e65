// Kural's checker: the rule engine (the kural package, unchanged) run by Pyodide in a Web Worker, so the
// page never freezes. Pyodide and the engine come from this site only; the page sends absolute URLs.
//
// A reader who comes back starts faster: after the first start, the interpreter's memory with the engine
// imported is kept in the browser's Cache Storage (keyed by the engine zip's hash and Pyodide's version) and
// the next start resumes from it. Pyodide marks this as experimental (_makeSnapshot, _loadSnapshot): any
// failure falls back to an ordinary start, and the engine files are unpacked again either way.
/* global importScripts, loadPyodide */
"use strict";
var ready = null;
var CACHE = "kural-checker";

function progress(value, how) { postMessage({ type: "progress", value: value, ms: performance.now(), how: how || "" }); }

var SETUP = [
  "import json, sys",
  "if '/kural-engine' not in sys.path: sys.path.insert(0, '/kural-engine')",
  "from kural import browser",
  "def _kural_answer(query, lang):",
  "    return json.dumps(browser.answer(json.loads(query), lang), ensure_ascii=False)",
  "def _kural_sheet(sheet, lang):",
  "    return json.dumps(browser.sheet_answer(json.loads(sheet), lang), ensure_ascii=False)",
  "def _kural_import(text, name, lang):",
  "    return json.dumps(browser.sheet_import(text, name, lang), ensure_ascii=False)",
].join("\n");
var pyodide = null, yamlReady = null;

// The score sheet reads an imported file with PyYAML, as `kural sheet` does: its modules come from this site, once,
// when a reader first imports a file (the checker never needs them).
function loadYaml(config) {
  if (!yamlReady) {
    yamlReady = fetch(config.yaml).then(function (response) {
      if (!response.ok) throw new Error("yaml " + response.status);
      return response.arrayBuffer();
    }).then(function (bytes) { pyodide.unpackArchive(bytes, "zip", { extractDir: "/kural-engine" }); });
    yamlReady.catch(function () { yamlReady = null; });
  }
  return yamlReady;
}

function snapshotKey(config) {
  return config.engine + "?pyodide=" + encodeURIComponent(config.version || "") + "&lib=" + encodeURIComponent(config.stdlib || "");
}

// The page's Python library (kural/site/stdlib.py): only the modules the engine needs, a zip of uncompressed
// entries kept gzip-compressed as one file. Pyodide is told to load the plain copy (stdLibURL); this worker answers
// that request from the compressed one, inflated here (DecompressionStream), whatever the host sends, and at the
// moment Pyodide asks, so that its other downloads go on beside it. A host that sent the file with
// Content-Encoding has inflated it already (a zip starts "PK"). Without DecompressionStream, Pyodide fetches the
// plain copy itself.
var networkFetch = self.fetch.bind(self);
function inflatedLibrary(config) {
  return networkFetch(config.stdlib).then(function (response) {
    if (!response.ok) return response;
    return response.arrayBuffer().then(function (buffer) {
      var bytes = new Uint8Array(buffer), body = bytes;
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) body = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      return new Response(body, { headers: { "Content-Type": "application/zip" } });
    });
  });
}
function libraryURL(config) {
  if (!config.stdlib) return undefined;  // Pyodide's own, next to it
  var plain = config.stdlib.replace(/\.gz$/, "");
  if (typeof DecompressionStream !== "undefined" && plain !== config.stdlib) {
    self.fetch = function (input, init) {
      return String(input && input.url || input) === plain ? inflatedLibrary(config) : networkFetch(input, init);
    };
  }
  return plain;
}

async function savedSnapshot(config) {
  try {
    if (typeof caches === "undefined" || !config.version) return null;
    var hit = await (await caches.open(CACHE)).match(snapshotKey(config));
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (e) { return null; }
}

async function start(config, snapshot) {
  var options = { indexURL: config.pyodide, stdout: function () {}, stderr: function () {} };
  var stdLibURL = libraryURL(config);
  if (stdLibURL) options.stdLibURL = stdLibURL;
  if (snapshot) options._loadSnapshot = snapshot;
  else if (config.version && typeof caches !== "undefined") options._makeSnapshot = true;
  // The engine zip downloads while Pyodide starts, not after it (phone: one round trip less).
  var engine = fetch(config.engine).then(function (response) {
    if (!response.ok) throw new Error("engine " + response.status);
    return response.arrayBuffer();
  });
  engine.catch(function () {});  // reported where it is awaited, below
  var py = await loadPyodide(options);
  progress(75, snapshot ? "snapshot" : "fresh");
  py.unpackArchive(await engine, "zip", { extractDir: "/kural-engine" });
  progress(90);
  py.runPython(SETUP);
  if (options._makeSnapshot) {
    try {
      var bytes = py.makeMemorySnapshot();
      caches.open(CACHE).then(function (c) {
        return c.keys().then(function (old) {  // one snapshot kept: the current engine's
          return Promise.all(old.map(function (r) { return c.delete(r); }));
        }).then(function () {
          return c.put(snapshotKey(config), new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
        });
      }).catch(function () {});
    } catch (e) { /* no snapshot this time: the next start is an ordinary one */ }
  }
  return py;
}

function boot(config) {
  if (ready) return ready;
  ready = (async function () {
    progress(5);
    importScripts(config.pyodide + "pyodide.js");
    progress(15);
    var snapshot = await savedSnapshot(config);
    var py;
    try {
      py = await start(config, snapshot);
    } catch (e) {
      if (!snapshot) throw e;
      try { await (await caches.open(CACHE)).delete(snapshotKey(config)); } catch (e2) { /* ignore */ }
      py = await start(config, null);
    }
    progress(100);
    pyodide = py;
    return { check: py.globals.get("_kural_answer"), sheet: py.globals.get("_kural_sheet"),
             importFile: py.globals.get("_kural_import") };
  })();
  ready.catch(function () { ready = null; });
  return ready;
}

onmessage = function (event) {
  var m = event.data;
  if (m.type === "warm") {  // the reader is filling in the form: start the engine now, answer nothing yet
    boot(m.config).catch(function () {});
    return;
  }
  boot(m.config).then(function (engine) {
    if (m.op === "import") return loadYaml(m.config).then(function () { return engine; });
    return engine;
  }).then(function (engine) {
    var t0 = performance.now();
    var text = m.op === "sheet" ? engine.sheet(JSON.stringify(m.query), m.lang)
      : m.op === "import" ? engine.importFile(m.query.text, m.query.name, m.lang)
      : engine.check(JSON.stringify(m.query), m.lang);
    var result = JSON.parse(text);
    result.ms = performance.now() - t0;
    postMessage({ type: "answer", id: m.id, result: result });
  }).catch(function (err) {
    postMessage({ type: "failed", id: m.id, error: String(err && err.message || err) });
  });
};
