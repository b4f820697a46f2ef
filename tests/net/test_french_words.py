"""A French player at a server types the command words the French lines name, written as
they are spoken (with their accents: a French voice reads ``creer`` or ``classee`` as
English words), and each one works: a real `a11y-games connect` at a real server."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.net.clients import Player, Server

pytestmark = pytest.mark.timeout(120)


def test_the_words_the_french_help_names_are_accepted(tmp_path: Path) -> None:
    server = Server(tmp_path / "db", tmp_path / "server-home").start()
    try:
        ana = Player(server.url, tmp_path / "ana", "Ana", "fr")
        ana.expect(r"^Salon : tapez un numéro\.")
        ana.send("aide")
        ana.expect(r"^rejoindre, créer, code, regarder : comme les numéros du menu\.$")
        ana.expect(r"^amis oui, amis non : entendre vos amis aller et venir, ou non\.$")  # in order
        ana.expect(r"^bloquer, débloquer, puis un nom ; bloqués : les noms que vous bloquez\.$")
        ana.expect(r"^parties : vos parties finies ici ; revoir et un numéro en reprend une\.$")
        ana.send("parties")  # the word the local client and a game at a server name too
        ana.expect(r"^Aucune partie terminée gardée pour l'instant\.$")
        ana.send("revoir 2")
        ana.expect(r"^Pas de partie 2 : vos parties en comptent 0\.$")
        ana.send("bloqués")  # a guest: the line names blocks, not only friends
        ana.expect(r"^Amis et blocages sont gardés pour les comptes : enregistrez-vous ou"
                   r" connectez-vous d'abord\.$")
        ana.send("créer vanuatu 3 privée délai 5")
        ana.expect(r"^Vanuatu : vous avez la place 1 sur 3\.$")
        ana.send("aide")
        ana.expect(r"^réglages : le jeu et les réglages de cette table\.$")
        ana.expect(r"^commencer : le créateur lance la partie ; des robots prennent les places"
                   r" libres\.$")
        ana.send("réglages")
        ana.expect(r"^Vanuatu, 3 joueurs, robots normaux, sur invitation, sans variante,"
                   r" un robot après 5 minutes d'absence\.$")
        ana.close_input()
        assert ana.wait() == 0
    finally:
        server.kill()
