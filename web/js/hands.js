// The hand histories' view: files and folders dropped or chosen are sent to POST /api/hands one
// after another in one body (docs/serve.md), and the answer shown: the totals by game and stakes,
// the chart of net won and all-in adjusted, the largest all-ins (each opens in the calculator) and
// the hands skipped. Text from the files is only ever set as text (textContent), never as markup.
import { ApiError, postHands } from "./api.js";
import { cardLabel } from "./cards.js";
import { amountText, drawHandsChart } from "./hands-chart.js";

const $ = (selector) => document.querySelector(selector);
const MAX_BYTES = 32 * 1024 * 1024;  // the server's limit for the body (HttpLimits::hands_body)
const SKIPS_SHOWN = 20;
const NEWLINE = new Uint8Array([10]);

// ---- The views: the calculator and the hand histories ------------------------------------------
// The hand histories' view is the URL "#hands". Switching to it and back pushes history entries
// without a hashchange, so that the calculator keeps its question (its own hash) untouched; an
// all-in opened in the calculator is a question's hash, which the calculator follows.

let calculatorHash = "";  // the calculator's hash when the hand histories' view was opened

const viewOfLocation = () => (location.hash === "#hands" ? "hands" : "calculator");

function showView(name) {
  const hands = name === "hands";
  $("#calculator-view").hidden = hands;
  $("#hands-view").hidden = !hands;
  document.body.dataset.view = name;
  for (const link of document.querySelectorAll("nav.views a")) {
    if (link.dataset.view === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (hands && shown) drawChart();
}

function setupViews() {
  $("#nav-hands").addEventListener("click", (event) => {
    event.preventDefault();
    if (viewOfLocation() === "hands") return;
    calculatorHash = location.hash;
    history.pushState(null, "", "#hands");
    showView("hands");
  });
  $("#nav-calculator").addEventListener("click", (event) => {
    event.preventDefault();
    if (viewOfLocation() === "hands") history.pushState(null, "", calculatorHash || location.pathname + location.search);
    showView("calculator");
  });
  window.addEventListener("hashchange", () => showView(viewOfLocation()));
  window.addEventListener("popstate", () => showView(viewOfLocation()));
  showView(viewOfLocation());
}

// ---- Files ---------------------------------------------------------------------------------------

// In folders only the .txt files are read (the sites write their histories so), not hidden ones.
const readable = (name) => /\.txt$/i.test(name) && !name.startsWith(".");

// The files under a dropped entry: a file as it is, a folder's .txt files with their subfolders'.
export async function filesOfEntry(entry, path, inFolder, out) {
  if (entry.isFile) {
    if (inFolder && !readable(entry.name)) return;
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
    out.push({ name: path + entry.name, file });
  } else if (entry.isDirectory) {
    const reader = entry.createReader();
    for (;;) {  // a folder's entries come in batches (100 at a time in Chromium)
      const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      for (const child of batch) await filesOfEntry(child, `${path}${entry.name}/`, true, out);
    }
  }
}

// Sizes as file managers write them (1 kB = 1,024 bytes), so that the 32 MB limit is the server's.
const sizeText = (bytes) =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const plural = (n, word) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

let upload = null;   // {blob, files: [{name, first, lines}], count, bytes}: what was sent last
let request = null;  // the AbortController of the request under way
let shown = null;    // the answer shown

// The files one after another as one body (each ending with a newline, so that the next file's
// first hand starts a line), and where each file's lines are in it: the answer names lines of the
// body, shown as lines of their files.
async function prepare(list) {
  const parts = [];
  const files = [];
  let line = 1;
  let bytes = 0;
  for (const { name, file } of list) {
    const data = new Uint8Array(await file.arrayBuffer());
    let lines = 0;
    for (let i = 0; i < data.length; i++) if (data[i] === 10) lines++;
    parts.push(data);
    if (data.length > 0 && data[data.length - 1] !== 10) {
      parts.push(NEWLINE);
      lines++;
    }
    files.push({ name, first: line, lines });
    line += lines;
    bytes += data.length;
  }
  return { blob: new Blob(parts), files, count: list.length, bytes };
}

// The file and the line in it of a line of the body.
function placeOf(bodyLine) {
  if (!upload) return { name: "", line: bodyLine };
  let lowest = 0;
  let highest = upload.files.length - 1;
  while (lowest < highest) {  // the last file starting at or before the line
    const middle = Math.ceil((lowest + highest) / 2);
    if (upload.files[middle].first <= bodyLine) lowest = middle;
    else highest = middle - 1;
  }
  const file = upload.files[lowest];
  return file ? { name: file.name, line: bodyLine - file.first + 1 } : { name: "", line: bodyLine };
}

function showError(message) {
  $("#hands-error").textContent = message;
}

function setBusy(busy) {
  $("#hands-progress").hidden = !busy;
  $("#hands-cancel").hidden = !busy;
  $("#hands-again").hidden = busy || !upload;
  $("#hands-view").classList.toggle("busy", busy);
}

// Reads the files (sorted by name, as the command line reads a folder) and sends them.
async function readFiles(list) {
  showError("");
  if (list.length === 0) {
    showError("No file to read: a folder's .txt files are read (the sites write their hand histories so).");
    return;
  }
  list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const bytes = list.reduce((sum, f) => sum + f.file.size, 0) + list.length;
  if (bytes > MAX_BYTES) {
    showError(`These ${plural(list.length, "file")} hold ${sizeText(bytes)}: the server reads up to 32 MB at once. ` +
      "Choose fewer (a month's files, say).");
    return;
  }
  $("#hands-status").textContent = `Reading ${plural(list.length, "file")} (${sizeText(bytes)})…`;
  setBusy(true);
  try {
    upload = await prepare(list);
  } catch (error) {
    setBusy(false);
    $("#hands-status").textContent = "";
    showError(`The files could not be read: ${error.message}`);
    return;
  }
  await send();
}

// Sends what was read (again, with the hero now in the box).
async function send() {
  if (!upload) return;
  if (request) request.abort();
  const controller = new AbortController();
  request = controller;
  showError("");
  setBusy(true);
  const hero = $("#hands-hero").value.trim();
  const what = `${plural(upload.count, "file")} (${sizeText(upload.bytes)})`;
  $("#hands-status").textContent = `Reading ${what}: the server counts every all-in…`;
  const started = performance.now();
  try {
    let answer = null;
    // (The server reads two such bodies at once: one cancelled a moment ago may hold its place.)
    for (let attempt = 0; !answer; attempt++) {
      try {
        answer = await postHands(upload.blob, hero, controller.signal);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 429) || attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    if (request !== controller) return;
    const seconds = (performance.now() - started) / 1000;
    $("#hands-status").textContent = `Read ${what} in ${seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(1)} s`}.`;
    shown = answer;
    render(answer);
  } catch (error) {
    if (request !== controller) return;
    $("#hands-status").textContent = "";
    if (error.name === "AbortError") $("#hands-status").textContent = "Cancelled.";
    else if (error instanceof ApiError && error.status === 413)
      showError("The files are larger than the server reads at once (32 MB): choose fewer.");
    else if (error instanceof ApiError && error.status === 400)
      showError(`${error.message}. Hand histories are the text files PokerStars and GGPoker write (PokerStars: Settings, Hand History).`);
    else showError(error.message || String(error));
  } finally {
    if (request === controller) {
      request = null;
      setBusy(false);
    }
  }
}

function setupInput() {
  const zone = $("#hands-drop");
  const view = $("#hands-view");
  $("#hands-files").addEventListener("change", (event) => {
    const list = [...event.target.files].map((file) => ({ name: file.name, file }));
    event.target.value = "";
    readFiles(list);
  });
  $("#hands-folder").addEventListener("change", (event) => {
    const list = [...event.target.files]
      .filter((file) => readable(file.name))
      .map((file) => ({ name: file.webkitRelativePath || file.name, file }));
    event.target.value = "";
    readFiles(list);
  });
  // A drop anywhere on the view reads what was dropped (the browser would open a file else).
  let depth = 0;
  view.addEventListener("dragenter", (event) => {
    event.preventDefault();
    depth++;
    zone.classList.add("dragging");
  });
  view.addEventListener("dragleave", () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) zone.classList.remove("dragging");
  });
  view.addEventListener("dragover", (event) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  });
  view.addEventListener("drop", async (event) => {
    event.preventDefault();
    depth = 0;
    zone.classList.remove("dragging");
    // The entries are taken at once: the drop's items are gone once the handler waits.
    const items = [...(event.dataTransfer.items || [])];
    const entries = items.map((item) => (item.webkitGetAsEntry ? item.webkitGetAsEntry() : null)).filter(Boolean);
    const list = [];
    try {
      if (entries.length > 0) for (const entry of entries) await filesOfEntry(entry, "", false, list);
      else for (const file of event.dataTransfer.files) list.push({ name: file.name, file });
    } catch (error) {
      showError(`What was dropped could not be read: ${error.message}`);
      return;
    }
    readFiles(list);
  });
  $("#hands-again").addEventListener("click", send);
  $("#hands-cancel").addEventListener("click", () => request && request.abort());
  // Enter in the hero's box reads the files again for him (and not the calculator's Enter).
  $("#hands-hero").addEventListener("keydown", (event) => {
    event.stopPropagation();
    if (event.key === "Enter") send();
  });
}

// ---- The answer ----------------------------------------------------------------------------------

function cell(row, text = "", className = "") {
  const td = document.createElement("td");
  if (className) td.className = className;
  td.textContent = text;
  row.append(td);
  return td;
}

function headRow(table, headings) {
  const head = document.createElement("thead");
  const row = document.createElement("tr");
  for (const [text, className] of headings) {
    const th = document.createElement("th");
    th.textContent = text;
    if (className) th.className = className;
    row.append(th);
  }
  head.append(row);
  table.replaceChildren(head);
  const body = document.createElement("tbody");
  table.append(body);
  return body;
}

// Cards as text with their suit symbols, each coloured by its suit ("A♥K♦").
function cardsElement(cards) {
  const span = document.createElement("span");
  span.className = "cards";
  for (const card of cards.match(/[2-9TJQKA][shdc]/g) || []) {
    const c = document.createElement("span");
    c.className = `suit-${card[1]}`;
    c.textContent = cardLabel(card);
    span.append(c);
  }
  const draw = cards.match(/\/(\d)$/);  // a draw game's hand: the cards kept and how many drawn
  if (draw) {
    const n = document.createElement("small");
    n.className = "muted";
    n.textContent = Number(draw[1]) === 0 ? " pat" : ` draws ${draw[1]}`;
    span.append(n);
  }
  return span;
}

// An amount of a game at its stakes: money with its symbol and cents, a tournament's chips whole.
const money = (x, symbol, tournament, sign = false) => amountText(x, tournament ? "" : symbol, tournament ? 0 : 2, sign);
const signClass = (x) => (x > 0.005 ? "up" : x < -0.005 ? "down" : "");

// The all-ins whose hands were not all known (a draw game's other players before they draw): how
// many and why, their result kept.
function notCounted(reasons) {
  const entries = Object.entries(reasons);
  if (entries.length === 0) return "";
  const n = entries.reduce((sum, [, count]) => sum + count, 0);
  const why = entries.map(([reason, count]) => `${reason}: ${count.toLocaleString("en-US")}`).join("; ");
  return ` (${n.toLocaleString("en-US")} more not counted, ${n === 1 ? "its" : "their"} result kept: ${why})`;
}

function renderSummary(totals) {
  const who = totals.players.length === 1 ? totals.players[0] : totals.players.length === 0 ? "" : `${totals.players.length} players`;
  const hero = $("#hands-hero").value.trim();
  let text;
  if (totals.counted === 0)
    text = hero
      ? `${hero} played none of the ${plural(totals.hands, "hand")} read: the hero's name as the site writes it (“Dealt to NAME”).`
      : `No hand counted of the ${plural(totals.hands, "hand")} read: no hand says whom it was dealt to (“Dealt to”); give the hero's name.`;
  else
    text = `${who}: ${plural(totals.counted, "hand")} counted of ${totals.hands.toLocaleString("en-US")} read, ` +
      `${plural(totals.all_ins, "all-in")} with cards to come${notCounted(totals.all_ins_not_counted || {})}.`;
  $("#hands-summary").textContent = text;
}

function renderTotals(totals) {
  const body = headRow($("#hands-totals"), [["Game"], ["Stakes"], ["Hands", "num"], ["All-ins", "num"],
    ["Net won", "num"], ["All-in adj.", "num"], ["Luck", "num"]]);
  for (const s of totals.stakes) {
    const row = document.createElement("tr");
    cell(row, s.game, "game").dataset.label = "Game";
    cell(row, s.stakes, "stakes").dataset.label = "Stakes";
    cell(row, s.hands.toLocaleString("en-US"), "num").dataset.label = "Hands";
    cell(row, s.all_in_hands.toLocaleString("en-US"), "num").dataset.label = "All-ins";
    cell(row, money(s.net, s.symbol, s.tournament, true), `num ${signClass(s.net)}`).dataset.label = "Net won";
    cell(row, money(s.adjusted, s.symbol, s.tournament, true), `num ${signClass(s.adjusted)}`).dataset.label = "All-in adj.";
    cell(row, money(s.luck, s.symbol, s.tournament, true), `num ${signClass(s.luck)}`).dataset.label = "Luck";
    body.append(row);
  }
}

let chartUrl = "";

function drawChart() {
  if (!shown) return;
  drawHandsChart($("#hands-chart"), shown.chart.points, shown.chart.unit);
}

function renderChart(answer) {
  const unit = answer.chart.unit;
  $("#hands-chart-unit").textContent = unit === "bb" ? "in big blinds" : unit === "chips" ? "in chips" : `in ${unit}`;
  if (chartUrl) URL.revokeObjectURL(chartUrl);
  chartUrl = URL.createObjectURL(new Blob([answer.svg], { type: "image/svg+xml" }));
  $("#hands-svg").href = chartUrl;
  drawChart();
}

// The calculator's URL of an all-in: its game, the players' cards, the board and dead cards at the
// all-in, the chips each put in as the stacks, the folded players' chips (in the pots they reached,
// as the hand's EV counts them) and the dead money, its runs; go=1 computes it (the calculator
// follows a question's hash).
function allInHash(allIn) {
  const params = new URLSearchParams();
  for (const p of allIn.players) params.append("p", p.cards);
  for (const p of allIn.players) params.append("s", String(p.put_in));
  const folded = (allIn.folded || []).filter((chips) => chips > 0);
  if (folded.length) params.set("folded", folded.join(","));
  if (allIn.dead_money > 0) params.set("pot", String(allIn.dead_money));
  if (allIn.runs > 1 && allIn.runs <= 3) params.set("runs", String(allIn.runs));
  if (allIn.board) params.set("board", allIn.board);
  if (allIn.dead) params.set("dead", allIn.dead);
  if (allIn.game && allIn.game !== "holdem") params.set("game", allIn.game);
  params.set("go", "1");
  return `#${params.toString()}`;
}

function openInCalculator(allIn) {
  calculatorHash = "";
  location.hash = allInHash(allIn);  // the calculator takes it (hashchange) and computes it
  window.scrollTo(0, 0);
}

function renderAllIns(answer) {
  const symbols = {};
  for (const s of answer.totals.stakes) symbols[s.currency] = s.symbol;
  $("#hands-allins-count").textContent = answer.all_ins_total > answer.all_ins.length
    ? `the ${answer.all_ins.length.toLocaleString("en-US")} largest of ${answer.all_ins_total.toLocaleString("en-US")}`
    : plural(answer.all_ins_total, "all-in");
  const body = headRow($("#hands-allins"), [["Hand"], ["Street"], ["Players"], ["Board"], ["Pot", "num"],
    ["Equity", "num"], ["Won", "num"], ["Expected", "num"]]);
  for (const a of answer.all_ins) {
    const tournament = a.currency === "chips";
    const symbol = symbols[a.currency] || "";
    const me = a.players.find((p) => p.name === a.player) || null;
    const row = document.createElement("tr");
    row.dataset.hand = a.id;
    const place = placeOf(a.line);
    row.title = `${place.name ? `${place.name}, line ${place.line}` : `line ${place.line}`}: open it in the calculator`;
    const first = cell(row, "", "hand-id");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "link";
    button.textContent = `#${a.id}`;
    button.setAttribute("aria-label", `open hand ${a.id} in the calculator`);
    const game = document.createElement("small");
    game.className = "muted";
    game.textContent = `${a.game_text} ${a.stakes}`;
    first.append(button, game);
    cell(row, a.street, "street").dataset.label = "Street";
    const players = cell(row, "", "players");
    players.dataset.label = "Players";
    for (const p of a.players) {
      const line = document.createElement("span");
      line.className = "player-cards" + (p.name === a.player ? " hero" : "");
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = p.name;
      line.append(name, " ", cardsElement(p.cards));
      players.append(line);
    }
    const board = cell(row, "", "board");
    board.dataset.label = "Board";
    if (a.board) board.append(cardsElement(a.board));
    if (a.dead) {
      const dead = document.createElement("small");
      dead.className = "muted dead";
      dead.append("dead ", cardsElement(a.dead));
      board.append(dead);
    }
    if (!a.board && !a.dead) board.textContent = "–";
    if (a.runs > 1) {
      const runs = document.createElement("small");
      runs.className = "muted";
      runs.textContent = a.runs === 2 ? "run twice" : `run ${a.runs} times`;
      board.append(runs);
    }
    cell(row, money(a.pot, symbol, tournament), "num pot").dataset.label = "Pot";
    cell(row, me ? `${(100 * me.equity).toFixed(1)}%` : "–", "num equity").dataset.label = "Equity";
    cell(row, me ? money(me.won, symbol, tournament) : "–", "num won").dataset.label = "Won";
    cell(row, me ? money(me.ev, symbol, tournament) : "–", "num expected").dataset.label = "Expected";
    row.addEventListener("click", () => openInCalculator(a));
    body.append(row);
  }
  $("#hands-allins-panel").hidden = answer.all_ins.length === 0;
}

function renderSkips(totals) {
  const list = $("#hands-skips");
  list.replaceChildren();
  for (const skip of totals.skips.slice(0, SKIPS_SHOWN)) {
    const item = document.createElement("li");
    const place = placeOf(skip.line);
    const where = document.createElement("span");
    where.className = "where";
    where.textContent = skip.line > 0 ? `${place.name}:${place.line}` : place.name;
    item.append(where, ` ${skip.reason}`);
    list.append(item);
  }
  const more = totals.skipped - Math.min(totals.skips.length, SKIPS_SHOWN);
  $("#hands-skips-count").textContent = `${plural(totals.skipped, "hand")} not read${more > 0 ? `: the first ${SKIPS_SHOWN} listed` : ""}`;
  $("#hands-skips-panel").hidden = totals.skipped === 0;
}

function render(answer) {
  $("#hands-view").classList.add("has-results");
  for (const id of ["#hands-totals-panel", "#hands-chart-panel"]) $(id).hidden = false;
  renderSummary(answer.totals);
  renderTotals(answer.totals);
  renderAllIns(answer);
  renderSkips(answer.totals);
  renderChart(answer);
  $("#hands-view").dataset.ready = "true";
}

function setupChartResize() {
  let width = 0;
  new ResizeObserver(() => {
    const now = $("#hands-chart").clientWidth;
    if (now === width || $("#hands-view").hidden) return;
    width = now;
    drawChart();
  }).observe($("#hands-chart"));
}

setupViews();
setupInput();
setupChartResize();
