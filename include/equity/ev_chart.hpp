#pragma once
// The cumulative chart every tracker user knows: net won and net won "all-in adjusted" (each
// all-in's result replaced by its expected value) over the hands played, as one SVG image.
//
// EvChartSeries keeps the points as hands are added, at most `max_points` of them whatever the
// number of hands (memory bounded: when full, every other point is dropped and points are kept
// every 2x hands from then on), so that a year of hands draws as quickly as a session. The points
// stay evenly spaced in hands, and the same hands give the same points.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace equity {

// One point: after `hand` hands, the net won and the all-in adjusted net won so far.
struct EvChartPoint {
  std::uint64_t hand = 0;
  double net = 0;
  double adjusted = 0;
};

class EvChartSeries {
 public:
  // `max_points` below 2 is taken as 2: the first and the last points are always kept.
  explicit EvChartSeries(std::size_t max_points = 2000);
  // One more hand, with what it added to each line (its net won, and the net won with its all-in
  // replaced by the expectation: the same number when it had no all-in). A NaN or infinite amount
  // counts as 0, so that one broken record does not spoil every later sum.
  void add(double net, double adjusted);
  std::uint64_t hands() const { return hands_; }
  // The points kept, the first (0, 0, 0) and the last hand's always among them, in hand order.
  std::vector<EvChartPoint> points() const;

 private:
  std::size_t max_points_;
  std::uint64_t hands_ = 0, stride_ = 1;
  double net_ = 0, adjusted_ = 0;
  std::vector<EvChartPoint> kept_;
};

struct EvChart {
  std::string title;  // "Hero: Hold'em No Limit $0.05/$0.10" (escaped by the writer)
  // The unit of the y axis as written beside its numbers: a currency symbol ("$", "€", "£"), or
  // "chips", or "bb" (big blinds).
  std::string unit;
  std::vector<EvChartPoint> points;
};

// A standalone SVG document (width x height pixels, a white background): the two lines (net won
// solid, all-in adjusted dashed, in two colours told apart without colour too), a legend naming
// them with their final values, the x axis "Hands" with round ticks, the y axis in `unit` with
// round ticks and a zero line. Text is XML-escaped. No points: an empty chart saying "No hands".
// Robust to any input: NaN and infinite amounts are left out of their line, amounts beyond 10^15
// are clamped, a title too long for the width is cut with "…" (kept whole in the <title>
// element), and the size is at least 320 x 200.
std::string ev_chart_svg(const EvChart& chart, int width = 800, int height = 400);

}  // namespace equity
