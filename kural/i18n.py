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
from typing import Final

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
