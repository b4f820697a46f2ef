"""The wire format: every message round-trips; anything else is refused, never a crash."""

from __future__ import annotations

import pytest

from a11y_games.engine.messages import Msg, PlayerRef
from a11y_games.net.protocol import (
    Act,
    Answer,
    Create,
    Error,
    EventMsg,
    Joined,
    PendingMsg,
    Presence,
    ProtocolError,
    SeatInfo,
    TableInfo,
    decode_client,
    decode_server,
    encode,
)

PROMPT = Msg("pnue.ask", who=PlayerRef(2), options=[Msg("pnue.x", count=3), "Ana", 1.5])


def test_msg_from_json_inverts_to_json() -> None:
    assert Msg.from_json(PROMPT.to_json()) == PROMPT


@pytest.mark.parametrize("bad", [
    1, "x", None, {"id": "a"}, {"id": "a", "params": {}, "more": 1}, {"id": 3, "params": {}},
    {"id": "a", "params": {"x": True}}, {"id": "a", "params": {"x": None}},
    {"id": "a", "params": {"x": {"seat": "1"}}}, {"id": "a", "params": {"x": {"other": 1}}},
    {"id": "a", "params": []},
])
def test_msg_from_json_refuses_anything_else(bad: object) -> None:
    with pytest.raises(ValueError):
        Msg.from_json(bad)


def test_msg_nested_too_deep_is_refused() -> None:
    data: dict = {"id": "a", "params": {}}
    for _ in range(100):
        data = {"id": "a", "params": {"x": data}}
    with pytest.raises(ValueError):
        Msg.from_json(data)


@pytest.mark.parametrize("message", [
    Joined(table=TableInfo(id="t", game="pnue", players=5,
                           seats=[SeatInfo(seat=0, name="Ana", kind="human"),
                                  SeatInfo(seat=1, name=Msg("pnue.bot", n=1), kind="bot")],
                           names={0: "Ana", 5: Msg("pnue.fictive")}),
           seat=0, token="abc", you="Ana", req=3),
    PendingMsg(seats=[1, 2], prompt=PROMPT, choices=[("vote:yes", Msg("pnue.yes"))]),
    EventMsg(seq=4, msg=None), EventMsg(seq=5, msg=PROMPT, cause=1, private=True),
    Answer(lines=[PROMPT], req=2), Error(msg=Msg("net.error.bad_frame")),
    Presence(what="lost", name=Msg("pnue.bot", n=2), seat=1),
])
def test_server_messages_round_trip(message: object) -> None:
    assert decode_server(encode(message)) == message  # type: ignore[arg-type]


def test_client_messages_round_trip() -> None:
    create = Create(game="pnue", players=5, bots={1: "normal", 4: "random"}, public=False)
    assert decode_client(encode(create)) == create
    assert decode_client(b'{"type": "act", "action": "vote:yes", "req": 7}') == Act(
        action="vote:yes", req=7)


@pytest.mark.parametrize("frame", [
    b"not json", b"[]", b'{"type": "nope"}', b'{"type": "act"}', b'{"action": "x"}',
    b'{"type": "act", "action": 3}', b'{"type": "act", "action": "x", "extra": 1}',
    b'{"type": "create", "game": "pnue", "players": 5, "bots": {"x": "normal"}}',
    b'{"type": "ask", "what": "secrets"}', b"[" * 10000 + b"]" * 10000,
    b'{"type": "welcome", "protocol": 1, "server": "x"}',  # a server's message from a client
])
def test_bad_client_frames_are_refused(frame: bytes) -> None:
    with pytest.raises(ProtocolError):
        decode_client(frame)


def test_a_bad_message_from_the_server_is_refused() -> None:
    with pytest.raises(ProtocolError):
        decode_server(b'{"type": "error", "msg": {"id": "a", "params": {"x": true}}}')
