"""Vanuatu's kinds of announcements, which a player may mute (``mute KIND``) and read back
(``log KIND``): an event's message id, or an id prefix ending with ``.``, to a kind name
(its label: ``vanuatu.kind.<name>``). The longest matching key wins."""

from __future__ import annotations

__all__ = ["KINDS"]

KINDS: dict[str, str] = {
    "vanuatu.plan.": "planning",
    "vanuatu.character.": "planning",
    "vanuatu.neutral.": "planning",
    "vanuatu.start.planning": "planning",
    "vanuatu.ship.": "ships",
    "vanuatu.export.": "ships",
    "vanuatu.goods.": "ships",
    "vanuatu.water.": "waters",
    "vanuatu.turn.": "actions",
    "vanuatu.start.actions": "actions",
    "vanuatu.build.": "actions",
    "vanuatu.catch.": "actions",
    "vanuatu.dive.": "actions",
    "vanuatu.draw.": "actions",
    "vanuatu.sail.": "actions",
    "vanuatu.power.": "actions",
    "vanuatu.fish.caught": "actions",
    "vanuatu.fish.caught_worth": "actions",
    "vanuatu.cost": "actions",
    "vanuatu.fish.sold": "sales",
    "vanuatu.fish.sold_value": "sales",
    "vanuatu.fish.value": "sales",
    "vanuatu.treasure.": "sales",
    "vanuatu.money.": "sales",
    "vanuatu.tile.": "tiles",
    "vanuatu.tourist.": "tourists",
    "vanuatu.tourists.": "tourists",
    "vanuatu.rest.": "rest",
}
