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
