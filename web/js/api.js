// The server's JSON API (docs/serve.md): ranges, orderings, and computations as jobs with progress.

// An error answered by the API: its message and the request field it concerns ("players[1]", "board").
export class ApiError extends Error {
  constructor(message, field = "", status = 0) {
    super(message);
    this.field = field;
    this.status = status;
  }
}

// The token the server printed in the page's URL (?token=...): every API call needs it when the
// server listens on another address than loopback (docs/serve.md).
const TOKEN = new URLSearchParams(location.search).get("token");

function api(path, init = {}) {
  if (!TOKEN) return fetch(path, init);
  return fetch(path, { ...init, headers: { ...init.headers, "X-Equity-Token": TOKEN } });
}

async function json(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(`the server answered ${response.status} without JSON`, "", response.status);
  }
  if (!response.ok && response.status !== 202) throw new ApiError(data.error || `HTTP ${response.status}`, data.field || "", response.status);
  return data;
}

// The combos and grid of a range: {range, count, weight, warnings, combos: [{cards, weight}], grid}.
// `game` other than "holdem" reads it in that game's deck (its 9x9 grid in short deck).
// `dead` ("AsKd") removes cards first: the page passes them for Omaha, whose count the server makes.
export async function fetchRange(expr, game = "holdem", dead = "") {
  const gameParam = game === "holdem" ? "" : `&game=${encodeURIComponent(game)}`;
  const deadParam = dead ? `&dead=${encodeURIComponent(dead)}` : "";
  return json(await api(`/api/range?expr=${encodeURIComponent(expr)}${gameParam}${deadParam}`));
}

// [{name, title, summary, deck: ["As", ...], ranks: "23456789TJQKA", classes, grid, ...}]: the games.
export async function fetchGames() {
  return (await json(await api("/api/games"))).games;
}

// {"equity": ["AA", "KK", ...]}: the named orderings of the 169 classes.
export async function fetchOrderings() {
  const { orderings, games } = await json(await api("/api/orderings"));
  return { orderings, games };
}

// A computation as a job: resolves to the answer (the CLI's --json), calls onProgress with
// {method, stage, fraction, trials, stderr, seconds} while it runs. job.stop() asks the server to
// stop it and keeps waiting: Monte Carlo then resolves to its estimate so far (stopped_by
// "cancelled"), other methods reject with an ApiError of status 499. job.cancel() also stops it
// but gives up at once (rejects with 499): for work whose answer nobody wants any more.
export class Job {
  constructor(body, onProgress = () => {}) {
    this.id = null;
    this.stopping = false;   // stop() was called
    this.cancelled = false;  // cancel() was called
    this.deleted = false;    // the server was asked to stop it
    this.promise = this.run(body, onProgress);
  }

  async run(body, onProgress) {
    let response = await api("/api/jobs", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    while (response.status === 202) {
      const state = await response.json();
      this.id = state.id;
      if (this.cancelled) break;
      if (this.stopping) this.sendStop();
      else onProgress(state.progress);
      response = await api(`/api/jobs/${this.id}`);
    }
    if (this.cancelled) {
      this.sendStop();
      throw new ApiError("cancelled", "", 499);
    }
    return json(response);
  }

  sendStop() {
    if (this.deleted || !this.id) return;
    this.deleted = true;
    api(`/api/jobs/${this.id}`, { method: "DELETE" }).catch(() => {});
  }

  stop() {
    this.stopping = true;
    this.sendStop();
  }

  cancel() {
    this.cancelled = true;
    this.sendStop();
  }
}

// Hand histories (POST /api/hands): `body` the files' bytes one after another (a Blob), `hero` whose
// results ("" each hand's player dealt cards). Resolves to {all_ins, all_ins_total, totals, chart,
// svg}; rejects with an ApiError (400: no hand in the files, 413: too large). `signal` aborts it
// (the server then stops reading).
export async function postHands(body, hero = "", signal = undefined) {
  const query = hero ? `?hero=${encodeURIComponent(hero)}` : "";
  return json(await api(`/api/hands${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream" },
    body,
    signal,
  }));
}
