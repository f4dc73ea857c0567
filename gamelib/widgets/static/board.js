// The board's front end: draws the cells the kernel sends, shows the student's own move
// at once (an echo, replaced by the kernel's answer), and plays by mouse or keyboard
// (the ARIA grid pattern: one tab stop, arrow keys, Enter or Space). The kernel is the
// referee: this file only draws and sends the chosen move ({move, seq, clicks}: clicks is 2
// or more for the second click of a double click, 1 for a key); the kernel
// answers {ack: seq, refused: reason} once it has handled it.

const FALL_MS = 320; // how long a new disc or mark takes to fall or fade in

function element(tag, className, attributes = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function render({ model, el }) {
  const rows = model.get("rows");
  const cols = model.get("cols");
  const columns = model.get("kind") === "columns";
  let pending = null; // the echoed move: {move, cell, seq}
  let sequence = 0;
  let shown = model.get("cells").join(""); // the marks on screen, echo included
  let focused = columns ? (rows - 1) * cols + Math.floor(cols / 2) : 0;

  const root = element("div", "gamelib-board-view " +
    (columns ? "gamelib-board-columns" : "gamelib-board-squares"));
  root.style.setProperty("--gamelib-cols", cols);
  for (const [name, colour] of Object.entries(model.get("palette"))) {
    root.style.setProperty(`--gamelib-${name}`, colour);
  }
  const drops = [];
  if (columns) {
    const row = element("div", "gamelib-c4-drops", { "aria-hidden": "true" });
    for (let c = 0; c < cols; c++) {
      const drop = element("button", `gamelib-drop gamelib-drop-${c}`, { tabindex: "-1" });
      drop.textContent = `▼${c}`;
      drop.addEventListener("click", (event) => choose(c, Math.max(1, event.detail)));
      drops.push(drop);
      row.append(drop);
    }
    root.append(row);
  }
  const grid = element("div", "gamelib-cells " + (columns ? "gamelib-c4-frame" : "gamelib-ttt-grid"),
    { role: "grid", "data-lm-suppress-shortcuts": "true", "data-p-suppress-shortcuts": "true" });
  const cells = [];
  for (let r = 0; r < rows; r++) {
    const line = element("div", "gamelib-row", { role: "row" });
    for (let c = 0; c < cols; c++) {
      const index = r * cols + c;
      const cell = element("div", `gamelib-cell gamelib-cell-${r}-${c}` +
        (columns ? ` gamelib-col-${c}` : ""), { role: "gridcell", tabindex: "-1" });
      cell.addEventListener("focus", () => {
        focused = index; // the board's one tab stop follows the focus
        cells.forEach((other, i) => other.setAttribute("tabindex", i === index ? "0" : "-1"));
      });
      cell.addEventListener("click", (event) => {
        focused = index;
        choose(moveOf(index), Math.max(1, event.detail));
      });
      cells.push(cell);
      line.append(cell);
    }
    grid.append(line);
  }
  grid.addEventListener("keydown", onKey);
  const message = element("div", "gamelib-board-message");
  const live = element("div", "gamelib-live", { role: "status", "aria-live": "polite" });
  root.append(grid, message, live);
  el.append(root);

  function moveOf(index) {
    return columns ? index % cols : index;
  }

  function landing(move, marks) {
    // The cell a move fills: Connect Four's lowest empty cell of the column.
    if (!columns) return move;
    for (let r = rows - 1; r >= 0; r--) if (marks[r * cols + move] === ".") return r * cols + move;
    return -1;
  }

  function choose(move, clicks = 1) {
    // Send the move to the kernel; draw it at once when it can be played now.
    sequence += 1;
    const marks = model.get("cells").join("");
    const open = !model.get("busy") && model.get("playable").includes(move);
    if (open && pending === null && clicks <= 1) {
      pending = { move, cell: landing(move, marks), seq: sequence };
      message.textContent = "";
      draw();
    }
    model.send({ move, seq: sequence, clicks });
  }

  function onKey(event) {
    const r = Math.floor(focused / cols);
    const c = focused % cols;
    const moves = {
      ArrowLeft: [r, c - 1], ArrowRight: [r, c + 1], ArrowUp: [r - 1, c], ArrowDown: [r + 1, c],
      Home: [r, 0], End: [r, cols - 1],
    };
    if (event.key in moves) {
      const [nr, nc] = moves[event.key];
      if (nr >= 0 && nr < rows && nc >= 0 && nc < cols) focusCell(nr * cols + nc);
    } else if (event.key === "Enter" || event.key === " ") {
      choose(moveOf(focused));
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  function focusCell(index) {
    cells[index].focus(); // its focus listener makes it the focused cell
  }

  function draw() {
    // Redraw from the kernel's state, with the echoed move on top while it is pending.
    const marks = model.get("cells").join("");
    const names = model.get("names");
    const playable = new Set(model.get("playable"));
    const winning = new Set(model.get("winning"));
    const busy = model.get("busy");
    const echo = pending && pending.cell >= 0 && marks[pending.cell] === "." ? pending.cell : -1;
    const human = model.get("human");
    cells.forEach((cell, i) => {
      const mark = i === echo ? human : marks[i];
      const move = moveOf(i);
      const arrived = shown[i] === "." && mark !== "." && i !== echo;
      const classes = cell.classList;
      classes.toggle("gamelib-empty", mark === ".");
      for (const side of ["x", "o"]) {
        classes.toggle(`gamelib-${columns ? "disc" : "mark"}-${side}`, mark.toLowerCase() === side);
      }
      classes.toggle("gamelib-echo", i === echo);
      classes.toggle("gamelib-win", winning.has(i));
      classes.toggle("gamelib-last", i === model.get("last") && !winning.has(i));
      classes.toggle("gamelib-hint", !columns && move === model.get("hint"));
      classes.toggle("gamelib-unplayable", !playable.has(move));
      if (arrived) {
        cell.style.setProperty("--gamelib-fall", Math.floor(i / cols) + 1);
        classes.add("gamelib-arrive");
        setTimeout(() => classes.remove("gamelib-arrive"), FALL_MS);
      }
      if (!columns) cell.textContent = mark === "." ? "" : mark;
      cell.setAttribute("aria-label", names[i]);
      cell.setAttribute("aria-disabled", String(!playable.has(move)));
      cell.setAttribute("tabindex", i === focused ? "0" : "-1");
    });
    drops.forEach((drop, c) => {
      drop.title = model.get("drop_names")[c];
      drop.classList.toggle("gamelib-unplayable", !playable.has(c));
      drop.classList.toggle("gamelib-hint", c === model.get("hint"));
      drop.classList.toggle("gamelib-queued", c === model.get("queued"));
    });
    grid.setAttribute("aria-label", model.get("label"));
    grid.setAttribute("aria-busy", String(busy));
    root.classList.toggle("gamelib-busy", busy);
    shown = [...marks].map((mark, i) => (i === echo ? human : mark)).join("");
  }

  function announce() {
    live.textContent = model.get("said");
  }

  model.on("msg:custom", (content) => {
    if (!("ack" in content) || pending === null || content.ack < pending.seq) {
      if (content.refused) message.textContent = content.refused;
      return;
    }
    pending = null;
    message.textContent = content.refused || "";
    draw();
  });
  for (const name of ["cells", "names", "drop_names", "playable", "winning", "last", "hint",
    "queued", "busy", "human", "label"]) {
    model.on(`change:${name}`, draw);
  }
  model.on("change:said", announce);
  draw();
  announce();
}

export default { render };
