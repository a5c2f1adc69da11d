// The answer on the page: each player's equity, the method, and the chosen player's details.
import { RANKS, SUITS, cardLabel, comboKey } from "./cards.js";

// Combos sort by their cards: aces first, suits in s h d c order.
const cardOrder = (card) => RANKS.indexOf(card[0]) * 4 + SUITS.indexOf(card[1]);

export const COLOURS = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777", "#4b5563", "#65a30d"];

const percent = (x, digits = 3) => `${(100 * x).toFixed(digits)}%`;
const count = (n) => Number(n).toLocaleString("en-US");
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

export function duration(seconds) {
  return seconds < 1 ? `${(seconds * 1000).toFixed(seconds < 0.01 ? 2 : 1)} ms` : `${seconds.toFixed(2)} s`;
}

// "table", "exact (sweep)", "Monte Carlo, stderr 0.050%": what ran.
export function methodText(answer) {
  if (answer.mode === "table") return "table (exact)";
  if (answer.mode === "exact") return `exact (${answer.exact_method})`;
  const worst = Math.max(...answer.players.map((p) => p.stderr));
  return `Monte Carlo${answer.stopped_by === "cancelled" ? " stopped by you" : ""}, stderr ${percent(worst)}`;
}

// Win, tie and loss shares: of the trials (Monte Carlo), of the showdowns weighted by the combos'
// weights, or of the showdowns.
function shares(answer, p) {
  if (answer.mode === "monte-carlo") return [p.wins / answer.trials, p.ties / answer.trials, p.losses / answer.trials];
  if (answer.weighted) {
    const total = p.weighted_wins + p.weighted_ties + p.weighted_losses;
    return [p.weighted_wins / total, p.weighted_ties / total, p.weighted_losses / total];
  }
  return [p.wins / answer.showdowns, p.ties / answer.showdowns, p.losses / answer.showdowns];
}

// The equity table: #equity-N holds player N's equity, percent with 3 decimals. Win, tie and loss
// show their share with the count below it (every digit: counts reach trillions), and ranges wrap,
// so that ten players fit the panel.
export function renderEquities(table, answer) {
  const unit = answer.mode === "monte-carlo" ? "deals" : "showdowns";
  const rows = answer.players.map((p, i) => {
    const [win, tie, loss] = shares(answer, p);
    const error = p.stderr !== undefined ? `<span class="pm">±${percent(p.stderr)}</span>` : "";
    const cell = (share, n, what) =>
      `<td class="num share ${what}"><span>${percent(share)}</span><small class="count" title="${count(n)} ${unit} ${what}">${count(n)}</small></td>`;
    return `<tr>
      <td><span class="swatch" style="background:${COLOURS[i]}"></span>${i + 1}</td>
      <td class="hand">${escape(p.hand).replace(/,/g, ",<wbr>")}</td>
      <td class="num equity"><span id="equity-${i + 1}">${percent(p.equity)}</span>${error}</td>
      ${cell(win, p.wins, "won")}${cell(tie, p.ties, "tied")}${cell(loss, p.losses, "lost")}
      <td class="num combos-col">${count(p.combos)}</td></tr>`;
  });
  table.innerHTML = `<thead><tr><th>#</th><th>Hand / range</th><th class="num">Equity</th><th class="num">Win</th>
    <th class="num">Tie</th><th class="num lost">Losses</th><th class="num combos-col">Combos</th></tr></thead>
    <tbody>${rows.join("")}</tbody>`;
}

const ROWS_SHOWN = 100;

// The per-combo table, sortable by clicking a column's head.
export class ComboTable {
  constructor(table) {
    this.table = table;
    this.rows = [];
    this.key = "equity";
    this.descending = true;
    table.addEventListener("click", (event) => {
      if (event.target.closest("[data-more]")) {
        this.all = true;
        this.render();
        return;
      }
      const th = event.target.closest("th[data-key]");
      if (!th) return;
      this.descending = th.dataset.key === this.key ? !this.descending : th.dataset.key !== "combo";
      this.key = th.dataset.key;
      this.render();
    });
  }

  show(perCombo) {
    this.all = false;
    this.rows = perCombo.map((c) => {
      const combo = comboKey(c.combo);
      return { ...c, combo, order: cardOrder(combo.slice(0, 2)) * 52 + cardOrder(combo.slice(2)) };
    });
    this.render();
  }

  render() {
    const sign = this.descending ? -1 : 1;
    const key = this.key === "combo" ? "order" : this.key;
    this.rows.sort((a, b) => (a[key] < b[key] ? -sign : a[key] > b[key] ? sign : 0));
    const head = [["combo", "Combo"], ["equity", "Equity"], ["weight", "Weight"], ["wins", "Wins"], ["ties", "Ties"], ["showdowns", "Showdowns"]]
      .map(([k, label]) => `<th data-key="${k}" class="${k === this.key ? (this.descending ? "desc" : "asc") : ""}">${label}</th>`)
      .join("");
    // The first rows only until asked: a table of 1,000 rows takes the browser a while to lay out.
    const shown = this.all ? this.rows : this.rows.slice(0, ROWS_SHOWN);
    const more = shown.length < this.rows.length
      ? `<tr><td colspan="6"><button type="button" class="secondary small" data-more>show all ${this.rows.length} combos</button></td></tr>`
      : "";
    const body = shown
      .map((c) => `<tr><td class="combo">${cardLabel(c.combo.slice(0, 2))}${cardLabel(c.combo.slice(2))}</td>
        <td class="num">${percent(c.equity, 2)}</td><td class="num">${c.weight}</td><td class="num">${count(c.wins)}</td>
        <td class="num">${count(c.ties)}</td><td class="num">${count(c.showdowns)}</td></tr>`)
      .join("");
    this.table.innerHTML = `<thead><tr>${head}</tr></thead><tbody>${body}${more}</tbody>`;
  }
}

// Every player's distribution curve (share of the range on x, equity on y), the chosen one bold,
// and its buckets below.
export function renderDistribution(container, players, chosen) {
  const w = 420, h = 240, left = 40, bottom = 36, top = 10, right = 18;
  const x = (v) => left + v * (w - left - right);
  const y = (v) => top + (1 - v) * (h - top - bottom);
  let svg = `<svg viewBox="0 0 ${w} ${h}" role="img" aria-label="equity distribution">`;
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    svg += `<line class="gridline" x1="${x(0)}" x2="${x(1)}" y1="${y(v)}" y2="${y(v)}"/>`;
    svg += `<text class="tick" x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v * 100}%</text>`;
    svg += `<text class="tick" x="${x(v)}" y="${h - 20}" text-anchor="middle">${v * 100}%</text>`;
  }
  svg += `<text class="tick" x="${x(0.5)}" y="${h - 4}" text-anchor="middle">share of the range, best combos first</text>`;
  svg += `<text class="tick" transform="translate(10 ${y(0.5)}) rotate(-90)" text-anchor="middle">equity</text>`;
  players.forEach((p, i) => {
    if (!p.distribution) return;
    const points = [[0, p.distribution.curve[0]?.[1] ?? 0], ...p.distribution.curve];
    const path = points.map(([a, b], k) => `${k ? "L" : "M"}${x(a).toFixed(1)},${y(b).toFixed(1)}`).join("");
    svg += `<path d="${path}" fill="none" stroke="${COLOURS[i]}" stroke-width="${i === chosen ? 3 : 1.5}" opacity="${i === chosen ? 1 : 0.55}"/>`;
  });
  svg += "</svg>";
  const d = players[chosen].distribution;
  const names = ["75%+", "50–75%", "33–50%", "below 33%"];
  const buckets = d
    ? `<div class="buckets">${d.buckets
        .map((b, k) => `<div><span>${names[k]}</span><b>${percent(b.share, 1)}</b><small>${count(b.combos)} combos</small></div>`)
        .join("")}</div>`
    : "";
  container.innerHTML = svg + buckets;
}

const HIT_NAMES = (key) => key.replace(/_/g, " ");

// What the chosen player's range hits on the board: made hands and draws with their share.
export function renderHits(container, hits) {
  if (!hits) {
    container.innerHTML = `<p class="muted">Pick a flop, turn or river to see what the range hits.</p>`;
    return;
  }
  const rows = (group) =>
    Object.entries(group)
      .filter(([, c]) => c.combos > 0)
      .map(([key, c]) => `<tr><td>${HIT_NAMES(key)}</td><td class="num">${+c.weight.toFixed(2)}</td>
        <td class="bar"><span style="width:${(100 * c.share).toFixed(1)}%"></span></td><td class="num">${percent(c.share, 1)}</td></tr>`)
      .join("");
  const draws = rows(hits.draws);
  container.innerHTML = `<table class="hits"><thead><tr><th>Made hand</th><th>Combos</th><th></th><th>Share</th></tr></thead>
    <tbody>${rows(hits.made)}</tbody>
    ${draws ? `<thead><tr><th>Draw</th><th>Combos</th><th></th><th>Share</th></tr></thead><tbody>${draws}</tbody>` : ""}</table>`;
}
