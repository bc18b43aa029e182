"""Text answers go gzipped to a browser that takes gzip: a phone on the pub's Wi-Fi loads the
static files (once per version: they are cached) and the pages in a third of the bytes.
Streams (the live view's events) are left as they are: they must reach the browser at once."""
from __future__ import annotations

import gzip

from flask import Flask, Response, request

TEXT = ("text/", "application/javascript", "application/json", "image/svg+xml")
SMALLEST = 512   # bytes: below this the gzip header costs more than it saves


def install(app: Flask) -> None:
    app.after_request(compressed)


def compressed(response: Response) -> Response:
    a_stream = response.is_streamed and not response.direct_passthrough   # a file is passed through
    if (response.status_code != 200 or a_stream
            or "gzip" not in request.headers.get("Accept-Encoding", "")
            or "Content-Encoding" in response.headers
            or not (response.mimetype or "").startswith(TEXT)):
        return response
    response.direct_passthrough = False   # a static file: read it to compress it
    data = response.get_data()
    if len(data) < SMALLEST:
        return response
    response.set_data(gzip.compress(data, compresslevel=6))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response
