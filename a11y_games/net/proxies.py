"""Behind a reverse proxy (nginx, caddy): whose address a connection is.

``serve --trusted-proxy ADDR`` (repeatable, or a comma list; an address or a network such
as ``10.0.0.0/8``) names the proxies. Only a connection that comes *from* one of them has
its ``X-Forwarded-For`` read: the player is the rightmost address in it that is not itself
a trusted proxy (each proxy appends the address it saw, so everything to the left of that
may be the client's own invention). From anyone else the header is ignored: a client never
chooses its own address, for the limits per address nor for an address's ban.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

__all__ = ["FORWARDED_FOR", "TrustedProxies", "canonical"]

FORWARDED_FOR = "X-Forwarded-For"
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def _parse(text: str) -> Address | None:
    """An address as a proxy writes it (``1.2.3.4``, ``1.2.3.4:5678``, ``[::1]:80``,
    ``::1``), IPv4 inside IPv6 as IPv4; None if it is none."""
    text = text.strip().strip('"')
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]  # IPv4 with a port
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def canonical(text: str) -> str:
    """``text`` as bans and limits keep an address (unchanged if it is none)."""
    address = _parse(text)
    return str(address) if address is not None else text


class TrustedProxies:
    """The proxies whose ``X-Forwarded-For`` is believed."""

    def __init__(self, given: Iterable[str] = ()) -> None:
        """``given``: addresses or networks, each possibly a comma list; ValueError names
        one that is neither."""
        self.networks: list[Network] = []
        for item in given:
            for word in item.split(","):
                if word.strip():
                    self.networks.append(self._network(word.strip()))

    @staticmethod
    def _network(word: str) -> Network:
        address = _parse(word) if "/" not in word else None
        try:
            return ipaddress.ip_network(str(address) if address is not None else word,
                                        strict=False)
        except ValueError:
            raise ValueError(word) from None

    def __bool__(self) -> bool:
        return bool(self.networks)

    def trusts(self, address: Address | None) -> bool:
        return address is not None and any(
            address.version == n.version and address in n for n in self.networks)

    def client(self, peer: str, forwarded: Iterable[str]) -> str:
        """The player's address: ``peer`` unless it is a trusted proxy; then the rightmost
        address of the ``X-Forwarded-For`` headers (``forwarded``, in order) not itself
        trusted (all trusted: the leftmost); the proxy's own if it sent none usable."""
        address = _parse(peer)
        if not self.trusts(address):
            return canonical(peer)
        hops = [hop for header in forwarded for hop in header.split(",") if hop.strip()]
        chosen: Address | None = None
        for hop in reversed(hops):
            found = _parse(hop)
            if found is None:  # a proxy writes addresses: past this, nothing is believed
                break
            chosen = found
            if not self.trusts(found):
                break
        return str(chosen) if chosen is not None else canonical(peer)
