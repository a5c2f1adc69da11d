// The page: players' ranges (text boxes and the grid editor), board and dead cards, Calculate, and
// the chosen player's details. Every number comes from the server's API (docs/serve.md).
import { ApiError, Job, fetchGames, fetchOrderings, fetchRange } from "./api.js";
import { RANKS, SUITS, cardLabel, classCombos, parseCards, setRanks } from "./cards.js";
import { GridEditor, renderMatrix } from "./grid.js";
import { RangeModel, topPercent } from "./range-model.js";
import { COLOURS, ComboTable, capitalized, duration, methodText, renderCategories, renderDistribution, renderEquities, renderHits, renderPot, renderRunouts } from "./results.js";
import { countText, patternRanges, pickIntoHand, renderHiLo, renderShortcuts } from "./omaha.js";

const $ = (selector) => document.querySelector(selector);
const MAX_PLAYERS = 10;
// Details are computed at once unless each combo is a Monte Carlo run of its own and there are more
// than this many (combos x players, about 2,000 a second on two busy cores: ten random players,
// 132,600, took 68 s). Beyond it the page says so and computes them when asked.
const DETAILS_AT_ONCE = 4000;
// Omaha's per-hand details (docs/omaha.md): sampled, each hand's Monte Carlo run costs about three
// of Hold'em's (1,728 double-suited hands against as many preflop: 5 s), the server refuses more
// than 3,000 hands (at once, with its reason, which the details' status shows), and a random
// player's hands are not sampled; exact, every hand is listed: 135,751 (a hand against random on a
// turn) took 9 s and 18 MB of JSON, so beyond OMAHA_LISTED_AT_ONCE hands the page asks first.
const OMAHA_SAMPLED_A_SECOND = 700;
const OMAHA_SAMPLED_HANDS = 3000;
// The stud games' details (docs/stud.md): each way of a player's hidden down cards is a combo,
// counted with an exact answer; when the answer is sampled, each way is a question of its own (the
// server refuses more than 3,000 at once, saying why; a random hand's are not listed). Sampled, about
// 170 a second heads-up on two busy cores ((??)Qd against (7c7d)8h: 1,128 ways in 6.4 to 7 s); the
// details of two seconds' work or less are computed at once.
const STUD_SAMPLED_WAYS = 3000;
const STUD_WAYS_A_SECOND = 170;
const OMAHA_LISTED_AT_ONCE = 20000;
const OMAHA_LISTED_A_SECOND = 15000;

const state = {
  players: [],      // {text, model, seq, slider, size}: slider = {percent, order} while the range is a Top % one;
                    // size = {count, weight} as /api/range counts an Omaha range
  editing: 0,       // the player the grid edits
  focus: "AA",      // the class whose suits are shown
  orderings: {},
  orderingGames: {},  // ordering name -> the game whose classes it orders
  game: "holdem",   // the game's name; games: /api/games (deck, ranks, summary, what it offers)
  games: [],
  job: null,
  details: null,
  answer: null,     // the last details answer (per_combo, distribution)
  main: null,       // the last answer (its hits, asked with the question)
  missing: "",      // why the details of state.main were not computed, when they were not
};

// ---- Players and their ranges ----------------------------------------------------------------

// The board's cards as the question asks them: none in a game without a board (a board typed in
// another game stays in its box, unasked).
function boardCards() {
  return hasBoard(gameInfo()) ? parseCards($("#board").value) : [];
}

function removedCards() {
  return new Set([...boardCards(), ...parseCards($("#dead").value)]);
}

function showCount(i) {
  const player = state.players[i];
  const { count, weight } = player.model.count(removedCards());
  const combos = (n) => `${n} ${n === 1 ? "combo" : "combos"}`;
  let text = Math.abs(weight - count) > 1e-9 ? `${+weight.toFixed(2)} of ${combos(count)}` : combos(count);
  if (patternRanges(gameInfo())) text = player.size ? countText(player.size) : "";
  if (!hasRanges(gameInfo())) text = "";  // a hand of its cards: nothing to count
  const el = $(`#count-${i + 1}`);
  if (el) el.textContent = text;
  if (i === state.editing) $("#editing-count").textContent = text;
}

function setFieldError(id, message) {
  const el = document.getElementById(`error-${id}`);
  if (el) el.textContent = message;
  const input = document.getElementById(id);
  if (input) input.classList.toggle("invalid", Boolean(message));
}

// Reads player i's text box through the server: the model, the grid and the count follow it.
async function readRange(i) {
  const player = state.players[i];
  const seq = ++player.seq;
  const text = player.text.trim();
  // A typed "15%" is read by the server in the game's own ordering: the slider shows it so; any
  // other text leaves the slider at 0.
  const typed = text.match(/^(\d+(?:\.\d+)?)\s*%$/);
  player.slider = typed ? { percent: Number(typed[1]), order: gameOrderings()[0] } : null;
  if (i === state.editing) renderSlider();
  if (!hasRanges(gameInfo())) {
    // No ranges (stud): the hand is read by the question itself, which names a bad one beside it
    // (left there: an edit of the hand clears it, clearErrorAbout()).
    player.model = new RangeModel();
    player.size = null;
    player.read = `${state.game} ${text}`;
    showCount(i);
    return;
  }
  try {
    const omaha = patternRanges(gameInfo());
    const removed = omaha ? [...removedCards()].join("") : "";
    const data = text ? await fetchRange(text, state.game, removed) : { combos: [], count: 0, weight: 0 };
    if (seq !== player.seq) return;
    player.model = omaha ? new RangeModel() : RangeModel.fromCombos(data.combos);
    player.size = omaha && text ? { count: data.count, weight: data.weight } : null;
    player.read = `${state.game} ${text}`;  // what the model and size were read from
    setFieldError(`range-${i + 1}`, "");
  } catch (error) {
    if (seq !== player.seq) return;
    player.size = null;
    setFieldError(`range-${i + 1}`, error.message);
  }
  showCount(i);
  if (i === state.editing) renderEditor();
}

// Writes player i's model back as text, in the server's canonical form.
async function writeRange(i) {
  const player = state.players[i];
  const seq = ++player.seq;
  const text = player.model.toText();
  readSoon.cancel(i);  // the model is now ahead of the text box
  player.text = text;
  let canonical = text;
  if (text) {
    try {
      canonical = (await fetchRange(text, state.game)).range;
    } catch {
      canonical = text;
    }
  }
  if (seq !== player.seq) return;
  player.text = canonical;
  player.read = `${state.game} ${canonical}`;  // the model is the range's
  const input = $(`#range-${i + 1}`);
  if (input) input.value = canonical;
  setFieldError(`range-${i + 1}`, "");
  showCount(i);
  saveSoon();
}

// fn(key) once calls for a key have paused for `ms`; .cancel(key) drops a pending call.
function debounce(fn, ms) {
  const timers = new Map();
  const call = (key) => {
    clearTimeout(timers.get(key));
    timers.set(key, setTimeout(() => fn(key), ms));
  };
  call.cancel = (key) => clearTimeout(timers.get(key));
  return call;
}
const readSoon = debounce(readRange, 200);

function renderPlayers() {
  const container = $("#players");
  container.replaceChildren();
  state.players.forEach((player, i) => {
    const n = i + 1;
    const row = document.createElement("div");
    row.className = "player" + (i === state.editing ? " editing" : "");
    row.innerHTML = `
      <label class="who"><input type="radio" name="editing" ${i === state.editing ? "checked" : ""} aria-label="edit player ${n} in the grid">
        <span class="swatch" style="background:${COLOURS[i]}"></span><span class="word">Player</span> ${n}</label>
      <input id="range-${n}" class="range" autocomplete="off" spellcheck="false" placeholder="${placeholder()}" title="${handSyntax()}">
      <span class="count" id="count-${n}"></span>
      <input id="stack-${n}" class="stack" type="number" min="0" step="any" inputmode="decimal" placeholder="stack" aria-label="player ${n}'s chips in the pot" title="Chips in the pot, all in: give every player's to see the main and side pots and each one's EV">
      <button type="button" class="remove" aria-label="remove player ${n}" ${state.players.length <= 2 ? "disabled" : ""}>×</button>
      <span class="field-error" id="error-range-${n}"></span>`;
    const input = row.querySelector(".range");
    input.value = player.text;
    const stack = row.querySelector(".stack");
    stack.value = player.stack || "";
    stack.addEventListener("input", () => {
      player.stack = stack.value;
      clearErrorAbout("stacks");
      saveSoon();
    });
    input.addEventListener("input", () => {
      player.text = input.value;
      clearErrorAbout(`players[${i}]`);
      readSoon(i);
      saveSoon();
    });
    input.addEventListener("focus", () => selectPlayer(i));
    row.querySelector("input[type=radio]").addEventListener("change", () => selectPlayer(i));
    row.querySelector(".remove").addEventListener("click", () => removePlayer(i));
    container.append(row);
    showCount(i);
  });
  $("#add-player").disabled = state.players.length >= MAX_PLAYERS;
}

// The range box's example: a hand and a range of the game, or its example hands (no ranges).
function placeholder() {
  const game = gameInfo();
  if (!hasRanges(game)) return `e.g. ${examplesOf(game).join(" or ")}`;
  if (!patternRanges(game)) return "e.g. QQ+,AKs or AsAc";
  return `e.g. AA**:$ds or ${"AsKsQhJhTd9d".slice(0, 2 * game.hole_cards)}`;
}

function addPlayer(text = "", stack = "") {
  if (state.players.length >= MAX_PLAYERS) return;
  state.players.push({ text, stack, model: new RangeModel(), seq: 0, slider: null, size: null });
  renderPlayers();
  readRange(state.players.length - 1);
}

function removePlayer(i) {
  if (state.players.length <= 2) return;
  state.players.splice(i, 1);
  state.editing = Math.min(state.editing, state.players.length - 1);
  renderPlayers();
  renderEditor();
  saveSoon();
}

function selectPlayer(i) {
  if (state.editing === i) return;
  state.editing = i;
  document.querySelectorAll("#players .player").forEach((row, k) => {
    row.classList.toggle("editing", k === i);
    row.querySelector("input[type=radio]").checked = k === i;
  });
  renderEditor();
}

// ---- The grid editor, suits, percentage slider ------------------------------------------------

let editor = null;

function editedModel() {
  return state.players[state.editing].model;
}

function weight() {
  const w = Number($("#weight").value);
  return w > 0 && w <= 100 ? w / 100 : 1;
}

function renderEditor() {
  $("#editing-name").textContent = `player ${state.editing + 1}`;
  $("#pick-hand-name").textContent = `player ${state.editing + 1}'s hand`;
  editor.render((name) => editedModel().classState(name));
  renderSuits();
  renderSlider();
  showCount(state.editing);
}

// The Top % slider shows the edited player's percentage range, else 0.
function renderSlider() {
  const slider = state.players[state.editing]?.slider;
  const percent = slider ? Math.min(100, slider.percent) : 0;
  $("#percent").value = String(percent);
  $("#percent-value").textContent = `${percent}%`;
  if (slider && state.orderings[slider.order]) $("#ordering").value = slider.order;
}

// The edited range changed by hand (grid, suits, Clear): no longer a Top % range.
function leaveSlider() {
  state.players[state.editing].slider = null;
}

function renderSuits() {
  const model = editedModel();
  const box = $("#suits");
  box.replaceChildren();
  const label = document.createElement("span");
  label.className = "suits-label";
  label.textContent = `${state.focus}:`;
  box.append(label);
  for (const combo of classCombos(state.focus)) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "combo" + (model.weights.has(combo) ? " in" : "");
    button.dataset.combo = combo;
    button.innerHTML = [combo.slice(0, 2), combo.slice(2)].map((c) => `<span class="suit-${c[1]}">${cardLabel(c)}</span>`).join("");
    button.addEventListener("click", () => {
      model.setCombo(combo, model.weights.has(combo) ? 0 : weight());
      leaveSlider();
      renderEditor();
      writeRange(state.editing);
    });
    box.append(button);
  }
}

function setupEditor() {
  editor = new GridEditor($("#grid-editor"), {
    isIn: (name) => {
      const s = editedModel().classState(name);
      return s.count === s.of;
    },
    onPaint: (name, add) => {
      readSoon.cancel(state.editing);
      leaveSlider();
      editedModel().setClass(name, add ? weight() : 0);
      editor.render((n) => editedModel().classState(n));
    },
    onDone: () => {
      renderEditor();
      writeRange(state.editing);
    },
    onFocus: (name) => {
      state.focus = name;
      renderSuits();
    },
  });
  $("#percent").addEventListener("input", () => {
    const p = Number($("#percent").value);
    $("#percent-value").textContent = `${p}%`;
    const order = state.orderings[$("#ordering").value];
    if (!order) return;
    const model = new RangeModel();
    for (const name of topPercent(order, p)) model.setClass(name, weight());
    state.players[state.editing].model = model;
    state.players[state.editing].slider = p > 0 ? { percent: p, order: $("#ordering").value } : null;
    renderEditor();
    writeSoon(state.editing);
  });
  // Another ordering re-takes the Top % range by it.
  $("#ordering").addEventListener("change", () => {
    if (Number($("#percent").value) > 0) $("#percent").dispatchEvent(new Event("input"));
  });
  $("#clear-range").addEventListener("click", () => {
    state.players[state.editing].model = new RangeModel();
    leaveSlider();
    renderEditor();
    writeRange(state.editing);
  });
}
const writeSoon = debounce(writeRange, 120);

// ---- Board and dead cards ---------------------------------------------------------------------

// The card picker: the game's deck, a row per suit (13 cards each, 9 in short deck).
function buildDeck() {
  const deck = $("#deck");
  deck.replaceChildren();
  deck.style.setProperty("--side", String(RANKS.length));
  for (const suit of SUITS)
    for (const rank of RANKS) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = `card suit-${suit}`;
      button.dataset.card = rank + suit;
      button.textContent = cardLabel(rank + suit);
      button.addEventListener("click", () => pickCard(rank + suit));
      deck.append(button);
    }
}

function setupDeck() {
  buildDeck();
  $("#runs").addEventListener("change", () => {
    clearErrorAbout("runs");
    saveSoon();
  });
  $("#board2").addEventListener("input", () => {
    setFieldError("board2", "");
    clearErrorAbout("board2");
    renderDeck();
    saveSoon();
  });
  for (const id of ["pot", "folded"])
    $(`#${id}`).addEventListener("input", () => {
      setFieldError(id, "");
      clearErrorAbout(id);
      saveSoon();
    });
  for (const id of ["board", "dead"])
    $(`#${id}`).addEventListener("input", () => {
      setFieldError(id, "");
      clearErrorAbout(id);
      renderDeck();
      saveSoon();
    });
  $("#clear-cards").addEventListener("click", () => {
    $("#board").value = "";
    $("#dead").value = "";
    renderDeck();
    saveSoon();
  });
}

function pickCard(card) {
  if ($("#pick-hand").checked && patternRanges(gameInfo())) return pickForHand(card);
  const dead = parseCards($("#dead").value);
  if (!hasBoard(gameInfo())) return pickDead(dead, card);
  const board = parseCards($("#board").value);
  if (board.includes(card)) board.splice(board.indexOf(card), 1);
  else if (dead.includes(card)) dead.splice(dead.indexOf(card), 1);
  else if ($("#pick-dead").checked) dead.push(card);
  else if (board.length < 5) board.push(card);
  $("#board").value = board.join("");
  $("#dead").value = dead.join("");
  setFieldError("board", "");
  setFieldError("dead", "");
  renderDeck();
  saveSoon();
}

// No board (stud): a picked card joins the dead (folded) cards or leaves them.
function pickDead(dead, card) {
  const cards = dead.includes(card) ? dead.filter((c) => c !== card) : [...dead, card];
  $("#dead").value = cards.join("");
  setFieldError("dead", "");
  renderDeck();
  saveSoon();
}

// Omaha: a picked card joins (or leaves) the edited player's hand, up to the game's hole cards.
function pickForHand(card) {
  const i = state.editing;
  const player = state.players[i];
  player.text = pickIntoHand(player.text, card, gameInfo().hole_cards);
  $(`#range-${i + 1}`).value = player.text;
  setFieldError(`range-${i + 1}`, "");
  readSoon(i);
  renderDeck();
  saveSoon();
}

function renderDeck() {
  const board = new Set(boardCards());
  // The second board's cards are out of the deck for the first: shown as taken.
  const dead = new Set([...parseCards($("#dead").value), ...(hasBoard(gameInfo()) ? parseCards($("#board2").value) : [])]);
  const editedText = state.players[state.editing]?.text || "";
  const inHand = new Set(patternRanges(gameInfo()) && $("#pick-hand").checked ? parseCards(editedText) : []);
  for (const button of $("#deck").children) {
    button.classList.toggle("on-board", board.has(button.dataset.card));
    button.classList.toggle("dead", dead.has(button.dataset.card));
    button.classList.toggle("in-hand", inHand.has(button.dataset.card));
  }
  // Omaha ranges are counted by the server, without the board and dead cards.
  if (patternRanges(gameInfo())) state.players.forEach((p, i) => p.text.trim() && readSoon(i));
  else state.players.forEach((_, i) => showCount(i));
}

// ---- The game ---------------------------------------------------------------------------------

function gameInfo(name = state.game) {
  return state.games.find((g) => g.name === name) || { name: "holdem", hits: true, preflop_table: true };
}

// The game's word for a holding ("combos", Omaha's "hands") and its two example hands, from /api/games.
const unitOf = (game) => game.unit || "combos";
const examplesOf = (game) => game.example || ["AsAc", "KhQh"];
// What the game's spec offers (/api/games): a board (not in stud), ranges (hands are cards only in
// stud), and how a hand is written.
const hasBoard = (game) => game.board_cards !== 0;
const hasRanges = (game) => game.ranges !== false;
const handSyntax = (game = gameInfo()) => escapeAttribute(game.hand_syntax || "");
const escapeAttribute = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

// The fields the game's spec shapes: the board (hidden without one), the dead cards (folded up
// cards where cards are dealt face up), the hand syntax under the players when there is no range
// editor to explain it.
function showGameFields(game) {
  const board = hasBoard(game);
  const ranges = hasRanges(game);
  if (board) delete document.body.dataset.noBoard;
  else document.body.dataset.noBoard = "";
  if (ranges) delete document.body.dataset.noRanges;
  else document.body.dataset.noRanges = "";
  if (!board && $("#pick-board").checked) $("#pick-dead").checked = true;
  const faceUp = (game.deal_order || "").includes("U");
  const discards = (game.draws || 0) > 0;  // the dead cards of a draw game: discards seen
  $("#cards-title").textContent = board
    ? "Board and dead cards"
    : faceUp ? "Folded cards" : discards ? "Known discards" : "Dead cards";
  $("#dead-label").textContent = faceUp ? "Folded up cards" : discards ? "Known discards" : "Dead";
  $("#dead").placeholder = faceUp
    ? "e.g. 2d9c, seen in folded hands"
    : discards ? "e.g. KhQc, seen thrown away" : "e.g. 2d";
  $("#draws-field").hidden = (game.draws || 0) <= 1;
  const syntax = $("#hand-syntax");
  syntax.hidden = ranges || !game.hand_syntax;
  syntax.textContent = game.hand_syntax ? `A hand: ${game.hand_syntax}.` : "";
}

// The picker lists the games the server offers; the summary says the chosen one's rules.
function setupGames() {
  const select = $("#game");
  if (state.games.length > 0)
    select.innerHTML = state.games.map((g) => `<option value="${g.name}">${g.title}</option>`).join("");
  select.value = state.game;
  select.addEventListener("change", () => setGame(select.value));
  showGameSummary();
}

function showGameSummary() {
  const game = gameInfo();
  $("#game-summary").textContent = game.name === "holdem" ? "" : game.summary || "";
}

// Another game: the grids and the card picker show its deck and classes, every range is read again
// in it, and the Top % slider takes the game's own orderings. `reread`
// false when the players are not there yet (restoring a question).
function setGame(name, reread = true) {
  const game = state.games.find((g) => g.name === name);
  if (!game) return;
  // The previous game's example hands, untouched, become this game's (AsAc is no Omaha hand).
  const before = examplesOf(gameInfo());
  const after = examplesOf(game);
  state.players.forEach((player, i) => {
    if (i < after.length && player.text.trim() === before[i]) player.text = after[i];
    const input = $(`#range-${i + 1}`);
    if (input) input.value = player.text;
  });
  state.game = name;
  $("#game").value = name;
  setRanks([...game.ranks].reverse().join(""));
  document.body.dataset.game = name;
  const omaha = patternRanges(game);
  if (omaha) document.body.dataset.omaha = String(game.hole_cards);
  else delete document.body.dataset.omaha;
  if (!omaha && $("#pick-hand").checked) $("#pick-board").checked = true;
  showGameFields(game);
  document.querySelectorAll("#players .range").forEach((input) => {
    input.placeholder = placeholder();
    input.title = game.hand_syntax || "";
  });
  if (!classCombos(state.focus).every((c) => RANKS.includes(c[0]) && RANKS.includes(c[2]))) state.focus = "AA";
  editor.build();
  buildDeck();
  renderDeck();
  showGameSummary();
  renderSliderAvailability();
  if (reread) {
    state.players.forEach((_, i) => readRange(i));
    $("#hits-detail").classList.remove("fresh");
    markDetailsStale("previous question: another game");
    saveSoon();
  }
  if (state.players.length > 0) renderEditor();
}

// The orderings of the game's classes, its default first (the server lists them so).
function gameOrderings() {
  return Object.keys(state.orderings).filter((n) => (state.orderingGames[n] || "holdem") === state.game);
}

// The Top % slider takes an ordering of the game's classes; the menu lists the game's.
function renderSliderAvailability() {
  const names = gameOrderings();
  const label = (n) =>
    n === "equity" ? "equity vs 1 random" : /^vs\d+$/.test(n) ? `equity vs ${n.slice(2)} random` : n.replace(/-/g, " ");
  const chosen = $("#ordering").value;
  $("#ordering").innerHTML = names.map((n) => `<option value="${n}">${label(n)}</option>`).join("");
  if (names.includes(chosen)) $("#ordering").value = chosen;
  const available = names.length > 0;
  $("#percent").disabled = !available;
  $("#ordering").disabled = !available;
  $("#percent").closest("label").title = available ? "" : "No ordering of this game's classes is served";
}

// ---- Calculate --------------------------------------------------------------------------------

function question() {
  const q = {
    players: state.players.map((p) => p.text.trim()),
    board: hasBoard(gameInfo()) ? $("#board").value.trim() : "",
    dead: $("#dead").value.trim(),
    method: $("#method").value,
  };
  if (state.game !== "holdem") q.game = state.game;
  // The chips, when given: every player's stack (the server names a missing one), dead money.
  const stacks = state.players.map((p) => String(p.stack || "").trim());
  if (stacks.some((s) => s !== "")) q.stacks = stacks.map((s) => (s === "" ? null : Number(s)));
  const pot = $("#pot").value.trim();
  if (pot !== "") q.pot = Number(pot);
  // The folded players' chips, each in the pots it reaches ("60, 20"): a word not a number is sent
  // as it is, so that the server's message names it.
  const folded = $("#folded").value.trim();
  if (folded !== "") q.folded = folded.split(/[\s,]+/).filter(Boolean).map((x) => (Number.isFinite(Number(x)) ? Number(x) : x));
  // More runs, or a second board (board games only).
  // The draws to come (the triple draws: 1 to 3).
  if ((gameInfo().draws || 0) > 1 && Number($("#draws").value) > 1) q.draws = Number($("#draws").value);
  if (hasBoard(gameInfo())) {
    if (Number($("#runs").value) > 1) q.runs = Number($("#runs").value);
    if ($("#board2").value.trim()) q.board2 = $("#board2").value.trim();
  }
  // Monte Carlo targets, when given (they make automatic choose Monte Carlo): the standard error
  // as a fraction, as the CLI's --stderr and the API's stderr.
  const stderr = Number($("#mc-stderr").value);
  const time = Number($("#mc-time").value);
  if (stderr > 0) q.stderr = stderr;
  if (time > 0) q.time = time;
  return q;
}

// The standard error target typed as a fraction, shown in percent beside it.
function showStderrPercent() {
  const value = Number($("#mc-stderr").value);
  $("#mc-stderr-percent").textContent = value > 0 ? `= ±${+(100 * value).toPrecision(3)}%` : "(default 0.0005 = ±0.05%)";
}

// ---- The question in the URL -------------------------------------------------------------------
// #p=AsAc&p=KhQh&board=Ks7h2c&dead=&method=auto&stderr=0.001&time=2&game=shortdeck&go=1 (game when
// not Hold'em): reloading restores the
// question and a shared link shows it; go=1 (written by Calculate, dropped by any change after)
// calculates it on opening.

let calculated = false;  // the page shows the answer to the question as it stands

function saveQuestion() {
  const params = new URLSearchParams();
  for (const p of state.players) params.append("p", p.text.trim());
  if (state.players.some((p) => String(p.stack || "").trim()))
    for (const p of state.players) params.append("s", String(p.stack || "").trim());
  if ($("#pot").value.trim()) params.set("pot", $("#pot").value.trim());
  if ($("#folded").value.trim()) params.set("folded", $("#folded").value.trim());
  if ($("#runs").value !== "1") params.set("runs", $("#runs").value);
  if ($("#board2").value.trim()) params.set("board2", $("#board2").value.trim());
  for (const id of hasBoard(gameInfo()) ? ["board", "dead"] : ["dead"])
    if ($(`#${id}`).value.trim()) params.set(id, $(`#${id}`).value.trim());
  if ($("#method").value !== "auto") params.set("method", $("#method").value);
  if ($("#mc-stderr").value) params.set("stderr", $("#mc-stderr").value);
  if ($("#mc-time").value) params.set("time", $("#mc-time").value);
  if (state.game !== "holdem") params.set("game", state.game);
  if (calculated) params.set("go", "1");
  history.replaceState(null, "", `#${params.toString()}`);
  written = location.hash;
}
let written = "";  // the hash this page wrote last: a hash change to another is a link pasted or followed

// A question pasted into the address bar (or Back to one): the page takes it, as on opening.
function followHash() {
  if (location.hash === written) return;
  written = location.hash;
  if (new URLSearchParams(location.hash.slice(1)).getAll("p").length < 2) return;
  for (const job of [state.job, state.details]) if (job) job.cancel();
  state.job = null;
  state.details = null;
  clearErrors();
  for (const id of ["mode", "time", "showdowns", "count-note"]) $(`#${id}`).textContent = "";
  $("#results").replaceChildren();
  $("#categories").hidden = true;
  $("#pot-result").hidden = true;
  $("#runouts-result").hidden = true;
  const go = restoreQuestion();
  renderPlayers();
  renderEditor();
  calculated = go;
  if (go) calculate();
  else markDetailsStale("previous question: another question was opened");
}
const saveDebounced = debounce(saveQuestion, 250);
// Any change of the question: the answer shown is no longer its answer.
function saveSoon() {
  calculated = false;
  saveDebounced();
}

// The question in the URL, if any: true when it asks to be calculated.
function restoreQuestion() {
  const params = new URLSearchParams(location.hash.slice(1));
  const players = params.getAll("p").slice(0, MAX_PLAYERS);
  if (players.length < 2) return false;
  state.players = [];
  state.editing = 0;
  const game = state.games.some((g) => g.name === params.get("game")) ? params.get("game") : "holdem";
  if (game !== state.game) setGame(game, false);
  // The cards first: an Omaha range's count is made without them.
  $("#board").value = params.get("board") || "";
  $("#dead").value = params.get("dead") || "";
  const stacks = params.getAll("s");
  $("#pot").value = params.get("pot") || "";
  $("#folded").value = params.get("folded") || "";
  $("#board2").value = params.get("board2") || "";
  $("#runs").value = ["2", "3"].includes(params.get("runs")) ? params.get("runs") : "1";
  players.forEach((text, i) => addPlayer(text, stacks[i] || ""));
  const method = params.get("method");
  if ([...$("#method").options].some((o) => o.value === method)) $("#method").value = method;
  $("#mc-stderr").value = params.get("stderr") || "";
  $("#mc-time").value = params.get("time") || "";
  renderDeck();
  return params.get("go") === "1";
}

function clearErrors() {
  $("#error").textContent = "";
  delete $("#error").dataset.field;
  document.querySelectorAll(".field-error").forEach((el) => (el.textContent = ""));
  document.querySelectorAll(".invalid").forEach((el) => el.classList.remove("invalid"));
}

// Shows an API error in #error and next to the field it concerns.
function showError(error) {
  if (error instanceof ApiError && error.status === 499) return;
  $("#error").textContent = error.message;
  const field = error.field || "";
  $("#error").dataset.field = field;
  const player = field.match(/^players\[(\d+)\]$/);
  if (player) setFieldError(`range-${Number(player[1]) + 1}`, error.message);
  else if (["board", "dead", "pot", "board2", "runs", "draws"].includes(field)) setFieldError(field, error.message);
  else if (field === "folded") setFieldError("folded", error.message);
  else if (field === "stderr" || field === "time") setFieldError(`mc-${field}`, error.message);
}

// The field named by the error shown was edited: the error is about the question no longer asked.
function clearErrorAbout(field) {
  if ($("#error").textContent && $("#error").dataset.field === field) clearErrors();
}

// Progress never goes back within a stage: Monte Carlo's fraction is an estimate from the standard
// error so far, which wobbles.
function rising() {
  let stage = null;
  let best = 0;
  return (p) => {
    if (p.stage !== stage) [stage, best] = [p.stage, 0];
    best = Math.max(best, p.fraction);
    return best;
  };
}

function showProgress(p, fraction = p ? p.fraction : 0) {
  const bar = $("#progress");
  bar.hidden = false;
  bar.value = fraction;
  $("#time").textContent = p ? `${p.method === "exact" ? "enumerating" : "sampling"}… ${duration(p.seconds)}` : "";
}

// The answer as a Monte Carlo run stopped by the user left it, or nothing.
function showStopped(answer) {
  const stopped = answer && answer.stopped_by === "cancelled";
  const note = $("#stopped");
  note.hidden = !stopped;
  $("#results").dataset.stopped = stopped ? "cancelled" : "";
  if (stopped)
    note.textContent = `Stopped by you after ${answer.trials.toLocaleString("en-US")} deals: the estimate so far, ` +
      "with its standard error and 95% interval. Calculate again for the full answer.";
}

async function calculate() {
  for (const job of [state.job, state.details]) if (job) job.cancel();
  state.details = null;
  $("#hits-detail").classList.remove("fresh");  // the new question's hits come with its answer
  $("#details-offer").hidden = true;
  $("#details-cancel").hidden = true;
  clearErrors();
  $("#calculate").disabled = true;
  $("#cancel").hidden = false;
  $("#cancel").disabled = false;
  const body = question();
  calculated = true;
  saveQuestion();
  showRunPanel();
  const clicked = performance.now();
  const mainRising = rising();
  // What the ranges hit is asked with the question (it needs no per-hand work): the details show it
  // even when each hand's equity is not computed.
  const hits = parseCards(body.board).length >= 3 && gameInfo().hits !== false;
  // A game whose hands are cards (stud) shows its players' final hands by category too.
  const categories = !hasRanges(gameInfo());
  const asked = { ...body, ...(hits ? { hits } : {}), ...(categories ? { by_category: true } : {}) };
  const job = new Job(asked, (p) => showProgress(p, mainRising(p)));
  state.job = job;
  try {
    const answer = await job.promise;
    if (state.job !== job) return;
    // Click-to-numbers times, for the performance test (web/tests/test_perf.py).
    requestAnimationFrame(() => ($("#results").dataset.clickMs = (performance.now() - clicked).toFixed(2)));
    $("#results").classList.remove("hilo");
    if (answer.players.length > 0 && answer.players[0].scoops !== undefined) renderHiLo($("#results"), answer, unitOf(gameInfo()), gameInfo());
    else renderEquities($("#results"), answer, unitOf(gameInfo()));
    renderCategories($("#categories"), answer);
    renderPot($("#pot-result"), answer);
    renderRunouts($("#runouts-result"), answer);
    showCountNote(answer);
    showStopped(answer);
    showRunPanel();
    const mode = $("#mode");
    mode.textContent = methodText(answer);
    mode.dataset.mode = answer.mode;
    const stopped = answer.stopped_by === "cancelled";
    $("#time").textContent = `${stopped ? "stopped after" : "in"} ${duration(answer.seconds)}`;
    $("#showdowns").textContent =
      answer.mode === "monte-carlo" ? `${answer.trials.toLocaleString("en-US")} deals` : `${answer.showdowns.toLocaleString("en-US")} showdowns`;
    const slow = slowDetails(answer);
    if (gameInfo().details === false) $("#details-panel").hidden = true;  // a game the server offers no details for
    else if (stopped) markDetailsStale("previous question: the new details were not computed (the calculation was stopped)");
    else {
      newMain(answer);
      if (slow) offerDetails(body, answer, slow);
      else details(body, answer.players.length, clicked);
    }
  } catch (error) {
    if (state.job !== job) return;
    showError(error);
    $("#count-note").textContent = "";
    $("#categories").hidden = true;
    $("#pot-result").hidden = true;
    $("#runouts-result").hidden = true;
  $("#runouts-result").hidden = true;
    markDetailsStale("previous question: the new question has no answer");
    if (error.status === 499) $("#time").textContent = "cancelled (exact enumeration has no partial answer)";
  } finally {
    if (state.job === job) {
      state.job = null;
      $("#calculate").disabled = false;
      $("#cancel").hidden = true;
      $("#progress").hidden = true;
    }
  }
}

// Cancel: the calculation stops and Monte Carlo's estimate so far is shown; details stop.
function stopCalculation() {
  if (state.details) state.details.cancel();
  if (state.job) {
    state.job.stop();
    $("#cancel").disabled = true;
    $("#time").textContent = "stopping…";
  }
}

// The details shown are not those of the question as it stands: dimmed, with why.
function markDetailsStale(why) {
  if (!detailsShown()) return;
  const panel = $("#details-panel");
  panel.classList.add("stale");
  $("#details-stale").textContent = why;
}

// Combos x players: what per-combo Monte Carlo costs, roughly.
function detailsWork(answer) {
  return answer.players.reduce((sum, p) => sum + p.combos, 0) * answer.players.length;
}

// Why the details of this answer wait to be asked for (they would take a while), or "".
function slowDetails(answer) {
  const players = answer.players.length;
  const seconds = (s) => `roughly ${Math.max(1, Math.round(s))} s of two cores`;
  if (unitOf(gameInfo()) === "cards") {
    // Exact: counted with the answer's count. Sampled: each way its own question (a random hand's
    // not listed); beyond the server's limit the details are asked for at once, which it refuses.
    if (answer.mode !== "monte-carlo") return "";
    const ways = answer.players.reduce((sum, p) => sum + (p.hand.trim() === "random" || p.combos <= 1 ? 0 : p.combos), 0);
    if (ways > STUD_SAMPLED_WAYS || ways <= 2 * STUD_WAYS_A_SECOND) return "";
    return `Each of the ${ways.toLocaleString("en-US")} ways of the players' hidden down cards is a question of its own: ` +
      `${seconds(ways / STUD_WAYS_A_SECOND)}.`;
  }
  if (!patternRanges(gameInfo())) {
    if (answer.mode !== "monte-carlo" || detailsWork(answer) <= DETAILS_AT_ONCE) return "";
    const combos = answer.players.reduce((sum, p) => sum + p.combos, 0).toLocaleString("en-US");
    return `Each of the ${combos} combos of the ${players} players is a Monte Carlo run of its own: ` +
      `${seconds(detailsWork(answer) / 2000)}.`;
  }
  if (answer.mode === "monte-carlo") {
    const sampled = answer.players.reduce((sum, p) => sum + (p.hand.trim() === "random" ? 0 : p.combos), 0);
    // Beyond the server's limit the details are asked for at once: it refuses them at once, saying why.
    if (sampled > OMAHA_SAMPLED_HANDS || sampled * players <= DETAILS_AT_ONCE * OMAHA_SAMPLED_A_SECOND / 2000) return "";
    return `Each of the ${sampled.toLocaleString("en-US")} hands of the ${players} players is a Monte Carlo run of its own: ` +
      `${seconds((sampled * players) / OMAHA_SAMPLED_A_SECOND)}.`;
  }
  const hands = answer.players.reduce((sum, p) => sum + p.combos, 0);
  if (hands <= OMAHA_LISTED_AT_ONCE) return "";
  return `Each of the ${hands.toLocaleString("en-US")} hands of the ${players} players is listed with its equity: ` +
    `${seconds(hands / OMAHA_LISTED_A_SECOND)} and about ${Math.ceil(hands / 7000)} MB.`;
}

// Details of some question are on the page (perhaps dimmed as the previous question's).
function detailsShown() {
  return !$("#details-panel").hidden && !$("#details-panel .details").hidden;
}

// Slow details wait to be asked for, with why (below it the previous question's, dimmed, if any).
function offerDetails(body, answer, why) {
  const panel = $("#details-panel");
  fillDetailPlayers(answer.players.length);
  if (!detailsShown()) {
    panel.hidden = false;
    $("#details-panel .details").hidden = true;
  } else markDetailsStale("previous question: the new details are not computed yet");
  $("#details-status").textContent = "";
  $("#details-offer-text").textContent = why;
  $("#details-offer").hidden = false;
  $("#details-compute").onclick = () => details(body, answer.players.length, performance.now());
}

const STAGES = { equity: "step 1 of 2: the players' equity", "per-combo": "step 2 of 2: each combo's equity" };

// The chosen player's details: per-combo equity, distribution and board hits, as a second job.
async function details(body, players, clicked) {
  fillDetailPlayers(players);
  const wasHidden = !detailsShown();
  $("#details-panel").hidden = false;
  $("#details-offer").hidden = true;
  // Marked only when the new details take a while: quick ones replace the old at once, without
  // repainting the panel twice.
  const staleTimer = wasHidden ? 0 : setTimeout(() => {
    if (state.details === job) markDetailsStale("previous question: the new details are being computed");
  }, 150);
  $("#details-status").textContent = "computing…";
  $("#details-cancel").hidden = false;
  const detailsRising = rising();
  const job = new Job({ ...body, per_combo: true, distribution: true }, (p) => {
    if (state.details !== job) return;
    $("#details-status").textContent = `computing… ${STAGES[p.stage] || ""} ${Math.floor(100 * detailsRising(p))}%`;
    $("#details-status").dataset.stage = p.stage;
  });
  state.details = job;
  try {
    const answer = await job.promise;
    if (state.details !== job) return;
    state.answer = answer;
    state.missing = "";
    $("#details-status").textContent = `(${answer.per_combo_method}, ${duration(answer.seconds)})`;
    $("#details-panel").classList.remove("stale");
    $("#details-stale").textContent = "";
    $("#details-panel .details").hidden = false;
    renderDetails();
    requestAnimationFrame(() => ($("#details-panel").dataset.clickMs = (performance.now() - clicked).toFixed(2)));
  } catch (error) {
    if (state.details !== job) return;
    $("#details-status").textContent = error.status === 499 ? "cancelled" : error.message;
    if (error.status === 499) {
      // Cancelled: the previous question's details dimmed, or nothing when none were shown.
      if (wasHidden) $("#details-panel .details").hidden = true;
      else markDetailsStale("previous question: the new details were cancelled");
    } else {
      // Refused (an Omaha question with more hands than per-combo Monte Carlo samples): the status
      // says why; the question's hits are shown, and no other question's details.
      state.answer = null;
      state.missing = error.message;
      $("#details-panel").classList.remove("stale");
      $("#details-stale").textContent = "";
      $("#details-panel .details").hidden = false;
      renderDetails();
    }
  } finally {
    clearTimeout(staleTimer);
    if (state.details === job) {
      state.details = null;
      $("#details-cancel").hidden = true;
    }
  }
}

let comboTable = null;

// The chosen player's details: hits from the question's answer (state.main), each hand's equity
// and the distribution from the details' answer (state.answer), or why they are missing.
function renderDetails() {
  renderHitsDetail();
  const answer = state.answer;
  // Omaha's hands have no grid of classes (/api/games: grid 0): no matrix (no per_class).
  const game = gameInfo((answer || state.main || {}).game || "holdem");
  // Stud's holdings are cards: its details' combos are the ways of a player's hidden down cards.
  const cards = unitOf(game) === "cards";
  const unit = cards ? "combos" : unitOf(game);
  const noGrid = game.grid === 0;
  $("#matrix-detail").hidden = noGrid;
  $("#hits-detail").hidden = game.hits === false;  // no board (stud): nothing to hit
  $("#details-panel .details").classList.toggle("no-matrix", noGrid);
  $("#per-combo-title").textContent = unit === "hands" ? "Per hand" : cards ? "Per combo (each way of the hidden down cards)" : "Per combo";
  if (!answer) {
    if (!state.missing) return;
    // The reason is the status above; here only that these were not computed for this question.
    const why = "Not computed for this question: the reason is above.";
    renderMatrix($("#hand-matrix"), []);
    $("#distribution").innerHTML = `<p class="muted missing">${why}</p>`;
    comboTable.show(undefined, { hands: unit === "hands", note: why });
    return;
  }
  const i = Math.min(Number($("#detail-player").value), answer.players.length - 1);
  const p = answer.players[i];
  renderMatrix($("#hand-matrix"), p.per_class || []);
  renderDistribution($("#distribution"), answer.players, i, unit, cards ? "the hidden cards' ways" : "the range");
  comboTable.show(noGrid ? p.per_combo : p.per_combo || [], {
    hands: unit === "hands",
    hiLo: p.scoops !== undefined,
    stud: cards,
    note: cards
      ? "A random hand's ways (every hand of the street) are not listed one by one: no per-combo equity."
      : "A random player's hands are not sampled one by one (Monte Carlo): no per-hand equity.",
  });
}

// What the chosen player's range hits: asked with the question, so the latest answer's.
function renderHitsDetail() {
  const main = state.main;
  if (!main) return;
  const i = Math.min(Number($("#detail-player").value), main.players.length - 1);
  renderHits($("#hits"), main.players[i].hits, unitOf(gameInfo(main.game || "holdem")), main.players[i].combos);
}

// A new answer: its hits replace the old at once (the rest of the details follow, or stay dimmed).
function newMain(answer) {
  state.main = answer;
  $("#hits-detail").classList.add("fresh");  // not dimmed with the previous question's details
  fillDetailPlayers(answer.players.length);
  if (detailsShown()) renderHitsDetail();
}

// "player 1" ... for each player of the answer, the chosen one kept.
function fillDetailPlayers(players) {
  const select = $("#detail-player");
  const chosen = Math.min(Number(select.value || state.editing), players - 1);
  select.innerHTML = Array.from({ length: players }, (_, i) => `<option value="${i}">player ${i + 1}</option>`).join("");
  select.value = String(chosen);
}

// The result in view (on a phone it is below the players): Calculate, or Enter in a text box,
// shows what it does.
function showRunPanel() {
  const box = $("#run-panel").getBoundingClientRect();
  if (box.top < 0 || box.top > window.innerHeight - 120) $("#run-panel").scrollIntoView({ block: "start" });
}

// The answer counts each range's holdings dealt against the other players' hands; the count beside
// a range box counts it on the board and dead cards alone. Where they differ, a note says why.
function showCountNote(answer) {
  // The draw games' draws before the last are a model of play: the answer names its rule.
  if (answer.draw_rule) {
    $("#count-note").textContent = `Drawing rule before the last draw (a model of play): ${answer.draw_rule}.`;
    return;
  }
  const unit = unitOf(gameInfo());
  const notes = [];
  answer.players.forEach((p, i) => {
    const player = state.players[i];
    // a count of the range as it now reads only (not one the server is still counting)
    if (!player || player.read !== `${state.game} ${player.text.trim()}` || !hasRanges(gameInfo())) return;
    const size = patternRanges(gameInfo()) ? player.size : player.model.count(removedCards());
    if (!size || size.count === p.combos) return;
    notes.push(`player ${i + 1} is dealt ${p.combos.toLocaleString("en-US")} of the range's ${size.count.toLocaleString("en-US")} ${unit}`);
  });
  $("#count-note").textContent = notes.length
    ? `${capitalized(notes.join("; "))}: the others share a card with another player's hand.`
    : "";
}

// ---- Start ------------------------------------------------------------------------------------

async function start() {
  setupEditor();
  setupDeck();
  comboTable = new ComboTable($("#per-combo"));
  $("#add-player").addEventListener("click", () => addPlayer(""));
  renderShortcuts($("#shortcuts"), (pattern) => {
    const i = state.editing;
    state.players[i].text = pattern;
    $(`#range-${i + 1}`).value = pattern;
    readRange(i);
    saveSoon();
  });
  for (const id of ["pick-board", "pick-dead", "pick-hand"]) $(`#${id}`).addEventListener("change", renderDeck);
  $("#calculate").addEventListener("click", calculate);
  $("#cancel").addEventListener("click", stopCalculation);
  $("#details-cancel").addEventListener("click", () => state.details && state.details.cancel());
  for (const id of ["method", "mc-stderr", "mc-time"]) $(`#${id}`).addEventListener("input", saveSoon);
  $("#mc-stderr").addEventListener("input", showStderrPercent);
  showStderrPercent();
  $("#detail-player").addEventListener("change", renderDetails);
  // Enter in any text box calculates.
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.matches("input[type=text], input:not([type]), #board, #dead")) calculate();
  });
  try {
    state.games = await fetchGames();
  } catch {
    state.games = [];
  }
  setupGames();
  written = location.hash;
  const go = restoreQuestion();
  if (state.players.length === 0) for (const text of examplesOf(gameInfo())) addPlayer(text);
  renderEditor();
  window.addEventListener("hashchange", followHash);
  window.addEventListener("popstate", followHash);
  try {
    ({ orderings: state.orderings, games: state.orderingGames } = await fetchOrderings());
  } catch {
    state.orderings = {};
    state.orderingGames = {};
  }
  renderSliderAvailability();
  renderSlider();
  document.body.dataset.ready = "true";
  if (go) calculate();
}

start();
