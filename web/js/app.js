// The page: players' ranges (text boxes and the grid editor), board and dead cards, Calculate, and
// the chosen player's details. Every number comes from the server's API (docs/serve.md).
import { ApiError, Job, fetchOrderings, fetchRange } from "./api.js";
import { RANKS, SUITS, cardLabel, classCombos, parseCards } from "./cards.js";
import { GridEditor, renderMatrix } from "./grid.js";
import { RangeModel, topPercent } from "./range-model.js";
import { COLOURS, ComboTable, duration, methodText, renderDistribution, renderEquities, renderHits } from "./results.js";

const $ = (selector) => document.querySelector(selector);
const MAX_PLAYERS = 10;

const state = {
  players: [],      // {text, model, seq}
  editing: 0,       // the player the grid edits
  focus: "AA",      // the class whose suits are shown
  orderings: {},
  job: null,
  details: null,
  answer: null,     // the last details answer (per_combo, distribution, hits)
};

// ---- Players and their ranges ----------------------------------------------------------------

function removedCards() {
  return new Set([...parseCards($("#board").value), ...parseCards($("#dead").value)]);
}

function showCount(i) {
  const { count, weight } = state.players[i].model.count(removedCards());
  const combos = (n) => `${n} ${n === 1 ? "combo" : "combos"}`;
  const text = Math.abs(weight - count) > 1e-9 ? `${+weight.toFixed(2)} of ${combos(count)}` : combos(count);
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
  try {
    const data = text ? await fetchRange(text) : { combos: [] };
    if (seq !== player.seq) return;
    player.model = RangeModel.fromCombos(data.combos);
    setFieldError(`range-${i + 1}`, "");
  } catch (error) {
    if (seq !== player.seq) return;
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
      canonical = (await fetchRange(text)).range;
    } catch {
      canonical = text;
    }
  }
  if (seq !== player.seq) return;
  player.text = canonical;
  const input = $(`#range-${i + 1}`);
  if (input) input.value = canonical;
  setFieldError(`range-${i + 1}`, "");
  showCount(i);
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
      <input id="range-${n}" class="range" autocomplete="off" spellcheck="false" placeholder="e.g. QQ+,AKs or AsAc">
      <span class="count" id="count-${n}"></span>
      <button type="button" class="remove" aria-label="remove player ${n}" ${state.players.length <= 2 ? "disabled" : ""}>×</button>
      <span class="field-error" id="error-range-${n}"></span>`;
    const input = row.querySelector(".range");
    input.value = player.text;
    input.addEventListener("input", () => {
      player.text = input.value;
      readSoon(i);
    });
    input.addEventListener("focus", () => selectPlayer(i));
    row.querySelector("input[type=radio]").addEventListener("change", () => selectPlayer(i));
    row.querySelector(".remove").addEventListener("click", () => removePlayer(i));
    container.append(row);
    showCount(i);
  });
  $("#add-player").disabled = state.players.length >= MAX_PLAYERS;
}

function addPlayer(text = "") {
  if (state.players.length >= MAX_PLAYERS) return;
  state.players.push({ text, model: new RangeModel(), seq: 0 });
  renderPlayers();
  readRange(state.players.length - 1);
}

function removePlayer(i) {
  if (state.players.length <= 2) return;
  state.players.splice(i, 1);
  state.editing = Math.min(state.editing, state.players.length - 1);
  renderPlayers();
  renderEditor();
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
  editor.render((name) => editedModel().classState(name));
  renderSuits();
  showCount(state.editing);
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
    renderEditor();
    writeSoon(state.editing);
  });
  $("#clear-range").addEventListener("click", () => {
    state.players[state.editing].model = new RangeModel();
    renderEditor();
    writeRange(state.editing);
  });
}
const writeSoon = debounce(writeRange, 120);

// ---- Board and dead cards ---------------------------------------------------------------------

function setupDeck() {
  const deck = $("#deck");
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
  for (const id of ["board", "dead"])
    $(`#${id}`).addEventListener("input", () => {
      setFieldError(id, "");
      renderDeck();
    });
  $("#clear-cards").addEventListener("click", () => {
    $("#board").value = "";
    $("#dead").value = "";
    renderDeck();
  });
}

function pickCard(card) {
  const board = parseCards($("#board").value);
  const dead = parseCards($("#dead").value);
  if (board.includes(card)) board.splice(board.indexOf(card), 1);
  else if (dead.includes(card)) dead.splice(dead.indexOf(card), 1);
  else if ($("#pick-dead").checked) dead.push(card);
  else if (board.length < 5) board.push(card);
  $("#board").value = board.join("");
  $("#dead").value = dead.join("");
  setFieldError("board", "");
  setFieldError("dead", "");
  renderDeck();
}

function renderDeck() {
  const board = new Set(parseCards($("#board").value));
  const dead = new Set(parseCards($("#dead").value));
  for (const button of $("#deck").children) {
    button.classList.toggle("on-board", board.has(button.dataset.card));
    button.classList.toggle("dead", dead.has(button.dataset.card));
  }
  state.players.forEach((_, i) => showCount(i));
}

// ---- Calculate --------------------------------------------------------------------------------

function question() {
  const q = {
    players: state.players.map((p) => p.text.trim()),
    board: $("#board").value.trim(),
    dead: $("#dead").value.trim(),
    method: $("#method").value,
  };
  // Monte Carlo targets, when given (they make automatic choose Monte Carlo).
  const stderr = Number($("#mc-stderr").value);
  const time = Number($("#mc-time").value);
  if (stderr > 0) q.stderr = stderr / 100;
  if (time > 0) q.time = time;
  return q;
}

function clearErrors() {
  $("#error").textContent = "";
  document.querySelectorAll(".field-error").forEach((el) => (el.textContent = ""));
  document.querySelectorAll(".invalid").forEach((el) => el.classList.remove("invalid"));
}

// Shows an API error in #error and next to the field it concerns.
function showError(error) {
  if (error instanceof ApiError && error.status === 499) return;
  $("#error").textContent = error.message;
  const field = error.field || "";
  const player = field.match(/^players\[(\d+)\]$/);
  if (player) setFieldError(`range-${Number(player[1]) + 1}`, error.message);
  else if (field === "board" || field === "dead") setFieldError(field, error.message);
  else if (field === "stderr" || field === "time") setFieldError(`mc-${field}`, error.message);
}

function showProgress(p) {
  const bar = $("#progress");
  bar.hidden = false;
  bar.value = p ? p.fraction : 0;
  $("#time").textContent = p ? `${p.method === "exact" ? "enumerating" : "sampling"}… ${duration(p.seconds)}` : "";
}

async function calculate() {
  for (const job of [state.job, state.details]) if (job) job.cancel();
  clearErrors();
  $("#calculate").disabled = true;
  $("#cancel").hidden = false;
  const body = question();
  const clicked = performance.now();
  const job = new Job(body, showProgress);
  state.job = job;
  try {
    const answer = await job.promise;
    // Click-to-numbers times, for the performance test (web/tests/test_perf.py).
    requestAnimationFrame(() => ($("#results").dataset.clickMs = (performance.now() - clicked).toFixed(2)));
    renderEquities($("#results"), answer);
    const mode = $("#mode");
    mode.textContent = methodText(answer);
    mode.dataset.mode = answer.mode;
    $("#time").textContent = `in ${duration(answer.seconds)}`;
    $("#showdowns").textContent =
      answer.mode === "monte-carlo" ? `${answer.trials.toLocaleString("en-US")} deals` : `${answer.showdowns.toLocaleString("en-US")} showdowns`;
    details(body, answer.players.length, clicked);
  } catch (error) {
    showError(error);
    if (error.status === 499) $("#time").textContent = "cancelled";
  } finally {
    if (state.job === job) {
      state.job = null;
      $("#calculate").disabled = false;
      $("#cancel").hidden = true;
      $("#progress").hidden = true;
    }
  }
}

// The chosen player's details: per-combo equity, distribution and board hits, as a second job.
async function details(body, players, clicked) {
  const select = $("#detail-player");
  const chosen = Math.min(Number(select.value || state.editing), players - 1);
  select.innerHTML = Array.from({ length: players }, (_, i) => `<option value="${i}">player ${i + 1}</option>`).join("");
  select.value = String(chosen);
  $("#details-panel").hidden = false;
  $("#details-status").textContent = "computing…";
  const hits = parseCards(body.board).length >= 3;
  const job = new Job({ ...body, per_combo: true, distribution: true, hits }, (p) => {
    $("#details-status").textContent = `computing… ${Math.round(100 * p.fraction)}%`;
  });
  state.details = job;
  try {
    state.answer = await job.promise;
    $("#details-status").textContent = `(${state.answer.per_combo_method}, ${duration(state.answer.seconds)})`;
    renderDetails();
    requestAnimationFrame(() => ($("#details-panel").dataset.clickMs = (performance.now() - clicked).toFixed(2)));
  } catch (error) {
    if (state.details === job) $("#details-status").textContent = error.status === 499 ? "cancelled" : error.message;
  }
}

let comboTable = null;

function renderDetails() {
  const answer = state.answer;
  if (!answer) return;
  const i = Math.min(Number($("#detail-player").value), answer.players.length - 1);
  const p = answer.players[i];
  renderMatrix($("#hand-matrix"), p.per_class || []);
  renderDistribution($("#distribution"), answer.players, i);
  renderHits($("#hits"), p.hits);
  comboTable.show(p.per_combo || []);
}

// ---- Start ------------------------------------------------------------------------------------

async function start() {
  setupEditor();
  setupDeck();
  comboTable = new ComboTable($("#per-combo"));
  $("#add-player").addEventListener("click", () => addPlayer(""));
  $("#calculate").addEventListener("click", calculate);
  $("#cancel").addEventListener("click", () => {
    for (const job of [state.job, state.details]) if (job) job.cancel();
    $("#time").textContent = "cancelled";
  });
  $("#detail-player").addEventListener("change", renderDetails);
  // Enter in any text box calculates.
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.matches("input[type=text], input:not([type]), #board, #dead")) calculate();
  });
  for (const text of ["AsAc", "KhQh"]) addPlayer(text);
  renderEditor();
  try {
    state.orderings = await fetchOrderings();
  } catch {
    state.orderings = {};
  }
  const names = Object.keys(state.orderings);
  $("#ordering").innerHTML = names.map((n) => `<option value="${n}">${n === "equity" ? "equity vs random" : n}</option>`).join("");
  $("#percent").disabled = names.length === 0;
  document.body.dataset.ready = "true";
}

start();
