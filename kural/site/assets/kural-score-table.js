// Kural's score sheet, what it draws of the engine's answers (loaded by kural-score.js with the engine's first
// answer): what comes next, the chart of the running totals, the QR code of the sheet's link, and the link's
// deflated sheet. Nothing here counts: the totals after each round, the words of what comes next and the code's
// modules are the engine's (kural.browser.sheet_answer, next_round, qr_code).
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, text) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = String(text);
    return e;
  }
  // Round numbers or scores worth a tick: about five steps of 1, 2, 2.5 or 5 times a power of ten.
  function ticks(low, high, count) {
    var span = Math.max(high - low, 1), raw = span / count, power = Math.pow(10, Math.floor(Math.log10(raw)));
    var step = [1, 2, 2.5, 5, 10].map(function (m) { return m * power; }).filter(function (x) { return x >= raw; })[0];
    var out = [];
    for (var v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) out.push(Math.round(v));
    return out;
  }
  // The running totals (a.running, the engine's: each column's total after each round) as lines, one a seat or
  // team (data-seat), each with its own colour, dash and mark, so that they part in grey on paper too; the legend
  // in the players' names; the same numbers in words for a screen reader.
  function chart(into, legend, a, deals, W) {
    var running = a.running, el = window.KuralEngine.el;
    into.textContent = "";
    legend.textContent = "";
    var W0 = 320, H0 = 180, left = 40, right = 10, top = 10, bottom = 26;
    var values = [].concat.apply([0], running);
    var low = Math.min.apply(null, values), high = Math.max.apply(null, values);
    if (low === high) { low -= 1; high += 1; }
    var n = running.length;
    var pad = 10, span = W0 - left - right - 2 * pad;  // the first and last marks clear of the axis' numbers
    var x = function (i) { return left + pad + (n === 1 ? span / 2 : i * span / (n - 1)); };
    var y = function (v) { return top + (high - v) * (H0 - top - bottom) / (high - low); };
    [["viewBox", "0 0 " + W0 + " " + H0], ["role", "img"], ["aria-labelledby", "kural-chart-title"],
     ["aria-describedby", "kural-chart-desc"]].forEach(function (x) { into.setAttribute(x[0], x[1]); });
    var axis = W.sheet_round.charAt(0).toLocaleUpperCase(document.documentElement.lang || undefined) + W.sheet_round.slice(1);  // Round, Deal
    into.appendChild(svg("title", { id: "kural-chart-title" }, W.chart + " · " + axis));
    var desc = a.columns.map(function (name, c) {
      return name + ": " + running.map(function (t) { return t[c]; }).join(", ");
    }).join(". ");
    into.appendChild(svg("desc", { id: "kural-chart-desc" }, desc));
    var grid = svg("g", { "class": "kural-chart-grid", "aria-hidden": "true" });
    ticks(low, high, 5).forEach(function (v) {
      grid.appendChild(svg("line", { x1: left, x2: W0 - right, y1: y(v), y2: y(v), "class": v === 0 ? "kural-chart-zero" : "" }));
      grid.appendChild(svg("text", { x: left - 4, y: y(v) + 4, "text-anchor": "end" }, v));
    });
    var every = Math.max(1, Math.ceil(n / 8));
    running.forEach(function (_, i) {
      if ((i + 1) % every && i !== n - 1 && i !== 0) return;
      grid.appendChild(svg("text", { x: x(i), y: H0 - bottom + 14, "text-anchor": "middle" }, i + 1));
    });
    grid.appendChild(svg("text", { x: (left + W0 - right) / 2, y: H0 - 2, "text-anchor": "middle", "class": "kural-chart-axis" },
      axis));
    into.appendChild(grid);
    a.columns.forEach(function (name, c) {
      var seat = c + 1, kind = "kural-chart-s" + ((c % 6) + 1);
      var g = svg("g", { "class": "kural-chart-line " + kind, "data-seat": String(seat), "aria-hidden": "true" });
      var points = running.map(function (t, i) { return x(i).toFixed(1) + "," + y(t[c]).toFixed(1); });
      g.appendChild(svg("polyline", { points: points.join(" "), fill: "none" }));
      running.forEach(function (t, i) { g.appendChild(mark(c, x(i), y(t[c]))); });
      into.appendChild(g);
      var li = el("li", { "data-seat": String(seat) });
      var key = svg("svg", { viewBox: "0 0 28 12", width: "28", height: "12", "class": kind, "aria-hidden": "true" });
      key.appendChild(svg("line", { x1: 1, x2: 27, y1: 6, y2: 6 }));
      key.appendChild(mark(c, 14, 6));
      li.appendChild(key);
      li.appendChild(el("span", {}, name + ": " + running[n - 1][c]));
      legend.appendChild(li);
    });
  }
  // A mark a seat: circle, square, triangle, diamond, ... (told apart without colour).
  function mark(c, cx, cy) {
    var r = 3.2;
    switch (c % 6) {
      case 0: return svg("circle", { cx: cx, cy: cy, r: r });
      case 1: return svg("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r });
      case 2: return svg("path", { d: "M" + cx + " " + (cy - r - 1) + "L" + (cx + r + 1) + " " + (cy + r) + "H" + (cx - r - 1) + "Z" });
      case 3: return svg("path", { d: "M" + cx + " " + (cy - r - 1) + "L" + (cx + r + 1) + " " + cy + "L" + cx + " " + (cy + r + 1) + "L" + (cx - r - 1) + " " + cy + "Z" });
      case 4: return svg("path", { d: "M" + (cx - r) + " " + (cy - r) + "L" + (cx + r) + " " + (cy + r) + "M" + (cx + r) + " " + (cy - r) + "L" + (cx - r) + " " + (cy + r), "class": "kural-chart-open" });
      default: return svg("circle", { cx: cx, cy: cy, r: r, "class": "kural-chart-open" });
    }
  }

  // The QR code of the link (the engine's answer: its modules, rows of "1" dark, and its words) as an SVG in
  // `holder`, dark on white whatever the theme (as scanners read it), with a quiet zone of four modules, each run
  // of dark modules in a row one box of the path; or why there is none.
  function qr(holder, code) {
    var el = window.KuralEngine.el, W = code.words || {};
    if (code.state !== "done") {
      if (W.too_long) holder.appendChild(el("p", { "class": "kural-share-qr-note" }, W.too_long));
      return;
    }
    var size = code.rows.length, q = 4, d = "";
    code.rows.forEach(function (row, y) {
      row.replace(/1+/g, function (run, x) {
        d += "M" + (x + q) + " " + (y + q) + "h" + run.length + "v1h-" + run.length + "z";
        return run;
      });
    });
    var side = size + 2 * q;
    var image = svg("svg", { viewBox: "0 0 " + side + " " + side, role: "img", "aria-label": W.label,
      "shape-rendering": "crispEdges", "class": "kural-share-qr-code" });
    image.appendChild(svg("rect", { width: side, height: side, fill: "#fff" }));
    image.appendChild(svg("path", { d: d, fill: "#000" }));
    holder.appendChild(image);
    holder.appendChild(el("p", { "class": "kural-share-qr-note" }, W.help));
  }
  // Rounds (Dummy: deals) left of those agreed and who deals next; how the deal passes, in the game's own words
  // (the engine's words: `next`, kural.browser.next_round), with the record that says so (`rule`: link and words).
  function next(line, next, rule) {
    var el = window.KuralEngine.el;
    line.textContent = "";
    if (next.now) line.appendChild(el("strong", { "class": "kural-score-next-now" }, next.now));
    var said = el("span", { "class": "kural-score-next-how" }, next.how_text);
    if (rule) {
      said.appendChild(document.createTextNode(" "));
      said.appendChild(el("a", { href: rule.href }, rule.text));
    }
    line.appendChild(said);
  }
  // The sheet deflated for its link (?z=), and back; null where the browser cannot deflate.
  function base64Url(bytes) {
    var bin = "";
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function piped(bytes, stream) {
    return new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer().then(function (b) {
      return new Uint8Array(b);
    });
  }
  function deflate(text) {
    if (!window.CompressionStream) return Promise.resolve(null);
    return piped(new TextEncoder().encode(text), new CompressionStream("deflate-raw")).then(base64Url, function () { return null; });
  }
  function inflate(encoded) {
    var bin = atob(String(encoded).replace(/-/g, "+").replace(/_/g, "/")), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return piped(bytes, new DecompressionStream("deflate-raw")).then(function (b) {
      return new TextDecoder("utf-8", { fatal: true }).decode(b);
    });
  }
  // Under the standings: what comes next (a.next) and the chart (a.running), each shown once drawn.
  function table(a, W, deals, rule) {
    var $ = function (id) { return document.getElementById(id); };
    if (!$("kural-chart")) {  // made once, under the standings: what comes next, then the chart and its legend
      $("kural-score-result").insertAdjacentHTML("afterend", '<p id="kural-score-next" class="kural-score-next" hidden></p>');
      $("kural-standings").insertAdjacentHTML("afterend", '<figure class="kural-score-chart" id="kural-score-chart-box" ' +
        'hidden><svg id="kural-chart" class="kural-chart"></svg><figcaption><ul id="kural-chart-legend" ' +
        'class="kural-chart-legend"></ul></figcaption></figure>');
    }
    var running = Array.isArray(a.running) && a.running.length;
    if (a.next) next($("kural-score-next"), a.next, rule);
    if (running) chart($("kural-chart"), $("kural-chart-legend"), a, deals, W);
    $("kural-score-next").hidden = !a.next;
    $("kural-score-chart-box").hidden = !running;
  }
  // The sheet's link shown, deflated (?z=, about a third of ?sheet='s length: a QR code a phone reads from across
  // the table), or as base64url JSON (?sheet=, the first release's links, still read) where that is shorter or the
  // browser cannot deflate, and copied (`copied` says so); then its QR code, asked of the engine by `code(url)`.
  function share(sheet, copied, code) {
    var text = JSON.stringify(sheet), base = location.origin + location.pathname;
    var plain = base64Url(new TextEncoder().encode(text));
    return deflate(text).then(function (z) {
      var url = z && z.length < plain.length ? base + "?z=" + z : base + "?sheet=" + plain;
      var a = document.getElementById("kural-score-link"), holder = document.getElementById("kural-share-qr");
      a.href = a.textContent = url;
      document.getElementById("kural-score-link-row").hidden = false;
      holder.textContent = "";
      holder.dataset.link = url;
      if (navigator.clipboard && navigator.clipboard.writeText) {  // copied for the other players, where allowed
        navigator.clipboard.writeText(url).then(function () {
          document.getElementById("kural-score-copied").textContent = copied;
        }, function () { /* not allowed here: the link is shown */ });
      }
      return code(url).then(function (answer) { if (holder.dataset.link === url) qr(holder, answer); });
    });
  }
  // A score's breakdown (the engine's lines: points, words, the deciding rule), the rule under the sheet's house
  // rules or ruleset where the line names a parameter; `href` is the game page's link to a rule.
  function ruleFor(game, sheet, line) {
    if (line.rule) return line.rule;
    var options = (game.params || {})[line.param] || [];
    var named = (game.rulesets || []).filter(function (r) { return r.key === sheet.ruleset; })[0];
    var chosen = (sheet.variants || []).concat(named ? named.variants : []);
    var hit = options.filter(function (o) { return chosen.indexOf(o[0]) >= 0; })[0]
      || options.filter(function (o) { return o[0] === "standard"; }).slice(line.last ? -1 : 0)[0];
    return hit ? hit[1] : 0;
  }
  function why(ul, a, r, c, game, sheet, W, href) {
    var el = window.KuralEngine.el, fmt = window.KuralEngine.format;
    ul.textContent = "";
    var lines = (a.rows[r].cells || [])[c] || [];
    if (a.rows[r].finish) ul.appendChild(el("li", {}, a.rows[r].finish));
    lines.forEach(function (line) {
      var rule = ruleFor(game, sheet, line);
      var words = line.words || (rule ? game.titles[String(rule)] || "" : "");
      var li = el("li", {});
      li.appendChild(el("strong", { "class": "kural-score-points" }, line.points));
      li.appendChild(document.createTextNode(" " + words + " "));
      if (rule) {
        li.appendChild(el("a", { href: href(game, sheet, rule) },
          fmt(W.rule, { id: rule }) + (game.titles[String(rule)] ? " · " + game.titles[String(rule)] : "")));
      }
      ul.appendChild(li);
    });
    ul.appendChild(el("li", { "class": "kural-score-why-total" }, W.total + ": " + a.rows[r].scores[c]));
  }
  function download(name, text, type) {
    var url = URL.createObjectURL(new Blob([text], { type: type }));
    var a = window.KuralEngine.el("a", { href: url, download: name });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  }
  function csv(name, a, W) {
    var quote = function (v) { v = String(v); return /[",\n;]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v; };
    var lines = [[W.sheet_round].concat(a.columns)];
    a.rows.forEach(function (r, i) { lines.push([i + 1].concat(r.scores)); });
    if (a.rows.length) lines.push([W.total].concat(a.totals));
    download(name, "\ufeff" + lines.map(function (l) { return l.map(quote).join(","); }).join("\r\n") + "\r\n", "text/csv");
  }
  window.KuralScoreTable = { table: table, share: share, inflate: inflate, why: why, csv: csv, download: download };
})();
