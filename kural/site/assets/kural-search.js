// Kural search: the ranking of kural/search.py, in the browser, over search/kural-index.json.
// Keep the two in step: fold, stems, terms, rank (tests compare them on the same queries).
(function () {
  "use strict";
  var CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u30fc\u3005\u3006]+/g;
  var CJK_START = /^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u30fc\u3005\u3006]/;
  var WORD = /[a-z0-9]+/g;
  var WORD_ONE = /[a-z0-9]/;
  var KANJI = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005]$/;
  var CJK_ONE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u30fc\u3005\u3006]/;
  var COMBINING = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u3099\u309a]/;

  function fold(text) {
    text = text.normalize("NFKC").replace(/[ıIİ]/g, "i").toLowerCase();
    var out = "", base = "";
    var chars = Array.from(text.normalize("NFKD"));
    for (var i = 0; i < chars.length; i++) {
      var ch = chars[i];
      if (COMBINING.test(ch)) {
        if (base && base < "\u0250") continue;
      } else {
        base = ch;
      }
      out += ch;
    }
    out = out.normalize("NFC");
    var res = "";
    for (var j = 0; j < out.length; j++) {
      var c = out.charCodeAt(j);
      res += (c >= 0x3041 && c <= 0x3096) ? String.fromCharCode(c + 0x60) : out[j];
    }
    return res;
  }

  // Every stem a query word may have in any language (kural.search.stems): an irregular form's base, then
  // each way of taking endings off (and putting back what the rule says), index.rounds times.
  function stems(word, index) {
    if (/^[0-9]+$/.test(word)) return [word];
    var out = stripped(word, index), players = index.players || {};
    // A players' word meets its glossary term too ("throwing" → "throw" → "discard").
    Object.keys(out).sort().forEach(function (w) {
      if (players[w]) Object.keys(stripped(players[w], index)).forEach(function (s) { out[s] = true; });
    });
    return Object.keys(out);
  }

  function stripped(word, index) {
    var out = {};
    out[word] = true;
    var frontier = [word];
    var base = (index.irregular || {})[word];
    if (base && !out[base]) { out[base] = true; frontier.push(base); }
    for (var round = 0; round < index.rounds; round++) {
      var next = [];
      frontier.forEach(function (w) {
        Object.keys(index.suffixes).forEach(function (lang) {
          var least = (index.min_stem || {})[lang] || 3;
          index.suffixes[lang].forEach(function (rule) {
            var suf = rule[0];
            if (w.length - suf.length >= least && w.slice(-suf.length) === suf) {
              var s = w.slice(0, -suf.length) + rule[1];
              if (!out[s]) { out[s] = true; next.push(s); }
            }
          });
        });
      });
      frontier = next;
    }
    return out;
  }

  function words(text) { return text.match(WORD) || []; }

  // Players' spellings read as the texts write them (kural.search._spelled).
  function spelled(folded, index) {
    var spellings = index.spellings || {};
    Object.keys(spellings).forEach(function (typed) { folded = folded.split(typed).join(spellings[typed]); });
    return folded;
  }

  function queryTerms(query, index) {
    var folded = spelled(fold(query), index), groups = [], pos = 0, m;
    CJK.lastIndex = 0;
    while ((m = CJK.exec(folded)) !== null) {
      words(folded.slice(pos, m.index)).forEach(function (w) { groups.push(stems(w, index)); });
      var run = Array.from(m[0]);
      if (run.length === 1) groups.push([run[0]]);
      else for (var i = 0; i < run.length - 1; i++) groups.push([run[i] + run[i + 1]]);
      pos = m.index + m[0].length;
    }
    words(folded.slice(pos)).forEach(function (w) { groups.push(stems(w, index)); });
    return groups;
  }

  function esc(w) { return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  function byLength(a, b) { return b.length - a.length || (a < b ? -1 : a > b ? 1 : 0); }

  // The query folded, without a game's name (the game it names) and without question words: as read_query.
  // The name is looked for before players' spellings are read (オーケー names the game; elsewhere it is the tile).
  function readQuery(query, index) {
    var folded = fold(query).trim(), game = null, names = index.names || [];
    // Question words, joining words (index.stop) and asked or generic words (index.soft) alike, longest first.
    var seen = {}, ask = [];
    (index.ask || []).concat(index.stop || [], Object.keys(index.soft || {})).forEach(function (w) {
      if (!seen[w]) { seen[w] = true; ask.push(w); }
    });
    ask.sort(byLength);
    for (var i = 0; i < names.length; i++) {
      var phrase = names[i][0], m = null;
      if (names[i][2] === "start") {
        if (folded === phrase || folded.lastIndexOf(phrase + " ", 0) === 0) m = [0, phrase.length];
      } else if (CJK_START.test(phrase)) {
        var at = folded.indexOf(phrase);
        if (at >= 0) m = [at, at + phrase.length];
      } else {
        var re = new RegExp("(?<![a-z0-9])" + esc(phrase) + (index.name_end || "") + "(?![a-z0-9])");
        var found = re.exec(folded);
        if (found) m = [found.index, found.index + found[0].length];
      }
      if (m) {
        game = names[i][1];
        var rest = (folded.slice(0, m[0]) + " " + folded.slice(m[1])).trim();
        if (WORD_ONE.test(rest) || CJK_ONE.test(rest)) folded = rest;
        break;
      }
    }
    folded = spelled(folded, index);
    var latin = ask.filter(function (w) { return !CJK_START.test(w); });
    var present = words(folded.replace(CJK, " "));
    if (latin.length && present.some(function (w) { return latin.indexOf(w) < 0; })) {
      folded = folded.replace(new RegExp("(?<![a-z0-9])(?:" + latin.map(esc).join("|") + ")(?![a-z0-9])", "g"), " ");
    }
    ask.forEach(function (w) {
      if (CJK_START.test(w) && folded.indexOf(w) >= 0 && CJK_ONE.test(folded.split(w).join(""))) {
        folded = folded.split(w).join(" ");
      }
    });
    return [folded.replace(/\s+/g, " ").trim(), game];
  }

  // The asked and generic words readQuery took out of the query (rest: what it left), each as [factor, terms it
  // meets] (kural.search.soft_groups).
  function softGroups(query, rest, index) {
    var soft = index.soft || {}, folded = spelled(fold(query), index), out = [];
    var left = words(rest.replace(CJK, " "));
    Object.keys(soft).sort(byLength).forEach(function (word) {
      if (CJK_START.test(word)) {
        if (folded.indexOf(word) < 0 || rest.indexOf(word) >= 0) return;
        folded = folded.split(word).join(" ");
      } else if (left.indexOf(word) >= 0 ||
                 !new RegExp("(?<![a-z0-9])" + esc(word) + "(?![a-z0-9])").test(folded)) {
        return;
      }
      var terms = {};
      queryTerms(soft[word][1], index).forEach(function (g) { g.forEach(function (t) { terms[t] = true; }); });
      out.push([soft[word][0], Object.keys(terms)]);
    });
    return out;
  }

  function rank(index, query, limit, game) {
    var typedQuery = query;
    var read = readQuery(query, index);
    query = read[0];
    game = game || read[1];
    var groups = queryTerms(query, index);
    if (!groups.length) return [];
    var table = index.terms, keys = index._keys || (index._keys = Object.keys(table));
    var scores = {}, hits = {};
    var typed = words(fold(query).replace(CJK, " "));
    var lastWord = typed.length ? typed[typed.length - 1] : "";
    groups.forEach(function (group, gi) {
      var last = gi === groups.length - 1, best = {};
      group.forEach(function (term) {
        var matches = table[term] ? [[term, 1.0]] : [];
        if ((last && term === lastWord && term.length >= 3 && !CJK_START.test(term)) ||
            (term.length === 1 && KANJI.test(term))) {
          keys.forEach(function (t) { if (t !== term && t.lastIndexOf(term, 0) === 0) matches.push([t, 0.7]); });
        }
        matches.forEach(function (mt) {
          table[mt[0]].forEach(function (p) {
            var w = p[1] * mt[1];
            if (w > (best[p[0]] || 0)) best[p[0]] = w;
          });
        });
      });
      Object.keys(best).forEach(function (d) {
        scores[d] = (scores[d] || 0) + best[d];
        hits[d] = (hits[d] || 0) + 1;
      });
    });
    var extra = {};
    softGroups(typedQuery, query, index).forEach(function (sg) {
      var best = {};
      sg[1].forEach(function (t) {
        (table[t] || []).forEach(function (p) { if (p[1] > (best[p[0]] || 0)) best[p[0]] = p[1]; });
      });
      Object.keys(best).forEach(function (d) { extra[d] = (extra[d] || 0) + sg[0] * best[d]; });
    });
    var whole = fold(query).trim();
    var ranked = Object.keys(scores).filter(function (d) {
      return !game || index.docs[d].g === game;
    }).map(function (d) {
      var score = scores[d] * (0.5 + 0.5 * hits[d] / groups.length) + (extra[d] || 0);
      var exact = index.docs[d].k || [];
      if (exact.indexOf(whole) >= 0) score *= index.exact;
      if (index.docs[d].v) score *= index.variant;  // a variant below the standard rule that matches as well
      return [Number(d), score];
    });
    ranked.sort(function (a, b) {
      var x = Math.round(b[1] * 1e6) - Math.round(a[1] * 1e6);
      return x !== 0 ? x : a[0] - b[0];
    });
    return ranked.slice(0, limit || 10);
  }

  // The words of the query in the result's own text, with a little context: the text is folded one
  // character at a time, so that a match on the folded text maps back to the words as written.
  // Each character folded once per page (a results list folds thousands of them at every key press).
  var folds = Object.create(null);
  function foldChar(ch) {
    var f = folds[ch];
    if (f === undefined) f = folds[ch] = fold(ch);
    return f;
  }

  // groups: the query's terms when the caller has them already (one list of results, one query).
  function snippet(text, query, index, width, groups) {
    if (!text) return null;
    width = width || 60;
    var chars = Array.from(text), folded = "", starts = [];
    for (var i = 0; i < chars.length; i++) { starts.push(folded.length); folded += foldChar(chars[i]); }
    starts.push(folded.length);
    // A word is marked only from its start ("lay" does not mark the middle of "player"); Japanese, which has no
    // spaces, anywhere.
    var wordAt = function (term) {
      if (CJK_START.test(term)) return folded.indexOf(term);
      for (var at = folded.indexOf(term); at >= 0; at = folded.indexOf(term, at + 1)) {
        if (at === 0 || !/[\p{L}\p{N}]/u.test(folded[at - 1]) || CJK_ONE.test(folded[at - 1])) return at;
      }
      return -1;
    };
    var best = null, whole = fold(query).replace(/\s+/g, "");
    if (whole.length >= 2 && wordAt(whole) >= 0) best = [wordAt(whole), whole.length];
    if (!best) (groups || queryTerms(query, index)).forEach(function (group) {
      group.forEach(function (term) {
        if (term.length < 2 && !CJK_START.test(term)) return;
        var at = wordAt(term);
        if (at >= 0 && (!best || at < best[0] || (at === best[0] && term.length > best[1]))) best = [at, term.length];
      });
    });
    var from = 0, to = 0;
    if (best) {
      for (from = 0; from < chars.length && starts[from + 1] <= best[0]; from++) {}
      for (to = from; to < chars.length && starts[to] < best[0] + best[1]; to++) {}
      // Carry the mark to the end of the word (a stem matched "okey" in "okeyi").
      while (to < chars.length && /[\p{L}\p{N}]/u.test(chars[to]) && !CJK_START.test(chars[to])) to++;
    }
    var start = Math.max(0, from - width), end = Math.min(chars.length, to + width * 2);
    return {
      before: (start > 0 ? "… " : "") + chars.slice(start, from).join(""),
      match: chars.slice(from, to).join(""),
      after: chars.slice(to, end).join("") + (end < chars.length ? " …" : "")
    };
  }

  window.kuralSearch = { fold: fold, stems: stems, queryTerms: queryTerms, readQuery: readQuery, rank: rank, snippet: snippet };

  var input = document.getElementById("kural-search-input");
  if (!input) return;
  var list = document.getElementById("kural-search-results");
  var meta = document.getElementById("kural-search-meta");
  var toggle = document.getElementById("__search");
  var indexUrl = input.getAttribute("data-kural-index");
  var root = indexUrl.replace(/search\/kural-index\.json$/, "");
  var index = null, loading = null;

  function load() {
    if (!loading) {
      loading = fetch(indexUrl).then(function (r) { return r.json(); }).then(function (data) { index = data; return data; });
    }
    return loading;
  }

  function render() {
    var q = input.value.trim();
    list.textContent = "";
    if (!q) { meta.textContent = meta.getAttribute("data-placeholder"); return; }
    // Every match is counted; the first twenty are shown.
    var all = rank(index, q, Infinity);
    var results = all.slice(0, 20), groups = queryTerms(q, index);
    meta.textContent = !all.length ? meta.getAttribute("data-none")
      : all.length === 1 ? meta.getAttribute("data-one")
      : meta.getAttribute("data-other").replace("#", String(all.length));
    results.forEach(function (r) {
      var doc = index.docs[r[0]];
      var li = document.createElement("li");
      li.className = "md-search-result__item";
      var a = document.createElement("a");
      a.className = "md-search-result__link";
      a.href = root + doc.u;
      a.setAttribute(doc.q ? "data-question" : "data-rule", doc.g ? doc.g + ":" + doc.i : "");
      if (doc.q) a.setAttribute("data-rules", doc.r.join(" "));
      var art = document.createElement("article");
      art.className = "md-search-result__article md-typeset";
      var h = document.createElement("h1");
      h.textContent = doc.t;
      art.appendChild(h);
      if (doc.g) {
        var p = document.createElement("p");
        p.className = "kural-result-id";
        // A rule by its number; a question by what it is (the answer follows as the snippet).
        p.textContent = (index.games[doc.g] || doc.g) + " · " + (doc.q ? index.question : doc.i);
        art.appendChild(p);
      }
      var cut = snippet(doc.x, q, index, 60, groups);
      if (cut) {
        var sn = document.createElement("p");
        sn.className = "kural-snippet";
        sn.appendChild(document.createTextNode(cut.before));
        if (cut.match) {
          var mk = document.createElement("mark");
          mk.textContent = cut.match;
          sn.appendChild(mk);
        }
        sn.appendChild(document.createTextNode(cut.after));
        art.appendChild(sn);
      }
      a.appendChild(art);
      a.addEventListener("click", function () { if (toggle) toggle.checked = false; });
      li.appendChild(a);
      list.appendChild(li);
    });
  }

  input.addEventListener("input", function () {
    if (index) render(); else load().then(render);
  });
  input.addEventListener("keydown", function (e) {
    if (e.key === "Enter") {
      var first = list.querySelector("a");
      if (first) { e.preventDefault(); first.click(); window.location.href = first.href; }
    } else if (e.key === "Escape" && toggle) {
      toggle.checked = false; input.blur();
    }
  });
  input.addEventListener("focus", function () { load(); if (toggle) toggle.checked = true; });
  if (toggle) {
    toggle.addEventListener("change", function () { if (toggle.checked) { load(); setTimeout(function () { input.focus(); }, 50); } });
  }
  document.addEventListener("keydown", function (e) {
    var tag = (document.activeElement && document.activeElement.tagName) || "";
    if ((e.key === "/" || e.key === "s") && tag !== "INPUT" && tag !== "TEXTAREA" && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      if (toggle) toggle.checked = true;
      input.focus();
    }
  });
})();
