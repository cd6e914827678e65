"""The Jinja2 templates of the pages Kural writes itself (``kural/site/templates``): one environment, with
autoescape, so that a record's text is escaped wherever a template shows it, and a missing name is an error."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any


@lru_cache(maxsize=None)
def template(name: str) -> Any:
    """The template ``name`` of ``kural/site/templates``, read once."""
    return _environment().get_template(name)


@lru_cache(maxsize=1)
def _environment() -> Any:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    return Environment(loader=FileSystemLoader(str(Path(__file__).parent / "templates")), autoescape=True,
                       undefined=StrictUndefined, keep_trailing_newline=True)



# The theme's compiled templates by Jinja2's key (a template's name and file), for every build in this process.
_THEME_CODE: dict[str, bytes] = {}


def compiled_once(env: Any) -> Any:
    """``env``, MkDocs' environment for one language's build, with the theme's templates compiled once per process
    (a Jinja2 bytecode cache in memory): MkDocs makes a new environment for each build, which compiled each template
    of the theme again, four times in all. Jinja2 checks each entry against the template's text, so a changed
    template is compiled anew (a rebuild while serving)."""
    from jinja2 import BytecodeCache

    class InMemory(BytecodeCache):
        def load_bytecode(self, bucket: Any) -> None:
            code = _THEME_CODE.get(bucket.key)
            if code is not None:
                bucket.bytecode_from_string(code)

        def dump_bytecode(self, bucket: Any) -> None:
            _THEME_CODE[bucket.key] = bucket.bytecode_to_string()

    env.bytecode_cache = InMemory()
    return env
