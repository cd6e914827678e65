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


class ThemeTemplates:
    """The theme's templates compiled once per process, for every language's build (a Jinja2 bytecode cache in
    memory): MkDocs makes a new environment for each build, which compiled each template of the theme again, four
    times in all. Jinja2 keys each entry by the template's name and file and checks it against the template's text,
    so a changed template is compiled anew (a rebuild while serving)."""

    _cache: Any = None

    @classmethod
    def attach(cls, env: Any) -> Any:
        from jinja2 import BytecodeCache

        class _InMemory(BytecodeCache):
            def __init__(self) -> None:
                self.code: dict[str, bytes] = {}

            def load_bytecode(self, bucket: Any) -> None:
                if bucket.key in self.code:
                    bucket.bytecode_from_string(self.code[bucket.key])

            def dump_bytecode(self, bucket: Any) -> None:
                self.code[bucket.key] = bucket.bytecode_to_string()

        if cls._cache is None:
            cls._cache = _InMemory()
        env.bytecode_cache = cls._cache
        return env
