#!/usr/bin/env bash
# Set up gamelib in a virtual environment: the pinned requirements, gamelib itself
# (editable), and on Debian/Ubuntu the system packages it uses.
#
# Usage: scripts/setup.sh [--test] [--browser]
#   (nothing)   the lessons set: requirements/lessons.txt (what `make lessons` needs)
#   --test      the test set: requirements/test.txt (the lessons set plus test tools)
#   --browser   the test set, and Debian's Chromium for the browser test
# Environment: PYTHON (default python3) makes the environment VENV (default .venv).
#
# System packages come from apt (as root, or with sudo when it needs no password or
# can ask at a terminal). Without apt or admin rights nothing stops: the Graphviz `dot`
# program is then graphviz-pure, a pip-installed `dot` that the requirements include.
# Nothing asks a question when there is no terminal, so CI runs this unattended.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
PYTHON=${PYTHON:-python3}
REQUIREMENTS=requirements/lessons.txt
BROWSER=no
for option in "$@"; do
  case "$option" in
    --test) REQUIREMENTS=requirements/test.txt ;;
    --browser) REQUIREMENTS=requirements/test.txt; BROWSER=yes ;;
    *) echo "usage: scripts/setup.sh [--test] [--browser]" >&2; exit 2 ;;
  esac
done

as_admin() {
  # Run a command as root: directly, with sudo, or not at all (returns 1).
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && { sudo -n true 2>/dev/null || [[ -t 0 ]]; }; then
    sudo "$@"
  else
    return 1
  fi
}

apt_install() {
  # Install Debian packages; returns 1 (saying nothing) when apt or admin rights are missing.
  command -v apt-get >/dev/null 2>&1 || return 1
  echo "Installing system packages with apt: $*"
  as_admin env DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null &&
    as_admin env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" </dev/null
}

if ! "$PYTHON" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  apt_install python3-venv || {
    echo "error: $PYTHON cannot make a virtual environment (no venv/ensurepip module)." >&2
    echo "Install your system's python3-venv package, or run: PYTHON=/path/to/python3 $0" >&2
    exit 1
  }
fi

if ! command -v dot >/dev/null 2>&1; then
  apt_install graphviz ||
    echo "Graphviz's dot program is missing and apt cannot install it here (no apt or" \
         "no admin rights): the drawings will use graphviz-pure, a pip-installed dot" \
         "that comes with the requirements (SVG and PNG; PDF needs the real Graphviz)."
fi

if command -v fc-list >/dev/null 2>&1 && [[ -z $(fc-list :lang=ko family) ]]; then
  # The Korean lessons draw Hangul in their pictures: without a font that has it, the
  # words show as empty boxes. (Windows and macOS have one; fc-list is Linux's font list.)
  apt_install fonts-nanum ||
    echo "warning: no font with Hangul is installed and apt cannot install one here: the" \
         "Korean lessons' pictures will show empty boxes for their words. Install a" \
         "Korean font (e.g. Noto Sans CJK KR or NanumGothic) with your system's tools." >&2
fi

if [[ $BROWSER == yes ]] && ! command -v chromium >/dev/null 2>&1 &&
   ! command -v chromium-browser >/dev/null 2>&1; then
  apt_install chromium ||
    echo "warning: Chromium is missing and apt cannot install it here: the browser test" \
         "will be skipped (and fails when CI=true)." >&2
fi

[[ -x "$VENV/bin/python" ]] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip </dev/null
"$VENV/bin/python" -m pip install -q -r "$REQUIREMENTS" </dev/null
"$VENV/bin/python" -m pip install -q --no-deps -e . </dev/null
renderer=$("$VENV/bin/python" -c \
  'from gamelib.viz.rendering import find_renderer; print(find_renderer() or "none")')
echo "Set-up done: $VENV ($("$VENV/bin/python" --version), $REQUIREMENTS; dot: $renderer)"
