// A picture in a viewport of its own: the search tree (an SVG drawn by Graphviz) at its
// natural, readable size, panned by dragging or with the arrow keys, zoomed with the
// buttons, + and -, or Ctrl + wheel. It opens centred on the stepper's current node
// (class "current") or else on the root, and keeps the current node in view while
// stepping. Any other HTML in `value` (a sentence, a table) is shown as it is. Its words
// (button names, the frame's accessible name) come from the kernel, in its language:
// `words` maps zoom_out, zoom_in, fit, fit_name, actual, tree and help to text.

const MARGIN = 40;       // px: how close to the edge the current node may come
const MAX_HEIGHT = 560;  // px: the tallest the viewport grows (and never past 65% of the window)
const ZOOMS = [0.25, 0.35, 0.5, 0.65, 0.8, 1, 1.25, 1.5, 2, 3];

function button(text, css, name, action) {
  const node = document.createElement("button");
  node.className = `gamelib-viewport-${css}`;
  node.type = "button";
  node.textContent = text;
  node.title = name;
  node.setAttribute("aria-label", name);
  node.addEventListener("click", action);
  return node;
}

function render({ model, el }) {
  const words = () => model.get("words");
  const holder = document.createElement("div");
  holder.className = "gamelib-viewport-holder";
  el.append(holder);
  let view = { scale: 1, x: 0, y: 0 };
  let picture = null; // {frame, stage, svg, width, height}

  function apply() {
    if (!picture) return;
    picture.stage.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
    picture.frame.dataset.scale = String(view.scale);
  }

  function anchor() {
    // The node to keep in view: the current one, else the topmost (the root).
    const svg = picture.svg;
    const current = svg.querySelector("g.node.current");
    if (current) return current;
    let top = null;
    let best = Infinity;
    for (const node of svg.querySelectorAll("g.node")) {
      const y = node.getBoundingClientRect().top;
      if (y < best) { best = y; top = node; }
    }
    return top;
  }

  function where(node) {
    // The centre of `node` in the stage's own (unscaled) pixels.
    const box = node.getBoundingClientRect();
    const stage = picture.stage.getBoundingClientRect();
    return { x: (box.left + box.width / 2 - stage.left) / view.scale,
             y: (box.top + box.height / 2 - stage.top) / view.scale };
  }

  function centre(onlyIfHidden) {
    const node = anchor();
    if (!node) return;
    const { x, y } = where(node);
    const width = picture.frame.clientWidth;
    const height = picture.frame.clientHeight;
    const box = node.getBoundingClientRect();
    const edge = picture.frame.getBoundingClientRect();
    const inside = box.left > edge.left + MARGIN / 2 && box.right < edge.right - MARGIN / 2 &&
      box.top > edge.top + MARGIN / 2 && box.bottom < edge.bottom - MARGIN / 2;
    if (onlyIfHidden && inside) return;
    view.x = width / 2 - x * view.scale;
    view.y = node.classList.contains("current") ? height / 2 - y * view.scale
      : Math.min(MARGIN, height / 2 - y * view.scale);
    apply();
  }

  function zoom(factor, cx, cy) {
    const width = picture.frame.clientWidth;
    const height = picture.frame.clientHeight;
    cx = cx ?? width / 2;
    cy = cy ?? height / 2;
    const scale = Math.min(3, Math.max(0.1, view.scale * factor));
    view.x = cx - (cx - view.x) * (scale / view.scale);
    view.y = cy - (cy - view.y) * (scale / view.scale);
    view.scale = scale;
    apply();
  }

  function step(direction) {
    const next = direction > 0 ? ZOOMS.find((z) => z > view.scale + 1e-3)
      : [...ZOOMS].reverse().find((z) => z < view.scale - 1e-3);
    if (next) zoom(next / view.scale);
  }

  function fit() {
    const scale = Math.min(1, picture.frame.clientWidth / picture.width,
      picture.frame.clientHeight / picture.height);
    view = { scale, x: (picture.frame.clientWidth - picture.width * scale) / 2, y: 0 };
    apply();
  }

  function build(svg) {
    // Put `svg` in a frame with a stage that pans and zooms, and a small toolbar.
    const frame = document.createElement("div");
    frame.className = "gamelib-viewport";
    frame.tabIndex = 0;
    frame.setAttribute("role", "group");
    frame.setAttribute("aria-label", (svg.getAttribute("aria-label") || words().tree) +
      ". " + words().help);
    frame.setAttribute("data-lm-suppress-shortcuts", "true");
    const stage = document.createElement("div");
    stage.className = "gamelib-viewport-stage";
    svg.replaceWith(frame);
    stage.append(svg);
    const tools = document.createElement("div");
    tools.className = "gamelib-viewport-tools";
    tools.append(
      button("−", "zoom-out", words().zoom_out, () => step(-1)),
      button("+", "zoom-in", words().zoom_in, () => step(1)),
      button(words().fit, "fit", words().fit_name, fit),
      button("1:1", "actual", words().actual, () => { view.scale = 1; centre(false); }));
    frame.append(stage, tools);
    const box = svg.getBoundingClientRect();
    const width = box.width || svg.width.baseVal.value;
    const height = box.height || svg.height.baseVal.value;
    frame.style.height = `min(${Math.ceil(height) + 16}px, ${MAX_HEIGHT}px, 65vh)`;
    drag(frame);
    frame.addEventListener("wheel", (event) => {
      if (!event.ctrlKey && !event.metaKey) return; // a plain wheel scrolls the page
      event.preventDefault();
      const rect = frame.getBoundingClientRect();
      zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - rect.left, event.clientY - rect.top);
    }, { passive: false });
    frame.addEventListener("keydown", onKey);
    return { frame, stage, svg, width, height };
  }

  function onKey(event) {
    const pan = { ArrowLeft: [60, 0], ArrowRight: [-60, 0], ArrowUp: [0, 60], ArrowDown: [0, -60] };
    if (event.key in pan) {
      view.x += pan[event.key][0];
      view.y += pan[event.key][1];
      apply();
    } else if (event.key === "+" || event.key === "=") {
      step(1);
    } else if (event.key === "-") {
      step(-1);
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  function drag(frame) {
    let start = null;
    frame.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 || event.target.closest("button")) return;
      start = { x: event.clientX - view.x, y: event.clientY - view.y };
      frame.setPointerCapture(event.pointerId);
      frame.classList.add("gamelib-dragging");
    });
    frame.addEventListener("pointermove", (event) => {
      if (!start) return;
      view.x = event.clientX - start.x;
      view.y = event.clientY - start.y;
      apply();
    });
    const stop = () => { start = null; frame.classList.remove("gamelib-dragging"); };
    frame.addEventListener("pointerup", stop);
    frame.addEventListener("pointercancel", stop);
  }

  function show() {
    const keep = model.get("keep_view") && picture !== null;
    const focused = picture && picture.frame.contains(document.activeElement);
    holder.innerHTML = model.get("value");
    const svg = holder.querySelector("svg");
    picture = svg ? build(svg) : null;
    if (!picture) return;
    if (focused) picture.frame.focus({ preventScroll: true });
    // Wait for layout (the widget may be drawn before it is attached to the page).
    const place = () => {
      if (!picture.frame.clientWidth) { requestAnimationFrame(place); return; }
      if (keep) { apply(); centre(true); } else { view = { scale: 1, x: 0, y: 0 }; centre(false); }
    };
    place();
  }

  model.on("change:value", show);
  show();
}

export default { render };
