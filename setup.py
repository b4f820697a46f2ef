"""The wheel carries what a game reads at run time from outside the package.

The catalogues (``locales/<lang>/LC_MESSAGES/*.po``) are compiled with Babel into
``a11y_games/locales/<lang>/LC_MESSAGES/*.mo``, and the rules pages (``docs/rules/*.md``)
are copied into ``a11y_games/rules/``, in the wheel only: the checkout keeps one copy of
each (see docs/architecture.md, "Installing"). Everything else is in ``pyproject.toml``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithCatalogues(build_py):
    """``build_py``, then the compiled catalogues and the rules pages into the package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's own locales/ and docs/rules/
        package = Path(self.build_lib) / "a11y_games"
        for path in compile_into(package / "locales") + copy_rules(package / "rules"):
            self.announce(f"added {path}", level=2)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        package = Path(self.build_lib) / "a11y_games"
        extra = [str(p) for p in (*package.glob("locales/*/LC_MESSAGES/*.mo"),
                                  *package.glob("rules/*.md"))]
        return [*super().get_outputs(include_bytecode), *extra]


def compile_into(target: Path) -> list[Path]:
    """Every ``.po`` of the checkout compiled to a ``.mo`` under ``target``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted((HERE / "locales").glob("*/LC_MESSAGES/*.po")):
        lang = po.parent.parent.name
        mo = target / lang / "LC_MESSAGES" / f"{po.stem}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        with mo.open("wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        written.append(mo)
    if not written:
        raise SystemExit("no catalogue found under locales/: the wheel would say message ids")
    return written


def copy_rules(target: Path) -> list[Path]:
    """The players' rules pages (``docs/rules/*.md``) under ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy2(page, target / page.name))
            for page in sorted((HERE / "docs" / "rules").glob("*.md"))]


setup(cmdclass={"build_py": BuildWithCatalogues})
