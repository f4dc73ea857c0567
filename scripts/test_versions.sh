#!/usr/bin/env bash
# The fast suite on every supported Python other than the main environment's (the full
# suite already ran there), or with VERSIONS=ends on the oldest and newest of them. Supported means listed in pyproject.toml's classifiers. Each
# runs in its own environment, .venv-3.X, made by uv from requirements/test.txt.
#
# Needs: uv (UV, default: the one the test set puts in .venv), and the interpreters, found
# as `python3.X` commands on the PATH or else through pyenv (`pyenv latest 3.X`) when
# pyenv is installed. A Python not found is skipped with a line saying so; any failing
# suite makes the script fail.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
UV=${UV:-$VENV/bin/uv}
export UV_PYTHON_DOWNLOADS=never PYTHONHASHSEED=0
# The long computations marked `heavy` (their answers do not depend on the Python) run once,
# on the main Python, as does the type check: numpy's type stubs differ between the numpy
# versions the other Pythons get, and what they say of numba code is not the package's type.
FAST_SUITE=(-n auto --dist loadgroup -m "not e2e and not slow and not heavy" --ignore=tests/test_notebooks.py
            --deselect tests/test_types.py::test_mypy_passes_on_gamelib)

find_python() {
  # The interpreter for version $1 (e.g. 3.12), printed; returns 1 when there is none.
  local version=$1 found full
  if found=$(command -v "python$version") && "$found" -c '' >/dev/null 2>&1; then
    echo "$found"
    return 0
  fi
  command -v pyenv >/dev/null 2>&1 || return 1
  full=$(pyenv latest "$version" 2>/dev/null) || return 1
  found=$(PYENV_VERSION=$full pyenv which "python$version" 2>/dev/null) || return 1
  echo "$found"
}

main_version=$("$VENV/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
mapfile -t versions < <(sed -n 's/.*"Programming Language :: Python :: \(3\.[0-9]*\)".*/\1/p' pyproject.toml)
# VERSIONS=ends (make test): only the oldest and the newest of the other Pythons, which
# bracket the ones between; `make test-versions` runs every one.
if [[ ${VERSIONS:-all} == ends ]]; then
  mapfile -t others < <(printf '%s\n' "${versions[@]}" | grep -vx "$main_version" | sort -V)
  versions=()
  (( ${#others[@]} > 0 )) && versions+=("${others[0]}")
  (( ${#others[@]} > 1 )) && versions+=("${others[-1]}")
fi
ran=() skipped=() failed=()
for version in "${versions[@]}"; do
  [[ $version == "$main_version" ]] && continue
  if ! python=$(find_python "$version"); then
    echo "== Python $version: not found on this machine, skipped"
    skipped+=("$version")
    continue
  fi
  env=.venv-$version
  echo "== Python $version ($python): the fast suite in $env"
  [[ -x $env/bin/python ]] || "$UV" venv --quiet --python "$python" "$env"
  VIRTUAL_ENV=$env "$UV" pip sync --quiet requirements/test.txt </dev/null
  VIRTUAL_ENV=$env "$UV" pip install --quiet --no-deps -e . </dev/null
  if "$env/bin/python" -m pytest -q "${FAST_SUITE[@]}" </dev/null; then
    ran+=("$version")
  else
    failed+=("$version")
  fi
done

echo "Other Pythons (main: $main_version, full suite): fast suite passed on ${ran[*]:-none};" \
     "not found: ${skipped[*]:-none}; failed on: ${failed[*]:-none}"
(( ${#failed[@]} == 0 ))
