"""Kinds of Vertigo announcements a player can mute (``mute pollution``) and read back (``log
laws``): an event's message id, or an id prefix ending with ``.``, to a kind name. The
longest matching key wins; each name's label is the catalogue message ``vertigo.kind.<name>``."""

from __future__ import annotations

__all__ = ["KINDS"]

_POLLUTION = ("phase_pollution", "roll", "roll_more", "at", "sources", "marker",
              "region_pollution", "marker_lost", "no_room", "arrow_owner", "owner_places", "wiped",
              "engineers_lost", "witnesses", "cleaned", "pollution_by", "pollution_none",
              "forced_by", "cleanup_by", "marker_on", "marker_mine", "places_by")
_PLANET = ("planet_up", "planet_down", "no_pollution")
_LAWS = ("phase_laws", "law_pass", "law_proposed", "my_vote", "vote", "votes", "law_passed",
         "law_failed", "bonus", "fined", "subsidy", "moratorium", "fines",
         "subsidies")
_PURCHASES = ("bought_diplomat", "bought_student", "bought_student_more", "built",
              "transformed", "depolluted", "population", "trained", "setup_done",
              "setup_people", "managed", "managed_nothing")
_POPULATION = ("people_moved", "student_moved", "diplomat", "dropped_student",
               "dropped_diplomat", "factory_destroyed")
_MONEY = ("upkeep", "upkeep_vault", "production", "production_all", "out_money")

KINDS: dict[str, str] = {
    **{f"vertigo.event.{name}": "pollution" for name in _POLLUTION},
    **{f"vertigo.event.{name}": "planet" for name in _PLANET},
    **{f"vertigo.event.{name}": "laws" for name in _LAWS},
    "vertigo.law.": "laws",
    "vertigo.vote.": "laws",
    **{f"vertigo.event.{name}": "purchases" for name in _PURCHASES},
    "vertigo.stock.": "purchases",
    **{f"vertigo.event.{name}": "population" for name in _POPULATION},
    **{f"vertigo.event.{name}": "money" for name in _MONEY},
}
