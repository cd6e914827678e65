// Kural's checker, started from the page's head for a link that holds a claim (kural/site/small, head_start: this
// file is inlined there with the checker's addresses, c). The first verdict of a shared link waits mostly on the
// small path's downloads and on the worker's start; the page's own scripts run only once the page is parsed and
// its scripts have arrived (2.5 s on the slow phone). So the worker starts here, is handed the small path's files as
// they arrive, and starts MicroPython at once ({type: "small"}: unless a started Pyodide is kept for this reader,
// whom Pyodide answers sooner). kural-engine.js then takes this worker over (window.kuralSmallStart), with the
// messages it has sent meanwhile.
(function (c) {
  "use strict";
  // A claim, as kural-check.js reads the link: a game, a kind and a field (a game and a kind alone: the empty form).
  var q = new URLSearchParams(location.search), claimed = false;
  q.forEach(function (v, k) { if (["game", "check", "variant", "ruleset"].indexOf(k) < 0) claimed = true; });
  if (!q.get("game") || !q.get("check") || !claimed || typeof Worker === "undefined") return;
  // The link's game, read as the engine reads it (its first value not blank): its bundle alone is fetched (a game
  // the site does not know: kural-engine.js starts the worker when the page asks).
  var games = (c["small-games"] || "").split(" "), game = q.getAll("game").map(function (v) { return v.trim(); })
    .filter(Boolean)[0] || "";
  if (games.indexOf(game) < 0) return;
  function abs(u) { return u ? new URL(u, location.href).href : ""; }
  // As kural-engine.js reads the same addresses (the worker's snapshot key and its files are compared as text).
  var config = { small: c.small ? abs(c.small).replace("%7Bgame%7D", "{game}") : "", smallGames: games,
                 micropython: abs(c.micropython), micropythonWasm: abs(c["micropython-wasm"]),
                 engine: abs(c.engine), stdlib: abs(c.stdlib), version: c["pyodide-version"] || "",
                 catalog: c.catalog ? abs(c.catalog).replace("%7Blang%7D", "{lang}") : "", lang: c.lang || "",
                 smallCatalog: c["small-catalog"] ? abs(c["small-catalog"]).replace("%7Blang%7D", "{lang}") : "" };
  // the small path's catalog: the messages its modules name
  var words = config.smallCatalog || config.catalog;
  config.prefetched = [config.micropythonWasm, config.micropython, config.small.replace("{game}", game),
                       words ? words.replace("{lang}", config.lang) : ""].filter(Boolean);
  var worker, held = [];
  try { worker = new Worker(abs(c.worker)); } catch (e) { return; }
  var start = window.kuralSmallStart = { worker: worker, workerUrl: abs(c.worker), config: config, held: held, failed: false };
  worker.onmessage = function (e) { held.push(e); };
  worker.onerror = function () { start.failed = true; };
  config.prefetched.forEach(function (url) {
    fetch(url).then(function (r) { return r.ok ? r.arrayBuffer() : null; }).catch(function () { return null; })
      .then(function (bytes) { worker.postMessage({ type: "file", url: url, bytes: bytes }, bytes ? [bytes] : []); });
  });
  worker.postMessage({ type: "small", config: config, game: game });
})
