"""``a11y-games serve``: the table server for network play."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO

from a11y_games.commandline import UsageError, parse, serve_parser
from a11y_games.engine import Msg
from a11y_games.engine.oserror import os_reason
from a11y_games.games import all_specs
from a11y_games.i18n import Translator

__all__ = ["cmd_serve"]


def cmd_serve(argv: Sequence[str], lang: str, out: IO[str]) -> int:
    """``a11y-games serve``: the table server for network play, until SIGTERM or Ctrl+C."""
    from a11y_games.net.proxies import TrustedProxies
    from a11y_games.net.server import run
    from a11y_games.net.storage import NewerSchema, StorageError
    from a11y_games.ui.paths import data_dir

    args = parse(serve_parser(), argv)
    tr = Translator(args.lang or lang)
    data = Path(args.data) if args.data else data_dir() / "server"
    if args.keyfile and not args.certfile:
        raise UsageError(Msg("net.serve.key_without_cert"))
    try:
        proxies = TrustedProxies(args.trusted_proxy)
    except ValueError as error:
        raise UsageError(Msg("net.serve.bad_proxy", address=str(error))) from None

    def listening(url: str) -> None:
        out.write(tr.render(Msg("net.serve.listening", url=url, data=str(data))) + "\n")
        if not args.no_web:  # the same port, for a browser
            page = "http" + url.removeprefix("ws") + "/"
            out.write(tr.render(Msg("net.serve.web_page", url=page)) + "\n")
        if proxies:  # who may say where a player comes from
            out.write(tr.render(Msg("net.serve.proxies", proxies=", ".join(
                str(n) for n in proxies.networks))) + "\n")
        out.flush()

    def said(msg: Msg) -> None:  # a refusal by a limit; what happens, unless --quiet
        out.write(tr.render(msg) + "\n")
        out.flush()

    try:
        run(all_specs(), host=args.host, port=args.port, data=data, certfile=args.certfile,
            keyfile=args.keyfile, durable=args.durable, seed=args.seed, think=args.think,
            web=not args.no_web, web_workers=args.web_workers, accounts=args.accounts,
            admin=args.admin or "", proxies=proxies, listening=listening, said=said,
            events=(lambda msg: None) if args.quiet else said)
    except NewerSchema as error:  # a newer server's data: never written by this one
        out.write(tr.render(Msg("net.serve.newer_data", data=str(data), found=error.found,
                                known=error.known)) + "\n")
        return 1
    except StorageError as error:  # a migration failed: the data as it was
        out.write(tr.render(Msg("net.serve.migration_failed", data=str(data),
                                reason=str(error))) + "\n")
        return 1
    except OSError as error:
        out.write(tr.render(Msg("net.serve.failed", reason=os_reason(error))) + "\n")
        return 1
    out.write(tr.render(Msg("net.serve.stopped")) + "\n")
    return 0
