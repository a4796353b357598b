"""A small TOML writer for the tutorials' files (``tomllib`` reads them; the standard library
has no writer and the site adds no dependency for one).

It writes what a tutorial file holds: strings (multi-line ones as ``\"\"\"`` strings, so a text
reads as it is written), integers, booleans, lists of those, tables and lists of tables.
Scalars come before a table's sub-tables, as TOML requires.
"""

import json
import re

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def dumps(data: dict) -> str:
    lines: list[str] = []
    _table(lines, data, [])
    return "\n".join(lines).lstrip("\n") + "\n"


def _key(key: str) -> str:
    return key if _BARE.match(key) else json.dumps(key, ensure_ascii=False)


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        if "\n" in value:
            stripped = value.rstrip('"')  # quotes that end the text, escaped one by one
            body = stripped.replace("\\", "\\\\").replace('"""', '""\\"')
            body += '\\"' * (len(value) - len(stripped))
            return '"""\n' + body + '"""'  # the newline after the opening quotes is not read
        return json.dumps(value, ensure_ascii=False)  # JSON's escapes are TOML's
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def _is_tables(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _table(lines: list[str], table: dict, path: list[str]) -> None:
    for key, value in table.items():
        if value is None or isinstance(value, dict) or _is_tables(value):
            continue
        lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in table.items():
        if isinstance(value, dict):
            lines.append("")
            lines.append("[" + ".".join(map(_key, [*path, key])) + "]")
            _table(lines, value, [*path, key])
    for key, value in table.items():
        if _is_tables(value):
            for item in value:
                lines.append("")
                lines.append("[[" + ".".join(map(_key, [*path, key])) + "]]")
                _table(lines, item, [*path, key])
