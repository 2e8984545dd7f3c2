"""Reading what a page sends: a JSON object, each field checked.

Nothing a page sends is trusted: a request's body is read whole (the app
has already bounded its size), must be one JSON object, and each field is
taken through a method that checks its type and range and names the field
in its one-line refusal.  A field the request does not know is refused
too, so a misspelt option is a clear 400 rather than a silent default.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from starlette.requests import Request

from . import RequestError

#: The longest text a field may hold (a layout of 18 cards with suits is ~60).
MAX_TEXT = 200


async def read_body(request: Request) -> Fields:
    """The request's JSON object, or a 400 naming what is wrong with it."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise RequestError("send the request as JSON (Content-Type: application/json)", 415)
    raw = await request.body()
    try:
        data = json.loads(raw.decode("utf-8")) if raw else None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise RequestError(f"the request is not JSON ({type(exc).__name__})") from None
    if not isinstance(data, dict):
        raise RequestError("the request must be a JSON object of fields")
    return Fields(data)


def _text(value: Any, where: str, most: int) -> str:
    if not isinstance(value, str):
        raise RequestError(f"{where}: must be text")
    if len(value) > most:
        raise RequestError(f"{where}: at most {most} characters")
    if not value.isprintable():
        raise RequestError(f"{where}: a control character in {value[:40]!r}")
    return value


class Fields:
    """A request's fields, taken one by one; :meth:`done` refuses the rest."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.taken: set[str] = set()

    def has(self, key: str) -> bool:
        return self.data.get(key) is not None

    def _get(self, key: str) -> Any:
        self.taken.add(key)
        if self.data.get(key) is None:
            raise RequestError(f"{key}: missing")
        return self.data[key]

    def int_(self, key: str, lo: int, hi: int, default: int | None = None) -> int:
        if default is not None and not self.has(key):
            self.taken.add(key)
            return default
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RequestError(f"{key}: must be a whole number")
        if not lo <= value <= hi:
            raise RequestError(f"{key}: must be from {lo} to {hi}, not {value}")
        return value

    def opt_int(self, key: str, lo: int, hi: int) -> int | None:
        if not self.has(key):
            self.taken.add(key)
            return None
        return self.int_(key, lo, hi)

    def text(self, key: str, most: int = MAX_TEXT, default: str | None = None) -> str:
        if default is not None and not self.has(key):
            self.taken.add(key)
            return default
        return _text(self._get(key), key, most)

    def opt_text(self, key: str, most: int = MAX_TEXT) -> str | None:
        if not self.has(key):
            self.taken.add(key)
            return None
        return self.text(key, most)

    def choice(self, key: str, choices: Iterable[str], default: str | None = None) -> str:
        options = tuple(choices)
        value = self.text(key, default=default)
        if value not in options:
            raise RequestError(f"{key}: must be one of {', '.join(options)}, not {value[:40]!r}")
        return value

    def bool_(self, key: str, default: bool = False) -> bool:
        self.taken.add(key)
        if not self.has(key):
            return default
        value = self.data[key]
        if not isinstance(value, bool):
            raise RequestError(f"{key}: must be true or false")
        return value

    def texts(self, key: str, most_items: int, most: int = MAX_TEXT) -> list[str]:
        value = self._get(key)
        if not isinstance(value, list):
            raise RequestError(f"{key}: must be a list")
        if len(value) > most_items:
            raise RequestError(f"{key}: at most {most_items} items")
        return [_text(v, f"{key} {i + 1}", most) for i, v in enumerate(value)]

    def ints(self, key: str, most_items: int, lo: int, hi: int) -> list[int]:
        value = self._get(key)
        if not isinstance(value, list):
            raise RequestError(f"{key}: must be a list")
        if len(value) > most_items:
            raise RequestError(f"{key}: at most {most_items} items")
        for i, v in enumerate(value):
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise RequestError(f"{key} {i + 1}: must be a whole number from {lo} to {hi}")
        return list(value)

    def mapping(self, key: str, most_items: int, most: int = MAX_TEXT) -> dict[str, str]:
        """A JSON object of text values (a hole's scores, by player)."""
        value = self._get(key)
        if not isinstance(value, dict):
            raise RequestError(f"{key}: must be an object of NAME: VALUE")
        if len(value) > most_items:
            raise RequestError(f"{key}: at most {most_items} entries")
        out: dict[str, str] = {}
        for name, v in value.items():
            label = _text(name, f"{key}: a name", 60)
            if isinstance(v, int) and not isinstance(v, bool):
                v = str(v)
            out[label] = _text(v, f"{key}: {label}", most)
        return out

    def done(self) -> None:
        """Refuse fields this request does not take."""
        extra = sorted(k for k in self.data if k not in self.taken)
        if extra:
            raise RequestError(f"unknown field {extra[0][:40]!r}")
