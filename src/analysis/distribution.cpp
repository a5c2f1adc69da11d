#include "equity/distribution.hpp"

#include <algorithm>
#include <cstdio>

#include "equity/table_render.hpp"

namespace equity {

Distribution equity_distribution(const std::vector<ComboEquity>& combos) {
  Distribution d;
  const double bounds[5] = {1.0, 0.75, 0.5, 1.0 / 3.0, 0.0};
  for (std::size_t b = 0; b < d.buckets.size(); ++b) {
    d.buckets[b].high = bounds[b];
    d.buckets[b].low = bounds[b + 1];
  }
  std::vector<const ComboEquity*> met;
  for (const auto& c : combos)
    if (c.weighted_showdowns > 0 && c.weight > 0) met.push_back(&c);
  std::stable_sort(met.begin(), met.end(), [](const ComboEquity* a, const ComboEquity* b) {
    return a->equity() != b->equity() ? a->equity() > b->equity() : a->combo < b->combo;
  });
  double total = 0, weighted_equity = 0;
  for (const auto* c : met) total += c->weight;
  double running = 0;
  for (const auto* c : met) {
    running += c->weight;
    const double e = c->equity();
    weighted_equity += c->weight * e;
    d.curve.push_back({running / total, e, c->combo});
    std::size_t b = 0;
    // An equity that is a bound up to rounding (exactly a third, as a 3-way split gives) counts in
    // the bucket the bound opens.
    while (b + 1 < d.buckets.size() && e < d.buckets[b].low - 1e-12) ++b;
    ++d.buckets[b].combos;
    d.buckets[b].weight += c->weight;
  }
  for (auto& b : d.buckets) b.share = total > 0 ? b.weight / total : 0;
  d.mean = total > 0 ? weighted_equity / total : 0;
  return d;
}

namespace {

std::string format(const char* pattern, double a, double b = 0) {
  char buf[96];
  std::snprintf(buf, sizeof buf, pattern, a, b);
  return buf;
}

constexpr const char* kColours[] = {"#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e",
                                    "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

}  // namespace

std::string distribution_svg(const std::vector<std::string>& labels, const std::vector<Distribution>& players) {
  constexpr double left = 60, top = 30, width = 560, height = 320;
  const double legend_top = top + height + 50;
  const double total_height = legend_top + 22.0 * static_cast<double>(players.size()) + 10;
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"780\" height=\"" + format("%.0f", total_height) +
                    "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += "<text x=\"" + format("%.0f", left) +
         "\" y=\"18\" font-size=\"14\" font-weight=\"bold\">Equity distribution</text>\n";
  for (int tick = 0; tick <= 10; ++tick) {  // grid lines every 10%
    const double x = left + width * tick / 10.0, y = top + height * (1 - tick / 10.0);
    const char* colour = tick == 5 ? "#888" : "#e5e5e5";
    svg += "<line x1=\"" + format("%.1f", left) + "\" y1=\"" + format("%.1f", y) + "\" x2=\"" +
           format("%.1f", left + width) + "\" y2=\"" + format("%.1f", y) + "\" stroke=\"" + colour + "\"" +
           (tick == 5 ? " stroke-dasharray=\"4 3\"" : "") + "/>\n";
    svg += "<line x1=\"" + format("%.1f", x) + "\" y1=\"" + format("%.1f", top) + "\" x2=\"" + format("%.1f", x) +
           "\" y2=\"" + format("%.1f", top + height) + "\" stroke=\"#e5e5e5\"/>\n";
    svg += "<text x=\"" + format("%.1f", left - 6) + "\" y=\"" + format("%.1f", y + 4) + "\" text-anchor=\"end\">" +
           format("%.0f%%", tick * 10.0) + "</text>\n";
    svg += "<text x=\"" + format("%.1f", x) + "\" y=\"" + format("%.1f", top + height + 16) +
           "\" text-anchor=\"middle\">" + format("%.0f%%", tick * 10.0) + "</text>\n";
  }
  svg += "<text x=\"" + format("%.1f", left + width / 2) + "\" y=\"" + format("%.1f", top + height + 34) +
         "\" text-anchor=\"middle\">share of the range, strongest combos first</text>\n";
  svg += "<text transform=\"translate(16 " + format("%.1f", top + height / 2) +
         ") rotate(-90)\" text-anchor=\"middle\">equity</text>\n";
  for (std::size_t p = 0; p < players.size(); ++p) {
    const char* colour = kColours[p % 10];
    std::string points;
    double previous = 0;
    for (const auto& point : players[p].curve) {  // a step per combo: flat across its share of the range
      const double y = top + height * (1 - point.equity);
      points += format("%.1f,%.1f ", left + width * previous, y) + format("%.1f,%.1f ", left + width * point.share, y);
      previous = point.share;
    }
    svg += "<polyline fill=\"none\" stroke=\"" + std::string(colour) + "\" stroke-width=\"2\" points=\"" + points +
           "\"/>\n";
    const auto& b = players[p].buckets;
    const double y = legend_top + 22.0 * static_cast<double>(p);
    svg += "<rect x=\"" + format("%.0f", left) + "\" y=\"" + format("%.1f", y - 10) +
           "\" width=\"14\" height=\"14\" fill=\"" + colour + "\"/>\n";
    const std::string label = labels[p].size() > 36 ? labels[p].substr(0, 35) + "..." : labels[p];
    svg += "<text x=\"" + format("%.0f", left + 20) + "\" y=\"" + format("%.1f", y + 1) + "\">" + xml_escape(label) +
           ": mean " + format("%.1f%%", 100 * players[p].mean) + "; 75%+ " + format("%.1f%%", 100 * b[0].share) +
           ", 50-75% " + format("%.1f%%", 100 * b[1].share) + ", 33-50% " + format("%.1f%%", 100 * b[2].share) +
           ", below 33% " + format("%.1f%%", 100 * b[3].share) + "</text>\n";
  }
  return svg + "</svg>\n";
}

}  // namespace equity
