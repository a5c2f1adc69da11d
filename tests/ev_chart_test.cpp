// The net won / all-in adjusted chart (ev_chart.hpp): the series' bounded memory and exact sums,
// and the SVG's structure, labels, escaping and edge cases.
#include "equity/ev_chart.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <regex>
#include <string>
#include <vector>

namespace equity {
namespace {

// ---- The series --------------------------------------------------------------------------------

TEST(EvChartSeries, StartsWithTheOriginOnly) {
  const EvChartSeries series;
  EXPECT_EQ(series.hands(), 0u);
  const auto points = series.points();
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points[0].hand, 0u);
  EXPECT_EQ(points[0].net, 0.0);
  EXPECT_EQ(points[0].adjusted, 0.0);
}

TEST(EvChartSeries, PointsAreCumulativeSums) {
  EvChartSeries series;
  series.add(1, 2);
  series.add(-3, 1);
  series.add(5, -4);
  const auto points = series.points();
  ASSERT_EQ(points.size(), 4u);
  const std::vector<std::vector<double>> expected = {{0, 0, 0}, {1, 1, 2}, {2, -2, 3}, {3, 3, -1}};
  for (std::size_t i = 0; i < points.size(); ++i) {
    EXPECT_EQ(static_cast<double>(points[i].hand), expected[i][0]) << i;
    EXPECT_EQ(points[i].net, expected[i][1]) << i;
    EXPECT_EQ(points[i].adjusted, expected[i][2]) << i;
  }
  EXPECT_EQ(series.hands(), 3u);
}

// Small integer amounts, so that every running sum is exact and can be compared with ==.
double net_of(int hand) { return static_cast<double>(hand % 7 - 3); }
double adjusted_of(int hand) { return static_cast<double>(hand % 5 - 2) * 2; }

TEST(EvChartSeries, KeepsAtMostMaxPointsEvenlySpacedWithExactSums) {
  for (const std::size_t max_points : {2u, 3u, 10u, 100u, 2000u}) {
    EvChartSeries series(max_points);
    std::vector<double> net_sums = {0}, adjusted_sums = {0};
    for (int hand = 1; hand <= 10000; ++hand) {
      series.add(net_of(hand), adjusted_of(hand));
      net_sums.push_back(net_sums.back() + net_of(hand));
      adjusted_sums.push_back(adjusted_sums.back() + adjusted_of(hand));
      const auto points = series.points();
      ASSERT_LE(points.size(), max_points) << max_points << " " << hand;
      ASSERT_EQ(points.front().hand, 0u);
      ASSERT_EQ(points.back().hand, static_cast<std::uint64_t>(hand));
    }
    const auto points = series.points();
    // Not thinned more than the halving needs: over half the places are in use.
    EXPECT_GE(points.size(), max_points / 2) << max_points;
    for (std::size_t i = 0; i < points.size(); ++i) {
      EXPECT_EQ(points[i].net, net_sums[points[i].hand]) << max_points << " " << i;
      EXPECT_EQ(points[i].adjusted, adjusted_sums[points[i].hand]) << max_points << " " << i;
      // All but the last (the latest hand, wherever it falls) one stride apart.
      if (i >= 1 && i + 1 < points.size()) {
        EXPECT_EQ(points[i].hand - points[i - 1].hand, points[1].hand) << i;
      }
    }
  }
}

TEST(EvChartSeries, IsDeterministic) {
  EvChartSeries a(50), b(50);
  for (int hand = 1; hand <= 1234; ++hand) {
    a.add(net_of(hand), adjusted_of(hand));
    b.add(net_of(hand), adjusted_of(hand));
  }
  const auto pa = a.points(), pb = b.points();
  ASSERT_EQ(pa.size(), pb.size());
  for (std::size_t i = 0; i < pa.size(); ++i) {
    EXPECT_EQ(pa[i].hand, pb[i].hand);
    EXPECT_EQ(pa[i].net, pb[i].net);
  }
}

TEST(EvChartSeries, FewerThanTwoPointsAreTakenAsTwo) {
  EvChartSeries series(0);
  for (int hand = 1; hand <= 5; ++hand) series.add(1, 1);
  const auto points = series.points();
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0].hand, 0u);
  EXPECT_EQ(points[1].hand, 5u);
  EXPECT_EQ(points[1].net, 5.0);
}

TEST(EvChartSeries, NonFiniteAmountsCountAsNothing) {
  EvChartSeries series;
  series.add(2, 3);
  series.add(std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity());
  series.add(1, 1);
  const auto points = series.points();
  ASSERT_EQ(points.size(), 4u);
  EXPECT_EQ(points.back().net, 3.0);
  EXPECT_EQ(points.back().adjusted, 4.0);
  EXPECT_EQ(series.hands(), 3u);
}

// ---- The SVG -----------------------------------------------------------------------------------

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A small well-formedness check: after the XML prolog, one root element; every tag closed in order,
// attribute values quoted, and every '&' the start of one of XML's five entities.
::testing::AssertionResult well_formed(const std::string& svg) {
  const std::regex entity("^&(amp|lt|gt|quot|apos);");
  for (std::size_t i = svg.find('&'); i != std::string::npos; i = svg.find('&', i + 1))
    if (!std::regex_search(svg.substr(i, 8), entity)) return ::testing::AssertionFailure() << "bare & at " << i;
  if (svg.rfind("<?xml ", 0) != 0) return ::testing::AssertionFailure() << "no XML prolog";
  const std::regex tag(R"(<(/?)([A-Za-z0-9]+)((\s+[A-Za-z0-9:-]+="[^"<]*")*)\s*(/?)>)");
  std::vector<std::string> open;
  std::size_t roots = 0, at = svg.find("?>") + 2;
  for (std::size_t next = svg.find('<', at); next != std::string::npos; next = svg.find('<', at)) {
    std::smatch m;
    const std::string rest = svg.substr(next, svg.find('>', next) - next + 1);
    if (!std::regex_match(rest, m, tag)) return ::testing::AssertionFailure() << "bad tag: " << rest;
    if (m[1] == "/") {
      if (open.empty() || open.back() != m[2]) return ::testing::AssertionFailure() << "unbalanced " << rest;
      open.pop_back();
    } else if (m[5] != "/") {
      roots += open.empty();
      open.push_back(m[2]);
    } else if (open.empty()) {
      ++roots;
    }
    at = next + rest.size();
  }
  if (!open.empty() || roots != 1)
    return ::testing::AssertionFailure() << "open: " << open.size() << " roots " << roots;
  return ::testing::AssertionSuccess();
}

// Whether every point drawn (the polylines' and the dots') lies within the plot's border, and how
// many there are.
::testing::AssertionResult lines_inside_plot(const std::string& svg) {
  std::smatch border;
  const std::regex border_rect(
      R"re(<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="none")re");
  if (!std::regex_search(svg, border, border_rect)) return ::testing::AssertionFailure() << "no plot border";
  const double left = std::stod(border[1]), top = std::stod(border[2]);
  const double right = left + std::stod(border[3]), bottom = top + std::stod(border[4]);
  const std::regex point(R"((?:points="|cx=")?([-\d.]+)(?:,|" cy=")([-\d.]+))");
  const std::regex drawn(R"(points="[^"]*"|cx="[^"]*" cy="[^"]*")");
  std::size_t points = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), drawn); it != std::sregex_iterator(); ++it) {
    const std::string text = it->str();
    for (auto p = std::sregex_iterator(text.begin(), text.end(), point); p != std::sregex_iterator(); ++p, ++points) {
      const double x = std::stod((*p)[1]), y = std::stod((*p)[2]);
      if (x < left - 0.5 || x > right + 0.5 || y < top - 0.5 || y > bottom + 0.5)
        return ::testing::AssertionFailure() << "(" << x << ", " << y << ") outside the plot";
    }
  }
  return ::testing::AssertionSuccess() << points << " points";
}

// A session of `hands` hands whose lines go straight from 0 to the two final values.
EvChart straight_chart(std::uint64_t hands, double net, double adjusted, const std::string& unit) {
  EvChart chart{"Session", unit, {}};
  for (std::uint64_t h = 0; h <= hands; h += hands / 10 > 0 ? hands / 10 : 1) {
    const double t = static_cast<double>(h) / static_cast<double>(hands);
    chart.points.push_back({h, net * t, adjusted * t});
  }
  return chart;
}

TEST(EvChartSvg, IsAStandaloneWellFormedDocument) {
  const std::string svg = ev_chart_svg(straight_chart(5000, 250, 300, "$"));
  EXPECT_TRUE(well_formed(svg)) << svg;
  EXPECT_EQ(count_of(svg, "<svg"), 1u);
  EXPECT_EQ(count_of(svg, "</svg>"), 1u);
  EXPECT_NE(svg.find("xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  EXPECT_NE(svg.find("width=\"800\" height=\"400\""), std::string::npos);
  EXPECT_NE(svg.find("fill=\"#ffffff\""), std::string::npos);
}

TEST(EvChartSvg, DrawsBothLinesAndNamesThemWithTheirFinalValues) {
  const std::string svg = ev_chart_svg(straight_chart(5000, 250, 300, "$"));
  EXPECT_NE(svg.find(">Net won: $250.00<"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">All-in adjusted: $300.00<"), std::string::npos) << svg;
  EXPECT_EQ(count_of(svg, "<polyline"), 2u);
  EXPECT_NE(svg.find("stroke=\"#2e7d32\" points="), std::string::npos) << "the net line solid";
  EXPECT_NE(svg.find("stroke-dasharray=\"7 4\" points="), std::string::npos) << "the adjusted line dashed";
  EXPECT_NE(svg.find(">Hands<"), std::string::npos);
}

TEST(EvChartSvg, EscapesTheTitle) {
  EvChart chart = straight_chart(100, 1, 2, "$");
  chart.title = "Hero <&> \"the\" 'fish'";
  const std::string svg = ev_chart_svg(chart);
  EXPECT_NE(svg.find(">Hero &lt;&amp;&gt; &quot;the&quot; &apos;fish&apos;<"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("<&>"), std::string::npos);
  EXPECT_TRUE(well_formed(svg));
}

TEST(EvChartSvg, LabelsRoundTicksInTheUnit) {
  EvChart chart{"Ticks", "$", {{0, 0, 0}, {10000, -100, 0}, {20000, 300, 250}}};
  const std::string svg = ev_chart_svg(chart);
  for (const char* label : {">-$100<", ">$0<", ">$100<", ">$200<", ">$300<", ">0<", ">10,000<", ">20,000<"})
    EXPECT_NE(svg.find(label), std::string::npos) << label << "\n" << svg;
  EXPECT_EQ(svg.find("$-"), std::string::npos);
  EXPECT_EQ(svg.find(">-0<"), std::string::npos);
}

TEST(EvChartSvg, WritesWordUnitsAfterTheNumberAndSymbolsBefore) {
  EXPECT_NE(ev_chart_svg(straight_chart(100, 1500, 1000, "chips")).find(">1,500 chips<"), std::string::npos);
  const std::string bb = ev_chart_svg(straight_chart(100, 100, -40, "bb"));
  EXPECT_NE(bb.find(">100 bb<"), std::string::npos) << bb;
  EXPECT_NE(bb.find(">-50 bb<"), std::string::npos) << bb;
  const std::string euros = ev_chart_svg(straight_chart(100, -3, 5, "€"));
  EXPECT_NE(euros.find(">-€2<"), std::string::npos) << euros;
  EXPECT_NE(euros.find(">Net won: -€3.00<"), std::string::npos) << euros;
}

TEST(EvChartSvg, FractionsOfACurrencyHaveTwoDecimals) {
  const std::string svg = ev_chart_svg(straight_chart(100, 2, 1, "$"));
  EXPECT_NE(svg.find(">$0.50<"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">$2.00<"), std::string::npos) << svg;
}

TEST(EvChartSvg, TinyAmountsGetACentHighAxis) {
  const std::string svg = ev_chart_svg(EvChart{"Tiny", "$", {{0, 0, 0}, {1, 1e-12, -1e-12}, {2, 2e-12, 0}}});
  EXPECT_NE(svg.find(">$0.01<"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">$0.00<"), std::string::npos) << svg;
  EXPECT_TRUE(lines_inside_plot(svg)) << svg;
}

TEST(EvChartSvg, LinesStayInsideThePlot) {
  for (const auto& chart : {straight_chart(5000, 250, 300, "$"), straight_chart(7, -3, 5, "bb")}) {
    const std::string svg = ev_chart_svg(chart);
    const auto inside = lines_inside_plot(svg);
    EXPECT_TRUE(inside) << svg;
    EXPECT_NE(std::string(inside.message()).find(std::to_string(2 * chart.points.size()) + " points"),
              std::string::npos)
        << inside.message();
  }
}

TEST(EvChartSvg, EmptyChartSaysNoHands) {
  const std::string svg = ev_chart_svg(EvChart{"Nothing yet", "$", {}});
  EXPECT_NE(svg.find(">No hands<"), std::string::npos);
  EXPECT_NE(svg.find(">Nothing yet<"), std::string::npos);
  EXPECT_EQ(svg.find("<polyline"), std::string::npos);
  EXPECT_TRUE(well_formed(svg)) << svg;
}

TEST(EvChartSvg, OnePointIsADot) {
  const std::string svg = ev_chart_svg(EvChart{"One", "$", {{0, 0, 0}}});
  EXPECT_EQ(count_of(svg, "<circle"), 2u);
  EXPECT_EQ(svg.find("<polyline"), std::string::npos);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  EXPECT_TRUE(well_formed(svg)) << svg;
}

TEST(EvChartSvg, EqualValuesStillHaveAYRange) {
  EvChart chart{"Flat", "$", {}};
  for (std::uint64_t h = 0; h <= 50; ++h) chart.points.push_back({h, 0, 0});
  const std::string svg = ev_chart_svg(chart);
  EXPECT_NE(svg.find(">$1.00<"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">-$1.00<"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  EXPECT_EQ(svg.find("inf"), std::string::npos);
}

TEST(EvChartSvg, NoNanOrInfinityWhateverTheValues) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const std::vector<std::vector<EvChartPoint>> cases = {
      {{0, 0, 0}, {1, nan, 2}, {2, inf, -inf}, {3, 5, nan}},
      {{0, nan, nan}, {7, inf, -inf}},
      {{0, 0, 0}, {10, 1e300, -1e300}, {20, std::numeric_limits<double>::max(), 1e-300}},
      {{0, 0, 0}, {1, 1e-12, -1e-12}, {2, 4e-13, 5e-324}},
      {{std::numeric_limits<std::uint64_t>::max(), 1, 2}, {0, 0, 0}},
  };
  for (const auto& points : cases) {
    const std::string svg = ev_chart_svg(EvChart{"Odd", "$", points});
    EXPECT_EQ(svg.find("nan"), std::string::npos) << svg;
    EXPECT_EQ(svg.find("inf"), std::string::npos) << svg;
    EXPECT_TRUE(well_formed(svg)) << svg;
    EXPECT_TRUE(lines_inside_plot(svg)) << svg;
    // Numbers with at most two decimals.
    EXPECT_FALSE(std::regex_search(svg, std::regex(R"(\d\.\d{3})"))) << svg;
  }
}

TEST(EvChartSvg, TinySizesAreEnlargedToFit) {
  const std::string svg = ev_chart_svg(straight_chart(100, 1, 2, "$"), 10, 10);
  EXPECT_NE(svg.find("width=\"320\" height=\"200\""), std::string::npos);
  EXPECT_EQ(svg.find("=\"-"), std::string::npos) << "no negative size or coordinate:\n" << svg;
}

// The number in attribute `name` of the <text> element whose content starts with `content`.
double text_attribute(const std::string& svg, const std::string& content, const std::string& name) {
  const std::size_t end = svg.find(">" + content);
  const std::size_t start = svg.rfind("<text ", end);
  if (end == std::string::npos || start == std::string::npos) return -1;
  const std::size_t at = svg.find(" " + name + "=\"", start);
  return at < end ? std::stod(svg.substr(at + name.size() + 3)) : -1;
}

TEST(EvChartSvg, LegendTakesTwoRowsWhenNarrow) {
  const EvChart chart = straight_chart(100, 1234.5, -2345.25, "$");
  const std::string wide = ev_chart_svg(chart, 800, 400), narrow = ev_chart_svg(chart, 320, 300);
  EXPECT_EQ(text_attribute(wide, "Net won: $1,234.50", "y"), text_attribute(wide, "All-in adjusted: -$2,345.25", "y"));
  EXPECT_LT(text_attribute(wide, "Net won:", "x"), text_attribute(wide, "All-in adjusted:", "x"));
  EXPECT_EQ(text_attribute(narrow, "Net won:", "x"), text_attribute(narrow, "All-in adjusted:", "x"));
  EXPECT_LT(text_attribute(narrow, "Net won:", "y"), text_attribute(narrow, "All-in adjusted:", "y"));
  EXPECT_TRUE(well_formed(narrow));
}

TEST(EvChartSvg, LongTitleIsCutButKeptWholeInTheTitleElement) {
  EvChart chart = straight_chart(100, 1, 2, "$");
  chart.title = std::string(200, 'x') + "<end>";
  const std::string svg = ev_chart_svg(chart);
  EXPECT_NE(svg.find("<title>" + std::string(200, 'x') + "&lt;end&gt;</title>"), std::string::npos);
  EXPECT_NE(svg.find(">" + std::string(50, 'x')), std::string::npos);
  EXPECT_NE(svg.find("x…</text>"), std::string::npos) << svg;
  EXPECT_EQ(count_of(svg, "&lt;end&gt;"), 1u);
}

TEST(EvChartSvg, DrawsALongSeriesFromEvChartSeries) {
  EvChartSeries series(500);
  for (int hand = 1; hand <= 100000; ++hand) series.add(net_of(hand), adjusted_of(hand));
  const std::string svg = ev_chart_svg(EvChart{"Year", "$", series.points()});
  EXPECT_NE(svg.find(">100,000<"), std::string::npos);
  EXPECT_LE(svg.size(), 40000u);
  EXPECT_TRUE(well_formed(svg));
}

}  // namespace
}  // namespace equity
