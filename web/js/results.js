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
// so that ten players fit the panel. unit: the game's word for a holding (/api/games: "combos",
// Omaha's "hands").
export const capitalized = (word) => word.charAt(0).toUpperCase() + word.slice(1);

export function renderEquities(table, answer, holding = "combos") {
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
  // A game whose holdings are cards (no ranges: the stud games) names its column "Hand".
  const head = holding === "cards" ? "Hand" : "Hand / range";
  table.innerHTML = `<thead><tr><th>#</th><th>${head}</th><th class="num">Equity</th><th class="num">Win</th>
    <th class="num">Tie</th><th class="num lost">Losses</th><th class="num combos-col">${capitalized(holding)}</th></tr></thead>
    <tbody>${rows.join("")}</tbody>`;
}

const ROWS_SHOWN = 100;

// A combo's, an Omaha hand's or a stud hand's cards and parentheses ("AsKd", "AhAc3c2h",
// "(AhKh)Qd") as tokens.
const cardTokens = (text) => text.match(/[()]|[2-9TJQKA][shdc]/g) || [];

// A combo's or an Omaha hand's cards ("AsKd", "AhAc3c2h": 2 to 6 cards) in the order they sort by:
// the first card's order, then the second's, and so on (52^6 < 2^53: exact in a double); a stud
// hand's by its first six cards, its down cards first.
const handOrder = (cards) =>
  cardTokens(cards).filter((t) => t.length === 2).slice(0, 6).reduce((key, card) => key * 52 + cardOrder(card), 0);

// The per-combo table, sortable by clicking a column's head: Hold'em's combos, or Omaha's hands
// (each hand's cards, the high's wins and ties in Hi/Lo, where equity is the share of the pot).
export class ComboTable {
  constructor(table) {
    this.table = table;
    this.rows = [];
    this.key = "equity";
    this.descending = true;
    this.kind = { hands: false, hiLo: false, note: "" };
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

  // perCombo: the answer's per_combo (undefined for a player whose hands are not listed: `note`
  // says why); hands: Omaha's hands rather than two-card combos; hiLo: the high's wins and ties;
  // stud: each line a stud hand as written, its hidden down cards dealt ("(AhKh)Qd"), kept as it is.
  show(perCombo, { hands = false, hiLo = false, stud = false, note = "" } = {}) {
    this.all = false;
    this.kind = { hands, hiLo, note: perCombo ? "" : note };
    this.rows = (perCombo || []).map((c) => {
      const combo = stud ? c.combo : comboKey(c.combo);
      // Monte Carlo's rows count trials, exact ones showdowns.
      return { ...c, combo, order: handOrder(combo), showdowns: c.showdowns ?? c.trials };
    });
    this.trials = Boolean(perCombo && perCombo.length > 0 && perCombo[0].showdowns === undefined);
    this.render();
  }

  render() {
    const sign = this.descending ? -1 : 1;
    const key = this.key === "combo" ? "order" : this.key;
    this.rows.sort((a, b) => (a[key] < b[key] ? -sign : a[key] > b[key] ? sign : 0));
    const { hands, hiLo, note } = this.kind;
    const columns = [["combo", hands ? "Hand" : "Combo"], ["equity", "Equity"], ["weight", "Weight"],
      ["wins", hiLo ? "High wins" : "Wins"], ["ties", hiLo ? "High ties" : "Ties"], ["showdowns", this.trials ? "Trials" : "Showdowns"]];
    const head = columns
      .map(([k, label]) => `<th data-key="${k}" class="${k === this.key ? (this.descending ? "desc" : "asc") : ""}${k === "combo" ? "" : " num"} ${k}-col">${label}</th>`)
      .join("");
    // The first rows only until asked: a table of 1,000 rows takes the browser a while to lay out.
    const shown = this.all ? this.rows : this.rows.slice(0, ROWS_SHOWN);
    const more = shown.length < this.rows.length
      ? `<tr><td colspan="6"><button type="button" class="secondary small" data-more>show all ${count(this.rows.length)} ${hands ? "hands" : "combos"}</button></td></tr>`
      : "";
    const empty = note ? `<tr><td colspan="6" class="muted note">${escape(note)}</td></tr>` : "";
    const body = shown
      .map((c) => `<tr><td class="combo">${cardTokens(c.combo).map((t) => t.length === 2 ? `<span class="suit-${t[1]}">${cardLabel(t)}</span>` : t).join("<wbr>")}</td>
        <td class="num">${percent(c.equity, 2)}</td><td class="num weight-col">${c.weight}</td><td class="num">${count(c.wins)}</td>
        <td class="num">${count(c.ties)}</td><td class="num">${count(c.showdowns)}</td></tr>`)
      .join("");
    this.table.innerHTML = `<thead><tr>${head}</tr></thead><tbody>${body}${more}${empty}</tbody>`;
  }
}

// At most this many points of a curve are drawn: an Omaha range of 135,751 hands (a random player
// on a turn) has as many, more than the chart's width shows.
const CURVE_POINTS = 600;

// Every k-th point of a curve, and its last: the curve falls monotonically, so the line looks the same.
function thinned(curve) {
  if (curve.length <= CURVE_POINTS) return curve;
  const step = Math.ceil(curve.length / CURVE_POINTS);
  const out = curve.filter((_, k) => k % step === 0);
  if (out[out.length - 1] !== curve[curve.length - 1]) out.push(curve[curve.length - 1]);
  return out;
}

// Every player's distribution curve (share of the range on x, equity on y), the chosen one bold,
// and its buckets below; unit: "combos", or Omaha's "hands"; whole: what they are of ("the range").
export function renderDistribution(container, players, chosen, unit = "combos", whole = "the range") {
  const w = 420, h = 240, left = 40, bottom = 36, top = 10, right = 18;
  const x = (v) => left + v * (w - left - right);
  const y = (v) => top + (1 - v) * (h - top - bottom);
  let svg = `<svg viewBox="0 0 ${w} ${h}" role="img" aria-label="equity distribution">`;
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    svg += `<line class="gridline" x1="${x(0)}" x2="${x(1)}" y1="${y(v)}" y2="${y(v)}"/>`;
    svg += `<text class="tick" x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v * 100}%</text>`;
    svg += `<text class="tick" x="${x(v)}" y="${h - 20}" text-anchor="middle">${v * 100}%</text>`;
  }
  svg += `<text class="tick" x="${x(0.5)}" y="${h - 4}" text-anchor="middle">share of ${whole}, best ${unit} first</text>`;
  svg += `<text class="tick" transform="translate(10 ${y(0.5)}) rotate(-90)" text-anchor="middle">equity</text>`;
  players.forEach((p, i) => {
    if (!p.distribution) return;
    const points = [[0, p.distribution.curve[0]?.[1] ?? 0], ...thinned(p.distribution.curve)];
    const path = points.map(([a, b], k) => `${k ? "L" : "M"}${x(a).toFixed(1)},${y(b).toFixed(1)}`).join("");
    svg += `<path d="${path}" fill="none" stroke="${COLOURS[i]}" stroke-width="${i === chosen ? 3 : 1.5}" opacity="${i === chosen ? 1 : 0.55}"/>`;
  });
  svg += "</svg>";
  const d = players[chosen].distribution;
  const names = ["75%+", "50–75%", "33–50%", "below 33%"];
  // An Omaha random player's hands are not sampled one by one (Monte Carlo), a stud random hand's
  // ways are not listed (no distribution): no equities to bucket.
  const empty = !d || d.buckets.every((b) => b.combos === 0);
  const buckets = empty
    ? `<p class="muted">No ${unit} of this player have an equity of their own: nothing to distribute.</p>`
    : d
    ? `<div class="buckets">${d.buckets
        .map((b, k) => `<div><span>${names[k]}</span><b>${percent(b.share, 1)}</b><small>${count(b.combos)} ${b.combos === 1 ? unit.replace(/s$/, "") : unit}</small></div>`)
        .join("")}</div>`
    : "";
  container.innerHTML = svg + buckets;
}

// The JSON's names as words: "three of a kind", "nut flush draw", Omaha's "open-ended" (or a double
// gutshot: docs/omaha.md), "low draw".
const HIT_WORDS = { open_ended: "open-ended" };
const HIT_NAMES = (key) => HIT_WORDS[key] || key.replace(/_/g, " ");

// What the chosen player's range hits on the board: made hands and draws with their share; unit:
// "combos" or Omaha's "hands". dealt: the player's count in the answer; the hits count the range on
// the board without the other players' cards, and say so when the two differ.
export function renderHits(container, hits, unit = "combos", dealt = undefined) {
  if (!hits) {
    container.innerHTML = `<p class="muted">Pick a flop, turn or river to see what the range hits.</p>`;
    return;
  }
  const total = Object.values(hits.made).reduce((sum, c) => sum + c.combos, 0);
  const note = dealt !== undefined && dealt !== total
    ? `<p class="muted hits-note">Of the range's ${count(total)} ${unit} on the board, the other players' cards left in ` +
      `(${count(dealt)} are dealt against them).</p>`
    : "";
  const rows = (group) =>
    Object.entries(group)
      .filter(([, c]) => c.combos > 0)
      .map(([key, c]) => `<tr><td>${HIT_NAMES(key)}</td><td class="num">${count(+c.weight.toFixed(2))}</td>
        <td class="bar"><span style="width:${(100 * c.share).toFixed(1)}%"></span></td><td class="num">${percent(c.share, 1)}</td></tr>`)
      .join("");
  const draws = rows(hits.draws);
  const head = capitalized(unit);
  container.innerHTML = `${note}<table class="hits"><thead><tr><th>Made hand</th><th>${head}</th><th></th><th>Share</th></tr></thead>
    <tbody>${rows(hits.made)}</tbody>
    ${draws ? `<thead><tr><th>Draw</th><th>${head}</th><th></th><th>Share</th></tr></thead><tbody>${draws}</tbody>` : ""}</table>`;
}

// Each player's final hands by category, as shares of the showdowns (or Monte Carlo's deals), in
// the order and with the names the answer gives (razz's lows: "no pair", "one pair", ...); a game
// without categories in its answer hides the table.
export function renderCategories(table, answer) {
  const players = answer.players.filter((p) => p.categories);
  table.hidden = players.length === 0;
  if (table.hidden) return table.replaceChildren();
  const total = answer.mode === "monte-carlo" ? answer.trials : answer.showdowns;
  const head = answer.players.map((_, i) => `<th class="num"><span class="swatch" style="background:${COLOURS[i]}"></span>${i + 1}</th>`);
  const rows = answer.players[0].categories.map((c, k) => {
    const cells = answer.players.map((p) => {
      const n = p.categories[k].count;
      return `<td class="num" title="${count(n)}">${percent(n / total, 1)}</td>`;
    });
    return `<tr><td>${escape(c.category)}</td>${cells.join("")}</tr>`;
  });
  table.innerHTML = `<thead><tr><th>Final hand</th>${head.join("")}</tr></thead><tbody>${rows.join("")}</tbody>`;
}

// Chips as a player counts them: whole, or to the hundredth.
const chips = (x) => Number(x).toLocaleString("en-US", { maximumFractionDigits: 2 });

// The pot by stacks (the answer's "pot", with stacks or dead money): each player's stack, EV and
// net, his share of each pot he can win, and what each pot holds; hidden without a pot.
export function renderPot(section, answer) {
  const pot = answer.pot;
  section.hidden = !pot;
  if (!pot) return;
  const contested = pot.layers.filter((l) => l.players.length > 1);
  const name = (k) => (k === 0 ? "Main" : `Side ${k}`);
  const sampled = answer.players.some((p) => p.ev_stderr !== undefined);
  const head = contested.map((_, k) => `<th class="num">${name(k)}</th>`).join("");
  const rows = answer.players.map((p, i) => {
    const shares = contested.map((l) => {
      const at = l.players.indexOf(i);
      return `<td class="num">${at < 0 ? "–" : percent(l.equity[at], 1)}</td>`;
    });
    const error = sampled ? `<span class="pm">±${chips(p.ev_stderr)}</span>` : "";
    const sign = p.net > 0 ? "+" : "";
    return `<tr><td><span class="swatch" style="background:${COLOURS[i]}"></span>${i + 1}</td>
      <td class="num">${pot.stacks.length ? chips(pot.stacks[i]) : "–"}</td>
      <td class="num ev" id="ev-${i + 1}">${chips(p.ev)}${error}</td>
      <td class="num net ${p.net >= 0 ? "up" : "down"}">${sign}${chips(p.net)}</td>${shares.join("")}</tr>`;
  });
  section.querySelector("table").innerHTML = `<thead><tr><th>#</th><th class="num">Stack</th><th class="num">EV</th>
    <th class="num">Net</th>${head}</tr></thead><tbody>${rows.join("")}</tbody>`;
  let side = 0;
  const who = (l) => l.players.map((i) => `<span class="swatch" style="background:${COLOURS[i]}"></span>${i + 1}`).join(" ");
  const items = pot.layers.map((l) => {
    if (l.players.length === 1) return `<li>${chips(l.chips)} back to ${who(l)}: no one else matched them</li>`;
    const title = `${name(side++)} pot`;
    return `<li><b>${title}</b>: ${chips(l.chips)} chips among ${who(l)}</li>`;
  });
  const folded = (pot.folded || []).reduce((sum, x) => sum + x, 0);
  const held = [];
  if (folded > 0) held.push(`${chips(folded)} of them from players who folded (in the pots they reached)`);
  if (pot.dead > 0) held.push(`${chips(pot.dead)} of them dead money (in the main pot)`);
  items.push(`<li>Total ${chips(pot.chips)} chips${held.length ? `, ${held.join(" and ")}` : ""}</li>`);
  section.querySelector("ul").innerHTML = items.join("");
}

// Runs and two boards (the answer's "runouts"): each player's equity over the parts and how often he
// took every part alone (scooped), some, none; hidden without them.
export function renderRunouts(section, answer) {
  const r = answer.runouts;
  section.hidden = !r;
  if (!r) return;
  // A part of the pot: a run, a board, or (two boards run more than once) a board of a run.
  const part = r.boards === 2 ? (r.runs > 1 ? "part" : "board") : "run";
  const every = r.boards === 2 ? (r.runs > 1 ? `all ${r.runs * r.boards} parts` : "both boards") : `all ${r.runs} runs`;
  const times = `run ${r.runs === 2 ? "twice" : `${r.runs} times`}`;
  section.querySelector("h3").textContent =
    r.boards === 2 ? (r.runs > 1 ? `Two boards, ${times}` : "Two boards") : times[0].toUpperCase() + times.slice(1);
  const rows = answer.players.map((p, i) => {
    const k = r.players[i].scooped;
    const some = k.slice(1, -1).reduce((a, b) => a + b, 0);
    const share = (n) => `<td class="num" title="${count(n)} deals">${percent(n / r.deals, 2)}</td>`;
    const error = r.players[i].stderr !== undefined ? `<span class="pm">±${percent(r.players[i].stderr)}</span>` : "";
    return `<tr><td><span class="swatch" style="background:${COLOURS[i]}"></span>${i + 1}</td>
      <td class="num ev" id="runs-equity-${i + 1}">${percent(r.players[i].equity)}${error}</td>
      ${share(k[k.length - 1])}${share(some)}${share(k[0])}</tr>`;
  });
  section.querySelector("table").innerHTML = `<thead><tr><th>#</th><th class="num">Equity</th>
    <th class="num">Scoop ${every}</th><th class="num">Some</th><th class="num">None</th></tr></thead><tbody>${rows.join("")}</tbody>`;
  const how = r.mode === "exact" ? `${count(r.deals)} deals of the ${part}s counted exactly`
    : `${count(r.deals)} deals of the ${part}s sampled (seed ${r.seed})`;
  const parts = part === "part" ? `Parts: each board in each of ${r.runs} runs. ` : "";
  section.querySelector("p").textContent = `${parts}Scoop: the whole ${part}'s pot alone. ${how}.` +
    (r.boards === 2 ? ` The table above is the first board's, with the second board's cards out of the deck.` : "");
}
