"""Commands that tell: help, choices, whose turn, status, board, me, log, repeat, rules,
braille."""

from __future__ import annotations

import re
from dataclasses import dataclass

from a11y_games.engine import Event, Msg, PlayerRef
from a11y_games.engine.state import UnknownTopic
from a11y_games.engine.words import find_named
from a11y_games.ui.commands import COMMANDS, fold, lookup, number
from a11y_games.ui.rulesdoc import find_section, read_sections
from a11y_games.ui.wording import query_word, round_span, sentences

__all__ = ["InfoCommands", "LogReading"]


@dataclass
class LogReading:
    """What ``log`` is paging for one seat: its entries and the page last read."""

    seat: int | None
    view: list[list[Event]]
    start: int
    end: int


class InfoCommands:
    """Part of :class:`~a11y_games.ui.client.Client` (a mixin: it uses the client's
    table, writer, translator and settings)."""

    def help_keys(self) -> None:
        lines: list[Msg | str] = [Msg("core.keys.header")]
        lines += [Msg("core.keys.line", key=key.upper(), alt=alt,
                      action=Msg(f"core.keys.{name}")) for key, alt, name in self.KEYS]
        lines += [Msg("core.keys.tab"), Msg("core.keys.ctrl_c"), Msg("core.keys.ctrl_d")]
        self.say(*lines)

    def cmd_help(self, rest: str) -> None:
        if rest and fold(rest.split()[0]) in ("keys", "touches", "clavier"):
            self.help_keys()
            return
        if rest:
            command = lookup(rest.split()[0])
            if command is not None:
                more = self.tr.render(Msg(f"core.help.{command.name}.more"))
                also = Msg("core.help.aliases", words=", ".join(command.words))
                lines = [Msg(f"core.help.{command.name}"), *sentences(more), also]
                if command.name == "board" and self.table.board_topics():
                    lines += self._topics_lines()
                self.say(*lines)
                return
            query = self._query(rest.split()[0])
            if query is not None:
                self.say(query.help)
                return
            self.say(Msg("core.error.unknown_command", word=rest.split()[0]))
        lines: list[Msg | str] = [Msg("core.help.header")]
        lines += [Msg("core.help.line", word=c.word(self.lang), help=Msg(f"core.help.{c.name}"))
                  for c in COMMANDS]
        queries = self.table.queries()
        if queries:
            lines.append(Msg("core.help.game_header", game=self.table.spec.title))
            lines += [Msg("core.help.line", word=query_word(q, self.lang), help=q.help)
                      for q in queries]
        lines += [Msg("core.help.footer"), Msg("core.help.footer_enter"),
                  Msg("core.help.footer_more")]
        self.say(*lines)

    def cmd_choices(self, rest: str) -> None:
        mine = self._my_turn()
        if mine is None:
            self.say(Msg("core.error.no_choice_now"))
            self.cmd_whose("")
            return
        self.ask(*mine, choices=True)

    def cmd_whose(self, rest: str) -> None:
        pending = self.table.pending()
        if pending is None:
            self.say(Msg("core.end.over"))
            return
        mine = self._my_turn()
        if mine is not None:  # its own question (not "Waiting for Ana."), then any others
            others = [PlayerRef(s) for s in pending.seats if s != mine[0]]
            self.say(Msg("core.turn.yours", question=mine[1].prompt), *(
                [Msg("core.whose_also", count=len(others), names=others)] if others else []))
            return
        names = [PlayerRef(s) for s in pending.seats]
        # one whole sentence, however many names: a braille display pans it
        whose = Msg("core.whose", count=len(names), names=names)
        state = getattr(self.table, "seat_state", lambda seat: None)
        away = [m for m in map(state, pending.seats) if m is not None]  # one line each
        if self.tr.render(pending.prompt) == self.tr.render(whose):
            self.say(whose, *away)  # a network table hides another seat's question: once
            return
        self.say(whose, pending.prompt, *away)

    def cmd_who(self, rest: str) -> None:
        """Each seat's state, one sentence each: you, a person playing, a bot, a person
        away (a bot playing for them, or soon)."""
        away = getattr(self.table, "seat_state", lambda seat: None)
        lines: list[Msg | str] = []
        for seat in self.table.seat_order():
            kind = self.table.seat_kind(seat)
            if kind is None:
                continue  # a seat the rules add (a fictive player): nobody sits there
            name = PlayerRef(seat)
            state = away(seat)
            if seat == self.viewer:  # the name itself: "You are Ana." (a PlayerRef says you)
                lines.append(Msg("core.who.you", name=self.table.seat_name(seat)))
            elif state is not None:
                lines.append(state)
            else:
                lines.append(Msg("core.who.person" if kind == "human" else "core.who.bot",
                                 name=name))
        info = getattr(self.table, "info", None)
        you = getattr(self.table, "you", None) if self.viewer is None else None
        for watcher in getattr(info, "spectators", ()):
            lines.append(Msg("core.who.watching_you") if watcher == you
                         else Msg("core.who.watching", name=watcher))
        self.say(*lines)

    def cmd_status(self, rest: str) -> None:
        self.say_summary(self.table.status(self.viewer))

    def cmd_board(self, rest: str) -> None:
        """board, or board TOPIC (in English or French); an unknown topic is said, with the
        game's topics."""
        wanted = rest.strip()
        topic = find_named(self.table.board_topics(), wanted)
        if topic is None and wanted:
            wanted = self._seats_as_numbers(wanted)
        try:
            lines = self.table.board(self._seat_in_view(),
                                     topic.name if topic is not None else wanted)
        except UnknownTopic:
            self.say(Msg("core.board.unknown", topic=wanted), *self._topics_lines())
            return
        self.say_summary(lines)

    def _seats_as_numbers(self, text: str) -> str:
        """A player's name typed in a topic (``board Smog``, ``board smog left``) becomes
        that seat's number, as the games take it (1 for the first seat)."""
        folded = fold(text)
        names = sorted(((fold(self.tr.render(n) if isinstance(n, Msg) else n), seat)
                        for seat in self.table.seat_order()
                        if (n := self.table.seat_name(seat))), key=lambda p: -len(p[0]))
        changed = folded
        for name, seat in names:
            if name:
                changed = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", str(seat + 1), changed)
        return changed if changed != folded else text

    def _topics_lines(self) -> list[Msg | str]:
        """The game's board topics, in the player's words, within the braille width."""
        topics = self.table.board_topics()
        if not topics:
            return [Msg("core.board.no_topics")]
        return [Msg("core.board.topics", topics=", ".join(query_word(t, self.lang)
                                                          for t in topics))]

    def cmd_me(self, rest: str) -> None:
        if self.viewer is None:
            self.say(Msg("core.error.spectator"))
            return
        self.say_summary(self.table.private(self.viewer))

    LOG_PAGE = 10

    def cmd_log(self, rest: str) -> None:
        """log [N] | log next | log back | log start | log search WORD | log round N |
        log KIND (one kind of announcement: chat, others, mine, or a game's)."""
        events = self.transcripts.get(self.viewer, [])
        words = rest.split()
        verb = fold(words[0]) if words else ""
        if not events:
            self.say(Msg("core.log.empty"))
            return
        size = self.LOG_PAGE
        wanted = number(verb)
        kind = self.find_kind(words[0]) if words and wanted is None else None
        if not words or wanted is not None:
            if wanted is not None and wanted < 1:
                self.say(Msg("core.error.log_number"))
                return
            size = wanted or size
            self._read_log([[e] for e in events])
            self._log_page(max(0, len(events) - size), len(events))
        elif verb in ("next", "suite", "suivant"):
            reading = self._current_log(events)
            start = reading.end
            if start >= len(reading.view):
                self.say(Msg("core.log.at_end"))
                return
            self._log_page(start, min(len(reading.view), start + size))
        elif verb in ("back", "previous", "precedent", "avant"):
            end = self._current_log(events).start
            if end <= 0:
                self.say(Msg("core.log.at_start"))
                return
            self._log_page(max(0, end - size), end)
        elif verb in ("start", "debut", "all", "tout"):
            self._read_log([[e] for e in events])
            self._log_page(0, min(len(events), size))
        elif verb in ("search", "chercher", "cherche") and len(words) > 1:
            self._log_search(events, " ".join(words[1:]))
        elif (verb in ("round", "tour", "manche") and len(words) > 1
              and (round_number := number(words[1])) is not None):
            start, end = round_span(events, round_number)
            if start is None:
                self.say(Msg("core.log.no_round", number=round_number))
                return
            self._read_log([[e] for e in events])
            self._log_page(start, end, header=False)
        elif kind is not None:
            self._log_kind(events, kind)
        elif verb not in ("search", "chercher", "cherche", "round", "tour", "manche"):
            # "log votes" in a game without votes: which kinds there are, then the forms
            self.say(Msg("core.kinds.unknown", word=words[0],
                         names=self._kinds_list(self.kind_names())),
                     Msg("core.error.log_number"))
        else:
            self.say(Msg("core.error.log_number"))

    def _read_log(self, view: list[list[Event]]) -> LogReading:
        """Start reading ``view`` as the seat at the keyboard (its own, never another's)."""
        self.log_reading = LogReading(self.viewer, view, len(view), len(view))
        return self.log_reading

    def _current_log(self, events: list[Event]) -> LogReading:
        """The log being paged by the seat at the keyboard, or its whole transcript anew.
        A reading belongs to one seat: another's (hot-seat) is never paged on."""
        reading = getattr(self, "log_reading", None)
        if reading is None or reading.seat != self.viewer:
            reading = self._read_log([[e] for e in events])
        return reading

    def _log_entries(self, events: list[Event]) -> list[list[Event]]:
        """Whole entries: an event, and the lines that continue it (a line ending with a
        colon is continued by the next: "Cy claims:" then "Ana is a lobbyist.")."""
        entries: list[list[Event]] = []
        for event in events:
            if entries and self.tr.render(entries[-1][-1].msg).rstrip().endswith(":"):
                entries[-1].append(event)
            else:
                entries.append([event])
        return entries

    def _log_search(self, events: list[Event], wanted: str) -> None:
        """The entries that contain ``wanted`` (whole, with who said it), counted, paged from
        the oldest: ``log next`` reads on."""
        key = fold(wanted)
        found = [entry for entry in self._log_entries(events)
                 if key in fold(" ".join(self.tr.render(e.msg) for e in entry))]
        if not found:
            self.say(Msg("core.log.not_found", word=wanted))
            return
        self._read_log(found)
        paged = len(found) > self.LOG_PAGE  # one header: how many, and which are read
        self._log_page(0, min(len(found), self.LOG_PAGE), header=Msg(
            "core.log.found_paged" if paged else "core.log.found", count=len(found),
            word=wanted, last=self.LOG_PAGE))

    def _log_kind(self, events: list[Event], kind: str) -> None:
        """The entries of one kind (whole, with who said it), counted, paged from the
        oldest: ``log next`` reads on."""
        found = [entry for entry in self._log_entries(events)
                 if any(kind in self.kinds_of(e, self.viewer) for e in entry)]
        if not found:
            self.say(Msg("online.chat.none") if kind == "chat"
                     else Msg("core.log.kind_none", kind=self.kind_label(kind)))
            return
        self._read_log(found)
        paged = len(found) > self.LOG_PAGE
        self._log_page(0, min(len(found), self.LOG_PAGE), header=Msg(
            "core.log.kind_found_paged" if paged else "core.log.kind_found",
            count=len(found), kind=self.kind_label(kind), last=self.LOG_PAGE))

    def _log_page(self, start: int, end: int, *, header: bool | Msg = True) -> None:
        """Entries ``start`` to ``end`` of the view being read, one line each, after their
        header (``True``: which of how many; a ``Msg``: that one), in one message: `repeat`
        says the page again, never its header alone."""
        reading = self.log_reading
        view = reading.view
        reading.start, reading.end = start, end
        if header is True:
            header = Msg("core.log.page", first=start + 1, last=end, total=len(view))
        heading = [self.tr.render(header)] if isinstance(header, Msg) else []
        self.out.lines(heading + [" ".join(self.tr.render(e.msg) for e in entry)
                                  for entry in view[start:end]])

    def cmd_repeat(self, rest: str) -> None:
        """repeat: the last message; repeat N: the Nth message before it."""
        word = rest.strip()
        if word and number(word) is None:
            self.say(Msg("core.repeat.usage"))
            return
        back = number(word) or 0
        history = self.out.history
        if not history or back >= len(history):
            self.say(Msg("core.repeat.nothing"))
            return
        self.out.lines(list(history[-1 - back]), remember=False)

    def cmd_rules(self, rest: str) -> None:
        sections = read_sections(self.table.spec.name, self.lang)
        if not sections:
            self.say(Msg("core.rules.missing", game=self.table.spec.title))
            return
        if not rest.strip():
            lines: list[Msg | str] = [Msg("core.rules.header", game=self.table.spec.title,
                                          count=len(sections))]
            lines += [Msg("core.choices.item", number=i, label=s.title)
                      for i, s in enumerate(sections, 1)]
            lines.append(Msg("core.rules.hint"))
            self.say(*lines)
            return
        section = find_section(sections, rest)
        if section is None:
            self.say(Msg("core.rules.unknown", wanted=rest.strip(), count=len(sections)))
            return
        self.out.lines([section.title, *section.sentences])

    def cmd_braille(self, rest: str) -> None:
        words = [fold(w) for w in rest.split()]
        if words and words[0] in ("save", "sauver", "file", "fichier"):
            self._braille_save(words[1] if len(words) > 1 else "all")
            return
        if words:  # "braille foo": say what it takes, not the status as if foo were not there
            self.say(Msg("core.braille.usage"), Msg("core.braille.usage_save"))
            return
        texts = [self.tr.render(m) for m in self.table.status(self.viewer)]
        cells = self._braille_lines(texts)
        if cells is not None:
            self.out.lines(cells)

    def _braille_save(self, kind: str) -> None:
        """``braille save [rules|card|table|all]``: BRF files to emboss (``keep_brf``: in
        the data folder; a web player's page downloads them)."""
        from a11y_games.output.braille import BrailleError
        from a11y_games.ui.embossing import KINDS, document

        aliases = {"regles": "rules", "carte": "card", "tout": "all"}
        kind = aliases.get(kind, kind)
        if kind not in (*KINDS, "all"):
            self.say(Msg("core.brf.usage"))
            return
        for each in KINDS if kind == "all" else (kind,):
            title, lines = document(each, self.table.spec, self.lang, self.table, self.viewer)
            try:
                seat = self.viewer if each == "card" and len(self.table.humans()) > 1 else None
                done = self.keep_brf(each, title, lines, seat)
            except (BrailleError, OSError) as error:
                self.say(getattr(error, "msg", Msg("core.brf.failed")))
                return
            self.say(done)

    def brf_to_file(self, kind: str, title: str, lines: list[str], seat: int | None) -> Msg:
        """Write a BRF document in the data folder; what to say of it."""
        from a11y_games.ui.embossing import brf_path, emboss

        path = emboss(brf_path(self.table.spec, kind, seat), title, lines, lang=self.lang,
                      contracted=self.braille.contracted, table=self.braille.table,
                      width=self.braille.width)
        return Msg("core.brf.written", what=Msg(f"core.brf.kind.{kind}"), path=str(path))
