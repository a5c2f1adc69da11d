// Cards, classes and combos as the page writes them: ranks A..2, suits s h d c.
const ALL_RANKS = "AKQJT98765432";
// The ranks of the game's deck, ace first: every rank in Hold'em, A to 6 in short deck. The grids
// and the card picker are built from them (setRanks() when the game changes).
export let RANKS = ALL_RANKS;
export const SUITS = "shdc";

// "AKQJT9876": the game's ranks (from /api/games, lowest last).
export function setRanks(ranks) {
  RANKS = ranks;
}
export const SUIT_SYMBOLS = { s: "♠", h: "♥", d: "♦", c: "♣" };

// The class at a grid cell (13x13 in Hold'em, 9x9 in short deck) (row, column 0 = ace): pairs on the diagonal, suited above it.
export function classAt(row, column) {
  if (row === column) return RANKS[row] + RANKS[row];
  return row < column ? RANKS[row] + RANKS[column] + "s" : RANKS[column] + RANKS[row] + "o";
}

function cardOrder(card) {
  return ALL_RANKS.indexOf(card[0]) * 4 + SUITS.indexOf(card[1]);
}

// "QcQs" or "Qs Qc" -> "QsQc": the higher rank first, then suits in s h d c order.
export function comboKey(text) {
  const cards = text.replace(/\s+/g, "").match(/.{2}/g).map((c) => c[0].toUpperCase() + c[1].toLowerCase());
  cards.sort((a, b) => cardOrder(a) - cardOrder(b));
  return cards.join("");
}

// The combos of a class ("AKs" -> ["AsKs", "AhKh", ...]), as comboKey() writes them.
export function classCombos(name) {
  const [high, low, kind] = name;
  const combos = [];
  for (let a = 0; a < 4; a++)
    for (let b = 0; b < 4; b++) {
      if (high === low ? b <= a : (kind === "s") !== (a === b)) continue;
      combos.push(comboKey(high + SUITS[a] + low + SUITS[b]));
    }
  return combos;
}

// Every card of a text such as "Ks7h2c", "Ks 7h 2c" or "K♠ 7♥ 2♣" that reads as one (others are
// left to the server).
const SUIT_LETTERS = { "♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c" };
export function parseCards(text) {
  return (text.match(/(10|[2-9TJQKA])\s*[shdc♠♥♦♣♤♡♢♧]/gi) || []).map((c) => {
    const t = c.replace(/\s+/g, "").replace(/^10/, "T");
    return t[0].toUpperCase() + (SUIT_LETTERS[t[1]] || t[1].toLowerCase());
  });
}

// A card as HTML-free text with its suit symbol: "A♠".
export function cardLabel(card) {
  return card[0] + SUIT_SYMBOLS[card[1]];
}
