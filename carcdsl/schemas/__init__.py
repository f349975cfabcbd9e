"""The JSON Schemas of carcdsl's formats (the ``*.schema.json`` files here), one cached
validator each; jsonschema is imported when JSON is first validated, not when carcdsl starts."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator


@functools.cache
def validator(name: str) -> Draft202012Validator:
    """The validator of ``NAME.schema.json`` (``ruleset``, ``record``): the schema is read
    and checked once."""
    text = resources.files(__name__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    schema = json.loads(text)
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)
