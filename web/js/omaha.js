// The Omaha games on the page (omaha, omaha5, omaha6 and their Hi/Lo): hands of 4 to 6 cards typed
// or picked, ranges in docs/ranges-omaha.md's syntax counted by the server, pattern shortcuts in
// place of the 13x13 grid, and the Hi/Lo results table.
import { parseCards } from "./cards.js";
import { COLOURS } from "./results.js";

// A game of /api/games whose ranges are patterns of hands (docs/ranges-omaha.md: the Omaha games),
// counted by the server, picked card by card into a hand.
export const patternRanges = (game) => Boolean(game) && game.range_grammar === "patterns";

// Patterns a click puts in the edited player's range box (docs/ranges-omaha.md).
export const SHORTCUTS = [
  ["random", "every hand"],
  ["AA**", "two aces or more"],
  ["AA**:$ds", "aces, double-suited"],
  ["KK-TT", "kings to tens"],
  ["RROO", "two pairs"],
  ["$ds", "double-suited"],
  ["AxKx", "ace and king of one suit"],
  ["wxyz", "rainbow"],
  ["!RR", "no pair"],
];

// The shortcut buttons; onPick(pattern) when one is clicked.
export function renderShortcuts(box, onPick) {
  box.replaceChildren();
  for (const [pattern, meaning] of SHORTCUTS) {
    const item = document.createElement("span");
    item.className = "shortcut-item";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "secondary small shortcut";
    button.dataset.pattern = pattern;
    button.textContent = pattern;
    button.addEventListener("click", () => onPick(pattern));
    const text = document.createElement("span");
    text.className = "muted";
    text.textContent = meaning;
    item.append(button, text);
    box.append(item);
  }
}

// "72 hands", or "36.5 of 72 hands" with weights: the server's count of /api/range.
export function countText({ count, weight }) {
  const hands = (n) => `${Number(n).toLocaleString("en-US")} ${n === 1 ? "hand" : "hands"}`;
  return Math.abs(weight - count) > 1e-9 ? `${+weight.toFixed(2)} of ${hands(count)}` : hands(count);
}

// The range text once `card` is picked for a hand of `hole` cards: the card leaves a hand holding
// it, joins one of fewer cards; text that is not a list of cards starts again with the card.
export function pickIntoHand(text, card, hole) {
  const cards = parseCards(text);
  const onlyCards = text.replace(/(10|[2-9TJQKA])\s*[shdc♠♥♦♣♤♡♢♧]/gi, "").trim() === "";
  if (!onlyCards || text.trim() === "") return card;
  if (cards.includes(card)) return cards.filter((c) => c !== card).join("");
  return cards.length < hole ? cards.join("") + card : text;
}

const percent = (x) => `${(100 * x).toFixed(3)}%`;
const count = (n) => Number(n).toLocaleString("en-US");
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

// The split-pot table: equity, then scoop, each half's win and tie (by the game's names: high and
// low, badugi and 2-7), and in the Hi/Lo games the low made, as shares of the showdowns (or Monte
// Carlo's deals) with their counts; #equity-N as renderEquities writes it.
export function renderHiLo(table, answer, holding = "hands", game = {}) {
  const [first, second] = game.halves && game.halves.length === 2 ? game.halves : ["High", "Low"];
  const made = game.low !== false;  // an 8-or-better low: made or not
  const total = answer.mode === "monte-carlo" ? answer.trials : answer.showdowns;
  const unit = answer.mode === "monte-carlo" ? "deals" : "showdowns";
  // On a phone each player is a card: the shares with their names (data-label), one decimal.
  const cell = (n, what, label) =>
    `<td class="num share ${what}" data-label="${label}"><span>${percent(n / total)}</span><span class="short">${(100 * n / total).toFixed(1)}%</span>` +
    `<small class="count" title="${count(n)} ${unit}">${count(n)}</small></td>`;
  const rows = answer.players.map((p, i) => {
    const error = p.stderr !== undefined ? `<span class="pm">±${percent(p.stderr)}</span>` : "";
    return `<tr>
      <td><span class="swatch" style="background:${COLOURS[i]}"></span>${i + 1}</td>
      <td class="hand">${escape(p.hand).replace(/,/g, ",<wbr>")}</td>
      <td class="num equity"><span id="equity-${i + 1}">${percent(p.equity)}</span>${error}</td>
      ${cell(p.scoops, "scoop", "Scoop")}${cell(p.wins, "high-win", `${first} win`)}${cell(p.ties, "high-tie", `${first} tie`)}
      ${cell(p.low_wins, "low-win", `${second} win`)}${cell(p.low_ties, "low-tie", `${second} tie`)}${made ? cell(p.lows, "low-made", "Low made") : ""}
      <td class="num combos-col">${count(p.combos)}</td></tr>`;
  });
  const head = holding === "cards" ? "Hand" : "Hand / range";  // no ranges (stud Hi/Lo): "Hand"
  table.innerHTML = `<thead><tr><th>#</th><th>${head}</th><th class="num">Equity</th>
    <th class="num" title="the whole pot, alone">Scoop</th><th class="num">${escape(first)} win</th><th class="num">${escape(first)} tie</th>
    <th class="num">${escape(second)} win</th><th class="num">${escape(second)} tie</th>${made ? '<th class="num" title="an 8-or-better low made">Low made</th>' : ""}
    <th class="num combos-col">Hands</th></tr></thead><tbody>${rows.join("")}</tbody>`;
  table.classList.add("hilo");
}
