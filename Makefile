# Two commands: `make play` and `make test`. Both install what is missing first.
# Debian's Python (/usr/bin/python3) in a venv with system site packages, so that
# Debian's liblouis (python3-louis), speechd and brlapi bindings are visible.
VENV      := .venv
PY        := $(VENV)/bin/python
STAMP     := $(VENV)/.installed
APT_PKGS  := python3-louis liblouis-data python3-speechd speech-dispatcher espeak-ng \
             python3-venv python3-brlapi brltty tmux
TEST_PKGS := chromium chromium-driver
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play test install system lint bench clean

play: install
	@$(VENV)/bin/a11y-games $(ARGS)

test: install
	@$(MAKE) --no-print-directory system APT_PKGS="$(TEST_PKGS)"  # the web page's browser
	@# axe-core (the accessibility audit the web page's tests run in the browser), from npm
	@[ -f $(VENV)/node/node_modules/axe-core/axe.min.js ] || ! command -v npm >/dev/null || \
	  npm install -s --no-audit --no-fund --prefix $(VENV)/node axe-core@4 >/dev/null
	$(PY) -m ruff check a11y_games tests scripts
	$(PY) -m pytest -q -n 2 --dist loadgroup $(PYTEST_ARGS)

install: system $(STAMP)
	@$(PY) -m a11y_games.i18n >/dev/null
	@# compiled modules, as pip writes them for a wheel: with PYTHONDONTWRITEBYTECODE set,
	@# each start would compile the package again (twice the start-up: docs/benchmarks.md)
	@$(PY) -m compileall -q a11y_games >/dev/null

system:
	@missing=""; for p in $(APT_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

$(STAMP): pyproject.toml
	@[ -x $(PY) ] || /usr/bin/python3 -m venv --system-site-packages $(VENV)
	@$(PY) -m pip install -q --disable-pip-version-check -e '.[test]'
	@touch $(STAMP)

lint: install
	$(PY) -m ruff check a11y_games tests scripts

bench: install
	$(PY) scripts/benchmark.py

clean:
	rm -rf $(VENV) locales/*/LC_MESSAGES/*.mo
