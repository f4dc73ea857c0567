#!/usr/bin/env bash
# Execute every lesson in a fresh kernel and export it as HTML to build/html/ (make html).
#
# Pictures (Graphviz SVG, matplotlib PNG, boards) are embedded in the pages, each with its
# description in words as alt text. Widgets
# (play boards, steppers) are saved as they were at the end of the run and drawn by the
# Jupyter widget renderer, a JavaScript file: the script keeps a copy of it and of
# require.js in build/html/_static/ (fetched once with `npm pack`, or copied from
# $GAMELIB_WIDGET_JS_DIR), so the pages also work offline. Without npm or a copy, the
# pages load both from their CDNs and widgets stay blank offline; everything else shows.
#
# Usage: scripts/export_html.sh [notebooks/NN-name.ipynb ...]   (default: every lesson)
# GAMELIB_QUICK=1 exports with the small settings the tests use (scripts/lessons.py).
# EXECUTED=DIR exports the already executed copies in DIR (the notebook tests write them
# to build/executed/quick/) instead of running the lessons again.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
OUT=${OUT:-build/html}
STATIC="$OUT/_static"
mkdir -p "$STATIC"

fetch_widget_js() {
  # Local copies of the widget renderer (html-manager) and require.js, if we can get them.
  [[ -f "$STATIC/html-manager/embed-amd.js" && -f "$STATIC/require.js" ]] && return 0
  local tmp
  tmp=$(mktemp -d)
  if [[ -n "${GAMELIB_WIDGET_JS_DIR:-}" && -d "$GAMELIB_WIDGET_JS_DIR" ]]; then
    cp -r "$GAMELIB_WIDGET_JS_DIR/." "$STATIC/"
  elif command -v npm >/dev/null 2>&1 &&
       (cd "$tmp" && timeout 120 npm pack --silent @jupyter-widgets/html-manager@1 requirejs@2 \
          >/dev/null 2>&1); then
    mkdir -p "$STATIC/html-manager"
    tar -xzf "$tmp"/jupyter-widgets-html-manager-*.tgz -C "$tmp"
    cp "$tmp"/package/dist/embed-amd.js "$tmp"/package/dist/*.woff* "$tmp"/package/dist/*.ttf \
       "$tmp"/package/dist/*.eot "$tmp"/package/dist/*.svg "$STATIC/html-manager/" 2>/dev/null || true
    rm -rf "$tmp/package"
    tar -xzf "$tmp"/requirejs-*.tgz -C "$tmp"
    cp "$tmp/package/require.js" "$STATIC/require.js"
  fi
  rm -rf "$tmp"
  [[ -f "$STATIC/html-manager/embed-amd.js" && -f "$STATIC/require.js" ]]
}

# The gamelib template (scripts/nbconvert/gamelib) is JupyterLab's page with each picture's
# alt text on the image.
options=(--to html --output-dir "$OUT" --template gamelib
         --TemplateExporter.extra_template_basedirs=scripts/nbconvert
         --TagRemovePreprocessor.enabled=True
         --TagRemovePreprocessor.remove_cell_tags=quick-settings)
if fetch_widget_js; then
  options+=(--HTMLExporter.widget_renderer_url=_static/html-manager/embed-amd.js
            --HTMLExporter.require_js_url=_static/require.js)
  echo "Widgets: local renderer in $STATIC (works offline)"
else
  echo "Widgets: renderer from the CDN (no npm or copy found): boards show only online" >&2
fi

# Wide search trees scale down to the page instead of being cut off at its edge.
STYLE='<style>.jp-RenderedSVG svg, .jp-RenderedSVG img, .jp-RenderedImage img { max-width: 100%; height: auto; }</style>'

lessons=("$@")
(( ${#lessons[@]} )) || lessons=(notebooks/[0-9][0-9]-*.ipynb)
quick=()
[[ "${GAMELIB_QUICK:-}" == 1 ]] && quick=(--quick)
executed=${EXECUTED:-}
if [[ -z "$executed" ]]; then
  executed="$OUT/_executed"
  "$VENV/bin/python" scripts/lessons.py run "${quick[@]}" --out "$executed" "${lessons[@]}" </dev/null || true
fi
failed=()
for notebook in "${lessons[@]}"; do
  name=$(basename "$notebook" .ipynb)
  echo "== $name"
  if [[ -f "$executed/$name.ipynb" ]] &&
     "$VENV/bin/jupyter" nbconvert "${options[@]}" "$executed/$name.ipynb" </dev/null; then
    "$VENV/bin/python" - "$OUT/$name.html" "$STYLE" <<'PY'
import sys
path, style = sys.argv[1], sys.argv[2]
page = open(path, encoding="utf-8").read()
if style not in page:
    page = page.replace("</head>", style + "\n</head>", 1)
open(path, "w", encoding="utf-8").write(page)
PY
  else
    failed+=("$name")
  fi
done

{
  echo "<!doctype html><html><head><meta charset='utf-8'><title>gamelib lessons</title></head>"
  echo "<body style='font-family:sans-serif;max-width:40em;margin:2em auto'><h1>gamelib lessons</h1><ol start='0'>"
  for notebook in "${lessons[@]}"; do
    name=$(basename "$notebook" .ipynb)
    echo "<li><a href='$name.html'>$name</a></li>"
  done
  echo "</ol></body></html>"
} > "$OUT/index.html"

if (( ${#failed[@]} )); then
  echo "Failed to execute: ${failed[*]}" >&2
  exit 1
fi
echo "Exported ${#lessons[@]} lessons to $OUT/ (open $OUT/index.html)"
