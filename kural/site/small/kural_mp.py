# What the engine's modules, lowered by kural/site/small/lower.py, need of CPython and MicroPython lacks.
# Runs under MicroPython only (it is shipped to the page beside the lowered modules, never imported by CPython's
# kural). Every dict of the engine is made here in insertion order, as CPython keeps it. One module, long: the page
# loads it whole before any other, and each part follows CPython's own code where the answers depend on it
# (random.Random, sample, choices); tests/test_small_path.py holds every answer to CPython's.
from collections import OrderedDict

MISSING = object()


class odict(OrderedDict):
    # CPython's dicts compare without regard to order; MicroPython's OrderedDict does not.
    def __eq__(self, other):
        if not isinstance(other, dict) or len(self) != len(other):
            return False
        for k in self:
            if k not in other or other[k] != self[k]:
                return False
        return True

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return "{" + ", ".join(repr(k) + ": " + repr(self[k]) for k in self) + "}"

    def __str__(self):
        return self.__repr__()

    def copy(self):
        return odict(self.items())

    def update(self, other=(), **kw):
        # MicroPython's update reads a subclass of dict as a sequence of pairs
        if isinstance(other, dict) or isinstance(other, Mapping):
            for k in other:
                self[k] = other[k]
        else:
            for k, v in other:
                self[k] = v
        for k in kw:
            self[k] = kw[k]

    def __or__(self, other):
        out = odict(self.items())
        out.update(other)
        return out


def od(pairs=(), **kw):
    # dict(...) as CPython makes it: a mapping, pairs, or keywords.
    out = odict()
    if isinstance(pairs, dict):
        for k in pairs:
            out[k] = pairs[k]
    elif pairs:
        for k, v in pairs:
            out[k] = v
    for k in kw:
        out[k] = kw[k]
    return out


def od_merge(*parts):
    out = odict()
    for p in parts:
        for k in p:
            out[k] = p[k]
    return out


def od_fromkeys(keys, value=None):
    out = odict()
    for k in keys:
        out[k] = value
    return out


def bit_count(n):
    n = -n if n < 0 else n
    c = 0
    while n:
        n &= n - 1
        c += 1
    return c


def removeprefix(s, p):
    return s[len(p):] if p and s.startswith(p) else s


def removesuffix(s, p):
    return s[:-len(p)] if p and s.endswith(p) else s


# --- typing: names only, subscriptable, never checked ----------------------------------------------------------
class _Any:
    def __getitem__(self, item):
        return self

    def __call__(self, *a, **k):
        return a[0] if a else None

    def __or__(self, other):
        return self


Any = Optional = Union = Final = Literal = TypeAlias = ClassVar = Callable = Iterable = Iterator = _Any()
Mapping = Sequence = Protocol = Generic = Tuple = List = Dict = Set = FrozenSet = Type = _Any()
NoReturn = Generator = Collection = Hashable = MutableMapping = Container = IO = TextIO = BinaryIO = _Any()
AbstractSet = Counter_ = DefaultDict = Awaitable = SupportsInt = Pattern = Match = Reversible = _Any()
TYPE_CHECKING = False


def TypeVar(name, *a, **k):
    return _Any()


def cast(t, v):
    return v


def overload(f):
    return f


def runtime_checkable(c):
    return c


# --- functools ---------------------------------------------------------------------------------------------------
def lru_cache(maxsize=128, typed=False):
    def wrap(f):
        memo = {}

        def cached(*args, **kw):
            key = args if not kw else (args, tuple(sorted(kw.items())))
            try:
                return memo[key]
            except KeyError:
                pass
            v = f(*args, **kw)
            if maxsize is not None and len(memo) >= maxsize:
                memo.clear()
            memo[key] = v
            return v

        cached.cache_clear = memo.clear
        return cached

    if callable(maxsize):  # @lru_cache without arguments
        f, maxsize = maxsize, 128
        return wrap(f)
    return wrap


def cache(f):
    return lru_cache(None)(f)


# --- collections.Counter in insertion order -----------------------------------------------------------------------
class Counter(odict):
    def __init__(self, items=None, **kw):
        super().__init__()
        if items is not None:
            self.update(items)
        if kw:
            self.update(kw)

    def __missing__(self, key):
        return 0

    def __getitem__(self, key):
        try:
            return super().__getitem__(key)
        except KeyError:
            return 0

    def update(self, items=None, **kw):
        if items is not None:
            if isinstance(items, dict):
                for k in items:
                    self[k] = self[k] + items[k]
            else:
                for k in items:
                    self[k] = self[k] + 1
        for k in kw:
            self[k] = self[k] + kw[k]

    def subtract(self, items):
        if isinstance(items, dict):
            for k in items:
                self[k] = self[k] - items[k]
        else:
            for k in items:
                self[k] = self[k] - 1

    def elements(self):
        for k in self:
            for _ in range(self[k]):
                yield k

    def most_common(self, n=None):
        got = sorted(self.items(), key=lambda kv: -kv[1])
        return got if n is None else got[:n]

    def total(self):
        return sum(self.values())

    def __sub__(self, other):
        out = Counter()
        for k in self:
            v = self[k] - other[k]
            if v > 0:
                out[k] = v
        return out

    def __add__(self, other):
        out = Counter()
        for k in self:
            out[k] = self[k] + other[k]
        for k in other:
            if k not in self:
                out[k] = other[k]
        return Counter((k, v) for k, v in out.items() if v > 0) if False else _positive(out)

    def __le__(self, other):
        return all(self[k] <= other[k] for k in self)

    def copy(self):
        out = Counter()
        for k in self:
            out[k] = self[k]
        return out


def _positive(c):
    out = Counter()
    for k in c:
        if c[k] > 0:
            out[k] = c[k]
    return out


# --- dataclasses ----------------------------------------------------------------------------------------------------
class FrozenInstanceError(AttributeError):
    pass


class Field:
    def __init__(self, default=MISSING, default_factory=MISSING, init=True, repr=True, compare=True, hash=None,
                 metadata=None, kw_only=False):
        self.default, self.default_factory, self.init = default, default_factory, init
        self.repr, self.compare, self.metadata = repr, compare, metadata or {}
        self.name = ""


def field(**kw):
    return Field(**kw)


def _set(obj, name, value):
    object.__setattr__(obj, name, value)


def _frozen_setattr(self, name, value):
    raise FrozenInstanceError("cannot assign to field " + repr(name))


def dataclass(cls=None, frozen=False, slots=False, order=False, eq=True, repr=True, init=True, unsafe_hash=False,
              kw_only=False):
    def make(cls):
        own = cls.__dict__.get("__kural_fields__", ())
        base_fields = []
        for b in cls.__bases__:
            for f in getattr(b, "__kural_dcfields__", ()):
                if f.name not in [x.name for x in base_fields]:
                    base_fields.append(f)
        fields_ = [f for f in base_fields if f.name not in own]
        for name in own:
            d = cls.__dict__.get(name, MISSING)
            if isinstance(d, Field):
                f = d
            else:
                f = Field(default=d)
            f.name = name
            fields_.append(f)
            if isinstance(d, Field):
                if f.default is not MISSING:
                    setattr(cls, name, f.default)
                else:
                    try:
                        delattr(cls, name)
                    except Exception:
                        pass
        cls.__kural_dcfields__ = tuple(fields_)
        init_fields = [f for f in fields_ if f.init]
        names = [f.name for f in init_fields]
        post = getattr(cls, "__post_init__", None)

        def __init__(self, *args, **kw):
            if len(args) > len(names):
                raise TypeError(cls.__name__ + "() takes " + str(len(names)) + " positional arguments")
            for i, f in enumerate(init_fields):
                if i < len(args):
                    v = args[i]
                    if f.name in kw:
                        raise TypeError("got multiple values for argument " + repr(f.name))
                elif f.name in kw:
                    v = kw.pop(f.name)
                elif f.default is not MISSING:
                    v = f.default
                elif f.default_factory is not MISSING:
                    v = f.default_factory()
                else:
                    raise TypeError(cls.__name__ + "() missing required argument: " + repr(f.name))
                _set(self, f.name, v)
            if len(args) < len(names):
                for k in kw:
                    if k not in names:
                        raise TypeError(cls.__name__ + "() got an unexpected keyword argument " + repr(k))
            elif kw:
                raise TypeError(cls.__name__ + "() got an unexpected keyword argument " + repr(list(kw)[0]))
            for f in fields_:
                if not f.init:
                    if f.default is not MISSING:
                        _set(self, f.name, f.default)
                    elif f.default_factory is not MISSING:
                        _set(self, f.name, f.default_factory())
            if post is not None:
                post(self)

        if init and "__init__" not in cls.__dict__:
            cls.__init__ = __init__
        cmp = [f.name for f in fields_ if f.compare]

        def _key(self):
            return tuple(getattr(self, n) for n in cmp)

        if eq and "__eq__" not in cls.__dict__:
            def __eq__(self, other):
                if other.__class__ is not self.__class__:
                    return NotImplemented
                return _key(self) == _key(other)

            def __ne__(self, other):
                r = __eq__(self, other)
                return r if r is NotImplemented else not r

            cls.__eq__ = __eq__
            cls.__ne__ = __ne__
            if (frozen or unsafe_hash) and "__hash__" not in cls.__dict__:
                cls.__hash__ = lambda self: hash(_key(self))
        if order:
            def _cmp(op):
                def f(self, other):
                    if other.__class__ is not self.__class__:
                        return NotImplemented
                    return op(_key(self), _key(other))
                return f
            cls.__lt__ = _cmp(lambda a, b: a < b)
            cls.__le__ = _cmp(lambda a, b: a <= b)
            cls.__gt__ = _cmp(lambda a, b: a > b)
            cls.__ge__ = _cmp(lambda a, b: a >= b)
        if repr and "__repr__" not in cls.__dict__:
            shown = [f.name for f in fields_ if f.repr]

            def __repr__(self):
                return cls.__name__ + "(" + ", ".join(n + "=" + _repr(getattr(self, n)) for n in shown) + ")"
            cls.__repr__ = __repr__
        if frozen:
            cls.__setattr__ = _frozen_setattr
        return cls

    if cls is None:
        return make
    return make(cls)


def _repr(v):
    return repr(v)


def fields(obj):
    return getattr(obj, "__kural_dcfields__")


def is_dataclass(obj):
    return hasattr(obj, "__kural_dcfields__")


def replace(obj, **changes):
    kw = {}
    for f in obj.__kural_dcfields__:
        if f.init:
            kw[f.name] = changes.pop(f.name) if f.name in changes else getattr(obj, f.name)
    if changes:
        raise TypeError("replace() got an unexpected field " + repr(list(changes)[0]))
    return obj.__class__(**kw)


def asdict(obj):
    out = odict()
    for f in obj.__kural_dcfields__:
        out[f.name] = _asdict_value(getattr(obj, f.name))
    return out


def _asdict_value(v):
    if is_dataclass(v) and not isinstance(v, type):
        return asdict(v)
    if isinstance(v, (list, tuple)):
        return type(v)(_asdict_value(x) for x in v)
    if isinstance(v, dict):
        return odict((_asdict_value(k), _asdict_value(x)) for k, x in v.items())
    return v


# --- typing.NamedTuple ----------------------------------------------------------------------------------------------
def named_tuple(name, names, defaults=()):
    # MicroPython's namedtuple takes no defaults and its __new__ cannot be overridden: a class with defaults is a
    # plain class that acts as the tuple (compared, hashed, unpacked, indexed as one).
    from collections import namedtuple

    if not defaults:
        class Base(namedtuple(name, names)):
            _fields = tuple(names)

            @classmethod
            def _make(cls, items):
                return cls(*items)

            def _replace(self, **kw):
                return self.__class__(*[kw.pop(k) if k in kw else getattr(self, k) for k in names])

            def _asdict(self):
                return odict((k, getattr(self, k)) for k in names)

        return Base
    n = len(names)

    class NT:
        _fields = tuple(names)

        def __init__(self, *args, **kw):
            values = list(args)
            for i in range(len(args), n):
                k = names[i]
                if k in kw:
                    values.append(kw.pop(k))
                elif i >= n - len(defaults):
                    values.append(defaults[i - (n - len(defaults))])
                else:
                    raise TypeError(name + "() missing argument " + repr(k))
            object.__setattr__(self, "_t", tuple(values))

        def __getattr__(self, k):
            if k in names:
                return self._t[names.index(k)]
            raise AttributeError(k)

        def __getitem__(self, i):
            return self._t[i]

        def __iter__(self):
            return iter(self._t)

        def __len__(self):
            return n

        def __eq__(self, other):
            return self._t == (other._t if isinstance(other, NT) else other)

        def __ne__(self, other):
            return not self.__eq__(other)

        def __lt__(self, other):
            return self._t < (other._t if isinstance(other, NT) else other)

        def __hash__(self):
            return hash(self._t)

        def __repr__(self):
            return name + "(" + ", ".join(k + "=" + repr(v) for k, v in zip(names, self._t)) + ")"

        def _replace(self, **kw):
            return self.__class__(*[kw.pop(k) if k in kw else getattr(self, k) for k in names])

        def _asdict(self):
            return odict(zip(names, self._t))

    return NT


# --- itertools: what MicroPython's lacks, the rest passed through ----------------------------------------------------
import itertools as _it

chain = _it.chain
islice = _it.islice
count = _it.count
cycle = _it.cycle
repeat = _it.repeat
accumulate = getattr(_it, "accumulate", None)
zip_longest = getattr(_it, "zip_longest", None)
starmap = getattr(_it, "starmap", None)


def product(*pools, repeat=1):
    pools = [tuple(p) for p in pools] * repeat
    result = [()]
    for pool in pools:
        result = [x + (y,) for x in result for y in pool]
    for prod in result:
        yield prod


def combinations(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple(pool[i] for i in indices)


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    for indices in product(range(n), repeat=r):
        if len(set(indices)) == r:
            yield tuple(pool[i] for i in indices)


def groupby(iterable, key=None):
    it = iter(iterable)
    key = key or (lambda x: x)
    sentinel = object()
    cur = sentinel
    group = []
    for x in it:
        k = key(x)
        if cur is sentinel or k != cur:
            if cur is not sentinel:
                yield cur, iter(group)
            cur, group = k, [x]
        else:
            group.append(x)
    if cur is not sentinel:
        yield cur, iter(group)


def pairwise(iterable):
    it = iter(iterable)
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield a, b
        a = b


# --- re: patterns lowered at build time (kural/site/small/lower.py: mp_pattern); the match's groups spelled out ----
import re as _re


class Match:
    def __init__(self, m, n, offset=0):
        self._m, self._n = m, n

    def group(self, *i):
        if not i:
            return self._m.group(0)
        if len(i) == 1:
            return self._m.group(i[0])
        return tuple(self._m.group(k) for k in i)

    def groups(self, default=None):
        out = []
        for k in range(1, self._n + 1):
            g = self._m.group(k)
            out.append(default if g is None else g)
        return tuple(out)

    def __getitem__(self, i):
        return self._m.group(i)


class Pattern:
    def __init__(self, pattern, n):
        self._p, self._n = _re.compile(pattern), n

    def match(self, s):
        m = self._p.match(s)
        return Match(m, self._n) if m else None

    def fullmatch(self, s):
        raise NotImplementedError("fullmatch")

    def search(self, s):
        m = self._p.search(s)
        return Match(m, self._n) if m else None

    def sub(self, repl, s, count=0):
        if callable(repl):
            n = self._n
            return self._p.sub(lambda m: repl(Match(m, n)), s, count)
        return self._p.sub(repl, s, count)

    def finditer(self, s):
        while s:
            m = self._p.search(s)
            if not m:
                return
            yield Match(m, self._n)
            end = m.end(0) if hasattr(m, "end") else s.find(m.group(0)) + len(m.group(0))
            s = s[max(end, 1):]


def re_compile(pattern, n):
    return Pattern(pattern, n)


class Unsupported:
    # A pattern MicroPython's re cannot express: the small path refuses, and the page asks the full engine.
    def __init__(self, pattern):
        self.pattern = pattern

    def __getattr__(self, name):
        raise NotImplementedError("pattern " + self.pattern)

NamedTuple = _Any()


def tuple_new(cls, items=()):
    return tuple(items) if cls is tuple else cls(*items)


# --- pathlib.Path: what kural/i18n.py asks of it ---------------------------------------------------------------------
import os as _os


class Path:
    def __init__(self, *parts):
        self._s = "/".join(str(p) for p in parts) or "."

    def __str__(self):
        return self._s

    def __fspath__(self):
        return self._s

    def __truediv__(self, other):
        return Path(self._s.rstrip("/") + "/" + str(other))

    def resolve(self):
        return self

    @property
    def parent(self):
        head = self._s.rstrip("/").rsplit("/", 1)[0]
        return Path(head or "/")

    @property
    def name(self):
        return self._s.rstrip("/").rsplit("/", 1)[-1]

    @property
    def suffix(self):
        n = self.name
        return n[n.rfind("."):] if "." in n else ""

    def with_suffix(self, suffix):
        n = self.name
        stem = n[:n.rfind(".")] if "." in n else n
        return self.parent / (stem + suffix)

    def exists(self):
        try:
            _os.stat(self._s)
            return True
        except OSError:
            return False

    def stat(self):
        class _S:
            pass
        s = _S()
        s.st_mtime = _os.stat(self._s)[8]
        return s

    def open(self, mode="r"):
        return open(self._s, mode)

    def read_bytes(self):
        with open(self._s, "rb") as f:
            return f.read()

    def read_text(self, encoding="utf-8"):
        with open(self._s) as f:
            return f.read()


# --- gettext: a compiled catalog (.mo) read as CPython's GNUTranslations reads it ------------------------------------
import struct as _struct


class NullTranslations:
    def gettext(self, message):
        return message

    def pgettext(self, context, message):
        return message

    def ngettext(self, singular, plural, n):
        return singular if n == 1 else plural

    def npgettext(self, context, singular, plural, n):
        return singular if n == 1 else plural


class GNUTranslations(NullTranslations):
    def __init__(self, fp):
        data = fp.read()
        magic = _struct.unpack("<I", data[:4])[0]
        e = "<" if magic == 0x950412de else ">"
        _, n, orig, trans = _struct.unpack(e + "4I", data[4:20])
        cat = {}
        self._one_form = False
        # both tables read at once (a phone at 4 × CPU spent half a second on the entries one by one)
        origs = _struct.unpack(e + str(2 * n) + "I", data[orig:orig + 8 * n])
        transs = _struct.unpack(e + str(2 * n) + "I", data[trans:trans + 8 * n])
        for i in range(n):
            olen, ooff = origs[2 * i], origs[2 * i + 1]
            tlen, toff = transs[2 * i], transs[2 * i + 1]
            msg = str(data[ooff:ooff + olen], "utf-8")
            tmsg = str(data[toff:toff + tlen], "utf-8")
            if not msg:
                for line in tmsg.split("\n"):
                    if line.lower().startswith("plural-forms:") and "nplurals=1" in line.replace(" ", ""):
                        self._one_form = True
            if "\x00" in msg:
                single = msg.split("\x00")[0]
                cat[single] = tmsg.split("\x00")
            else:
                cat[msg] = tmsg
        self._catalog = cat

    def _index(self, n):
        return 0 if self._one_form else int(n != 1)

    def gettext(self, message):
        got = self._catalog.get(message)
        return got if isinstance(got, str) else message

    def pgettext(self, context, message):
        got = self._catalog.get(context + "\x04" + message)
        return got if isinstance(got, str) else message

    def ngettext(self, singular, plural, n):
        got = self._catalog.get(singular)
        if isinstance(got, list):
            return got[min(self._index(n), len(got) - 1)]
        return singular if n == 1 else plural

    def npgettext(self, context, singular, plural, n):
        got = self._catalog.get(context + "\x04" + singular)
        if isinstance(got, list):
            return got[min(self._index(n), len(got) - 1)]
        return singular if n == 1 else plural


# --- collections.abc.Mapping: a base class with its mixin methods (typing's name is the same class here) --------
class Mapping:
    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def keys(self):
        return list(self)

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def __eq__(self, other):
        if not is_mapping(other):
            return NotImplemented
        return odict(self.items()) == odict(other.items())


def is_mapping(x):
    return isinstance(x, (dict, Mapping))


# --- urllib.parse.urlencode (quote_plus, as CPython's default) and html.unescape --------------------------------------
_SAFE = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~"


def quote_plus(text, safe=""):
    out = []
    for b in str(text).encode("utf-8"):
        if b in _SAFE or chr(b) in safe:
            out.append(chr(b))
        elif b == 32:
            out.append("+")
        else:
            out.append("%" + "{:02X}".format(b))
    return "".join(out)


def urlencode(query, doseq=False):
    items = query.items() if isinstance(query, dict) else query
    out = []
    for k, v in items:
        if doseq and isinstance(v, (list, tuple)):
            for x in v:
                out.append(quote_plus(k) + "=" + quote_plus(x))
        else:
            out.append(quote_plus(k) + "=" + quote_plus(v))
    return "&".join(out)


_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'", "nbsp": "\xa0"}


def unescape(s):
    if "&" not in s:
        return s
    out = []
    i = 0
    while i < len(s):
        c = s[i]
        j = s.find(";", i) if c == "&" else -1
        if j > i:
            name = s[i + 1:j]
            if name.startswith("#x") or name.startswith("#X"):
                out.append(chr(int(name[2:], 16)))
                i = j + 1
                continue
            if name.startswith("#") and name[1:].isdigit():
                out.append(chr(int(name[1:])))
                i = j + 1
                continue
            if name in _ENTITIES:
                out.append(_ENTITIES[name])
                i = j + 1
                continue
        out.append(c)
        i += 1
    return "".join(out)


# --- unicodedata: not in MicroPython. The score sheet refuses a player's name with a character of a "C" category
# (control, format, surrogate, private use, unassigned): category() answers that question, exactly as CPython's
# unicodedata (Unicode 14.0.0), and no other (its second letter is "?"). C_FLIPS: the code points where "is C"
# changes (C from 0), each the difference from the one before as a 7-bit varint, in hex; tests/test_small_path.py
# holds it to CPython's unicodedata.
C_FLIPS = (
    "00205f210d01ca050206040701010114018d030126023202030137081b0406111601c0010130023b02650e3b0231020f011c0201010b051f"
    "094a01a101010802020216010701010304020902020204080104020105021902030106040202160107010201020102020101050402020303"
    "010704010107110a03010901030116010701020105020a0103010302010f04020c0707010301080202021601070102010502090202020307"
    "030402010502120a0201060303010403020101010203020303030c040503030104020106010e15050d010301170110020901030104070201"
    "0302010204020a071601030117010a0105020901030104070206020104020a01020d0d01030133010301060410021a010301120318010901"
    "0102070301040601010108060a02030c3a041d250201010105011801010117020501010106020a02042048012404270124010f010d25c601"
    "0101050102f90201040207010101040229010402210104020701010104020f0139010402430220031a06560206029d050359071609180914"
    "0c0d010301020c5e020a060a060e010b0659072b05460a1f010c040c0401032a02050b2c041a060b033e0241011d020b060a060e021f314d"
    "032f0174083c030f033c072b020b082b0596040206022602060208010101010101011f0235010f010e0206011302030109010b051a053110"
    "02021b010d03210f210f8c01049705190b15940e022001dd02052d01010501023807020e1809070107010701070107010701070107017e22"
    "1a01590cd6011a0c044001560267052b015e01540c2f01ede401033709dc0214b80108cb01050201010105183b030a06380846080c06740b"
    "1e034e010b04210137090e020a0267181c0a060206020609070107013c047e020a06a4570c1704318442ee02026a26070c05051a01050101"
    "01020102017d10bd0302360701202a063301130104040501870104be010306020602060203030701070d02020c011a01130102010f020e22"
    "7b0503042d0358010d03012f2e82011d03310f1c0424091e052b051e0125040e2a9e01020a06240424042808340b0c010f01070102010b01"
    "0f0107010243b70209160a081806012a010945060201012c01020301021701480809301301020521031b0501403804140232010205080103"
    "011d0203040a070907402027040c0936031d021b051a07040c07504937330d33072e080aa6021f012a010302024e28082a161a261c141709"
    "4e0424093e01050d19070a063501120827096001140b12012c410701010104010f010b063b050a0604010802020216010701020105010a02"
    "020203020106010507020703058b015c01051e48080aa60136022622450b0a060d133a060a361b020f0417b9013c64530c08020102080102"
    "011e0102020c090a4608022e020b1b4808530d49870209012d010e0a1d03200216010e49070102012c030101020109080a06060102012501"
    "020106070ab60219b701010f320d9b07666f01050bc401cc14630daf08d11fc704b943b904071f010a0451010a061e02060a460a0a010701"
    "150513b0055b654b0439071140050b020ef82f08d6092a09e745040107010201a3022d031104088c0384126b050d0309070a0204e0242e02"
    "1709743cf6010a27024a087015469a01140c57091987015501470102020102020204010c010101070141010402080107011c010401050101"
    "030701d40202a40202be050f05010fd0081fe101070111020701020105d5012d030e020a0402c0021f113a0501e0090701040102010f01c5"
    "010210294c040a04029106444c3dc20104011b010201010201010a0104010101010601040101010101010301020101020101010101010101"
    "010102010102040107010401040101010a011105030105011134028e022c04640c0f020f010f01250aae01381d0d2c040907020e069a01d8"
    "070510030d03740c59070c04010f0c0438080a0628081e02024ed4020c0e020503050307091d030b05060a0a060808070993010137250a86"
    "08e0cd0220b92007de0102822d0eb13a9f189e04e20bcb26b5db2bf001"
)
_C_AT = []


def category(c):
    if not _C_AT:
        data, n, shift, at = bytes.fromhex("".join(C_FLIPS)), 0, 0, 0
        for b in data:
            n |= (b & 0x7F) << shift
            if b & 0x80:
                shift += 7
            else:
                at += n
                _C_AT.append(at)
                n, shift = 0, 0
    o, lo, hi = ord(c), 0, len(_C_AT)
    while lo < hi:  # how many flips at or below o: odd is C
        mid = (lo + hi) // 2
        if _C_AT[mid] <= o:
            lo = mid + 1
        else:
            hi = mid
    return "C?" if lo % 2 else "??"


def east_asian_width(c):
    raise NotImplementedError("unicodedata")


# --- JSON as CPython's json module reads and writes it: MicroPython's keeps no order in an object (its dicts keep
# none) and writes a dict subclass (odict) by its repr; its dumps takes no keywords and writes every character as it
# is, as CPython's does with ensure_ascii=False (lowered to json_text), but for two escapes (\u0008, \u000c: "\b",
# "\f"). The score sheet's data and answer keep their order through them, as in Pyodide.
def json_text(value):
    import json

    if isinstance(value, dict):
        return "{" + ", ".join(json_text(k if isinstance(k, str) else str(k)) + ": " + json_text(value[k])
                               for k in value) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(json_text(v) for v in value) + "]"
    text = json.dumps(value)
    if "\\u000" not in text:
        return text
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\":  # every backslash in JSON starts an escape: take it whole
            esc = text[i:i + 6]
            out.append("\\b" if esc == "\\u0008" else "\\f" if esc == "\\u000c" else text[i:i + 2])
            i += 6 if esc in ("\\u0008", "\\u000c") else 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def stable_sorted(iterable, key=None, reverse=False):
    # sorted(iterable, key=key, reverse=reverse) as CPython sorts: stable (equal keys keep their order, also reversed);
    # MicroPython's sort is not
    items = list(iterable)
    if key is None:
        return sorted(items, reverse=reverse)
    ks = [key(x) for x in items]
    n = len(items)
    if reverse:
        order = sorted(range(n), key=lambda i: (ks[i], n - i), reverse=True)
    else:
        order = sorted(range(n), key=lambda i: (ks[i], i))
    return [items[i] for i in order]


def stable_sort(lst, key=None, reverse=False):
    lst[:] = stable_sorted(lst, key, reverse)


def chained(exc, context):
    # raise exc while context is handled, as lowered: CPython keeps context as exc.__context__, MicroPython does not
    if isinstance(exc, BaseException) and exc is not context:
        try:
            exc.__context__ = context
        except (AttributeError, TypeError):
            pass
    return exc


def json_ordered(text):
    # json.loads with every object an odict in the order written (CPython's json.loads keeps it)
    import json

    def skip(i):
        while i < len(text) and text[i] in " \t\n\r":
            i += 1
        return i

    def value(i):
        i = skip(i)
        c = text[i]
        if c == "{":
            out, i = odict(), skip(i + 1)
            if text[i] == "}":
                return out, i + 1
            while True:
                k, i = value(i)
                i = skip(i)
                if text[i] != ":":
                    raise ValueError("json")
                out[k], i = value(i + 1)
                i = skip(i)
                if text[i] == "}":
                    return out, i + 1
                if text[i] != ",":
                    raise ValueError("json")
                i += 1
        if c == "[":
            items, i = [], skip(i + 1)
            if text[i] == "]":
                return items, i + 1
            while True:
                v, i = value(i)
                items.append(v)
                i = skip(i)
                if text[i] == "]":
                    return items, i + 1
                if text[i] != ",":
                    raise ValueError("json")
                i += 1
        j = i + 1
        if c == '"':
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j += 1
        else:  # a number, true, false or null
            while j < len(text) and text[j] not in " \t\n\r,]}:":
                j += 1
        return json.loads(text[i:j]), j

    v, i = value(0)
    if skip(i) != len(text):
        raise ValueError("json")
    return v


def normalize(form, text):
    raise NotImplementedError("unicodedata")


# --- random.Random: CPython's Mersenne Twister and its methods, line for line, so a seeded deal is the same deal ---
def bit_length(n):
    n = -n if n < 0 else n
    k = 0
    while n >= 1 << 32:
        n >>= 32
        k += 32
    while n:
        n >>= 1
        k += 1
    return k


class Random:
    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, a):
        n = -a if a < 0 else a
        key = []
        while n:
            key.append(n & 0xFFFFFFFF)
            n >>= 32
        if not key:
            key = [0]
        mt = [0] * 624
        mt[0] = 19650218
        for i in range(1, 624):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
        i, j = 1, 0
        for _ in range(max(624, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
            i += 1
            j += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(623):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
            i += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
        mt[0] = 0x80000000
        self._mt, self._i = mt, 624

    def _twist(self):
        mt = self._mt
        for k in range(624):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
            mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self._i = 0

    def _u32(self):
        if self._i >= 624:
            self._twist()
        y = self._mt[self._i]
        self._i += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y & 0xFFFFFFFF

    def random(self):
        a, b = self._u32() >> 5, self._u32() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k):
        if k <= 32:
            return self._u32() >> (32 - k)
        out, shift = 0, 0
        while k > 0:
            r = self._u32()
            if k < 32:
                r >>= 32 - k
            out |= r << shift
            shift += 32
            k -= 32
        return out

    def _randbelow(self, n):
        k = bit_length(n)
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            if start > 0:
                return self._randbelow(start)
            raise ValueError("empty range for randrange()")
        width = stop - start
        if step == 1:
            if width > 0:
                return start + self._randbelow(width)
            raise ValueError("empty range for randrange()")
        if step > 0:
            n = (width + step - 1) // step
        elif step < 0:
            n = (width + step + 1) // step
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return start + step * self._randbelow(n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        for i in reversed(range(1, len(x))):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, counts=None):
        import math

        if counts is not None:
            raise NotImplementedError("sample(counts=)")
        if isinstance(population, (set, frozenset)):
            raise TypeError("Population must be a sequence.")
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        result = [None] * k
        setsize = 21
        if k > 5:
            setsize += 4 ** math.ceil(math.log(k * 3) / math.log(4))
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = self._randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = self._randbelow(n)
                while j in selected:
                    j = self._randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def choices(self, population, weights=None, cum_weights=None, k=1):
        n = len(population)
        if cum_weights is None:
            if weights is None:
                n += 0.0
                return [population[int(self.random() * n)] for _ in range(k)]
            cum_weights, total = [], 0
            for w in weights:
                total += w
                cum_weights.append(total)
        total = cum_weights[-1] + 0.0
        hi = n - 1
        out = []
        for _ in range(k):
            x = self.random() * total
            lo, h = 0, hi
            while lo < h:
                mid = (lo + h) // 2
                if x < cum_weights[mid]:
                    h = mid
                else:
                    lo = mid + 1
            out.append(population[lo])
        return out


def getitem_of(x):
    return lambda k: x[k]
