// Kural's checker: the rule engine (the kural package, unchanged) run by Pyodide in a Web Worker, so the
// page never freezes. Pyodide and the engine come from this site only; the page sends absolute URLs.
//
// A reader who comes back starts faster: once the first verdict is answered, the interpreter's memory (the
// engine imported, and what that first verdict loaded) is kept in the browser's Cache Storage (keyed by the
// engine zip's hash and Pyodide's version) and the next start resumes from it. Pyodide marks this as
// experimental (_makeSnapshot, _loadSnapshot): any failure falls back to an ordinary start, and the engine files
// are unpacked again either way.
//
// A claim (op "check") or a score sheet (op "sheet") is first put to the small path (kural/site/small): MicroPython's
// WebAssembly, 0.2 MB, running the same engine modules lowered at build time to the Python it runs; the whole path
// is about a tenth of Pyodide's bytes, so a shared link answers on a phone before Pyodide could have arrived. What
// it cannot answer (a Python error of any kind: it never guesses) goes to Pyodide, which loads then, with the page
// saying why. Pyodide answers instead
// once it has started (each verdict 2 × CPython, where MicroPython's is 20-100 ×), or when the started engine is
// kept in Cache Storage (a reader who comes back: its resumed start is quicker than MicroPython's). It starts
// behind a first small verdict, a few seconds later, unless the connection saves data.
//
// Everything a start needs is asked for at once, before Pyodide loads: the saved memory, the engine zip, the
// page's catalog (Pyodide's own downloads follow as soon as its script has loaded); Pyodide's lock file comes
// inline with the page.
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
  "def _kural_qr(text, lang):",
  "    return json.dumps(browser.qr_code(text, lang), ensure_ascii=False)",
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

// The saved memory holds SETUP's functions already (a resumed start skips it): it is keyed by SETUP's text too.
function textHash(text) {
  var h = 5381;
  for (var i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(16);
}
function snapshotKey(config) {
  return config.engine + "?pyodide=" + encodeURIComponent(config.version || "") + "&lib=" + encodeURIComponent(config.stdlib || "") +
    "&catalogs=" + encodeURIComponent(config.catalog || "") + "&setup=" + textHash(SETUP);
}

// The page's Python library (kural/site/pipeline/stdlib.py): only the modules the engine needs, a zip of uncompressed
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
  return config.stdlib.replace(/\.gz$/, "");
}

// Pyodide's WebAssembly (pyodide.asm.wasm, 8.6 MB) comes xz-compressed (config.wasm: 2.1 MB, where a host's gzip
// sends 2.8 MB), decoded here as it downloads by xz-decompress (config.xz, loaded only then) and handed to Pyodide
// as the response to its own request for the plain file, so that it compiles while the rest arrives. The decoded
// file is kept once in Cache Storage (WASM_CACHE, keyed by Pyodide's version) as application/wasm: every later
// start, online or not, takes it from there (the browser keeps the compiled code beside it) and decodes nothing.
// Without Cache Storage it is decoded at each start; if the decoder cannot load, Pyodide fetches the plain file.
var WASM_CACHE = "kural-checker-wasm";
function wasmKey(config) { return config.wasm.replace(/\.xz$/, "") + "?pyodide=" + encodeURIComponent(config.version || ""); }
function wasmHeaders() { return { headers: { "Content-Type": "application/wasm" } }; }
async function decodedWasm(config, plain, init) {
  var cache = null;
  try {
    cache = typeof caches !== "undefined" ? await caches.open(WASM_CACHE) : null;
    var hit = cache && await cache.match(wasmKey(config));
    if (hit) return hit;
  } catch (e) { cache = null; }
  try {
    if (!self["xz-decompress"]) importScripts(config.xz);
  } catch (e) { return networkFetch(plain, init); }
  var response = await networkFetch(config.wasm);
  if (!response.ok) throw new Error("pyodide.asm.wasm.xz " + response.status);
  var decoded = new self["xz-decompress"].XzReadableStream(response.body);
  if (!cache) return new Response(decoded, wasmHeaders());
  var both = decoded.tee();
  cache.keys().then(function (old) {  // one copy kept: the current Pyodide's
    return Promise.all(old.map(function (r) { return cache.delete(r); }));
  }).then(function () {
    return cache.put(wasmKey(config), new Response(both[1], wasmHeaders()));
  }).catch(function () {});
  return new Response(both[0], wasmHeaders());
}

// Pyodide's requests that this worker answers itself: the page's library (below) and its WebAssembly (above).
function answerFetches(config, stdLibURL) {
  var wasm = config.wasm && config.xz ? config.pyodide + "pyodide.asm.wasm" : null;
  var library = stdLibURL && stdLibURL !== config.stdlib && typeof DecompressionStream !== "undefined" ? stdLibURL : null;
  if (!wasm && !library) return;
  self.fetch = function (input, init) {
    var url = String(input && input.url || input);
    if (url === library) return inflatedLibrary(config);
    if (url === wasm) return decodedWasm(config, url, init);
    return networkFetch(input, init);
  };
}

// The engine and its catalogs are zips of uncompressed entries, each kept gzip-compressed as one file (name.gz):
// inflated here, and unpacked by this worker into Pyodide's file system (no Python at work). A browser without
// DecompressionStream loads the plain copy; a host that inflated the file already sent a zip ("PK").
function download(url) {
  var inflate = typeof DecompressionStream !== "undefined";
  return networkFetch(inflate ? url : url.replace(/\.gz$/, "")).then(function (response) {
    if (!response.ok) throw new Error(url.split("/").pop() + " " + response.status);
    return response.arrayBuffer();
  }).then(function (buffer) {
    var bytes = new Uint8Array(buffer);
    if (!(bytes[0] === 0x1f && bytes[1] === 0x8b)) return bytes;
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()
      .then(function (plain) { return new Uint8Array(plain); });
  });
}

function inflateRaw(bytes) {
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer()
    .then(function (plain) { return new Uint8Array(plain); });
}

// Every file of a zip (its central directory read; entries stored or deflated) written under `dir`.
async function unpack(py, bytes, dir) {
  var view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), end = -1;
  for (var i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) throw new Error("not a zip");
  var count = view.getUint16(end + 10, true), at = view.getUint32(end + 16, true);
  var names = new TextDecoder();
  for (var n = 0; n < count; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("bad zip");
    var method = view.getUint16(at + 10, true), size = view.getUint32(at + 20, true);
    var nameLen = view.getUint16(at + 28, true), extra = view.getUint16(at + 30, true);
    var comment = view.getUint16(at + 32, true), local = view.getUint32(at + 42, true);
    var name = names.decode(bytes.subarray(at + 46, at + 46 + nameLen));
    at += 46 + nameLen + extra + comment;
    var path = dir + "/" + name;
    if (name.endsWith("/")) { py.FS.mkdirTree(path); continue; }
    var from = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    var data = bytes.subarray(from, from + size);
    if (method === 8) data = await inflateRaw(data);
    else if (method !== 0) throw new Error("zip method " + method);
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, data);
  }
}

// A language's catalog: downloaded once (the page's own as the worker starts), unpacked before the first answer
// in that language (the engine reads it then, and keeps it).
var catalogs = {}, unpacked = {};
function catalog(config, lang) {
  if (!config.catalog || !lang) return null;
  if (!catalogs[lang]) {
    catalogs[lang] = download(config.catalog.replace("{lang}", lang));
    catalogs[lang].catch(function () { delete catalogs[lang]; });
  }
  return catalogs[lang];
}
function withCatalog(config, lang) {
  if (unpacked[lang]) return unpacked[lang];
  var bytes = catalog(config, lang);
  if (!bytes) return Promise.resolve();
  unpacked[lang] = bytes.then(function (data) { return unpack(pyodide, data, "/kural-engine"); });
  unpacked[lang].catch(function () { delete unpacked[lang]; });
  return unpacked[lang];
}

// The saved memory's response (its body not read yet: Pyodide reads it while its own files load), or null.
async function savedSnapshot(config) {
  try {
    if (typeof caches === "undefined" || !config.version) return null;
    return (await (await caches.open(CACHE)).match(snapshotKey(config))) || null;
  } catch (e) { return null; }
}

async function start(config, saved, engine) {
  var options = { indexURL: config.pyodide, stdout: function () {}, stderr: function () {} };
  if (config.lock) options.lockFileContents = config.lock;
  var stdLibURL = libraryURL(config);
  if (stdLibURL) options.stdLibURL = stdLibURL;
  answerFetches(config, stdLibURL);
  if (saved) options._loadSnapshot = saved.arrayBuffer();
  else if (config.version && typeof caches !== "undefined") options._makeSnapshot = true;
  var py = await loadPyodide(options);
  progress(75, saved ? "snapshot" : "fresh");
  await unpack(py, await engine, "/kural-engine");
  progress(90);
  // Resumed, the interpreter has SETUP's functions in its memory: running SETUP again would only cost the first
  // compile of Python source in this start (tens of milliseconds).
  if (!(saved && py.globals.has("_kural_answer"))) py.runPython(SETUP);
  if (options._makeSnapshot) keep = config;
  return py;
}

// The memory kept once the first answer has gone out (or at once after a start with no question): the next start
// resumes with what that answer loaded (its language's catalog, the modules it imported).
var keep = null, asking = 0;
function keepSnapshot() {
  var config = keep;
  if (!config || asking) return;  // a question waits: the memory is kept once it is answered
  keep = null;
  try {
    var bytes = pyodide.makeMemorySnapshot();
    caches.open(CACHE).then(function (c) {
      return c.keys().then(function (old) {  // one snapshot kept: the current engine's
        return Promise.all(old.map(function (r) { return c.delete(r); }));
      }).then(function () {
        return c.put(snapshotKey(config), new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
      });
    }).catch(function () {});
  } catch (e) { /* no snapshot this time: the next start is an ordinary one */ }
}

function boot(config) {
  if (ready) return ready;
  ready = (async function () {
    progress(5);
    var engine = download(config.engine);
    engine.catch(function () {});  // reported where it is awaited, in start
    var own = catalog(config, config.lang);
    if (own) own.catch(function () {});
    var saved = savedSnapshot(config);
    importScripts(config.pyodide + "pyodide.js");
    progress(15);
    saved = await saved;
    var py;
    try {
      py = await start(config, saved, engine);
    } catch (e) {
      if (!saved) throw e;
      try { await (await caches.open(CACHE)).delete(snapshotKey(config)); } catch (e2) { /* ignore */ }
      py = await start(config, null, engine);
    }
    progress(100);
    pyodide = py;
    return { check: py.globals.get("_kural_answer"), sheet: py.globals.get("_kural_sheet"),
             importFile: py.globals.get("_kural_import"), qr: py.globals.get("_kural_qr") };
  })();
  ready.catch(function () { ready = null; });
  return ready;
}

// --- the small path -------------------------------------------------------------------------------------------
// kural_small.answer and .sheet (kural/site/small, ENTRY): the answer as JSON, or "" where Pyodide answers; .game
// imports a game's modules (once its bundle is unpacked, before its first claim).
var SMALL_SETUP = "from kural_small import answer as _kural_small, sheet as _kural_small_sheet, game as _kural_small_game";
// The ops the small path answers first; "full" and "sheet-full" ask Pyodide only (the tests hold both to CPython).
var SMALL_OPS = { check: "answer", sheet: "sheet" };
function smallOp(m) { return SMALL_OPS[m.op || "check"] || ""; }
var small = null, smallFailed = false, early = {}, handedOver = false;
// Files the page fetched for this worker (kural-engine.js, prefetch): a promise of the bytes, or of null.
var handed = {};
function handedFile(config, url) {
  if (!config.prefetched || config.prefetched.indexOf(url) < 0) return null;
  if (!handed[url]) { var done; handed[url] = new Promise(function (resolve) { done = resolve; }); handed[url].resolve = done; }
  return handed[url];
}
function fileHanded(url, bytes) {
  if (!handed[url]) handedFile({ prefetched: [url] }, url);
  handed[url].resolve(bytes ? new Uint8Array(bytes) : null);
}
// A file of the small path: the page's copy when it has one, else from the network (download: gzip inflated here).
function smallFile(config, url) {
  var given = handedFile(config, url);
  if (!given) return download(url);
  return given.then(function (bytes) {
    if (!bytes) return download(url);
    if (!(bytes[0] === 0x1f && bytes[1] === 0x8b)) return bytes;
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()
      .then(function (plain) { return new Uint8Array(plain); });
  });
}
// Requests answered with a response asked for earlier (each once).
function answerEarly() {
  var before = self.fetch;
  self.fetch = function (input, init) {
    var url = String(input && input.url || input);
    if (early[url]) { var r = early[url]; delete early[url]; return r; }
    return before(input, init);
  };
}
// Each game has its bundle (config.small, {game} in its address: the modules every game shares and the game's own):
// a claim loads its game's, beside those loaded before. A claim of no game the site knows (refused whatever bundle
// answers it: the modules every game shares do) takes one loaded, else the first game's.
function bundleOf(config, m) {
  var game = m.game !== undefined ? m.game : (smallOp(m) ? gameOf(m.query, config.smallGames) : "");
  return game || smallLoaded[0] || (config.smallGames || [])[0] || "";
}
function gameOf(query, games) {  // as kural-engine.js reads it (KuralEngine.gameOf)
  var g = query && query.game;
  if (Array.isArray(g)) g = g.filter(function (v) { return String(v).trim(); })[0];
  g = g === undefined || g === null ? "" : String(g).trim();
  return (games || []).indexOf(g) >= 0 ? g : "";
}
var bundles = {}, smallLoaded = [];  // a game's bundle: the promise of its bytes, asked for once; the games imported
function bundleFile(config, game) {
  if (!bundles[game]) {
    bundles[game] = smallFile(config, config.small.replace("{game}", game));
    bundles[game].catch(function () { delete bundles[game]; });
  }
  return bundles[game];
}
// A game's bundle unpacked and its modules imported (the entry points with the first).
function withGame(s, config, game) {
  if (!s.games[game]) {
    s.games[game] = bundleFile(config, game).then(function (bytes) { return unpack(s.mp, bytes, "/lib"); }).then(function () {
      if (!s.answer) {
        s.mp.runPython(SMALL_SETUP);
        s.answer = s.mp.globals.get("_kural_small");
        s.sheet = s.mp.globals.get("_kural_small_sheet");
        s.game = s.mp.globals.get("_kural_small_game");
      }
      s.game(game);
      smallLoaded.push(game);
    });
    s.games[game].catch(function () { delete s.games[game]; });
  }
  return s.games[game];
}
// The small path's catalog of a language (config.smallCatalog: only the messages its modules name; Pyodide reads the
// whole one, `catalog`): the page's own handed over by the page, another asked for by the claim in it.
var smallCatalogs = {};
function smallCatalog(config, lang) {
  if (!config.smallCatalog) {
    if (config.catalog && lang === config.lang && !catalogs[lang]) {
      catalogs[lang] = smallFile(config, config.catalog.replace("{lang}", lang));
      catalogs[lang].catch(function () { delete catalogs[lang]; });
    }
    return catalog(config, lang);
  }
  if (!lang) return null;
  if (!smallCatalogs[lang]) {
    smallCatalogs[lang] = smallFile(config, config.smallCatalog.replace("{lang}", lang));
    smallCatalogs[lang].catch(function () { delete smallCatalogs[lang]; });
  }
  return smallCatalogs[lang];
}
function bootSmall(config, game) {
  if (game) bundleFile(config, game);  // asked for now, beside MicroPython's files
  if (small) return small;
  small = (async function () {
    if (config.lang) smallCatalog(config, config.lang);
    // MicroPython's WebAssembly asked for now, beside its script, not once the script has arrived: the response
    // is handed to its own request for the same address (a round trip less on a slow network).
    var given = handedFile(config, config.micropythonWasm);
    var wasm = given ? given.then(function (bytes) {
      return bytes ? new Response(bytes, { headers: { "Content-Type": "application/wasm" } }) : networkFetch(config.micropythonWasm);
    }) : networkFetch(config.micropythonWasm);
    wasm.catch(function () {});
    early[config.micropythonWasm] = wasm;
    answerEarly();
    // Its script, handed over by the page (kural-engine.js, or the page's head: kural-small-start.js), runs from its
    // bytes (a blob of this site); else from its address.
    var script = handedFile(config, config.micropython), source = script ? await script : null, blob = null;
    if (source) blob = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    var mod;
    try {
      mod = await import(blob || config.micropython);
    } finally {
      if (blob) URL.revokeObjectURL(blob);
    }
    var mp = await mod.loadMicroPython({ url: config.micropythonWasm, heapsize: 48 * 1024 * 1024, pystack: 64 * 1024,
                                         stdout: function () {}, stderr: function () {} });
    return { mp: mp, answer: null, sheet: null, game: null, games: {}, langs: {} };
  })();
  small.catch(function () { smallFailed = true; });
  return small;
}
// Whether a claim goes to Pyodide rather than the small path: Pyodide has started, or its started engine is kept.
var resumable = null;
function preferFull(config) {
  if (pyodide) return Promise.resolve(true);
  if (!resumable) resumable = savedSnapshot(config).then(function (saved) { return !!saved; });
  return resumable;
}
// Pyodide behind the first small verdict (a few seconds on: the reader sees the verdict first), on a connection
// that does not count data, as the worker or its page reads it (the rule the offline copy follows).
var behindSoon = false;
function behind(config) {
  var c = self.navigator && navigator.connection;
  if (behindSoon || ready || config.saveData || (c && (c.saveData || c.type === "cellular"))) return;
  behindSoon = true;
  setTimeout(function () {
    boot(config).then(function () { tellLoaded(); setTimeout(keepSnapshot, 0); }, function () {});
  }, 3000);
}
// The small path's answer, or null: the claim then goes to Pyodide.
async function smallAnswer(config, m) {
  handedOver = false;  // true when the small path was asked and handed the claim over (the page then says why)
  if (!config.small || !config.micropython || smallFailed) return null;
  if (await preferFull(config)) return null;
  try {
    var game = bundleOf(config, m);
    var s = await bootSmall(config, game);
    if (!game) return null;
    // a bundle that did not arrive (offline, a game not kept): Pyodide answers this claim, the small path the others
    if (!(await withGame(s, config, game).then(function () { return true; }, function () { return false; }))) return null;
    if (!s.langs[m.lang]) {  // the catalog where kural.i18n looks for it (LOCALES), before its first answer
      var bytes = smallCatalog(config, m.lang);
      if (bytes) await unpack(s.mp, await bytes, "/lib");
      s.langs[m.lang] = true;
    }
    // The bundles are built with this worker and kept with it (never another build's): both entry points are there.
    var text = s[smallOp(m)](JSON.stringify(m.query), m.lang);
    handedOver = !text;
    return text ? JSON.parse(text) : null;
  } catch (e) {
    smallFailed = true;
    return null;
  }
}
// What this worker has loaded so far (its own script, Pyodide's files, the engine, the catalogs), each address told
// once: the page hands them to the service worker to keep (kural-offline.js), so that the engine starts again
// without a network whatever the page kept beforehand.
var told = {};
function tellLoaded() {
  var urls = [self.location.href].concat(performance.getEntriesByType("resource").map(function (e) { return e.name; }))
    .filter(function (url) { return !told[url] && /^https?:/.test(url) && (told[url] = true); });
  if (urls.length) postMessage({ type: "loaded", urls: urls });
}

onmessage = function (event) {
  var m = event.data;
  if (m.type === "file") { fileHanded(m.url, m.bytes); return; }
  if (m.type === "small" || (m.type === "warm" && smallOp(m) && m.config.small && m.config.micropython && !smallFailed)) {
    // the page's head (kural-small-start.js), or the reader filling in the form: the small path starts now with the
    // game's bundle (when the page knows the game), unless Pyodide is kept (then Pyodide starts for a warm)
    if (!m.config.small || !m.config.micropython || smallFailed) return;
    var game = m.game && (m.config.smallGames || []).indexOf(m.game) >= 0 ? m.game : "";
    preferFull(m.config).then(function (full) {
      if (full) {
        if (m.type === "warm") boot(m.config).then(function () { tellLoaded(); }, function () {});
        return;
      }
      bootSmall(m.config, game).then(function (s) { return game ? withGame(s, m.config, game) : null; })
        .then(function () { tellLoaded(); }, function () {});
    });
    return;
  }
  if (m.type === "warm") {  // the reader is filling in the form: start the engine now, answer nothing yet
    boot(m.config).then(function () { tellLoaded(); setTimeout(keepSnapshot, 0); }, function () {});
    return;
  }
  asking += 1;
  var t0 = performance.now();
  var first = smallOp(m) ? smallAnswer(m.config, m) : Promise.resolve(null);
  first.then(function (result) {
    if (!result) return null;
    result.ms = performance.now() - t0;
    result.engine = "small";
    asking -= 1;
    postMessage({ type: "answer", id: m.id, result: result });
    tellLoaded();
    behind(m.config);
    return true;
  }).then(function (answered) {
    if (answered) return;
    if (handedOver && !ready) progress(5, "full");
    return fullAnswer(m);
  });
};

// A question answered by Pyodide (started now if it was not).
function fullAnswer(m) {
  return boot(m.config).then(function (engine) {
    return Promise.all([m.op === "import" ? loadYaml(m.config) : null, withCatalog(m.config, m.lang)])
      .then(function () { return engine; });
  }).then(function (engine) {
    var t0 = performance.now();
    var text = m.op === "sheet" || m.op === "sheet-full" ? engine.sheet(JSON.stringify(m.query), m.lang)
      : m.op === "import" ? engine.importFile(m.query.text, m.query.name, m.lang)
      : m.op === "qr" ? engine.qr(String(m.query), m.lang)
      : engine.check(JSON.stringify(m.query), m.lang);  // "check" or "full"
    var result = JSON.parse(text);
    result.ms = performance.now() - t0;
    result.engine = "full";
    asking -= 1;
    postMessage({ type: "answer", id: m.id, result: result });
    tellLoaded();
    setTimeout(keepSnapshot, 0);
  }).catch(function (err) {
    asking -= 1;
    postMessage({ type: "failed", id: m.id, error: String(err && err.message || err) });
  });
}
