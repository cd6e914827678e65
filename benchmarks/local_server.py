"""A built site served over HTTP on 127.0.0.1, quietly: the one server of the browser tests and the benchmarks."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The folder's files, with no line logged per request (the output stays the tests' and the figures')."""

    def log_message(self, *args) -> None:
        pass

    def copyfile(self, source, outputfile) -> None:  # a load cut short by the next navigation is no error
        try:
            super().copyfile(source, outputfile)
        except (BrokenPipeError, ConnectionResetError):
            pass


def serve(folder: Path, handler: type[QuietHandler] = QuietHandler) -> tuple[http.server.ThreadingHTTPServer, str]:
    """``folder`` served by ``handler`` on a free port of 127.0.0.1, in a thread of its own: (the server, its address).
    ``server.shutdown()`` stops it."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"
