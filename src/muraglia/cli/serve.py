"""``muraglia serve``: run the web application (interfaces.md "muraglia serve").

Prints ``listening on http://HOST:PORT`` on stdout once the server accepts connections
(with ``--port 0`` the port the system chose).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` subcommand."""
    p = subparsers.add_parser(
        "serve",
        help="run the web application (calculator, API)",
        description="Serve the web calculator and the JSON API, e.g. muraglia serve --port 8000",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="TCP port (default 8000; 0: any free)")
    p.add_argument("--db", help="SQLAlchemy database URL (default: SQLite in the user data dir)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia serve`` until interrupted."""
    if not 0 <= args.port <= 65535:
        print(f"muraglia serve: error: port {args.port} is not in 0-65535", file=sys.stderr)
        return 2
    import uvicorn  # noqa: PLC0415 - the web stack loads only for this command

    from muraglia.web import create_app  # noqa: PLC0415
    from muraglia.web.app import settle_heap  # noqa: PLC0415

    app = create_app(args.db)
    settle_heap()  # no full-collection pause over the startup heap while serving
    host = args.host

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets=sockets)
            if self.started and self.servers:
                port = self.servers[0].sockets[0].getsockname()[1]
                shown = f"[{host}]" if ":" in host else host
                print(f"listening on http://{shown}:{port}", flush=True)

    # asyncio's loop, not uvloop even when installed: uvloop serves 64 keep-alive connections
    # unfairly (a p99 of ~350 ms against ~40 ms at the same p50 and ~7 % more requests/s,
    # docs/performance.md "The event loop"); httptools is kept (uvicorn's "auto" parser)
    config = uvicorn.Config(
        app,
        host=host,
        port=args.port,
        log_level="warning",
        lifespan="on",
        access_log=False,
        loop="asyncio",
    )
    server = Server(config)
    server.run()
    return 0 if server.started else 1
