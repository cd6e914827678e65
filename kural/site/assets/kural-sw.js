// Kural's service worker, one for the whole site (kural/site/pages/offline.py says how the site is kept on the device).
// web/build-sw.mjs completes it at build time with Workbox's workbox-build: the parts below, each a list of files
// with their revision (MD5) and size, and where Workbox's own modules are (beside this file, never a CDN).
//
// Each part is a Workbox precache of its own (PrecacheController, cache "kural-<part>"): "core" is kept when the
// worker installs; a language's part and the checker's "engine" part when a page asks (KURAL_KEEP), and the files a
// page's engine loaded as soon as it has loaded them (KURAL_KEEP_FILES). A file is kept under its revision and this
// worker reads only its own revisions: a page is served whole from one build.
/* global importScripts, workbox */
"use strict";
importScripts("__KURAL_WORKBOX__workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "__KURAL_WORKBOX__", debug: false });

var PARTS = self.__KURAL_PARTS;   // {part: [{url, revision, size}]}, url relative to this file
var LANGS = self.__KURAL_LANGS;   // the languages of this build, the first the default
var SCOPE = self.registration.scope;
var precaching = workbox.precaching;
var routing = workbox.routing;

var controllers = {}, sizes = {}, revisions = {}, partOf = {};
var listening = {};  // part -> a function told the size of each file just kept (the progress of a KURAL_KEEP)
var busy = {};       // part -> the promise of its keeping, while it runs
// The checker's own caches (kural-check-worker.js): its started state and Pyodide's decoded WebAssembly. They go
// with the engine part, never with a new version (each is keyed by what made it).
var CHECKER = ["kural-checker", "kural-checker-wasm"];
// Pyodide's WebAssembly is kept xz-compressed in the engine part; the checker's worker decodes it at its first start
// and keeps the plain file in "kural-checker-wasm". Once the engine part is kept, this worker decodes it there
// itself (with the same decoder, under the same key), so that the checker's first start offline decodes nothing.
var WASM = self.__KURAL_WASM;    // {xz, decoder, version}, relative to this file; null without the compressed file
if (WASM) { try { importScripts(WASM.decoder); } catch (e) { WASM = null; } }

var progressPlugin = {
  cacheDidUpdate: function (o) {
    var name = o.cacheName.slice("kural-".length);
    var url = o.request.url.split("?")[0];
    if (listening[name]) listening[name](sizes[url] || 0);
  }
};

Object.keys(PARTS).forEach(function (name) {
  var controller = new precaching.PrecacheController({ cacheName: "kural-" + name, plugins: [progressPlugin] });
  controller.addToCacheList(PARTS[name].map(function (e) { return { url: e.url, revision: e.revision }; }));
  controllers[name] = controller;
  PARTS[name].forEach(function (e) {
    var url = new URL(e.url, SCOPE).href;
    sizes[url] = e.size;
    revisions[url] = e.revision;
    partOf[url] = name;
  });
});

// The address of the file a request asks for: no query (a checker link, house rules), a folder's index.html.
function fileOf(url) {
  var u = new URL(url);
  u.search = "";
  u.hash = "";
  if (u.pathname.slice(-1) === "/") u.pathname += "index.html";
  return u.href;
}

async function kept(url) {
  var name = partOf[url];
  if (!name) return undefined;
  var hit = await controllers[name].matchPrecache(url);
  if (hit) return hit;
  // The theme's and Kural's files are the same in every language: another language's copy, of the same revision.
  var m = /^([^/]+)\/(assets\/.*)$/.exec(url.slice(SCOPE.length));
  if (!m || LANGS.indexOf(m[1]) < 0) return undefined;
  for (var i = 0; i < LANGS.length; i++) {
    var twin = SCOPE + LANGS[i] + "/" + m[2];
    if (LANGS[i] !== m[1] && revisions[twin] === revisions[url]) {
      hit = await controllers[LANGS[i]].matchPrecache(twin);
      if (hit) return hit;
    }
  }
  return undefined;
}

async function hasPart(name) {
  if (!(await caches.has("kural-" + name))) return false;
  return (await (await caches.open("kural-" + name)).keys()).length > 0;
}

// The offline page of the language asked for, at the address asked for (a <base> makes its links work there).
async function offlinePage(url) {
  var lang = url.slice(SCOPE.length).split("/")[0];
  if (LANGS.indexOf(lang) < 0) {
    lang = LANGS[0];
    for (var i = 0; i < LANGS.length; i++) if (await hasPart(LANGS[i])) { lang = LANGS[i]; break; }
  }
  var home = SCOPE + lang + "/offline/";
  var hit = await controllers.core.matchPrecache(home + "index.html");
  if (!hit) return Response.error();
  var html = (await hit.text()).replace(/<head([^>]*)>/i, function (tag) { return tag + '<base href="' + home + '">'; });
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

routing.registerRoute(function (o) {
  return o.url.href.indexOf(SCOPE) === 0 && (o.request.mode === "navigate" || partOf[fileOf(o.url.href)] !== undefined);
}, async function (o) {
  var url = fileOf(o.url.href);
  var hit = await kept(url);
  if (hit) return hit;
  var response;
  try {
    response = await fetch(o.request);
  } catch (e) {
    if (o.request.mode === "navigate") return offlinePage(o.url.href);
    throw e;
  }
  // A file of a part being kept (the checker's files while a page asks for the engine, its own loading at the same
  // time): kept now, as it passes, so that the keeping finds it and never downloads it a second time; nor does the
  // page wait for the whole part to be kept before it gets the file.
  var name = partOf[url];
  if (name && busy[name] && o.request.mode !== "navigate" && o.request.method === "GET" && !o.request.headers.has("range")) {
    var copy = store(name, url, response.clone()).catch(function () { /* the keeping downloads it */ });
    if (o.event && o.event.waitUntil) o.event.waitUntil(copy);
  }
  return response;
});

// A file of a part, downloaded (by the route above, or by keepFiles), kept under its revision where Workbox's
// precache looks for it. Only a whole, plain answer of the size the build noted is kept: a file of a newer build on
// the server (another size) is left for that build's worker, so that no page mixes two builds.
async function store(name, url, response) {
  if (!response.ok || response.status !== 200 || response.type !== "basic") throw new Error(url + " " + response.status);
  var body = await response.arrayBuffer();
  if (body.byteLength !== sizes[url]) throw new Error(url + ": " + body.byteLength + " bytes, not " + sizes[url]);
  var headers = new Headers(response.headers);
  headers.delete("Content-Encoding");  // the body is already decoded
  headers.delete("Content-Length");
  var cache = await caches.open("kural-" + name);
  await cache.put(controllers[name].getCacheKeyForURL(url), new Response(body, { status: 200, headers: headers }));
  if (listening[name]) listening[name](sizes[url] || 0);
}

// The files a page's engine loaded (kural-engine.js lists them; KURAL_KEEP_FILES), each kept in its part unless it is
// kept already: asked from the network as the engine asked it, so that the browser's HTTP cache usually answers
// (Workbox's keeping asks the server again for every file). Whatever the engine loaded online, it has offline, also
// on a connection that counts the data, and also when its worker was not served by this worker (a first visit: the
// page was not yet under this worker when the engine started).
async function keepFiles(urls) {
  var ok = true, seen = {};
  for (var i = 0; i < urls.length; i++) {
    var url = fileOf(new URL(urls[i], SCOPE).href);
    var name = partOf[url];
    if (!name || seen[url] || name === "core") continue;
    seen[url] = true;
    if (await kept(url)) continue;
    try { await store(name, url, await fetch(url, { credentials: "same-origin" })); } catch (e) { ok = false; }
  }
  if (WASM && seen[new URL(WASM.xz, SCOPE).href]) { try { await unpackWasm(); } catch (e) { /* decoded at first start */ } }
  return ok;
}

// --- keeping, the state of each part, removing ----------------------------------------------------------------

function keep(name, event) {
  if (busy[name]) return busy[name];
  // Workbox's precache stores the files it misses during an "install" event: a KURAL_KEEP message lends it its own
  // lifetime under that name.
  var lend = event.type === "install" ? event : {
    type: "install",
    waitUntil: function (p) { try { event.waitUntil(p); } catch (e) { /* the message's lifetime is already extended */ } }
  };
  busy[name] = controllers[name].install(lend).finally(function () { delete busy[name]; });
  return busy[name];
}

async function partState(name) {
  var keys = new Set();
  if (await caches.has("kural-" + name)) {
    (await (await caches.open("kural-" + name)).keys()).forEach(function (r) { keys.add(r.url); });
  }
  var map = controllers[name].getURLsToCacheKeys();
  var out = { files: 0, kept: 0, bytes: 0, keptBytes: 0, pages: [] };
  PARTS[name].forEach(function (e) {
    var url = new URL(e.url, SCOPE).href;
    out.files += 1;
    out.bytes += e.size;
    if (keys.has(map.get(url))) {
      out.kept += 1;
      out.keptBytes += e.size;
      if (/(^|\/)index\.html$/.test(e.url)) out.pages.push(e.url.replace(/index\.html$/, ""));
    }
  });
  return out;
}

async function state() {
  var out = { parts: {}, langs: LANGS };
  for (var name in PARTS) out.parts[name] = await partState(name);
  return out;
}

async function unpackWasm() {
  if (!WASM || !self["xz-decompress"]) return;
  var xz = new URL(WASM.xz, SCOPE).href;
  var key = xz.replace(/\.xz$/, "") + "?pyodide=" + encodeURIComponent(WASM.version || "");
  var cache = await caches.open(CHECKER[1]);
  if (await cache.match(key)) return;
  var packed = await kept(xz);
  if (!packed) return;
  var decoded = new self["xz-decompress"].XzReadableStream(packed.body);
  await cache.put(key, new Response(decoded, { headers: { "Content-Type": "application/wasm" } }));
}

async function keepParts(names, port, event) {
  names = names.filter(function (n) { return n !== "core" && PARTS[n]; });
  var before = await state();
  var total = 0, done = 0;
  names.forEach(function (n) { total += before.parts[n].bytes; done += before.parts[n].keptBytes; });
  var told = 0;
  function tell(size) {
    done += size;
    var now = Date.now();
    if (port && now - told > 100) { told = now; port.postMessage({ type: "progress", done: done, total: total }); }
  }
  // The parts one after the other, here rather than one message each from the page: a page left at once (a reader
  // who follows a checker link from a game page) does not take the later parts with it. Each part's end is told.
  var ok = true;
  for (var i = 0; i < names.length; i++) {
    var partOk = true;
    listening[names[i]] = tell;
    try { await keep(names[i], event); } catch (e) { partOk = ok = false; } finally { delete listening[names[i]]; }
    if (names[i] === "engine" && partOk) { try { await unpackWasm(); } catch (e) { /* the checker decodes it itself */ } }
    if (port) port.postMessage({ type: "part", name: names[i], ok: partOk });
  }
  if (port) port.postMessage({ type: "done", ok: ok, state: await state() });
}

async function removeParts(names) {
  for (var i = 0; i < names.length; i++) {
    if (names[i] === "core" || !PARTS[names[i]]) continue;
    await caches.delete("kural-" + names[i]);
    if (names[i] === "engine") for (var j = 0; j < CHECKER.length; j++) await caches.delete(CHECKER[j]);
  }
  return state();
}

self.addEventListener("message", function (event) {
  var m = event.data || {};
  var port = event.ports && event.ports[0];
  if (m.type === "SKIP_WAITING") { self.skipWaiting(); return; }  // the reader accepted the new version
  if (m.type === "KURAL_STATE") {
    event.waitUntil(state().then(function (s) { if (port) port.postMessage({ type: "done", ok: true, state: s }); }));
  } else if (m.type === "KURAL_KEEP") {
    event.waitUntil(keepParts(m.parts || [], port, event));
  } else if (m.type === "KURAL_KEEP_FILES") {
    event.waitUntil(keepFiles(m.urls || []).then(function (ok) { if (port) port.postMessage({ type: "done", ok: ok }); }));
  } else if (m.type === "KURAL_REMOVE") {
    event.waitUntil(removeParts(m.parts || []).then(function (s) { if (port) port.postMessage({ type: "done", ok: true, state: s }); }));
  }
});

// A new build: keep the core, and the new revisions of every part the reader had (only changed files download),
// while the old worker goes on serving the old ones. It waits until the reader accepts (SKIP_WAITING).
self.addEventListener("install", function (event) {
  event.waitUntil((async function () {
    await keep("core", event);
    for (var name in PARTS) {
      if (name !== "core" && await hasPart(name)) await keep(name, event);
    }
    if (PARTS.engine && await hasPart("engine")) { try { await unpackWasm(); } catch (e) { /* decoded at first start */ } }
  })());
});

// Now the only version: the old revisions go, and so do the parts this build no longer has.
self.addEventListener("activate", function (event) {
  event.waitUntil((async function () {
    for (var name in PARTS) {
      if (await caches.has("kural-" + name)) await controllers[name].activate(event);
    }
    var names = await caches.keys();
    for (var i = 0; i < names.length; i++) {
      var part = names[i].slice("kural-".length);
      if (names[i].indexOf("kural-") === 0 && CHECKER.indexOf(names[i]) < 0 && !PARTS[part]) await caches.delete(names[i]);
    }
    await self.clients.claim();
  })());
});
