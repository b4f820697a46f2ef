"""Who is on the server, and where: the lobby, waiting at a table, playing, watching.

Everyone connected with a name is here (web players too: each has its own connection). A
table's id or invitation code is never said: only its game, and whether it has started.
"""

from __future__ import annotations

from typing import Protocol

from a11y_games.net import protocol as p
from a11y_games.net.members import same_name
from a11y_games.net.table import Table

__all__ = ["People", "Person", "where"]


class Person(Protocol):
    """A connection as presence sees it."""

    name: str
    account: str
    """The account it is logged in as ("" for a guest)."""
    table: Table | None


def where(person: Person) -> p.PersonInfo:
    """``person`` as ``who`` says them."""
    table = person.table
    if table is None:
        return p.PersonInfo(name=person.name, account=bool(person.account))
    seated = table.seat_of(person) is not None  # type: ignore[arg-type]
    place = "watching" if not seated else "playing" if table.record.started else "waiting"
    return p.PersonInfo(name=person.name, account=bool(person.account), where=place,
                        game=table.record.game)


class People:
    """The connections of the server, in the order they came."""

    def __init__(self) -> None:
        self._here: dict[Person, None] = {}

    def arrived(self, person: Person) -> None:
        self._here[person] = None

    def gone(self, person: Person) -> None:
        self._here.pop(person, None)

    def named(self) -> list[Person]:
        """Those who have a name (said hello, or logged in)."""
        return [person for person in self._here if person.name]

    @property
    def count(self) -> int:
        """How many people are online."""
        return len(self.named())

    def using(self, name: str) -> list[Person]:
        """Those online under ``name`` (case ignored)."""
        return [person for person in self.named() if same_name(person.name, name)]

    def who(self, req: int | None = None) -> p.WhoList:
        """Everyone online and where, in their order of arrival."""
        people = [where(person) for person in self.named()]
        return p.WhoList(people=people, req=req)
