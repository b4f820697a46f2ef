"""The table protocol: JSON messages over WebSocket, one ``type`` tag each, strictly checked.

Every frame is one message. A client sends :data:`ClientMessage` values, the server
:data:`ServerMessage` values; :func:`encode` writes either, :func:`decode_client` and
:func:`decode_server` read them and raise :class:`ProtocolError` for anything that is not
exactly one known message with the right fields. Game text travels as the engine's
:class:`~a11y_games.engine.messages.Msg` (a catalogue id and parameters): each client renders
it in its own language.

>>> frame = encode(Hello(protocol=PROTOCOL, name="Ana", lang="fr", req=1))
>>> decode_client(frame)
Hello(protocol=5, name='Ana', lang='fr', session='', req=1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import msgspec

from a11y_games.engine.messages import Msg

__all__ = [
    "HISTORY_TOKENS", "HOST_PATH", "OLDEST", "PEER_HEADER", "PROTOCOL", "Acked", "Act",
    "Announce", "Answer", "Ask",
    "Block", "BlockList", "Blocks", "Chat", "ClientMessage", "Create", "Error", "EventMsg",
    "Friend", "FriendInfo", "FriendList", "Friends", "Hello", "History", "HistoryList",
    "Invitation", "Invite", "Join", "Joined", "Leave", "Left", "Letter", "Letters",
    "ListTables", "LoggedIn", "LoggedOut", "Login", "Logout", "Notice", "Over", "Password",
    "PendingMsg", "PersonInfo", "PlayedGame", "Presence", "Progress", "ProtocolError",
    "QueryInfo", "Ratings", "Register", "ReplayAsk", "ReplayOpen", "ReplayPage", "Resume",
    "Say", "SeatInfo", "ServerMessage", "Snapshot", "Start", "Started", "TableInfo",
    "TableList", "TableUpdate", "Tell", "TopicInfo", "Watch", "Welcome", "Who", "WhoList",
    "decode_client", "decode_server", "encode",
]

PROTOCOL = 5
"""The protocol version, sent in ``hello`` and ``welcome`` (2: a question says whether it
takes several numbers on one line; 3: accounts, ``who``; 4: ``history``, rated tables,
``ratings``; 5: a spectator's ``joined`` carries a watch token, for ``history``)."""
HISTORY_TOKENS = 300
"""Tokens of finished games (seats held, games watched) a client keeps, and sends with
``history``, at most."""
OLDEST = 2
"""The oldest version the server still serves (as a guest; a server that asks everyone to
log in refuses it, naming the version). Older or newer ones are refused."""
PEER_HEADER = "X-A11y-Games-Page-Address"
"""On the server's loopback listener: the address of the page a web player's connection is
for (the worker says it; it is trusted there only)."""
HOST_PATH = "/host"
"""Where a worker process of the web players connects, on the loopback listener only."""

if TYPE_CHECKING:
    WireMsg = Msg
else:
    WireMsg = dict[str, Any]
"""A :class:`Msg` on the wire. msgspec would read ``Msg`` as a plain dataclass (parameters
left as raw JSON, nothing checked) and calls no hook for it; so it reads a dict, and each
message's ``__post_init__`` turns it into a Msg with ``Msg.from_json`` (strict)."""

Choice = tuple[str, WireMsg]
"""An action id and its label, as offered to the seat asked."""

Name = Any
"""A seat's name: ``str`` (a person's) or :class:`Msg` (a bot's or a fictive seat's).
msgspec cannot put a custom type in a union, so the field is typed ``Any`` and checked."""


class ProtocolError(ValueError):
    """A frame that is not one known message with the right fields."""


def _msg(value: Any) -> Msg:
    """A decoded message (or one already built, when a message is made in Python)."""
    return value if isinstance(value, Msg) else Msg.from_json(value)


def _msgs(values: list[Any]) -> list[Msg]:
    return [_msg(value) for value in values]


def _choices(values: list[Any]) -> list[tuple[str, Msg]]:
    return [(action, _msg(label)) for action, label in values]


def _name(value: Any) -> str | Msg:
    """A decoded name: a string, or a message given as ``{"id", "params"}``."""
    if isinstance(value, (str, Msg)):
        return value
    return Msg.from_json(value)  # ValueError: msgspec reports it as a ValidationError


class _Base(msgspec.Struct, tag_field="type", kw_only=True, forbid_unknown_fields=True,
            omit_defaults=False):
    """Every message: a ``type`` tag; unknown fields are refused."""


# --- client -> server -----------------------------------------------------------------------
class Hello(_Base, tag="hello", omit_defaults=True):
    """The first message of a connection: protocol version, the player's name and language.
    ``session`` (3): the token of a session kept on this computer, to log in with. (Fields
    left at their default are not sent: a server of version 2 reads this hello, and says
    which version it speaks.)"""

    protocol: int
    name: str
    lang: str = "en"
    session: str = ""
    req: int | None = None


class Register(_Base, tag="register"):
    """(3) Register ``name`` with ``password`` and log in: ``logged_in``."""

    name: str
    password: str
    req: int | None = None


class Login(_Base, tag="login"):
    """(3) Log in as ``name``: ``logged_in`` with a new session's token."""

    name: str
    password: str
    req: int | None = None


class Logout(_Base, tag="logout"):
    """(3) End this connection's session (its token no longer logs in): ``logged_out``;
    the connection says ``hello`` again before anything else."""

    req: int | None = None


class Password(_Base, tag="password"):
    """(3) Change the account's password: every session ends; ``logged_in`` with a new
    one for this connection."""

    old: str
    new: str
    req: int | None = None


class Who(_Base, tag="who"):
    """(3) Who is on the server, and where: ``who_list``."""

    req: int | None = None


class Friend(_Base, tag="friend"):
    """(3) Add an account to your friends (``remove``: take it away): ``acked``."""

    name: str
    remove: bool = False
    req: int | None = None


class Friends(_Base, tag="friends"):
    """(3) Your friends, online or not, and where: ``friend_list``."""

    req: int | None = None


class Block(_Base, tag="block"):
    """(3) Refuse a name's tells, invitations and friend requests (``remove``: no longer):
    ``acked``."""

    name: str
    remove: bool = False
    req: int | None = None


class Blocks(_Base, tag="blocks"):
    """(3) The names you block: ``block_list``."""

    req: int | None = None


class Invite(_Base, tag="invite"):
    """(3) Ask someone online to your table (not started): they get ``invitation``;
    ``acked``."""

    name: str
    req: int | None = None


class Moderate(_Base, tag="moderate"):
    """(3) A moderator's or admin's action on ``name``: ``kick`` (from their table: a bot
    holds the seat), ``mute`` / ``ban`` for ``minutes`` (0: for good; ``ban`` of an
    address when ``name`` is one), ``unmute`` / ``unban``, with a ``reason``; ``announce``
    and ``motd`` (the message of the day) say ``text``; ``role`` gives ``name`` the role
    ``text`` (``moderator``, ``admin``, ``player``; admins only). ``acked``."""

    action: Literal["kick", "mute", "unmute", "ban", "unban", "announce", "motd", "role"]
    name: str = ""
    minutes: int = 0
    reason: str = ""
    text: str = ""
    req: int | None = None


class ModLog(_Base, tag="mod_log"):
    """(3) The last moderation actions: ``mod_records``."""

    req: int | None = None


class Announce(_Base, tag="announce"):
    """(3) Whether you hear your friends come online and go: ``acked``."""

    on: bool
    req: int | None = None


class History(_Base, tag="history"):
    """(4) Your finished games at this server, newest first, a page from ``start``: an
    account's every game, and the games of the seats whose ``tokens`` you kept (a guest's,
    at most :data:`HISTORY_TOKENS`): ``history_list``. (5) Games watched under way too
    (by account, or by the ``watched`` token of their ``joined``): listed with no seat."""

    tokens: list[str] = []
    start: int = 0
    req: int | None = None


class ReplayOpen(_Base, tag="replay"):
    """(4) Go over a finished game of yours (``table``, as ``history`` gave it) from your
    seat: ``replay_page``, the steps from ``start``. ``tokens``: as for ``history``. A
    game you watched: the public view (``seat`` None), as a spectator was sent it."""

    table: str
    tokens: list[str] = []
    start: int = 0
    req: int | None = None


class ReplayAsk(_Base, tag="replay_ask"):
    """(4) At ``step`` of the game opened with ``replay``: ``status``, ``board``
    (``topic``), ``private``, ``query`` (``name``, ``arg``), for your seat only: ``answer``."""

    step: int
    what: Literal["status", "board", "private", "query"]
    topic: str = ""
    name: str = ""
    arg: str = ""
    req: int | None = None


class Ratings(_Base, tag="ratings"):
    """(4) Ratings, answered as ``answer`` lines: ``mine`` (your rating in each game),
    ``game`` (yours in ``game`` and where the bots stand), ``top`` (``game``'s first
    twenty and your place)."""

    what: Literal["mine", "game", "top"] = "mine"
    game: str = ""
    req: int | None = None


class ListTables(_Base, tag="list_tables"):
    """Ask for the open public tables (``table_list``), a page at a time."""

    game: str = ""
    """Only this game's tables (its name or an alias); empty: every game."""
    joinable: bool = False
    """Only tables not started that have a free seat."""
    start: int | None = None
    """The page from this table on (0 first; then as many further as the pages held).
    None (clients before pages): the first page, answered without ``more``."""
    req: int | None = None


class Create(_Base, tag="create"):
    """Create a table; the creator sits at seat 0 (or the first seat not given to a bot)."""

    game: str
    players: int
    options: dict[str, str] = {}
    bots: dict[int, str] = {}
    """Seats (0-based) played by bots, and each bot's level."""
    public: bool = True
    """False: the table is not listed; others join with its ``code``."""
    bot_delay: float = 120.0
    """Seconds a lost seat waits for its player before a bot holds it."""
    level: str = "normal"
    """The level of the bots that fill free seats at ``start`` and hold lost seats."""
    rated: bool = False
    """(4) A rated table (a server with accounts): its players' ratings change at its end."""
    req: int | None = None


class Join(_Base, tag="join"):
    """Take a seat (``None``: the first free one) at a table, by id or invitation code."""

    table: str | None = None
    seat: int | None = None
    code: str | None = None
    req: int | None = None


class Watch(_Base, tag="watch"):
    """Join a table as a spectator (public view only). ``last_seq``: a spectator back
    after a lost connection; the events after it follow (or a snapshot), as for a seat."""

    table: str | None = None
    code: str | None = None
    last_seq: int | None = None
    req: int | None = None


class Resume(_Base, tag="resume"):
    """Take back a seat by its token; events after ``last_seq`` follow (or a snapshot)."""

    token: str
    last_seq: int = 0
    req: int | None = None


class Leave(_Base, tag="leave"):
    """Leave the table (before the start: frees the seat; during a game: a bot holds it)."""

    req: int | None = None


class Start(_Base, tag="start"):
    """The creator starts the game; free seats are filled with bots of the table's level."""

    req: int | None = None


class Act(_Base, tag="act"):
    """Play an action id from the seat's choices."""

    action: str
    req: int | None = None


class Ask(_Base, tag="ask"):
    """A read-only question, answered for the asking seat's view only.

    ``status``, ``board`` (``topic``), ``private``, ``query`` (``name``, ``arg``), ``choices``
    (the seat's choices now, in ``answer.choices``), ``whose`` (who is asked, and what).
    """

    what: Literal["status", "board", "private", "query", "choices", "whose"]
    topic: str = ""
    name: str = ""
    arg: str = ""
    req: int | None = None


class Say(_Base, tag="say"):
    """Chat to the table (a spectator's goes to the spectators' channel)."""

    text: str
    req: int | None = None


class Tell(_Base, tag="tell"):
    """Chat privately to one person by name: at the table, or (3) anywhere on the server;
    to an absent account holder, the line is kept until they log in (``notice kept``)."""

    to: str
    text: str
    req: int | None = None


ClientMessage = (Hello | ListTables | Create | Join | Watch | Resume | Leave | Start | Act
                 | Ask | Say | Tell | Register | Login | Logout | Password | Who | Friend
                 | Friends | Announce | Block | Blocks | Invite | Moderate | ModLog | History
                 | Ratings | ReplayOpen | ReplayAsk)


# --- what a table looks like ----------------------------------------------------------------
class SeatInfo(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One seat of a table."""

    seat: int
    name: Name
    kind: Literal["human", "bot", "free"]
    level: str = "normal"
    connected: bool = False
    bot_playing: bool = False
    """True while a bot holds a human's seat (its player lost or left)."""

    def __post_init__(self) -> None:
        self.name = _name(self.name)


class QueryInfo(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A game's read-only command (``map``, ``where``...), asked with ``ask query``."""

    name: str
    aliases: list[str] = []
    help: WireMsg
    public: bool = False

    def __post_init__(self) -> None:
        self.help = _msg(self.help)


class TopicInfo(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A part of the board, asked with ``ask board`` and this ``topic``."""

    name: str
    aliases: list[str] = []


class TableInfo(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A table as the lobby and its members see it. (Fields at their default are not sent:
    ``rated`` goes only to clients of version 4.)"""

    id: str
    game: str
    players: int
    options: dict[str, str] = {}
    public: bool = True
    started: bool = False
    over: bool = False
    host_lang: str = "en"
    level: str = "normal"
    bot_delay: float = 120.0
    creator: str = ""
    seats: list[SeatInfo] = []
    code: str | None = None
    """The invitation code: sent to the creator only."""
    names: dict[int, Name] = {}
    """Once started: every seat of ``seat_order()`` (fictive players included), by seat."""
    order: list[int] = []
    """Once started: the seats in their order around the table."""
    queries: list[QueryInfo] = []
    topics: list[TopicInfo] = []
    board_is_public: bool = False
    spectators: list[str] = []
    """The names of those watching the table."""
    rated: bool = False
    """(4) Its players' ratings change at its end."""

    def __post_init__(self) -> None:
        self.names = {seat: _name(name) for seat, name in self.names.items()}


# --- server -> client -----------------------------------------------------------------------
class Welcome(_Base, tag="welcome", omit_defaults=True):
    """The answer to ``hello``. (3) ``accounts``: the server's choice (``off``,
    ``optional``, ``required``); ``account``: the name logged in by the hello's session
    (empty: a guest, and a session sent is no longer valid); ``online``: how many people
    are connected. (Fields at their default are not sent: a client of version 2 reads it.)"""

    protocol: int
    server: str
    accounts: str = ""
    account: str = ""
    online: int = 0
    motd: str = ""
    """(3) The message of the day."""
    role: str = ""
    """(3) The account's role on this server ("" a player, ``moderator``, ``admin``)."""
    req: int | None = None


class LoggedIn(_Base, tag="logged_in"):
    """(3) You are logged in as ``account``; ``session`` logs in again (keep it: the server
    keeps only its hash); ``role`` on this server; the message of the day (``motd``), as a
    welcome says it."""

    account: str
    session: str
    role: str = ""
    motd: str = ""
    req: int | None = None


class LoggedOut(_Base, tag="logged_out"):
    """(3) Your session ended; say ``hello`` again."""

    req: int | None = None


class PersonInfo(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """(3) Someone connected: their name, whether it is registered, and where they are
    (``lobby``, ``waiting`` at a table not started, ``playing``, ``watching``; ``game``
    at a table). A table's id or code is not said."""

    name: str
    account: bool = False
    where: Literal["lobby", "waiting", "playing", "watching"] = "lobby"
    game: str = ""


class WhoList(_Base, tag="who_list"):
    """(3) The answer to ``who``: everyone connected (you among them)."""

    people: list[PersonInfo]
    req: int | None = None


class FriendInfo(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """(3) A friend: online or not, and where (as ``who`` says it)."""

    name: str
    online: bool = False
    where: Literal["lobby", "waiting", "playing", "watching", ""] = ""
    game: str = ""


class FriendList(_Base, tag="friend_list"):
    """(3) The answer to ``friends``; ``announce``: whether you hear them come and go."""

    friends: list[FriendInfo]
    announce: bool = True
    req: int | None = None


class Notice(_Base, tag="notice"):
    """(3) About someone, for you: a friend came ``online`` or went ``offline``; ``added``
    you to their friends; your line to them, absent, is ``kept`` until they log in."""

    what: Literal["online", "offline", "added", "kept"]
    name: str


class ModRecord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """(3) One moderation action: when, who, what, on whom, why, until when (0: none)."""

    time: float
    by: str
    action: str
    target: str
    reason: str = ""
    until: float = 0.0


class ModRecords(_Base, tag="mod_records"):
    """(3) The answer to ``mod_log``, oldest first."""

    records: list[ModRecord]
    req: int | None = None


class Moderated(_Base, tag="moderated"):
    """(3) A moderator acted on you: ``kicked`` from your table, ``muted``, ``banned``
    (the connection then closes), given a ``role``; ``by`` whom, why, until when (seconds
    since 1970; 0: for good)."""

    what: Literal["kicked", "muted", "unmuted", "banned", "role"]
    by: str
    reason: str = ""
    until: float = 0.0
    role: str = ""


class Announcement(_Base, tag="announcement"):
    """(3) A server announcement, to everyone online."""

    text: str
    by: str


class BlockList(_Base, tag="block_list"):
    """(3) The answer to ``blocks``."""

    names: list[str]
    req: int | None = None


class Invitation(_Base, tag="invitation"):
    """(3) ``sender`` asks you to their table of ``game``: join it with ``table`` (and
    ``code``, for a table by invitation)."""

    sender: str
    game: str
    table: str
    code: str = ""


class Letter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """(3) A line someone told you while you were away, and when (seconds since 1970)."""

    sender: str
    text: str
    time: float = 0.0


class Letters(_Base, tag="letters"):
    """(3) What was told you while you were away, sent once you log in."""

    letters: list[Letter]


class PlayedGame(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """(4) A finished game as ``history`` lists it: when it ended (seconds since 1970), the
    game, every seat's name, the winners, each seat's place (None: a game of camps, won
    or lost together) and the seats you held."""

    ended: float
    game: str
    names: list[Name]
    winners: list[int] = []
    places: dict[int, int] | None = None
    seats: list[int] = []
    table: str = ""
    """Its table, for ``replay``."""

    def __post_init__(self) -> None:
        self.names = [_name(name) for name in self.names]


class HistoryList(_Base, tag="history_list"):
    """(4) A page of your finished games (never larger than a frame), newest first;
    ``total``: how many in all; ``more``: how many follow this page."""

    games: list[PlayedGame]
    total: int = 0
    more: int = 0
    req: int | None = None


class ReplayPage(_Base, tag="replay_page"):
    """(4) A finished game as your seat lived it, a page of its steps (never larger than a
    frame): each step the events your seat learnt there, as the live table sent them to
    you (nothing else: not the log, not another seat's view). ``total`` steps in all,
    ``more`` after this page. The first page (``start`` 0) also says who sat where
    (``names``, ``order``), how it ended, your seat, and the game's queries and topics."""

    steps: list[list[EventMsg]]
    total: int = 0
    more: int = 0
    seat: int | None = None
    names: dict[int, Name] = {}
    order: list[int] = []
    winners: list[int] = []
    reason: WireMsg | None = None
    queries: list[QueryInfo] = []
    topics: list[TopicInfo] = []
    req: int | None = None

    def __post_init__(self) -> None:
        self.names = {seat: _name(name) for seat, name in self.names.items()}
        if self.reason is not None:
            self.reason = _msg(self.reason)


class TableList(_Base, tag="table_list", omit_defaults=True):
    """A page of the public tables not over (never larger than a frame)."""

    tables: list[TableInfo]
    more: int | None = None
    """How many tables follow this page; sent only to a ``list_tables`` with ``start``
    (an older client refuses a field it does not know)."""
    req: int | None = None


class Joined(_Base, tag="joined", omit_defaults=True):
    """You sit at ``seat`` (``None``: you watch). ``token`` resumes the seat; keep it.

    ``seq`` is the table's last event number now. (5) ``watched``, to a spectator: the
    token that finds this game in ``history`` once over (it resumes no seat); not sent
    when empty, so an older client reads the message."""

    table: TableInfo
    seat: int | None
    token: str | None
    you: str
    seq: int = 0
    watched: str = ""
    req: int | None = None


class Left(_Base, tag="left"):
    """You left the table."""

    req: int | None = None


class TableUpdate(_Base, tag="table"):
    """The table changed (someone sat, left, a bot took a seat)."""

    table: TableInfo


class Started(_Base, tag="started"):
    """The game has started; events and the first ``pending`` follow."""

    table: TableInfo


class EventMsg(_Base, tag="event"):
    """The table's event number ``seq``. ``msg`` is ``None`` when you may not see it (and
    then nothing else about it is sent)."""

    seq: int
    msg: WireMsg | None = None
    level: int = 1
    cause: int | None = None
    private: bool = False
    """True when only some seats see it (yours among them)."""

    def __post_init__(self) -> None:
        if self.msg is not None:
            self.msg = _msg(self.msg)


class Snapshot(_Base, tag="snapshot"):
    """Sent instead of too many missed events: where things stand, for your view.

    ``seq`` is the table's last event number; ``missed`` how many were skipped."""

    seq: int
    missed: int
    status: list[WireMsg] = []
    private: list[WireMsg] = []

    def __post_init__(self) -> None:
        self.status = _msgs(self.status)
        self.private = _msgs(self.private)


class PendingMsg(_Base, tag="pending"):
    """Who is asked now and what; ``choices`` is non-empty only for a seat asked now."""

    seats: list[int]
    prompt: WireMsg
    race: bool = False
    public: bool = False
    several: bool = False
    """The question comes back after each answer: the client invites several numbers."""
    choices: list[Choice] = []
    log_length: int = 0

    def __post_init__(self) -> None:
        self.prompt = _msg(self.prompt)
        self.choices = _choices(self.choices)


class Progress(_Base, tag="progress"):
    """A secret decision of several seats: how many have answered (never who chose what)."""

    done: int
    of: int


class Presence(_Base, tag="presence"):
    """Someone arrived, left, lost their connection, came back; a bot took or gave back a
    seat; someone watches; a bot thinks (a strong bot's decision being searched: each
    client says it once it has said nothing for a while); a player of this finished game
    opened the next table (listed in the lobby, or by invitation)."""

    what: Literal["joined", "left", "lost", "back", "bot_took_over", "handed_back",
                  "watching", "thinking", "next", "next_private"]
    name: Name
    seat: int | None = None

    def __post_init__(self) -> None:
        self.name = _name(self.name)


class Chat(_Base, tag="chat"):
    """A line of chat: to the table, among spectators, or private (to you, or your own echo
    with ``to`` set)."""

    channel: Literal["table", "spectators", "private"]
    sender: str
    text: str
    to: str | None = None


class Answer(_Base, tag="answer"):
    """The answer to ``ask``."""

    lines: list[WireMsg] = []
    choices: list[Choice] = []
    req: int | None = None

    def __post_init__(self) -> None:
        self.lines = _msgs(self.lines)
        self.choices = _choices(self.choices)


class Acked(_Base, tag="acked"):
    """Your action is stored; its events follow."""

    req: int | None = None


class Over(_Base, tag="over", omit_defaults=True):
    """The game is over. (4) ``rated``: at a rated table, how your rating moved (to you
    only; not sent when empty, so a client of version 3 reads it)."""

    winners: list[int]
    reason: WireMsg
    rated: list[WireMsg] = []

    def __post_init__(self) -> None:
        self.reason = _msg(self.reason)
        self.rated = _msgs(self.rated)


class Error(_Base, tag="error"):
    """Your message was refused; ``msg`` (domain ``net`` or ``core``) says why."""

    msg: WireMsg
    req: int | None = None

    def __post_init__(self) -> None:
        self.msg = _msg(self.msg)


ServerMessage = (Welcome | TableList | Joined | Left | TableUpdate | Started | EventMsg
                 | Snapshot | PendingMsg | Progress | Presence | Chat | Answer | Acked | Over
                 | Error | LoggedIn | LoggedOut | WhoList | FriendList | Notice | Letters
                 | BlockList | Invitation | ModRecords | Moderated | Announcement
                 | HistoryList | ReplayPage)


# --- encoding and decoding ------------------------------------------------------------------
_encoder = msgspec.json.Encoder()  # a Msg (a dataclass) encodes as Msg.to_json() does
_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)


def encode(message: ClientMessage | ServerMessage) -> bytes:
    """One frame's JSON (UTF-8 bytes)."""
    return _encoder.encode(message)


def _decode(decoder: msgspec.json.Decoder, frame: bytes | str) -> Any:
    try:
        return decoder.decode(frame)
    except (msgspec.DecodeError, RecursionError, ValueError) as error:
        # msgspec.ValidationError is a DecodeError; a Msg refused by from_json a ValueError
        raise ProtocolError(str(error)) from error


def decode_client(frame: bytes | str) -> ClientMessage:
    """A client's frame as a message; ProtocolError if it is not exactly one."""
    return _decode(_client_decoder, frame)


def decode_server(frame: bytes | str) -> ServerMessage:
    """A server's frame as a message; ProtocolError if it is not exactly one."""
    return _decode(_server_decoder, frame)
