"""Representative summary lines, as a status or table summary would read, in both languages."""

from __future__ import annotations

STATUS = {
    "fr": [
        "Président : Kenya. 3 tuiles lobbyistes, 2 écologiques.",
        "Tour 12 : Mali doit nommer un chancelier.",
        "Votes ratés : 2 sur 3. Au 3e, la crise éclate.",
        "Pioche : 17 tuiles ; défausse : 4.",
        "Dernier gouvernement : Égypte et Brésil.",
        "Vous êtes écologiste. Votre nation : Côte d'Ivoire.",
        "Rôles : 4 écologistes, 2 lobbyistes et Mr Dollar.",
        "Historique : Chili oui, Inde non, Japon oui (5 voix sur 7).",
        "Réforme écologique : 4 sur 5 ; Mr Dollar élu ? Pas encore !",
        "À vous : votez oui ou non.",
        "Indice 1/2 – première manche terminée.",
    ],
    "en": [
        "President: Kenya. 3 lobbyist tiles, 2 ecological.",
        "Round 12: Mali must nominate a chancellor.",
        "Failed votes: 2 of 3. At 3, the crisis breaks out.",
        "Draw pile: 17 tiles; discards: 4.",
        "Last government: Egypt and Brazil.",
        "You are an ecologist. Your nation: Côte d'Ivoire.",
        "Roles: 4 ecologists, 2 lobbyists and Mr Dollar.",
        "Vote history: Chile yes, India no, Japan yes (5 votes of 7).",
        "Ecological reforms: 4 of 5; Mr Dollar elected? Not yet!",
        "It's your turn: vote yes or no.",
        "Hint 1/2 - first round over, 100% done.",
    ],
}
