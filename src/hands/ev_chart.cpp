// The cumulative "net won / all-in adjusted" chart: the bounded series of points, and its SVG image.
#include "equity/ev_chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <utility>

namespace equity {

// ---- The series --------------------------------------------------------------------------------

EvChartSeries::EvChartSeries(std::size_t max_points) : max_points_(std::max<std::size_t>(max_points, 2)) {
  // Two points at least: the first (0, 0, 0) and the last hand's are always shown.
  kept_.push_back({});
}

void EvChartSeries::add(double net, double adjusted) {
  // A broken record (NaN, infinity) counts as nothing rather than making every later sum NaN.
  net_ += std::isfinite(net) ? net : 0.0;
  adjusted_ += std::isfinite(adjusted) ? adjusted : 0.0;
  ++hands_;
  if (hands_ % stride_ != 0) return;
  kept_.push_back({hands_, net_, adjusted_});
  // kept_ holds hands 0, stride, 2 stride, ... and leaves one place free for the latest hand, which
  // points() adds when it falls between two strides. When full, keep every other point (hands 0,
  // 2 strides, 4 strides, ...) and sample every 2 strides from now on: still evenly spaced.
  if (kept_.size() < max_points_) return;
  std::size_t out = 0;
  for (std::size_t i = 0; i < kept_.size(); i += 2) kept_[out++] = kept_[i];
  kept_.resize(out);
  stride_ *= 2;
}

std::vector<EvChartPoint> EvChartSeries::points() const {
  std::vector<EvChartPoint> out = kept_;
  if (out.back().hand != hands_) out.push_back({hands_, net_, adjusted_});
  return out;
}

// ---- The SVG -----------------------------------------------------------------------------------

namespace {

// Amounts beyond this are drawn clamped to it: no bankroll gets there, a double stops holding the
// cents long before, and the axis labels stay short enough to read.
constexpr double kLimit = 1e15;
constexpr const char* kInk = "#212121";
constexpr const char* kSoftInk = "#616161";
// How the two lines are drawn: net won solid green, all-in adjusted dashed orange, so that they are
// told apart without colour too (printed in grey, or by the colour blind).
struct LineStyle {
  const char* colour;
  const char* dash;
};
constexpr LineStyle kNet{"#2e7d32", ""}, kAdjusted{"#ef6c00", " stroke-dasharray=\"7 4\""};

std::string stroke(const LineStyle& style) { return "stroke=\"" + std::string(style.colour) + "\"" + style.dash; }

// The vertical layout: title, legend, plot, tick labels, "Hands".
constexpr double kTitleY = 24, kLegendY = 47, kLegendRow = 18, kPlotTop = 62, kBelowPlot = 46;

std::string xml_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// A coordinate with at most one decimal, "12.5" or "300": short files, and never "nan".
std::string num(double v) {
  char text[40];
  std::snprintf(text, sizeof text, "%.1f", std::isfinite(v) ? v : 0.0);
  std::string s = text;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s == "-0" ? "0" : s;
}

// "1712304" as "1,712,304".
std::string group_thousands(const std::string& digits) {
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// A currency symbol ("$", "€", "C$") goes before the number; a word ("chips", "bb") after it.
bool unit_is_word(const std::string& unit) {
  return std::all_of(unit.begin(), unit.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
}

// An amount as people write it: "$1,234.50", "-$5", "-€3", "1,500 chips", "25 bb". The sign goes
// first, and a value that rounds to zero gets none ("$0.00", not "-$0.00").
std::string format_amount(double v, int decimals, const std::string& unit) {
  char text[48];
  std::snprintf(text, sizeof text, "%.*f", decimals, std::fabs(v));
  const std::string digits = text;
  const std::size_t dot = std::min(digits.find('.'), digits.size());
  const std::string magnitude = group_thousands(digits.substr(0, dot)) + digits.substr(dot);
  const std::string sign = v < 0 && digits.find_first_of("123456789") != std::string::npos ? "-" : "";
  if (unit.empty()) return sign + magnitude;
  return unit_is_word(unit) ? sign + magnitude + " " + unit : sign + unit + magnitude;
}

// A hand count: "20,000".
std::string format_hands(double hands) {
  char text[48];
  std::snprintf(text, sizeof text, "%.0f", std::max(hands, 0.0));
  return group_thousands(text);
}

// Roughly how wide a text is drawn in a sans-serif font, to make room for it (UTF-8: one per
// character, not per byte).
double text_width(std::string_view text, double font_size) {
  const auto characters = std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; });
  return static_cast<double>(characters) * font_size * 0.6;
}

// The round step just above `raw`: 1, 2 or 5 times a power of ten, and at least `smallest`.
double nice_step(double raw, double smallest) {
  raw = std::max(raw, smallest);
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

// How many decimals the multiples of a step need (0, 1 or 2: 0.5 needs 1, 0.05 needs 2).
int step_decimals(double step) {
  for (int d = 0; d < 2; ++d) {
    const double scaled = step * std::pow(10.0, d);
    if (std::fabs(scaled - std::round(scaled)) < 1e-6) return d;
  }
  return 2;
}

struct Range {
  double lo = 0, hi = 1;
};

// The multiples of `step` within the range; a hundred at most, which also ends the loop should the
// numbers be too large for `k * step` to move. Adding 0.0 turns -0 (from ceil(-1e-9)) into 0,
// which would be labelled "-0" otherwise.
std::vector<double> multiples(double step, Range r) {
  std::vector<double> out;
  const double first = std::ceil(r.lo / step - 1e-9), last = std::floor(r.hi / step + 1e-9);
  for (double k = first; k <= last && out.size() < 100; ++k) out.push_back(k * step + 0.0);
  return out;
}

// One line as (hand, amount) pairs: non-finite amounts left out, huge ones clamped.
using Line = std::vector<std::pair<double, double>>;

Line line_of(const std::vector<EvChartPoint>& points, double EvChartPoint::*amount) {
  Line line;
  for (const auto& p : points)
    if (std::isfinite(p.*amount))
      line.emplace_back(static_cast<double>(p.hand), std::clamp(p.*amount, -kLimit, kLimit));
  return line;
}

// The amounts' range, zero included (the zero line is what the chart is read against), and never
// of zero height: all zeros (the only way to get there once zero is in) draw from -1 to 1.
Range amount_range(const Line& a, const Line& b) {
  Range r{0, 0};
  for (const Line* line : {&a, &b})
    for (const auto& point : *line) r = {std::min(r.lo, point.second), std::max(r.hi, point.second)};
  return r.lo == r.hi ? Range{-1, 1} : r;
}

// The hands' range; a single point gets a range one hand wide, with the point on its left edge.
Range hand_range(const std::vector<EvChartPoint>& points) {
  Range r{static_cast<double>(points.front().hand), static_cast<double>(points.front().hand)};
  for (const auto& p : points)
    r = {std::min(r.lo, static_cast<double>(p.hand)), std::max(r.hi, static_cast<double>(p.hand))};
  if (r.hi <= r.lo) r.hi = r.lo + 1;
  return r;
}

// An axis: the range it spans, and where its ticks are, with their labels.
struct Axis {
  Range span;
  std::vector<double> ticks;
  std::vector<std::string> labels;
};

// The amounts' axis: a tick every 55 pixels or so, in cents at the finest, and the range widened
// to whole ticks so that the plot's top and bottom are labelled (one step high at least: amounts
// within a hair of zero would otherwise round to a range of no height). Fractions of a currency
// always get their two decimals ("$12.50"), of chips or big blinds only those needed ("2.5 bb").
Axis amount_axis(Range amounts, double length, const std::string& unit) {
  const double step = nice_step((amounts.hi - amounts.lo) / std::max(2.0, std::floor(length / 55)), 0.01);
  Axis axis;
  axis.span = {std::floor(amounts.lo / step + 1e-9) * step, std::ceil(amounts.hi / step - 1e-9) * step};
  axis.span.hi = std::max(axis.span.hi, axis.span.lo + step);
  axis.ticks = multiples(step, axis.span);
  int decimals = step_decimals(step);
  if (decimals > 0 && !unit_is_word(unit)) decimals = 2;
  for (double t : axis.ticks) axis.labels.push_back(format_amount(t, decimals, unit));
  return axis;
}

// The hands' axis: a tick every 100 pixels or so on whole hands; the lines run edge to edge.
Axis hand_axis(Range hands, double length) {
  const double step = nice_step((hands.hi - hands.lo) / std::max(2.0, std::floor(length / 100)), 1);
  Axis axis{hands, multiples(step, hands), {}};
  for (double t : axis.ticks) axis.labels.push_back(format_hands(t));
  return axis;
}

// The plot area in pixels, and the values at its edges.
struct Frame {
  double left = 0, top = 0, width = 1, height = 1;
  Range hands, amounts;
  double x(double hand) const { return left + (hand - hands.lo) / (hands.hi - hands.lo) * width; }
  double y(double amount) const { return top + (amounts.hi - amount) / (amounts.hi - amounts.lo) * height; }
  double right() const { return left + width; }
  double bottom() const { return top + height; }
};

// <text> at (x, y) with its attributes (font size, anchor, colour), the content escaped.
void add_text(std::string& svg, double x, double y, const std::string& attributes, std::string_view content) {
  svg += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" " + attributes + ">" + xml_escape(content) + "</text>\n";
}

void add_line(std::string& svg, double x1, double y1, double x2, double y2, const std::string& style) {
  svg += "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\" " + style +
         "/>\n";
}

// The text cut to fit (ending with "…") so that a long title does not run off the image; the
// <title> element keeps it whole. Cuts fall between characters, never inside one's UTF-8 bytes.
std::string fitted(const std::string& text, double max_width, double font_size) {
  if (text_width(text, font_size) <= max_width) return text;
  std::size_t end = 0;
  for (std::size_t i = 1; i < text.size(); ++i)
    if ((text[i] & 0xC0) != 0x80 && text_width(text.substr(0, i), font_size) + font_size <= max_width) end = i;
  return text.substr(0, end) + "…";
}

// The document's start: the XML prolog, the root with its namespace, a <title> for screen readers
// and tooltips, the white background and the chart's title above the plot.
std::string start_document(double width, double height, const std::string& title, double title_x) {
  std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(width) + "\" height=\"" +
         num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
         "\" font-family=\"Helvetica, Arial, sans-serif\">\n";
  svg += "<title>" + xml_escape(title) + "</title>\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  add_text(svg, title_x, kTitleY, "font-size=\"16\" font-weight=\"bold\" fill=\"" + std::string(kInk) + "\"",
           fitted(title, width - title_x - 8, 16));
  return svg;
}

// The plot's border, drawn over the grid so that the grid's ends do not show past it.
void add_border(std::string& svg, const Frame& f) {
  svg += "<rect x=\"" + num(f.left) + "\" y=\"" + num(f.top) + "\" width=\"" + num(f.width) + "\" height=\"" +
         num(f.height) + "\" fill=\"none\" stroke=\"#bdbdbd\"/>\n";
}

// The light horizontal grid with the amounts on the left; zero is drawn later, darker.
void add_amount_axis(std::string& svg, const Frame& f, const Axis& axis) {
  for (std::size_t i = 0; i < axis.ticks.size(); ++i) {
    const double y = f.y(axis.ticks[i]);
    if (axis.ticks[i] != 0) add_line(svg, f.left, y, f.right(), y, "stroke=\"#e8e8e8\"");
    add_text(svg, f.left - 8, y + 4, "font-size=\"11\" text-anchor=\"end\" fill=\"" + std::string(kSoftInk) + "\"",
             axis.labels[i]);
  }
}

// The light vertical grid with the hand counts below, and the axis' name.
void add_hand_axis(std::string& svg, const Frame& f, const Axis& axis) {
  for (std::size_t i = 0; i < axis.ticks.size(); ++i) {
    const double x = f.x(axis.ticks[i]);
    if (x > f.left + 0.5 && x < f.right() - 0.5) add_line(svg, x, f.top, x, f.bottom(), "stroke=\"#e8e8e8\"");
    add_text(svg, x, f.bottom() + 17, "font-size=\"11\" text-anchor=\"middle\" fill=\"" + std::string(kSoftInk) + "\"",
             axis.labels[i]);
  }
  add_text(svg, f.left + f.width / 2, f.bottom() + 38,
           "font-size=\"12\" text-anchor=\"middle\" fill=\"" + std::string(kInk) + "\"", "Hands");
}

// One line of the chart; a line of a single point would not show, so it gets a dot.
void add_series(std::string& svg, const Frame& f, const Line& line, const LineStyle& style) {
  if (line.size() == 1) {
    svg += "<circle cx=\"" + num(f.x(line[0].first)) + "\" cy=\"" + num(f.y(line[0].second)) + "\" r=\"3.5\" fill=\"" +
           style.colour + "\"/>\n";
    return;
  }
  if (line.empty()) return;
  svg += "<polyline fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\" " + stroke(style) + " points=\"";
  for (const auto& [hand, amount] : line) svg += num(f.x(hand)) + "," + num(f.y(amount)) + " ";
  svg.back() = '"';
  svg += "/>\n";
}

// The legend's labels: each line's name and final value, "Net won: $1,234.50". Money to the cent
// always; chips and big blinds as whole numbers when they are. No finite value at all: "n/a".
std::array<std::string, 2> legend_labels(const Line& net, const Line& adjusted, const std::string& unit) {
  const auto final_value = [&](const Line& line) {
    if (line.empty()) return std::string("n/a");
    const double v = line.back().second;
    return format_amount(v, unit_is_word(unit) && v == std::round(v) ? 0 : 2, unit);
  };
  return {"Net won: " + final_value(net), "All-in adjusted: " + final_value(adjusted)};
}

// A legend entry's width: its line sample, the gap, its label.
double entry_width(const std::string& label) { return 32 + text_width(label, 12); }

// Whether the second entry goes on a row of its own, when both would run off the image. Decided
// against the widest left margin there can be (a third of the width), so that the plot's height,
// which the answer sets, does not depend on the margin in turn.
bool legend_wraps(const std::array<std::string, 2>& labels, double width) {
  return width / 3 + entry_width(labels[0]) + 24 + entry_width(labels[1]) > width - 8;
}

// The legend between the title and the plot: each line's sample and label, side by side or on two
// rows.
void add_legend(std::string& svg, const Frame& f, const std::array<std::string, 2>& labels, bool wraps) {
  for (std::size_t entry = 0; entry < 2; ++entry) {
    const bool second = entry == 1;
    const double x = second && !wraps ? f.left + entry_width(labels[0]) + 24 : f.left;
    const double y = second && wraps ? kLegendY + kLegendRow : kLegendY;
    add_line(svg, x, y - 4, x + 26, y - 4, stroke(second ? kAdjusted : kNet) + " stroke-width=\"2.5\"");
    add_text(svg, x + 32, y, "font-size=\"12\" fill=\"" + std::string(kInk) + "\"", labels[entry]);
  }
}

// No points: the title, an empty plot and "No hands" in its middle.
std::string empty_chart(const std::string& title, double width, double height) {
  const Frame f{60, kPlotTop, width - 60 - 24, height - kPlotTop - kBelowPlot, {}, {}};
  std::string svg = start_document(width, height, title, f.left);
  add_border(svg, f);
  add_text(svg, f.left + f.width / 2, f.top + f.height / 2 + 5,
           "font-size=\"14\" text-anchor=\"middle\" fill=\"" + std::string(kSoftInk) + "\"", "No hands");
  return svg + "</svg>\n";
}

}  // namespace

std::string ev_chart_svg(const EvChart& chart, int width, int height) {
  // Below this size the title, legend and labels would leave no room for the plot.
  const double w = std::max(width, 320), h = std::max(height, 200);
  if (chart.points.empty()) return empty_chart(chart.title, w, h);
  const Line net = line_of(chart.points, &EvChartPoint::net);
  const Line adjusted = line_of(chart.points, &EvChartPoint::adjusted);

  const auto labels = legend_labels(net, adjusted, chart.unit);
  const bool wraps = legend_wraps(labels, w);

  // The amounts' labels set the left margin, the last hand count's half width the right one.
  Frame f;
  f.top = kPlotTop + (wraps ? kLegendRow : 0);
  f.height = h - f.top - kBelowPlot;
  const Axis amounts = amount_axis(amount_range(net, adjusted), f.height, chart.unit);
  double widest = 0;
  for (const auto& label : amounts.labels) widest = std::max(widest, text_width(label, 11));
  f.left = std::clamp(widest + 16, 48.0, w / 3);
  const Range hands_range = hand_range(chart.points);
  f.width = w - f.left - std::max(20.0, text_width(format_hands(hands_range.hi), 11) / 2 + 8);
  const Axis hands = hand_axis(hands_range, f.width);
  f.hands = hands.span;
  f.amounts = amounts.span;

  std::string svg = start_document(w, h, chart.title, f.left);
  add_legend(svg, f, labels, wraps);
  add_amount_axis(svg, f, amounts);
  add_hand_axis(svg, f, hands);
  add_border(svg, f);
  add_line(svg, f.left, f.y(0), f.right(), f.y(0), "stroke=\"#757575\" stroke-width=\"1.5\"");
  // The adjusted line first: the net won, solid, stays visible where the two lines meet.
  add_series(svg, f, adjusted, kAdjusted);
  add_series(svg, f, net, kNet);
  return svg + "</svg>\n";
}

}  // namespace equity
