#!/usr/bin/env bash
# Set up everything gamelib needs on Debian/Ubuntu: system packages, a virtual
# environment with the pinned requirements, and gamelib itself (editable).
# Usage: scripts/setup.sh [--browser]   (--browser also installs Chromium for e2e tests)
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
PYTHON=${PYTHON:-python3}

want=()
command -v dot >/dev/null 2>&1 || want+=(graphviz)
"$PYTHON" -c 'import venv, ensurepip' >/dev/null 2>&1 || want+=(python3-venv)
if [[ "${1:-}" == "--browser" ]] && ! command -v chromium >/dev/null 2>&1; then
  want+=(chromium)
fi
if (( ${#want[@]} )); then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "Please install: ${want[*]} (see README: Installing Graphviz)" >&2
    exit 1
  fi
  SUDO=""
  [[ $(id -u) -eq 0 ]] || SUDO="sudo"
  echo "Installing system packages: ${want[*]}"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${want[@]}" </dev/null
fi

[[ -x "$VENV/bin/python" ]] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip </dev/null
"$VENV/bin/python" -m pip install -q -r requirements.txt </dev/null
"$VENV/bin/python" -m pip install -q --no-deps -e . </dev/null
echo "Set-up done: $VENV"
