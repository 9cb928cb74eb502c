#!/usr/bin/env bash
# The Python package (python/, issue 44) as a user installs it: a fresh
# venv, `pip install ./python` (maturin, the PEP 517 backend of
# python/pyproject.toml, builds the abi3 wheel), then its pytest tests.
# The records test judges the games played from Python with
# target/debug/arena (built here when missing; ARENA=<path> names another).
set -euo pipefail
cd "$(dirname "$0")/.."
arena="${ARENA:-$PWD/target/debug/arena}"
[ -x "$arena" ] || cargo build -p arena
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
python3 -m venv "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet --disable-pip-version-check pytest numpy pettingzoo gymnasium
"$scratch/venv/bin/pip" install --quiet --disable-pip-version-check ./python
# From the tests' folder, so that the installed package is imported, not
# the source folder python/contest_games.
(cd python/tests && ARENA="$arena" "$scratch/venv/bin/python" -m pytest -q -p no:cacheprovider)
# The stubs (contest_games/__init__.pyi) against the installed module; a
# pinned mypy, so that a new release's checks do not fail old commits.
"$scratch/venv/bin/pip" install --quiet --disable-pip-version-check "mypy==2.4.1"
(cd python/tests && "$scratch/venv/bin/python" -m mypy.stubtest contest_games \
    --mypy-config-file ../stubtest.ini --allowlist ../stubtest-allowlist.txt)
