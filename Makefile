# Everything runs inside .venv, created on first use with the machine's python3.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
PO := $(wildcard locale/*/LC_MESSAGES/*.po)
MO := $(PO:.po=.mo)

.PHONY: setup run serve test quick lint bench strength fuzz messages clean

setup: $(VENV)/.installed $(MO)
	$(PY) -c "from cardgames.penalty import compiled; compiled.build()"
	$(MANAGE) migrate --noinput
	$(MANAGE) loadrulebook
	$(MANAGE) loadtutorials
	$(MANAGE) loadquiz
	$(MANAGE) clearsessions
	$(MANAGE) sweep
	$(MANAGE) collectstatic --noinput -v 0

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
# WEB_CONCURRENCY workers (2 by default) on BIND; its access log masks the private links'
# tokens (diwaniya/accesslog.py). Several workers or machines need REDIS_URL (README).
serve: setup
	$(VENV)/bin/gunicorn diwaniya.asgi:application --worker-class uvicorn_worker.UvicornWorker \
		--workers $${WEB_CONCURRENCY:-2} \
		--bind $${BIND:-127.0.0.1:8000} --access-logfile - --logger-class diwaniya.accesslog.Logger \
		--forwarded-allow-ips "$${FORWARDED_ALLOW_IPS:-127.0.0.1}"

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# The suite on every core (pytest-xdist; TEST_WORKERS=0 runs it in one process).
test: setup lint
	$(PY) -m pytest -n $${TEST_WORKERS:-auto} --dist loadgroup

# The inner loop: the engines, the computer players and the unit tests, no browser and no
# server, under 2 minutes on 2 cores. `make test` runs everything before a commit.
QUICK := tests/engine tests/bots tests/registry tests/table tests/test_layers.py tests/test_words.py \
	tests/practice/test_match.py tests/practice/test_checkable.py tests/quiz/test_questions.py \
	tests/tutorials/test_content.py
quick: $(VENV)/.installed $(MO)
	$(PY) -c "from cardgames.penalty import compiled; compiled.build()"
	$(PY) -m pytest -n $${TEST_WORKERS:-auto} -m "not browser" $(QUICK)

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

# Refresh the catalogues from the code and templates (needs GNU gettext).
messages: $(VENV)/.installed
	$(MANAGE) makemessages -l ar -l fr -l en --no-obsolete

clean:
	rm -rf $(VENV) staticfiles
