"""The commands that play no game: ``simulate``, ``list``, ``rules`` and ``braille``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO

from a11y_games.commandline import (
    UsageError,
    braille_parser,
    find_spec,
    parse,
    rules_parser,
    simulate_parser,
    variants,
)
from a11y_games.engine import Msg
from a11y_games.engine.match import Match
from a11y_games.engine.simulate import simulate
from a11y_games.games import all_specs
from a11y_games.i18n import Translator
from a11y_games.ui.rulesdoc import find_section, read_sections

__all__ = ["cmd_braille", "cmd_list", "cmd_rules", "cmd_simulate"]


def cmd_simulate(argv: Sequence[str], lang: str, out: IO[str]) -> int:
    args = parse(simulate_parser(), argv)
    tr = Translator(args.lang or lang)
    spec = find_spec(args.game)
    players = args.players if args.players is not None else spec.default_players
    camp_levels = dict(p.split("=", 1) for p in args.camp_levels.split(",") if "=" in p)
    for level in [*args.level.split(","), *camp_levels.values()]:
        if level not in spec.bots:
            raise UsageError(Msg("core.cli.level", level=level,
                                 levels=", ".join(sorted(spec.bots))))
    if args.games < 1:
        raise UsageError(Msg("core.cli.games", value=args.games))
    report = simulate(spec, players=players, games=args.games,
                      seed=args.seed if args.seed is not None else 1,
                      levels=args.level.split(","), options=variants(args.variant),
                      camp_levels=camp_levels or None)
    lines = [Msg("core.sim.header", game=spec.title, count=report.games, players=players)]
    for camp, wins in sorted(report.camp_wins.items()):
        lines.append(Msg("core.sim.camp", camp=Msg(f"{spec.name}.camp.{camp}"), wins=wins,
                         percent=f"{100 * wins / max(report.games, 1):.1f}"))
    for level, wins in sorted(report.level_wins.items()):
        lines.append(Msg("core.sim.level", level=Msg(f"core.level.{level}"), wins=wins))
    for level in sorted(report.level_scores):
        mean = report.mean_score(level)
        lines.append(Msg("core.sim.level_score", level=Msg(f"core.level.{level}"),
                         mean=f"{mean:.1f}"))
    lines.append(Msg("core.sim.length", mean=f"{report.mean_length:.1f}"))
    if report.unfinished:
        lines.append(Msg("core.sim.unfinished", count=report.unfinished))
    lines.append(Msg("core.sim.speed", rate=f"{report.games_per_second:.0f}",
                     seconds=f"{report.seconds:.2f}"))
    out.write("".join(tr.render(m) + "\n" for m in lines))
    return 0


def cmd_list(argv: Sequence[str], lang: str, out: IO[str]) -> int:
    tr = Translator(lang)
    for spec in all_specs().values():
        out.write(tr.render(Msg("core.list.game", name=spec.name, game=spec.title,
                                summary=spec.summary, low=spec.min_players,
                                high=spec.max_players)) + "\n")
    return 0


def cmd_rules(argv: Sequence[str], lang: str, out: IO[str]) -> int:
    parser = rules_parser()
    args = parse(parser, argv)
    lang = args.lang or lang
    tr = Translator(lang)
    spec = find_spec(args.game)
    sections = read_sections(spec.name, lang)
    if not sections:
        out.write(tr.render(Msg("core.rules.missing", game=spec.title)) + "\n")
        return 1
    chosen = [find_section(sections, args.section)] if args.section else sections
    if chosen == [None]:
        out.write(tr.render(Msg("core.rules.unknown", wanted=args.section,
                                count=len(sections))) + "\n")
        return 1
    for section in chosen:
        if section is not None:
            out.write("\n".join([section.title, *section.sentences]) + "\n")
    return 0


def cmd_braille(argv: Sequence[str], lang: str, out: IO[str]) -> int:
    """``a11y-games braille GAME --what rules|card|table --out FILE.brf``."""
    from a11y_games.output.braille import BrailleError
    from a11y_games.ui.embossing import NeedsGame, brf_path, document, emboss

    parser = braille_parser()
    args = parse(parser, argv)
    lang = args.lang or lang
    tr = Translator(lang)
    spec = find_spec(args.game)
    match = None
    if args.what != "rules":
        from a11y_games.play import save_file  # the client's modules: for a save only

        match = Match.load(save_file(args.load), all_specs())
        if match.spec.name != spec.name:  # say what to type instead
            out.write("".join(tr.render(m) + "\n" for m in (
                Msg("core.brf.other_game", game=match.spec.title),
                Msg("core.brf.other_game_card", name=match.spec.name, what=args.what),
                Msg("core.brf.other_game_load", game=spec.title))))
            return 2
    try:
        title, lines = document(args.what, spec, lang, match)
        path = emboss(Path(args.out) if args.out else brf_path(spec, args.what), title, lines,
                      lang=lang, contracted=args.contracted, table=args.table,
                      width=args.width, page_lines=args.lines)
    except (BrailleError, NeedsGame) as error:
        out.write(tr.render(error.msg) + "\n")
        return 2
    out.write(tr.render(Msg("core.brf.written", what=Msg(f"core.brf.kind.{args.what}"),
                            path=str(path))) + "\n")
    return 0
