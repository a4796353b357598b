# Everything runs inside .venv, created on first use with the machine's python3.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
PO := $(wildcard locale/*/LC_MESSAGES/*.po)
MO := $(PO:.po=.mo)

.PHONY: setup run serve test quick lint bench strength fuzz vendor messages clean

# The set-up, step by step, each done again only when what it reads changed (a stamp per
# step, per database for the database's steps): `make serve` on an unchanged checkout starts in seconds. Re-running it
# is harmless: every step is idempotent. A database of its own gets stamps of its own, and a
# removed SQLite file forgets its stamps.
STAMPS := $(VENV)/stamps/$(shell printf '%s' "$$DATABASE_URL" | cksum | cut -d' ' -f1)
ifeq ($(DATABASE_URL),)
ifeq ($(wildcard db.sqlite3),)
$(shell rm -rf $(STAMPS))
endif
endif
MIGRATIONS := $(wildcard */migrations/*.py)
# What the registry, the tutorials and the quiz are loaded from: their data and their code.
LOADED_FROM := $(shell find rulebook tutorials quiz cardgames -type f \( -name '*.py' -o -name '*.toml' -o -name '*.json' -o -name '*.md' \) -not -path '*/tests/*' 2>/dev/null)
STATIC_FROM := $(shell find static */static -type f 2>/dev/null)
READY := compiled $(STAMPS)/migrated $(STAMPS)/loaded $(VENV)/stamps/static

setup: $(VENV)/.installed $(MO) $(READY)
	$(MANAGE) clearsessions
	$(MANAGE) sweep

# The engine's hot path compiled (mypyc): the build checks its own sources, in a fifth of a second.
.PHONY: compiled
compiled: $(VENV)/.installed
	@$(PY) -c "from cardgames.penalty import compiled; compiled.build()"

$(STAMPS)/migrated: $(VENV)/.installed $(MIGRATIONS)
	$(MANAGE) migrate --noinput
	@mkdir -p $(@D) && touch $@

$(STAMPS)/loaded: $(STAMPS)/migrated $(MO) $(LOADED_FROM)
	$(MANAGE) loadrulebook
	$(MANAGE) loadtutorials
	$(MANAGE) loadquiz
	@mkdir -p $(@D) && touch $@

$(VENV)/stamps/static: $(VENV)/.installed $(STATIC_FROM)
	$(MANAGE) collectstatic --noinput -v 0
	@mkdir -p $(@D) && touch $@

# Reinstall only when the project's dependencies change.
$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

# Compile a catalogue only when its .po is newer (polib: no GNU gettext needed).
locale/%.mo: locale/%.po $(VENV)/.installed
	$(PY) -c "import polib, sys; polib.pofile(sys.argv[1]).save_as_mofile(sys.argv[2])" $< $@

# One process serves the pages and the live tables' WebSocket (uvicorn, reloading on a change;
# the channel layer is its memory unless REDIS_URL is set).
run: setup
	$(VENV)/bin/uvicorn diwaniya.asgi:application --reload --reload-dir . \
		--reload-exclude '.venv/*' --host 127.0.0.1 --port 8000

# The production server: gunicorn with uvicorn's ASGI workers (HTTP and WebSocket),
# WEB_CONCURRENCY workers on BIND; its access log masks the private links' tokens
# (diwaniya/accesslog.py). Live tables need one channel layer for every worker: with
# REDIS_URL, 2 workers by default; without it, one (its memory is the layer), and several
# are refused in one line by the system check tables.E001 (README, "Live tables").
WORKERS = $${WEB_CONCURRENCY:-$$( [ -n "$$REDIS_URL" ] && echo 2 || echo 1 )}
serve: $(VENV)/.installed $(MO) $(READY)
	@WEB_CONCURRENCY=$(WORKERS) $(MANAGE) servable
	WEB_CONCURRENCY=$(WORKERS) $(VENV)/bin/gunicorn diwaniya.asgi:application \
		--worker-class uvicorn_worker.UvicornWorker --workers $(WORKERS) \
		--bind $${BIND:-127.0.0.1:8000} --access-logfile - --logger-class diwaniya.accesslog.Logger \
		--forwarded-allow-ips "$${FORWARDED_ALLOW_IPS:-127.0.0.1}"

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# The suite on every core (pytest-xdist; TEST_WORKERS=0 runs it in one process), then the
# slowest 20 tests with their times. PYTEST_ARGS picks: PYTEST_ARGS='-m "not browser"'.
test: setup lint
	$(PY) -m pytest -n $${TEST_WORKERS:-auto} --dist loadgroup --durations=20 $(PYTEST_ARGS)

# The inner loop: the engines, the computer players and the unit tests, no browser, no
# server and no slow test, under a minute on 2 cores. `make test` runs everything before a
# commit.
QUICK := tests/engine tests/bots tests/registry tests/table tests/test_layers.py tests/test_words.py \
	tests/practice/test_match.py tests/practice/test_checkable.py tests/quiz/test_questions.py \
	tests/tutorials/test_content.py
# The cached pages are the web layer's (make test runs them): quick keeps to the engines and units.
QUICK_LEAVES := --ignore=tests/table/test_page_cache.py
quick: $(VENV)/.installed $(MO) compiled
	$(PY) -m pytest -n $${TEST_WORKERS:-auto} --dist loadgroup -m "not browser and not served and not slow" $(QUICK_LEAVES) $(QUICK)

bench: setup
	$(PY) -m bench

# How well the expert computer player plays: against the club player in every game and against
# OpenSpiel's ISMCTS at Hearts, STRENGTH_DEALS seeded deals each (hours at 200; bench/strength.py).
STRENGTH_DEALS ?= 200
strength: setup
	$(PY) -m bench.strength --deals $(STRENGTH_DEALS)

# Every URL pattern fuzzed with 10,000 hostile requests (`make test` sends 3,000), and the
# lessons' endpoints and files with ten times what `make test` sends (fixed seeds); FUZZ_SEED
# picks another sequence of the site's requests, and replays a failing one. Then the served
# site (gunicorn, two workers, Redis): every route sent lone surrogates, deep nesting, huge
# and short bodies, the live socket hostile frames; and the sockets' churn at full size,
# 100 sockets of 25 tables opened and dropped 40 times after 12 to warm up (`make test`: 6 + 3).
fuzz: setup
	FUZZ_REQUESTS=$${FUZZ_REQUESTS:-10000} $(PY) -m pytest tests/web/test_fuzz.py -q -s
	LESSON_FUZZ_REQUESTS=$${LESSON_FUZZ_REQUESTS:-3000} LESSON_FUZZ_FILES=$${LESSON_FUZZ_FILES:-1500} \
		$(PY) -m pytest tests/lessons/test_safety.py -q -s -k "fuzzed or hostile_pbn"
	CHURN_WARMUP=$${CHURN_WARMUP:-12} CHURN_ROUNDS=$${CHURN_ROUNDS:-40} \
		$(PY) -m pytest tests/web/test_served_fuzz.py tests/web/test_socket_churn.py -q -s

# The vendored htmx and idiomorph, fetched again from the npm registry and checked against the
# digests static/vendor/README.md records (the files are committed: set-up needs no npm).
vendor:
	rm -rf .vendor && mkdir .vendor && cd .vendor && npm pack -q htmx.org@2.0.11 idiomorph@0.7.4 >/dev/null \
		&& tar xzf htmx.org-2.0.11.tgz package/dist/htmx.min.js && cp package/dist/htmx.min.js ../static/vendor/ \
		&& tar xzf idiomorph-0.7.4.tgz package/dist/idiomorph-ext.min.js && cp package/dist/idiomorph-ext.min.js ../static/vendor/
	rm -rf .vendor
	cd static/vendor && awk -F'`' '/^\| `[a-z-]+\.min\.js`/ {print $$8 "  " $$2}' README.md | sha256sum -c

# Refresh the catalogues from the code and templates (needs GNU gettext).
messages: $(VENV)/.installed
	$(MANAGE) makemessages -l ar -l fr -l en --no-obsolete

clean:
	rm -rf $(VENV) staticfiles
