"""A real browser (Debian's chromium, headless, through its chromedriver and Selenium)
at the web page, driven by keyboard events only, read back from the page's log.

``BrowserPlayer`` has the same ``expect``/``send``/``lines``/``seen`` as the terminal
test client (``tests.net.clients.Player``), so the same dialogues and game loops drive
both.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def have_browser() -> bool:
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        return False
    try:
        import selenium  # noqa: F401
    except ImportError:
        return False
    return True


needs_browser = pytest.mark.skipif(
    not have_browser() and not shutil.which("chromium"),
    reason="Debian's chromium, chromium-driver and selenium are installed by make install")


class BrowserPlayer:
    """One person at the page in their own browser (its own profile: its own storage)."""

    def __init__(self, url: str, profile: Path, *, lang: str = "en-US",
                 name: str = "") -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                    "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                    f"--lang={lang}", "--window-size=1000,800",
                    "--autoplay-policy=user-gesture-required"):
            options.add_argument(arg)
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
        self.driver = webdriver.Chrome(options=options,
                                       service=Service(str(CHROMEDRIVER)))
        self.driver.set_script_timeout(10)
        self.name = name
        self.url = url
        self.lines: list[str] = []
        self.seen = 0
        self.driver.get(url)

    # --- reading the page ---------------------------------------------------------------
    def _pull(self, timeout: float = 0.0) -> bool:
        """Take the lines the log shows that were not taken yet; True if any came."""
        deadline = time.monotonic() + timeout
        while True:
            got = self.driver.execute_script(
                "const log = document.getElementById('log');"
                "const total = Number(log.dataset.total || 0);"
                "const nodes = [...log.children].map(n => n.textContent);"
                "return [total, nodes];")
            total, nodes = int(got[0]), got[1]
            new = total - len(self.lines)
            if new > 0:
                self.lines += nodes[-new:] if new <= len(nodes) else nodes
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)

    def expect(self, pattern: str, timeout: float = 20.0) -> re.Match[str]:
        """The next line (after those already gone past) that matches ``pattern``."""
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            while self.seen < len(self.lines):
                line = self.lines[self.seen]
                answerer = getattr(self, "answerer", None)
                if answerer is not None:
                    answerer.feed(line)
                self.seen += 1
                found = regex.search(line)
                if found:
                    return found
            left = deadline - time.monotonic()
            if left <= 0:
                tail = "\n".join(self.lines[-25:])
                raise AssertionError(f"{self.name}: no line matching {pattern!r}:\n{tail}")
            self._pull(min(left, 0.5))

    def text(self) -> str:
        self._pull(0)
        return "\n".join(self.lines)

    def prompt(self) -> str:
        return self.driver.find_element("id", "prompt").text

    # --- typing -------------------------------------------------------------------------
    def send(self, text: str) -> None:
        """Type ``text`` into the focused field and press Enter: keyboard events only."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        active = self.driver.switch_to.active_element
        assert active.get_attribute("id") == "command", "the field lost the focus"
        ActionChains(self.driver).send_keys(text).send_keys(Keys.ENTER).perform()
        self._wait_sent()

    def _wait_sent(self, timeout: float = 5.0) -> None:
        """The page empties the field once the line is sent (kept while disconnected)."""
        deadline = time.monotonic() + timeout
        while self.field_value() and time.monotonic() < deadline:
            time.sleep(0.02)

    def keys(self, *keys: Any) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(*keys).perform()

    def field_value(self) -> str:
        return self.driver.find_element("id", "command").get_attribute("value") or ""

    def reload(self) -> None:
        self.driver.refresh()
        self.lines, self.seen = [], 0

    def quit(self) -> None:
        with contextlib.suppress(Exception):  # the browser may be gone already
            self.driver.quit()
