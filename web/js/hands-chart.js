// The cumulative chart of the hand histories' view: net won (solid) and net won all-in adjusted
// (dashed) over the hands, drawn from the server's points (/api/hands "chart") at the width of its
// box, so that its text stays legible on a phone. Built with DOM calls: no markup from the data.

const SVG = "http://www.w3.org/2000/svg";
export const NET_COLOUR = "#2e7d32";
export const ADJUSTED_COLOUR = "#ef6c00";

// An amount in the chart's unit: a currency's symbol before it ("-$1,234.50"), "bb" or "chips" after.
export function amountText(x, unit, digits = 2, sign = false) {
  const rounded = Math.abs(x) < 0.5 * 10 ** -digits ? 0 : x;
  const body = Math.abs(rounded).toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const s = rounded < 0 ? "-" : sign && rounded > 0 ? "+" : "";
  if (unit === "bb" || unit === "chips") return `${s}${body} ${unit}`;
  return `${s}${unit || ""}${body}`;
}

function element(name, attributes = {}, text = undefined) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

// Round ticks from `low` to `high`, about `count` of them: steps of 1, 2 or 5 times a power of ten.
function ticks(low, high, count) {
  const span = high - low || 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) || 10 * power;
  const out = [];
  for (let t = Math.ceil(low / step) * step; t <= high + step * 1e-9; t += step) out.push(Math.abs(t) < step * 1e-9 ? 0 : t);
  return { values: out, step };
}

// Draws the chart into `box` (replacing what it held) at the box's width. points: [[hand, net,
// adjusted], ...]; unit: "$", "€", "bb", "chips".
export function drawHandsChart(box, points, unit) {
  const width = Math.max(260, Math.floor(box.clientWidth || 600));
  const narrow = width < 520;
  const height = narrow ? 250 : 340;
  const last = points.length ? points[points.length - 1] : [0, 0, 0];
  const svg = element("svg", {
    viewBox: `0 0 ${width} ${height}`, width, height, role: "img", class: "hands-svg",
    "aria-label": `Net won ${amountText(last[1], unit, 2, true)}, all-in adjusted ${amountText(last[2], unit, 2, true)} after ${last[0]} hands`,
  });
  box.replaceChildren(svg);
  // The legend: each line's key and its final value.
  const legend = [[NET_COLOUR, "", "Net won", last[1]], [ADJUSTED_COLOUR, "6 4", "All-in adjusted", last[2]]];
  let x = 8;
  let y = 16;
  for (const [colour, dash, name, value] of legend) {
    const label = `${name}: ${amountText(value, unit, Math.abs(value) >= 10000 ? 0 : 2, true)}`;
    const room = 34 + label.length * 6.6;
    if (x + room > width) [x, y] = [8, y + 18];
    svg.append(element("line", { x1: x, y1: y - 4, x2: x + 24, y2: y - 4, stroke: colour, "stroke-width": 2.5, "stroke-dasharray": dash || "none" }));
    svg.append(element("text", { x: x + 30, y, class: "legend-text" }, label));
    x += room + 14;
  }
  if (points.length < 2) {
    svg.append(element("text", { x: width / 2, y: height / 2, "text-anchor": "middle", class: "tick" }, "No hands counted"));
    return;
  }
  const values = points.flatMap((p) => [p[1], p[2]]).filter(Number.isFinite);
  let low = Math.min(0, ...values);
  let high = Math.max(0, ...values);
  if (high - low < 1e-9) [low, high] = [low - 1, high + 1];
  const pad = (high - low) * 0.05;
  const yTicks = ticks(low - pad, high + pad, narrow ? 4 : 6);
  low = Math.min(low - pad, yTicks.values[0]);
  high = Math.max(high + pad, yTicks.values[yTicks.values.length - 1]);
  const digits = yTicks.step >= 1 || unit === "chips" ? 0 : yTicks.step >= 0.1 ? 1 : 2;
  const labels = yTicks.values.map((v) => amountText(v, unit, digits));
  const left = 10 + Math.max(...labels.map((l) => l.length)) * 6.4;
  const top = y + 16;
  const right = width - 14;
  const bottom = height - 36;
  const hands = Math.max(1, last[0]);
  const px = (hand) => left + ((right - left) * hand) / hands;
  const py = (v) => bottom - ((bottom - top) * (v - low)) / (high - low);
  yTicks.values.forEach((v, i) => {
    svg.append(element("line", { x1: left, y1: py(v), x2: right, y2: py(v), class: "gridline" }));
    svg.append(element("text", { x: left - 6, y: py(v) + 4, "text-anchor": "end", class: "tick" }, labels[i]));
  });
  const xTicks = ticks(0, hands, narrow ? 3 : 7).values.filter((v) => Number.isInteger(v));
  for (const v of xTicks) {
    svg.append(element("line", { x1: px(v), y1: top, x2: px(v), y2: bottom, class: "gridline" }));
    svg.append(element("text", { x: px(v), y: bottom + 16, "text-anchor": "middle", class: "tick" }, v.toLocaleString("en-US")));
  }
  svg.append(element("text", { x: (left + right) / 2, y: height - 4, "text-anchor": "middle", class: "axis-title" }, "Hands"));
  svg.append(element("rect", { x: left, y: top, width: right - left, height: bottom - top, class: "frame" }));
  svg.append(element("line", { x1: left, y1: py(0), x2: right, y2: py(0), class: "zero" }));
  const line = (index, colour, dash) => {
    const coordinates = points.filter((p) => Number.isFinite(p[index])).map((p) => `${px(p[0]).toFixed(1)},${py(p[index]).toFixed(1)}`);
    svg.append(element("polyline", {
      points: coordinates.join(" "), fill: "none", stroke: colour, "stroke-width": 2, "stroke-linejoin": "round",
      "stroke-dasharray": dash || "none", class: index === 1 ? "net-line" : "adjusted-line",
    }));
  };
  line(2, ADJUSTED_COLOUR, "6 4");
  line(1, NET_COLOUR, "");
}
