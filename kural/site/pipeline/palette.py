"""The theme's palette, without restyling the whole page as a page starts.

Material for MkDocs' palette component, as a page starts, applies the reader's palette again: it sets
``data-md-color-switching`` on ``<body>`` (the theme's rule ``[data-md-color-switching] *`` turns transitions off
while colours change), sets the colours, reads the header's colour for the ``theme-color`` meta, and removes the
attribute. On a page start the colours are those the theme's script in ``<head>`` set before the first paint, so
nothing changes, yet setting and removing the attribute made Chromium restyle the whole page twice: on a game page
about 40 ms, and on the slow-phone profile (4 × CPU) Turkish Okey 101's load event offline went from 1.69 s to
1.38 s (medians of 14 loads each, the two sites alternating).

The change, in each language's copy of the theme's script: the attribute is set only when a colour changes (the
reader switching between light and dark, where it is needed): the scheme, the primary or the accent colour, not the
media query the palette was chosen by (``data-md-color-media``, which no stylesheet reads, is not yet on ``<body>``
at a reader's first visit). The theme's script is minified, so its names are matched, not spelt; the text must be
found exactly once, or the script is left as the theme wrote it and the build says so (a later release of the theme
may have moved it; ``tests/browser/test_palette_browser.py`` then fails).
"""

from __future__ import annotations

import re
from pathlib import Path

# `<subject>.subscribe(<palette>=>{if(document.body.setAttribute("data-md-color-switching",""),<palette>.color.media`
SWITCHING = re.compile(r'(\w+)\.subscribe\((\w+)=>\{if\(document\.body\.setAttribute\("data-md-color-switching",""\),'
                       r'\2\.color\.media')


def _patched(text: str) -> str | None:
    def only_when_changed(m: re.Match) -> str:
        subject, palette = m.groups()
        changed = (f'Object.entries({palette}.color).some(([k,v])=>k!=="media"&&'
                   f'document.body.getAttribute("data-md-color-"+k)!==v)'
                   f'&&document.body.setAttribute("data-md-color-switching","")')
        return f"{subject}.subscribe({palette}=>{{if({changed},{palette}.color.media"

    patched, found = SWITCHING.subn(only_when_changed, text)
    return patched if found == 1 else None


def install(site: Path) -> list[Path]:
    """Change the theme's script in every language of ``site``; returns the scripts it could not change.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> (site / "en" / "assets" / "javascripts").mkdir(parents=True)
    >>> script = site / "en" / "assets" / "javascripts" / "bundle.0.min.js"
    >>> _ = script.write_text('i.subscribe(s=>{if(document.body.setAttribute("data-md-color-switching",""),'
    ...                       's.color.media==="x")')
    >>> install(site)
    []
    >>> 'some(([k,v])=>k!=="media"&&document.body.getAttribute' in script.read_text()
    True
    >>> [script.name for script in install(site)]  # once changed, the text is no longer found
    ['bundle.0.min.js']
    """
    missed = []
    for script in sorted(site.glob("*/assets/javascripts/bundle.*.min.js")):
        text = script.read_text(encoding="utf-8")
        patched = _patched(text)
        if patched is None:
            missed.append(script)
        else:
            script.write_text(patched, encoding="utf-8")
    return missed
