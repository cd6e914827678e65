"""The engine's own modules, lowered mechanically to the Python that MicroPython runs (the checker's small path).

The page's first verdict runs the same source as ``kural check``, not a second engine: each module is parsed by
CPython's ``ast`` at build time and written back with only what MicroPython lacks spelled out (the names it
needs from ``kural_mp``, shipped beside them):

- annotations dropped (MicroPython keeps none, so a dataclass's fields are listed for it: ``__kural_fields__``);
  ``from __future__``, ``typing``, ``dataclasses``, ``functools.lru_cache`` and ``collections.Counter`` taken from
  ``kural_mp``; a ``NamedTuple`` class made from ``kural_mp.named_tuple``; ``Generic[...]``/``Protocol`` bases dropped;
- every dict made in insertion order (``kural_mp.od``; MicroPython's dicts keep no order, CPython's do), but a
  table annotated ``Lookup`` (:data:`kural.core.Lookup`: a memo or a value table, only looked up), which stays a
  dict of MicroPython's own, hashed (its ordered dicts are searched from the start at each lookup: 13 × slower);
- ``n.bit_count()``, ``s.removeprefix(p)``, ``dict.fromkeys``, ``json.dumps(x, ensure_ascii=False)`` through
  ``kural_mp``; an exception raised in ``except E as e:`` given ``e`` as its ``__context__`` (MicroPython chains
  none), read with ``getattr``;
- ``sorted(x, key=...)`` and ``x.sort(key=...)`` stable, as CPython's (``kural_mp.stable_sorted``: MicroPython's sort
  is not, and the engine's searches keep the first of equal candidates, so a tie would show another arrangement).

>>> print(lower_source("from __future__ import annotations\\nx: int = {1: 2}\\ny: Lookup[int, int] = {1: {2: 3}}\\n"))
import kural_mp as _M
x = _M.od(((1, 2),))
y = {1: _M.od(((2, 3),))}
"""

from __future__ import annotations

import ast
import re
from typing import Final

SHIM: Final = "_M"
# Names imported from these modules come from kural_mp instead (MicroPython has none of them, or not these names).
FROM_SHIM: Final = {"typing": None, "dataclasses": None, "itertools": None, "functools": {"lru_cache", "cache"},
                    "collections": {"Counter"}, "pathlib": None, "gettext": None,
                    "collections.abc": None, "urllib.parse": None, "html": {"unescape"}, "random": None}
GENERIC: Final = ("tuple", "list", "dict", "set", "frozenset", "type", "Mapping")
# Dicts annotated with this name (kural.core.Lookup) are only looked up: they stay MicroPython's own dicts.
LOOKUP: Final = "Lookup"
METHODS: Final = {"bit_count": "bit_count", "bit_length": "bit_length", "removeprefix": "removeprefix", "removesuffix": "removesuffix"}


class PatternError(ValueError):
    """A regular expression that MicroPython's ``re`` cannot run, even lowered."""


# \b after a word, then anything up to ">": the same as an optional non-word character first (report.py's tags).
_WORD_END = ((r"\b[^>]*", r"(?:[^a-zA-Z0-9_>][^>]*)?"), (r'\b[^"]*', r'(?:[^a-zA-Z0-9_"][^"]*)?'))


def mp_pattern(pattern: str, flags: int = 0) -> tuple[str, int]:
    r"""``pattern`` written for MicroPython's ``re`` (no counted repetition, no flags) and its number of groups.

    >>> mp_pattern(r"^([RYBK])(\d{1,2})$")
    ('^([RYBK])(\\d\\d?)$', 2)
    >>> import re
    >>> mp_pattern(r"^p?([1-9])$", re.IGNORECASE)
    ('^[pP]?([1-9])$', 1)
    """
    for word_end in _WORD_END:
        pattern = pattern.replace(*word_end)
    out: list[str] = []
    groups = 0
    i = 0
    atom_start = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            atom_start = len(out)
            if pattern[i + 1] in "bBAZ":
                raise PatternError(f"{pattern!r}: \\{pattern[i + 1]}")
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if c == "[":
            j = i + 1
            if j < len(pattern) and pattern[j] == "^":
                j += 1
            if j < len(pattern) and pattern[j] == "]":
                j += 1
            while pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            body = pattern[i + 1:j]
            if flags & re.IGNORECASE:
                body = body + "".join(ch.swapcase() for ch in re.sub(r"[a-z]-[a-z]|[A-Z]-[A-Z]", "", body) if ch.isalpha()) + \
                    "".join(m.swapcase() for m in re.findall(r"[a-z]-[a-z]|[A-Z]-[A-Z]", body))
            atom_start = len(out)
            out.append("[" + body + "]")
            i = j + 1
            continue
        if c == "(":
            if pattern.startswith("(?:", i):
                out.append("(?:")
                i += 3
            elif pattern.startswith("(?", i):
                raise PatternError(f"{pattern!r}: {pattern[i:i + 3]}")
            else:
                groups += 1
                out.append("(")
                i += 1
            continue
        if c == ")":
            depth, k = 0, len(out) - 1
            while True:  # the atom is the whole group
                if out[k] == ")":
                    depth += 1
                elif out[k] in ("(", "(?:"):
                    if depth == 0:
                        break
                    depth -= 1
                k -= 1
            out.append(")")
            atom_start = k
            i += 1
            continue
        if c == "{":
            j = pattern.index("}", i)
            lo, _, hi = pattern[i + 1:j].partition(",")
            atom = "".join(out[atom_start:])
            del out[atom_start:]
            m = int(lo)
            if not _:
                out.append(atom * m)
            elif hi:
                out.append(atom * m + (atom + "?") * (int(hi) - m) if int(hi) - m < 2 else
                           atom * m + "(?:" * (int(hi) - m) + "".join(atom + ")?" for _k in range(int(hi) - m)))
            else:
                out.append(atom * m + atom + "*" if m else atom + "*")
            i = j + 1
            continue
        if c == "." and flags & re.DOTALL:
            atom_start = len(out)
            out.append(r"[\s\S]")
            i += 1
            continue
        if c.isalpha() and flags & re.IGNORECASE:
            atom_start = len(out)
            out.append(f"[{c.lower()}{c.upper()}]")
            i += 1
            continue
        if c not in "*+?|^$":
            atom_start = len(out)
        out.append(c)
        i += 1
    if flags & ~(re.IGNORECASE | re.DOTALL):
        raise PatternError(f"{pattern!r}: flags {flags}")
    return "".join(out), groups


def _flags(node: ast.expr | None) -> int:
    """The flags of a call to ``re`` written as ``re.I``, ``re.IGNORECASE | re.S`` and so on."""
    if node is None:
        return 0
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "re":
        return int(getattr(re, node.attr))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _flags(node.left) | _flags(node.right)
    raise PatternError(ast.unparse(node))


def _union(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _union(node.left) + _union(node.right)
    return [node]


def _shim(name: str) -> ast.Attribute:
    return ast.Attribute(value=ast.Name(id=SHIM, ctx=ast.Load()), attr=name, ctx=ast.Load())


def _is_dataclass(dec: ast.expr) -> bool:
    target = dec.func if isinstance(dec, ast.Call) else dec
    return (isinstance(target, ast.Name) and target.id == "dataclass") or (
        isinstance(target, ast.Attribute) and target.attr == "dataclass")


def _is_classvar(ann: ast.expr) -> bool:
    node = ann.value if isinstance(ann, ast.Subscript) else ann
    return (isinstance(node, ast.Name) and node.id == "ClassVar") or (
        isinstance(node, ast.Attribute) and node.attr == "ClassVar")


def _base_name(b: ast.expr) -> str:
    node = b.value if isinstance(b, ast.Subscript) else b
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _drop_docstring(node: ast.FunctionDef | ast.ClassDef) -> None:
    """Docstrings are for readers of the source (and doctests), not for the page."""
    first = node.body[0] if node.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        node.body = node.body[1:] or [ast.Pass()]


class _Lower(ast.NodeTransformer):
    # --- imports ---------------------------------------------------------------------------------------------
    def visit_ImportFrom(self, node: ast.ImportFrom):  # type: ignore[no-untyped-def]
        if node.module == "__future__":
            return None
        if node.level == 0 and node.module in FROM_SHIM:
            only = FROM_SHIM[node.module]
            shimmed = [a for a in node.names if only is None or a.name in only]
            rest = [a for a in node.names if a not in shimmed]
            out: list[ast.stmt] = []
            if shimmed:
                out.append(ast.ImportFrom(module="kural_mp", names=shimmed, level=0))
            if rest:
                out.append(ast.ImportFrom(module=node.module, names=rest, level=0))
            return out
        return node

    def visit_Import(self, node: ast.Import):  # type: ignore[no-untyped-def]
        out = []
        for a in node.names:
            if a.name in ("typing", "dataclasses", "itertools", "gettext", "pathlib", "unicodedata", "random"):
                out.append(ast.Import(names=[ast.alias(name="kural_mp", asname=a.asname or a.name)]))
            else:
                out.append(ast.Import(names=[a]))
        return out

    # --- annotations -------------------------------------------------------------------------------------------
    def _strip_args(self, args: ast.arguments) -> None:
        for a in args.posonlyargs + args.args + args.kwonlyargs + [x for x in (args.vararg, args.kwarg) if x]:
            a.annotation = None

    def visit_FunctionDef(self, node: ast.FunctionDef):  # type: ignore[no-untyped-def]
        self._strip_args(node.args)
        node.returns = None
        _drop_docstring(node)
        self.generic_visit(node)
        return node

    def visit_Lambda(self, node: ast.Lambda):  # type: ignore[no-untyped-def]
        self.generic_visit(node)
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign):  # type: ignore[no-untyped-def]
        if node.value is None:
            return None
        alias = isinstance(node.annotation, ast.Name) and node.annotation.id == "TypeAlias"
        if _base_name(node.annotation) == LOOKUP and isinstance(node.value, (ast.Dict, ast.DictComp)) \
                and not any(k is None for k in getattr(node.value, "keys", ())):
            # a table only looked up (kural.core.Lookup): MicroPython's own dict, hashed, where its ordered ones
            # are searched from the start at each lookup
            self.generic_visit(node.value)
            return ast.Assign(targets=[node.target], value=node.value, lineno=node.lineno)
        value = _shim("Any") if alias else self.visit(node.value)
        return ast.Assign(targets=[node.target], value=value, lineno=node.lineno)

    def visit_ClassDef(self, node: ast.ClassDef):  # type: ignore[no-untyped-def]
        names = [s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
                 and not _is_classvar(s.annotation)]
        bases = [b.value if isinstance(b, ast.Subscript) else b for b in node.bases
                 if _base_name(b) not in ("Generic", "Protocol")]
        node.keywords = [k for k in node.keywords if k.arg != "metaclass"]
        _drop_docstring(node)
        if any(_base_name(b) == "NamedTuple" for b in bases):
            defaults = [s.value for s in node.body if isinstance(s, ast.AnnAssign) and s.value is not None
                        and isinstance(s.target, ast.Name)]
            bases = [ast.Call(func=_shim("named_tuple"),
                              args=[ast.Constant(node.name), ast.Tuple([ast.Constant(n) for n in names], ast.Load()),
                                    ast.Tuple([self.visit(d) for d in defaults], ast.Load())], keywords=[])]
            node.body = [s for s in node.body if not isinstance(s, ast.AnnAssign)]
        node.bases = bases
        self.generic_visit(node)
        if any(_is_dataclass(d) for d in node.decorator_list):
            node.body.insert(0, ast.Assign(targets=[ast.Name("__kural_fields__", ast.Store())],
                                           value=ast.Tuple([ast.Constant(n) for n in names], ast.Load()), lineno=0))
        node.body = [s for s in node.body if s is not None] or [ast.Pass()]
        if all(isinstance(s, ast.Expr) for s in node.body):
            node.body.append(ast.Pass())
        return node

    def visit_Subscript(self, node: ast.Subscript):  # type: ignore[no-untyped-def]
        # list[int], tuple[str, ...]: a type written as a value (MicroPython's types take no subscript)
        if isinstance(node.value, ast.Name) and node.value.id in GENERIC and isinstance(node.ctx, ast.Load):
            return _shim("Any")
        self.generic_visit(node)
        return node

    # --- (a, *b), [*a, b], {*a}: MicroPython unpacks only in calls and assignments ------------------------------
    def _unstar(self, node, kind: str):  # type: ignore[no-untyped-def]
        self.generic_visit(node)
        if not isinstance(node.ctx, ast.Load) or not any(isinstance(e, ast.Starred) for e in node.elts):
            return node
        parts: list[ast.expr] = []
        run: list[ast.expr] = []
        for e in node.elts:
            if isinstance(e, ast.Starred):
                if run:
                    parts.append(ast.List(run, ast.Load()))
                    run = []
                parts.append(ast.Call(func=ast.Name("list", ast.Load()), args=[e.value], keywords=[]))
            else:
                run.append(e)
        if run:
            parts.append(ast.List(run, ast.Load()))
        total = parts[0]
        for p in parts[1:]:
            total = ast.BinOp(left=total, op=ast.Add(), right=p)
        if kind == "list":
            return total if len(parts) > 1 else ast.Call(func=ast.Name("list", ast.Load()), args=[total], keywords=[])
        return ast.Call(func=ast.Name(kind, ast.Load()), args=[total], keywords=[])

    def visit_Tuple(self, node: ast.Tuple):  # type: ignore[no-untyped-def]
        return self._unstar(node, "tuple")

    def visit_List(self, node: ast.List):  # type: ignore[no-untyped-def]
        return self._unstar(node, "list")

    def visit_Set(self, node: ast.Set):  # type: ignore[no-untyped-def]
        self.generic_visit(node)
        if not any(isinstance(e, ast.Starred) for e in node.elts):
            return node
        return ast.Call(func=ast.Name("set", ast.Load()), args=[self._unstar(ast.List(node.elts, ast.Load()), "list")],
                        keywords=[])

    def visit_Assign(self, node: ast.Assign):  # type: ignore[no-untyped-def]
        self.generic_visit(node)
        stores = [t for target in node.targets for t in ast.walk(target)
                  if isinstance(t, ast.Attribute) and isinstance(t.ctx, ast.Store)]
        if stores and all(t.attr in ("__doc__", "__name__", "__qualname__") for t in stores):
            return None  # MicroPython's functions take no attributes; only help() and docs read them
        return node

    def visit_Attribute(self, node: ast.Attribute):  # type: ignore[no-untyped-def]
        self.generic_visit(node)
        if node.attr == "__getitem__" and isinstance(node.ctx, ast.Load):  # a bound slot MicroPython's types lack
            return ast.Call(func=_shim("getitem_of"), args=[node.value], keywords=[])
        if node.attr in ("__doc__", "__context__") and isinstance(node.ctx, ast.Load):
            return ast.Call(func=ast.Name("getattr", ast.Load()),
                            args=[node.value, ast.Constant(node.attr), ast.Constant(None)], keywords=[])
        if node.attr == "__new__" and isinstance(node.value, ast.Name) and node.value.id == "tuple":
            return _shim("tuple_new")
        return node

    # --- exceptions: MicroPython chains none; an exception raised while one is handled keeps it as its __context__
    # (kural.sheet reads the engine's reason there), set by kural_mp.chained ------------------------------------------
    handling: list = []

    def visit_ExceptHandler(self, node: ast.ExceptHandler):  # type: ignore[no-untyped-def]
        self.handling = self.handling + [node.name]
        self.generic_visit(node)
        self.handling = self.handling[:-1]
        return node

    def visit_Raise(self, node: ast.Raise):  # type: ignore[no-untyped-def]
        self.generic_visit(node)
        if node.exc is not None and self.handling and self.handling[-1]:
            node.exc = ast.Call(func=_shim("chained"), args=[node.exc, ast.Name(self.handling[-1], ast.Load())],
                                keywords=[])
        return node

    # --- f-strings: MicroPython's reads no quotes or brackets nested in them ----------------------------------------
    def visit_JoinedStr(self, node: ast.JoinedStr):  # type: ignore[no-untyped-def]
        parts: list[ast.expr] = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(v)
                continue
            assert isinstance(v, ast.FormattedValue)
            value = self.visit(v.value)
            if v.conversion in (ord("r"), ord("s"), ord("a")):
                value = ast.Call(func=ast.Name("repr" if v.conversion != ord("s") else "str", ast.Load()),
                                 args=[value], keywords=[])
            if v.format_spec is not None:
                spec = self.visit_JoinedStr(v.format_spec)
                fmt = ast.BinOp(left=ast.BinOp(left=ast.Constant("{:"), op=ast.Add(), right=spec), op=ast.Add(),
                                right=ast.Constant("}"))
                parts.append(ast.Call(func=ast.Attribute(fmt, "format", ast.Load()), args=[value], keywords=[]))
            else:
                parts.append(ast.Call(func=ast.Name("str", ast.Load()), args=[value], keywords=[]))
        if not parts:
            return ast.Constant("")
        if len(parts) == 1:
            return parts[0] if not isinstance(parts[0], ast.Constant) else parts[0]
        return ast.Call(func=ast.Attribute(ast.Constant(""), "join", ast.Load()), args=[ast.List(parts, ast.Load())],
                        keywords=[])

    # --- dicts in insertion order ------------------------------------------------------------------------------
    def visit_Dict(self, node: ast.Dict):  # type: ignore[no-untyped-def]
        self.generic_visit(node)
        if any(k is None for k in node.keys):
            parts: list[ast.expr] = []
            run: list[tuple[ast.expr, ast.expr]] = []
            for k, v in zip(node.keys, node.values):
                if k is None:
                    if run:
                        parts.append(self._pairs(run))
                        run = []
                    parts.append(v)
                else:
                    run.append((k, v))
            if run:
                parts.append(self._pairs(run))
            return ast.Call(func=_shim("od_merge"), args=parts, keywords=[])
        if not node.keys:
            return ast.Call(func=_shim("od"), args=[], keywords=[])
        return self._pairs(list(zip(node.keys, node.values)))

    def _pairs(self, pairs: list[tuple[ast.expr, ast.expr]]) -> ast.Call:
        return ast.Call(func=_shim("od"), args=[ast.Tuple([ast.Tuple([k, v], ast.Load()) for k, v in pairs],
                                                          ast.Load())], keywords=[])

    def visit_DictComp(self, node: ast.DictComp):  # type: ignore[no-untyped-def]
        self.generic_visit(node)
        gen = ast.GeneratorExp(elt=ast.Tuple([node.key, node.value], ast.Load()), generators=node.generators)
        return ast.Call(func=_shim("od"), args=[gen], keywords=[])

    def visit_Call(self, node: ast.Call):  # type: ignore[no-untyped-def]
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "re" and node.args \
                and isinstance(node.args[0], ast.Constant) and f.attr in ("compile", "sub", "match", "search"):
            flag_arg = node.args[1] if f.attr == "compile" and len(node.args) > 1 else None
            for k in node.keywords:
                if k.arg == "flags":
                    flag_arg = k.value
            try:
                text, n = mp_pattern(node.args[0].value, _flags(flag_arg))
            except PatternError:
                return ast.Call(func=_shim("Unsupported"), args=[node.args[0]], keywords=[])
            compiled = ast.Call(func=_shim("re_compile"), args=[ast.Constant(text), ast.Constant(n)], keywords=[])
            if f.attr == "compile":
                return compiled
            rest = node.args[1:] if f.attr != "sub" else node.args[1:]
            return ast.Call(func=ast.Attribute(compiled, f.attr, ast.Load()), args=rest,
                            keywords=[k for k in node.keywords if k.arg != "flags"])
        if isinstance(f, ast.Name) and f.id in ("isinstance", "issubclass") and len(node.args) == 2 \
                and isinstance(node.args[1], ast.BinOp) and isinstance(node.args[1].op, ast.BitOr):
            node.args[1] = ast.Tuple(_union(node.args[1]), ast.Load())  # A | B: MicroPython's types have no |
        if isinstance(f, ast.Name) and f.id == "isinstance" and len(node.args) == 2 \
                and isinstance(node.args[1], ast.Name) and node.args[1].id == "Mapping":
            return ast.Call(func=_shim("is_mapping"), args=node.args[:1], keywords=[])
        if isinstance(f, ast.Name) and f.id == "dict":
            return ast.Call(func=_shim("od"), args=node.args, keywords=node.keywords)
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "dict" \
                and f.attr == "fromkeys":
            return ast.Call(func=_shim("od_fromkeys"), args=node.args, keywords=node.keywords)
        if isinstance(f, ast.Attribute) and f.attr in METHODS:
            return ast.Call(func=_shim(METHODS[f.attr]), args=[f.value] + node.args, keywords=node.keywords)
        if any(k.arg == "key" for k in node.keywords):  # MicroPython's sort is not stable: ties keep their order
            if isinstance(f, ast.Name) and f.id == "sorted":
                return ast.Call(func=_shim("stable_sorted"), args=node.args, keywords=node.keywords)
            if isinstance(f, ast.Attribute) and f.attr == "sort":
                return ast.Call(func=_shim("stable_sort"), args=[f.value] + node.args, keywords=node.keywords)
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "json" \
                and f.attr == "dumps" and [(k.arg, getattr(k.value, "value", None)) for k in node.keywords] \
                == [("ensure_ascii", False)]:
            return ast.Call(func=_shim("json_text"), args=node.args, keywords=[])  # MicroPython's takes no keywords
        return node


def lower_tree(tree: ast.Module) -> ast.Module:
    """``tree`` lowered (in place) to what MicroPython runs, with ``kural_mp`` imported first."""
    tree = _Lower().visit(tree)
    body = tree.body
    at = 1 if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) else 0
    body[at:at] = [ast.Import(names=[ast.alias(name="kural_mp", asname=SHIM)])]
    if at:  # docstrings are not needed in the page
        body.pop(0)
    return ast.fix_missing_locations(tree)


def lower_source(text: str) -> str:
    """The module's source lowered (see the module's description)."""
    return ast.unparse(lower_tree(ast.parse(text)))
