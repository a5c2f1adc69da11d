// A player's range as the page edits it: a weight in (0, 1] for each combo in it.
import { RANKS, classAt, classCombos, comboKey } from "./cards.js";

export class RangeModel {
  constructor() {
    this.weights = new Map();  // comboKey -> weight
  }

  // From /api/range's combos ([{cards, weight}]).
  static fromCombos(combos) {
    const model = new RangeModel();
    for (const c of combos) model.weights.set(comboKey(c.cards), c.weight);
    return model;
  }

  setClass(name, weight) {
    for (const combo of classCombos(name)) this.setCombo(combo, weight);
  }

  setCombo(combo, weight) {
    if (weight > 0) this.weights.set(combo, weight);
    else this.weights.delete(combo);
  }

  // The class's combos in the range, and their total weight.
  classState(name) {
    const combos = classCombos(name);
    let count = 0;
    let weight = 0;
    for (const c of combos)
      if (this.weights.has(c)) {
        count++;
        weight += this.weights.get(c);
      }
    return { count, of: combos.length, weight };
  }

  // Combos without any of `removed` cards (a Set of "As"...), and their total weight.
  count(removed = new Set()) {
    let count = 0;
    let weight = 0;
    for (const [combo, w] of this.weights) {
      if (removed.has(combo.slice(0, 2)) || removed.has(combo.slice(2))) continue;
      count++;
      weight += w;
    }
    return { count, weight };
  }

  // Range text the server reads (it answers the canonical compact form): whole classes by name,
  // with ":w" when weighted, and partial classes combo by combo.
  toText() {
    const items = [];
    for (let row = 0; row < RANKS.length; row++)
      for (let column = 0; column < RANKS.length; column++) {
        const name = classAt(row, column);
        const combos = classCombos(name).filter((c) => this.weights.has(c));
        if (combos.length === 0) continue;
        const weights = new Set(combos.map((c) => this.weights.get(c)));
        const suffix = (w) => (w === 1 ? "" : `:${w}`);
        if (combos.length === classCombos(name).length && weights.size === 1) items.push(name + suffix([...weights][0]));
        else for (const c of combos) items.push(c + suffix(this.weights.get(c)));
      }
    return items.join(",");
  }
}

// The shortest prefix of `order` (class names, best first) whose combos reach `percent` % of 1,326.
export function topPercent(order, percent) {
  const size = (name) => (name.length === 2 ? 6 : name[2] === "s" ? 4 : 12);
  // Of every combo the ordering's game has: 1,326 in Hold'em, 630 in short deck.
  const target = (order.reduce((sum, name) => sum + size(name), 0) * percent) / 100;
  const classes = [];
  let combos = 0;
  for (const name of order) {
    if (combos >= target - 1e-9) break;
    classes.push(name);
    combos += size(name);
  }
  return classes;
}
