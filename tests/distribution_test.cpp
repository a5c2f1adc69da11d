// Equity distribution (distribution.hpp) from per-combo equities.
#include "equity/distribution.hpp"

#include <gtest/gtest.h>

#include "count/per_combo.hpp"
#include "equity/range.hpp"

namespace equity {
namespace {

ComboEquity combo(int index, double weight, double equity) {
  ComboEquity c;
  c.combo = index;
  c.weight = weight;
  c.weighted_showdowns = 100;
  c.weighted_share = 100 * equity;
  c.wins = 100;
  return c;
}

TEST(Distribution, CurveIsSortedAndBucketsPartitionTheWeight) {
  const std::vector<ComboEquity> combos = {combo(5, 1, 0.2), combo(3, 0.5, 0.9),       combo(9, 1, 0.6),
                                           combo(1, 1, 0.6), combo(7, 0.5, 1.0 / 3.0), combo(8, 1, 0.75)};
  const Distribution d = equity_distribution(combos);
  ASSERT_EQ(d.curve.size(), 6u);
  EXPECT_EQ(d.curve[0].combo, 3);  // 90%
  EXPECT_EQ(d.curve[1].combo, 8);  // 75%
  EXPECT_EQ(d.curve[2].combo, 1);  // 60%, the lower index first
  EXPECT_EQ(d.curve[3].combo, 9);
  EXPECT_DOUBLE_EQ(d.curve[0].share, 0.5 / 5);
  EXPECT_DOUBLE_EQ(d.curve.back().share, 1.0);
  EXPECT_EQ(d.buckets[0].combos, 2);  // 90% and 75% (the bucket includes its low end)
  EXPECT_EQ(d.buckets[1].combos, 2);
  EXPECT_EQ(d.buckets[2].combos, 1);  // exactly one third
  EXPECT_EQ(d.buckets[3].combos, 1);
  EXPECT_DOUBLE_EQ(d.buckets[0].share + d.buckets[1].share + d.buckets[2].share + d.buckets[3].share, 1.0);
  EXPECT_DOUBLE_EQ(d.buckets[0].weight, 1.5);
  EXPECT_NEAR(d.mean, (0.5 * 0.9 + 0.75 + 0.6 + 0.6 + 0.5 / 3 + 0.2) / 5, 1e-15);
}

TEST(Distribution, CombosThatMeetNoOpponentAreLeftOut) {
  ComboEquity lonely = combo(2, 1, 0);
  lonely.weighted_showdowns = 0;
  lonely.weighted_share = 0;
  const Distribution d = equity_distribution({lonely, combo(4, 1, 0.5)});
  ASSERT_EQ(d.curve.size(), 1u);
  EXPECT_DOUBLE_EQ(d.curve[0].share, 1.0);
  EXPECT_TRUE(equity_distribution({}).curve.empty());
}

TEST(Distribution, SvgHasOneCurvePerPlayerAndEscapesLabels) {
  const Distribution d = equity_distribution({combo(1, 1, 0.7), combo(2, 1, 0.3)});
  const std::string svg = distribution_svg({"AA<KK>", "random"}, {d, d});
  EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
  std::size_t curves = 0;
  for (std::size_t at = svg.find("<polyline"); at != std::string::npos; at = svg.find("<polyline", at + 1)) ++curves;
  EXPECT_EQ(curves, 2u);
  EXPECT_NE(svg.find("AA&lt;KK&gt;"), std::string::npos);
  EXPECT_EQ(svg.find("AA<KK>"), std::string::npos);
}

}  // namespace
}  // namespace equity
