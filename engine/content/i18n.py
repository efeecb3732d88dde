"""Translation catalogs: ``data/i18n/<lang>/<domain>.yaml``, flat ``key: text`` mappings.

Texts use ``{name}`` placeholders. Keys are namespaced by domain (``menu.*``, ``deckbuilder.*``).
A text may have a singular form under ``<key>.one``, used when its counted number is 1
("1 card drawn." / "3 cards drawn."). The counted parameter is the one placeholder the singular
form leaves out ("{clicks} clicks" / "1 click"), else ``count``; both languages need the same
forms.
Content files carry their own names and texts inline as ``{en: ..., de: ...}`` (``Text``).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from engine.paths import data_dir

LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "en"
DATA_DIR = data_dir()


_PLACEHOLDER = re.compile(r"{(\w+)}")


@functools.lru_cache(maxsize=512)
def counted_param(text: str, singular: str) -> str:
    """Returns the parameter whose value 1 selects the singular form: the one placeholder of
    ``text`` that ``singular`` leaves out, else ``count``."""
    names = set(_PLACEHOLDER.findall(text))
    missing = names - set(_PLACEHOLDER.findall(singular))
    if len(missing) == 1:
        return missing.pop()
    if "count" not in names:
        # both forms show the number: it is the only placeholder, or the one called n
        if len(names) == 1:
            return names.pop()
        if "n" in names:
            return "n"
    return "count"


class _SafeDict(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def catalog_files(lang: str, data_dir: Path = DATA_DIR) -> list[Path]:
    """Returns the catalog files of a language, sorted by name."""
    return sorted((data_dir / "i18n" / lang).glob("*.yaml"))


def load_entries(lang: str, data_dir: Path = DATA_DIR) -> dict[str, str]:
    """Returns every key → text of a language; raises ValueError on a malformed or clashing file."""
    from engine.content.yamlcache import load_yaml_files

    entries: dict[str, str] = {}
    paths = catalog_files(lang, data_dir)
    for path, data in zip(paths, load_yaml_files(paths, f"i18n-{lang}"), strict=True):
        if data is None:
            continue
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a catalog must be a mapping of key: text")
        for key, text in data.items():
            if not isinstance(key, str) or not isinstance(text, str):
                raise ValueError(f"{path}: {key!r}: keys and texts must be strings")
            if key in entries:
                raise ValueError(f"{path}: {key}: defined twice")
            entries[key] = text
    return entries


class Catalog:
    """The texts of one language."""

    def __init__(self, lang: str, entries: dict[str, str]) -> None:
        self.lang = lang
        self.entries = entries

    @classmethod
    def load(cls, lang: str, data_dir: Path = DATA_DIR) -> Catalog:
        """Returns the catalog of ``lang`` (one of LANGUAGES)."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
        return cls(lang, load_entries(lang, data_dir))

    def has(self, key: str) -> bool:
        """Returns True when the key exists."""
        return key in self.entries

    def t(self, key: str, **params: Any) -> str:
        """Returns the text of ``key`` with parameters filled in; a missing key shows as itself."""
        text = self.entries.get(key)
        if text is None:
            return key
        if not params:
            return text
        singular = self.entries.get(key + ".one")
        if singular is not None and params.get(counted_param(text, singular)) == 1:
            text = singular
        return text.format_map(_SafeDict({k: self._param(v) for k, v in params.items()}))

    def _param(self, value: Any) -> Any:
        # Inline content texts ({en:, de:}) and nested messages are translated on the way in.
        if isinstance(value, dict):
            if set(value) == set(LANGUAGES):
                return value[self.lang]
            if "key" in value and set(value) <= {"key", "params"}:
                return self.t(value["key"], **value.get("params", {}))
        return value

    def text(self, value: Any) -> str:
        """Returns an inline content text ``{en:, de:}`` in this language (or str(value))."""
        if isinstance(value, dict) and self.lang in value:
            return str(value[self.lang])
        return str(value)

    def message(self, message: Any) -> str:
        """Returns a Message (or its JSON form) as text."""
        if isinstance(message, dict):
            return self.t(message["key"], **message.get("params", {}))
        return self.t(message.key, **message.params)
