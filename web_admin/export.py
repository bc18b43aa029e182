"""A table of rows as a file to save: CSV or JSON by the file name's ending (the
history's games and standings, a venue's competitions and league seasons)."""
from __future__ import annotations

import csv
import io
import re

from flask import Response

from web_admin.table import to_json

EXPORT_NAME = re.compile(r"^[A-Za-z0-9_-]{1,40}\.(csv|json)$")   # a name, never a path
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert(value):
    """A cell as a spreadsheet shows it and never runs it: text that a spreadsheet would
    read as a formula (``=HYPERLINK(...)`` as a party's name) gets a leading apostrophe,
    OWASP's advice; numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def file_answer(name: str, rows: list[dict]) -> Response:
    """``rows`` (plain values) as ``name``: a .json list, else CSV with a header row."""
    disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
    if name.endswith(".json"):
        return Response(to_json(rows), mimetype="application/json", headers=disposition)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]) if rows else ["seq"])
    writer.writeheader()
    writer.writerows({k: inert(v) for k, v in row.items()} for row in rows)
    return Response(out.getvalue(), mimetype="text/csv", headers=disposition)
