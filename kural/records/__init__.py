"""Rule records: the typed model, the YAML loader and the JSON Schema."""

from kural.records.load import Corpus, load
from kural.records.model import Example, ExampleFile, Record, Source

__all__ = ["Corpus", "load", "Example", "ExampleFile", "Record", "Source"]
