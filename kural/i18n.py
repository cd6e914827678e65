"""Translated strings: gettext catalogs under ``locales/`` (managed with Babel), one per language.

The compiled ``.mo`` is used when it is up to date; otherwise the ``.po`` is compiled in memory, so a
fresh checkout works before ``scripts/catalogs compile`` has run.

>>> gettext("ja", "valid") != "valid"
True
>>> gettext("xx", "valid")
Traceback (most recent call last):
...
kural.i18n.UnknownLanguage: unknown language 'xx' (expected one of ja, tr, it, en)
"""

from __future__ import annotations

import gettext as _gettext
import io
from functools import lru_cache
from pathlib import Path
from typing import Final, NamedTuple, Union

from kural.core.errors import KuralError
from kural.languages import CODES

LANGS: Final = CODES
DOMAIN: Final = "kural"
LOCALES: Final = Path(__file__).resolve().parent.parent / "locales"  # in a checkout: the .po files
PACKAGED: Final = Path(__file__).resolve().parent / "locales"  # in an installed wheel: the compiled .mo


class UnknownLanguage(KuralError):
    code = "unknown_language"

    def __init__(self, lang: str) -> None:
        super().__init__("", f"unknown language {lang!r} (expected one of {', '.join(LANGS)})", lang=lang)
        self.lang = lang


def N_(message: str) -> str:
    """Mark a string for extraction; it is translated where it is shown."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """Mark a string with a context (the game) for extraction."""
    return (context, message)


class Plural(NamedTuple):
    """A message with a number in it: its English singular and plural, and the placeholder whose number
    chooses the form (each language's ``Plural-Forms`` decides which of its forms that is)."""

    singular: str
    plural: str
    count: str = "n"
    context: str = ""  # a game whose players say it in their own words (Dummy's deal for a round)


def Nn_(singular: str, plural: str, count: str = "n") -> Plural:
    """Mark a message with a number for extraction (a ``msgid``/``msgid_plural`` entry); :func:`translate` picks
    the form for the number in ``count``.

    >>> translate("en", Nn_("{n} tile taken", "{n} tiles taken"), n=1), translate("en", Nn_("{n} tile taken", "{n} tiles taken"), n=3)
    ('1 tile taken', '3 tiles taken')
    """
    return Plural(singular, plural, count)


def NCn_(context: str, singular: str, plural: str, count: str = "n") -> Plural:
    """:func:`Nn_` with a context (the game), for extraction as a ``msgctxt`` entry.

    >>> translate("en", NCn_("dummy", "{n} deal played", "{n} deals played"), n=2)
    '2 deals played'
    """
    return Plural(singular, plural, count, context)


Message = Union[str, Plural, tuple]  # a tuple: NC_'s (context, message)


def _compile_po(po_path: Path) -> _gettext.GNUTranslations:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path.open("rb") as f:
        catalog = read_po(f, locale=po_path.parent.parent.name)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


@lru_cache(maxsize=None)
def translations(lang: str) -> _gettext.NullTranslations:
    if lang not in LANGS:
        raise UnknownLanguage(lang)
    po = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo = po.with_suffix(".mo")
    packaged = PACKAGED / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not po.exists() and packaged.exists():
        with packaged.open("rb") as f:
            return _gettext.GNUTranslations(f)
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):  # the page ships only .mo
        with mo.open("rb") as f:
            return _gettext.GNUTranslations(f)
    if po.exists():
        return _compile_po(po)
    return _gettext.NullTranslations()


def gettext(lang: str, message: str) -> str:
    return translations(lang).gettext(message)


def pgettext(lang: str, context: str, message: str) -> str:
    return translations(lang).pgettext(context, message)


def ngettext(lang: str, singular: str, plural: str, n: int) -> str:
    return translations(lang).ngettext(singular, plural, n)


def translate(lang: str, message: Message, **values: object) -> str:
    """The message in ``lang`` with its placeholders filled; a :class:`Plural` in the form its number asks for."""
    if isinstance(message, Plural):
        text = _plural(lang, message, int(values[message.count]))  # type: ignore[call-overload]
    elif isinstance(message, tuple):
        text = pgettext(lang, *message)
    else:
        text = gettext(lang, message)
    return text.format(**values) if values else text


def _plural(lang: str, message: Plural, n: int) -> str:
    if message.context:
        return translations(lang).npgettext(message.context, message.singular, message.plural, n)
    return ngettext(lang, message.singular, message.plural, n)


def page_word(lang: str, message: Message) -> Union[str, dict[str, str]]:
    """A message for a page's script: the translation, or for a :class:`Plural` its :func:`plural_words`."""
    if isinstance(message, Plural):
        return plural_words(lang, message)
    return pgettext(lang, *message) if isinstance(message, tuple) else gettext(lang, message)


def plural_words(lang: str, message: Plural) -> dict[str, str]:
    """A :class:`Plural` for a page's script, which fills it in the browser: the form for one and the form for any
    other number, and the placeholder that chooses. Enough for every language of the site, whose
    ``Plural-Forms`` are ``n != 1`` (en, it) or a single form (ja, tr); tests/test_catalogs.py checks that.

    >>> plural_words("en", Nn_("{n} example", "{n} examples"))
    {'one': '{n} example', 'other': '{n} examples', 'count': 'n'}
    """
    return {"one": _plural(lang, message, 1), "other": _plural(lang, message, 2), "count": message.count}
