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


def compiled_once(env: Any) -> Any:
    """``env``, MkDocs' environment for one language's build, with the theme's templates compiled once per process
    (:func:`_theme_code`): MkDocs makes a new environment for each build, which compiled each template of the theme
    again, four times in all."""
    env.bytecode_cache = _theme_code()
    return env


@lru_cache(maxsize=1)
def _theme_code() -> Any:
    """One Jinja2 bytecode cache in memory for every build in this process, by Jinja2's key (a template's name and
    file). Jinja2 checks each entry against the template's text, so a changed template is compiled anew (a rebuild
    while serving)."""
    from jinja2 import BytecodeCache

    class InMemory(BytecodeCache):
        def __init__(self) -> None:
            self.code: dict[str, bytes] = {}

        def load_bytecode(self, bucket: Any) -> None:
            code = self.code.get(bucket.key)
            if code is not None:
                bucket.bytecode_from_string(code)

        def dump_bytecode(self, bucket: Any) -> None:
            self.code[bucket.key] = bucket.bytecode_to_string()

    return InMemory()
