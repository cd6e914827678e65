"""axe-core, pinned in ``web/package.json`` and run in the page, with changes that make it faster and give the
same answers.

axe's ``axe.js`` is compiled for old browsers: its ``Color`` class keeps its channels in private fields that the
compiler turned into WeakMaps, and every colour is parsed again from its CSS text. On a game page with every
example opened, colour contrast makes about 380,000 colours, and those two costs were two thirds of axe's time
(17.4 s of a 17.4 s run became 7.5 s). The changes:

- ``private fields``: the compiler's helpers keep a private field as a property under a symbol of its own instead
  of an entry in a WeakMap (the same checks, the same values; only a WeakMap's lookups are gone);
- ``Color``'s own fields (``COLOR_REWRITES``): in axe's Color class, the class colour contrast makes most of, the
  six private channels are plain properties and its private method a plain call, with no helper in between (colour
  contrast on an opened Dummy page, four runs each: 5.4–6.7 s became 4.8–5.9 s);
- ``parsed colours``: a colour's CSS text is parsed once, and its channels reused (parsing has no side effect
  but the error it raises, which is never remembered);
- ``memoized arguments``: axe remembers the answers of many functions (memoizee), each keyed by its arguments, most
  of them elements. memoizee finds an argument by a linear search of every argument seen before (``indexOf``), so
  on a page of ten thousand elements each lookup scanned thousands; the arguments are now keys of Maps, one lookup
  per argument. Maps compare keys as memoizee's search does (SameValueZero: NaN equals NaN, -0 equals 0), and
  the same arguments count (a function's declared length, or all of them where it has none).

On an opened game page the last change and axe's own ``noHtml`` option (no copy of each checked element's HTML in
the results, see ``run``) took the rules other than colour contrast from about 3.6 s to 2.7 s.

Each change must find its text exactly once in axe's source (each rewrite of Color as many times as it says), so
an upgrade of axe that moves them fails here, loudly, rather than silently running slow; ``test_axe_patch.py`` holds the patched axe's answers equal to axe's own.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.js"

_PRIVATE_OLD = """  function _classPrivateFieldInitSpec(e, t, a) {
    _checkPrivateRedeclaration(e, t), t.set(e, a);
  }
  function _classPrivateMethodInitSpec(e, a) {
    _checkPrivateRedeclaration(e, a), a.add(e);
  }
  function _checkPrivateRedeclaration(e, t) {
    if (t.has(e)) {
      throw new TypeError('Cannot initialize the same private elements twice on an object');
    }
  }
  function _classPrivateFieldGet(s, a) {
    return s.get(_assertClassBrand(s, a));
  }
  function _classPrivateFieldSet(s, a, r) {
    return s.set(_assertClassBrand(s, a), r), r;
  }
  function _assertClassBrand(e, t, n) {
    if ('function' == typeof e ? e === t : e.has(t)) {
"""
_PRIVATE_NEW = """  function _privateKey(m) {
    return m.__kuralKey || (m.__kuralKey = Symbol('private'));
  }
  function _classPrivateFieldInitSpec(e, t, a) {
    _checkPrivateRedeclaration(e, t), e[_privateKey(t)] = a;
  }
  function _classPrivateMethodInitSpec(e, a) {
    _checkPrivateRedeclaration(e, a), e[_privateKey(a)] = true;
  }
  function _checkPrivateRedeclaration(e, t) {
    if (_privateKey(t) in e) {
      throw new TypeError('Cannot initialize the same private elements twice on an object');
    }
  }
  function _classPrivateFieldGet(s, a) {
    return _assertClassBrand(s, a)[_privateKey(s)];
  }
  function _classPrivateFieldSet(s, a, r) {
    return _assertClassBrand(s, a)[_privateKey(s)] = r, r;
  }
  function _assertClassBrand(e, t, n) {
    if ('function' == typeof e ? e === t : _privateKey(e) in t) {
"""

_MEMO_HELPER_OLD = """      var plain = require_plain();
      module.exports = function(fn) {
"""
_MEMO_HELPER_NEW = """      var plain = require_plain();
      function kuralArgumentIds(length) {
        var lastId = 0, root = new Map(), argsOf = new Map();
        var count = function(args) {
          return length === false ? args.length : length;
        };
        return {
          get: function get(args) {
            var n = count(args), node = root.get(n);
            for (var i = 0; node !== undefined && i < n; i++) {
              node = node.get(args[i]);
            }
            return node === undefined ? null : node;
          },
          set: function set(args) {
            var n = count(args), id = ++lastId;
            if (n === 0) {
              root.set(0, id);
            } else {
              var level = root.get(n);
              if (!level) {
                root.set(n, level = new Map());
              }
              for (var i = 0; i < n - 1; i++) {
                var next = level.get(args[i]);
                if (!next) {
                  level.set(args[i], next = new Map());
                }
                level = next;
              }
              level.set(args[n - 1], id);
            }
            argsOf.set(id, Array.prototype.slice.call(args, 0, n));
            return id;
          },
          delete: function _delete(id) {
            var args = argsOf.get(id);
            if (!args) {
              return;
            }
            argsOf.delete(id);
            var n = args.length;
            if (n === 0) {
              root.delete(0);
              return;
            }
            var path = [ root ], level = root.get(n);
            for (var i = 0; level && i < n - 1; i++) {
              path.push(level);
              level = level.get(args[i]);
            }
            if (!level || level.get(args[n - 1]) !== id) {
              return;
            }
            level.delete(args[n - 1]);
            for (var j = n - 1; j >= 0 && level.size === 0; j--) {
              var parent = path[j];
              parent.delete(j === 0 ? n : args[j - 1]);
              level = parent;
            }
          },
          clear: function clear() {
            root = new Map();
            argsOf = new Map();
          }
        };
      }
      module.exports = function(fn) {
"""
_MEMO_CHOICE_OLD = """            } else if (length === false) {
              options.normalizer = require_get()();
            } else if (length === 1) {
              options.normalizer = require_get_1()();
            } else {
              options.normalizer = require_get_fixed()(length);
            }
"""
_MEMO_CHOICE_NEW = """            } else {
              options.normalizer = kuralArgumentIds(length);
            }
"""

# (what, the text in axe.js, what it becomes)
PATCHES: tuple[tuple[str, str, str], ...] = (
    ("private fields", _PRIVATE_OLD, _PRIVATE_NEW),
    ("memoized arguments: the Maps", _MEMO_HELPER_OLD, _MEMO_HELPER_NEW),
    ("memoized arguments: every length", _MEMO_CHOICE_OLD, _MEMO_CHOICE_NEW),
    ("parsed colours: the cache",
     "    var hexRegex = /^#[0-9a-f]{3,8}$/i;\n",
     "    var hexRegex = /^#[0-9a-f]{3,8}$/i;\n    var parsedColors = new Map();\n"),
    ("parsed colours: a colour seen before",
     """        value: function parseString(colorString) {
          colorString = colorString.replace(hslRegex,""",
     """        value: function parseString(colorString) {
          var parsedKey = colorString, parsed = parsedColors.get(parsedKey);
          if (parsed) {
            this.r = parsed[0];
            this.g = parsed[1];
            this.b = parsed[2];
            this.alpha = parsed[3];
            return this;
          }
          colorString = colorString.replace(hslRegex,"""),
    ("parsed colours: a colour parsed",
     """            this.alpha = +_color2.alpha;
          } catch (_unused4) {""",
     """            this.alpha = +_color2.alpha;
            parsedColors.set(parsedKey, [ this.r, this.g, this.b, this.alpha ]);
          } catch (_unused4) {"""),
)


# axe's own Color class (colour contrast makes hundreds of thousands of them on an opened game page): its six
# private channels become plain properties of the object, and its one private method a plain call. The generic
# helpers above still go through a lookup per access (a fifth of colour contrast's own time left after them).
# Every access is on ``this`` inside the class (the last entry checks that none is left in the class, and
# _rewrite_color_class that none is outside it), so nothing else can tell.
# (what, a regular expression, what it becomes, how many times it must match)
COLOR_CLASS = ("    var _Color2 = (_r = new WeakMap()", "    var color_default = _Color2;")
COLOR_REWRITES: tuple[tuple[str, str, str, int], ...] = (
    ("a channel made", r"_classPrivateFieldInitSpec\(this, _(r|g|b|red|green|blue), void 0\);",
     r"this.__kural_\1 = void 0;", 6),
    ("the brand made", r"_classPrivateMethodInitSpec\(this, _Class3_brand\);", "", 1),
    ("a channel read", r"_classPrivateFieldGet\(_(r|g|b|red|green|blue), this\)", r"this.__kural_\1", 6),
    ("a channel set", r"_classPrivateFieldSet\(_(r|g|b|red|green|blue), this, ([^;]*)\);",
     r"this.__kural_\1 = \2;", 12),
    ("the private method", r"_assertClassBrand\(_Class3_brand, this, _add\)", "_add", 1),
    ("no other private access", r"_classPrivate|_assertClassBrand", "", 0),
)


class AxeSourceChanged(AssertionError):
    """axe's source no longer has the text a patch replaces (axe was upgraded): update PATCHES."""


def patch(source: str) -> str:
    """``source`` with every change of PATCHES; each must match exactly once.

    >>> patch("nothing to patch")
    Traceback (most recent call last):
    ...
    tests.browser.axe.AxeSourceChanged: axe.js has the text of 'private fields' 0 times, not once: update PATCHES
    """
    for what, old, new in PATCHES:
        found = source.count(old)
        if found != 1:
            raise AxeSourceChanged(f"axe.js has the text of {what!r} {found} times, not once: update PATCHES")
        source = source.replace(old, new)
    return _rewrite_color_class(source)


def _rewrite_color_class(source: str) -> str:
    start, end = (source.find(marker) for marker in COLOR_CLASS)
    if start < 0 or end < start or source.count(COLOR_CLASS[0]) != 1:
        raise AxeSourceChanged("axe.js has no Color class where COLOR_REWRITES expects it: update them")
    cls = source[start:end]
    if re.search(r"_classPrivate\w+\(_(r|g|b|red|green|blue|Class3_brand),", source[:start] + source[end:]):
        raise AxeSourceChanged("axe.js reads Color's private fields outside the class: update COLOR_REWRITES")
    for what, pattern, new, times in COLOR_REWRITES:
        cls, found = re.subn(pattern, new, cls)
        if found != times:
            raise AxeSourceChanged(f"axe.js's Color class has {what!r} {found} times, not {times}: "
                                   "update COLOR_REWRITES")
    return source[:start] + cls + source[end:]


@lru_cache(maxsize=2)
def source(patched: bool = True) -> str:
    """axe's script, patched (or as published, for the test that compares the two)."""
    if not AXE.is_file():
        raise FileNotFoundError(f"axe-core is missing from {AXE.parent.parent}: run `npm ci` in web/ "
                                "(./scripts/test does it)")
    text = AXE.read_text(encoding="utf-8")
    return patch(text) if patched else text


def run(page, context=None, options: dict | None = None, patched: bool = True) -> dict:
    """axe's results for ``page`` (or the part ``context`` selects): ``violations`` and what ``options`` ask."""
    if not page.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(source(patched))
        # No copy of each element's HTML in the results (axe's own option): the tests report an element by its
        # selector, and copying the HTML of every element checked was a tenth of axe's time on a long page.
        page.evaluate("axe.configure({noHtml: true})")
    return page.evaluate("([context, options]) => axe.run(context || document, options || {})", [context, options])
