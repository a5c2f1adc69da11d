// Class grids (13x13 in Hold'em, 9x9 in short deck: the game's ranks): the range editor (click or drag to toggle classes) and the per-class heatmap.
import { RANKS, classAt } from "./cards.js";

function cells(container, build) {
  container.replaceChildren();
  container.style.setProperty("--side", String(RANKS.length));
  for (let row = 0; row < RANKS.length; row++)
    for (let column = 0; column < RANKS.length; column++) {
      const name = classAt(row, column);
      const cell = document.createElement("div");
      cell.className = "cell " + (row === column ? "pair" : row < column ? "suited" : "offsuit");
      cell.dataset.class = name;
      build(cell, name);
      container.append(cell);
    }
}

// The editor: `onPaint(name, add)` for each class painted by a click or a drag (a drag paints every
// class it passes in the state the first cell took), `onDone()` once the pointer is released,
// `onFocus(name)` for the class last touched (its suits are shown).
export class GridEditor {
  constructor(container, { isIn, onPaint, onDone, onFocus }) {
    this.container = container;
    this.isIn = isIn;
    this.build();
    let painting = null;  // {add, seen}
    const paint = (cell) => {
      if (!cell || painting.seen.has(cell.dataset.class)) return;
      painting.seen.add(cell.dataset.class);
      onPaint(cell.dataset.class, painting.add);
    };
    container.addEventListener("pointerdown", (event) => {
      const cell = event.target.closest("[data-class]");
      if (!cell || event.button !== 0) return;
      event.preventDefault();
      painting = { add: !this.isIn(cell.dataset.class), seen: new Set() };
      paint(cell);
      onFocus(cell.dataset.class);
    });
    container.addEventListener("pointermove", (event) => {
      if (!painting) return;
      const under = document.elementFromPoint(event.clientX, event.clientY);
      paint(under && under.closest("#grid-editor [data-class]"));
    });
    const finish = () => {
      if (!painting) return;
      painting = null;
      onDone();
    };
    document.addEventListener("pointerup", finish);
    document.addEventListener("pointercancel", finish);
    container.addEventListener("contextmenu", (event) => {
      const cell = event.target.closest("[data-class]");
      if (!cell) return;
      event.preventDefault();
      onFocus(cell.dataset.class);
    });
  }

  // The cells of the game's classes (again after the game changes).
  build() {
    cells(this.container, (cell, name) => {
      cell.innerHTML = `<span class="name">${name}</span><span class="fill"></span>`;
      cell.setAttribute("role", "button");
      cell.title = name;
    });
  }

  // state(name) -> {count, of, weight}: a cell is "in" when all its combos are, "partial" when some
  // are or the weight is below 1; the fill shows the weighted share.
  render(state) {
    for (const cell of this.container.children) {
      const { count, of, weight } = state(cell.dataset.class);
      const share = weight / of;
      cell.classList.toggle("in", count === of && share === 1);
      cell.classList.toggle("partial", count > 0 && share < 1);
      cell.querySelector(".fill").style.height = `${Math.round(share * 100)}%`;
    }
  }
}

// A colour for an equity: white at 50 %, red above, blue below, saturating at 100 % and 0 %.
export function equityColour(equity) {
  const t = Math.max(-1, Math.min(1, (equity - 0.5) * 2));
  const fade = (x) => Math.round(255 - 175 * Math.abs(x));
  return t >= 0 ? `rgb(235, ${fade(t)}, ${fade(t)})` : `rgb(${fade(t)}, ${fade(t)}, 235)`;
}

// The hand matrix: each class of the range coloured by its equity (per_class of the answer).
export function renderMatrix(container, perClass) {
  const byClass = new Map(perClass.map((c) => [c.class, c]));
  cells(container, (cell, name) => {
    const c = byClass.get(name);
    if (c && c.showdowns > 0) {
      cell.style.background = equityColour(c.equity);
      cell.innerHTML = `<span class="name">${name}</span><span class="value">${(100 * c.equity).toFixed(1)}</span>`;
      cell.title = `${name}: ${(100 * c.equity).toFixed(3)}% over ${c.weight} combos`;
    } else {
      cell.classList.add("empty");
      cell.innerHTML = `<span class="name">${name}</span>`;
    }
  });
}
