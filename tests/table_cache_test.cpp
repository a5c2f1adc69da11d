// The process-wide cache of table files: the same answers as table_equity(), files read once.
#include "tables/table_cache.hpp"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <thread>

#include "equity/error.hpp"
#include "equity/table_equity.hpp"
#include "test_support.hpp"

using namespace equity;
namespace fs = std::filesystem;

namespace {

RangeDeal heads_up(const std::string& hero, const std::string& villain) {
  return RangeDeal{{Range::parse(hero), Range::parse(villain)}, {}, {}};
}

void expect_same(const std::optional<RangeEquityResult>& a, const std::optional<RangeEquityResult>& b) {
  ASSERT_EQ(a.has_value(), b.has_value());
  if (!a) return;
  EXPECT_EQ(a->assignments, b->assignments);
  EXPECT_EQ(a->combos, b->combos);
  EXPECT_EQ(a->total_weight, b->total_weight);
  for (std::size_t p = 0; p < 2; ++p) {
    EXPECT_EQ(a->players[p].wins, b->players[p].wins);
    EXPECT_EQ(a->players[p].ties, b->players[p].ties);
    EXPECT_EQ(a->players[p].losses, b->players[p].losses);
    EXPECT_EQ(a->players[p].weighted_share, b->players[p].weighted_share);
    EXPECT_EQ(a->equity(p), b->equity(p));
  }
}

}  // namespace

TEST(TableCache, SameAnswersAsReadingTheFiles) {
  for (const auto& [hero, villain] : std::vector<std::pair<std::string, std::string>>{{"AsAc", "KhQh"},
                                                                                      {"KhQh", "AsAc"},
                                                                                      {"AsKs", "QQ+"},
                                                                                      {"QQ+", "AsKs"},
                                                                                      {"7c2d", "random"},
                                                                                      {"AA", "KK"},
                                                                                      {"QQ+,AKs:0.5", "random"},
                                                                                      {"AsKs,AKo", "QQ"}}) {
    SCOPED_TRACE(hero + " vs " + villain);
    const auto deal = heads_up(hero, villain);
    for (int round = 0; round < 2; ++round)  // the second time from memory
      expect_same(cached_table_equity(fs::path("results"), deal), table_equity(fs::path("results"), deal));
  }
  EXPECT_THROW(cached_table_equity(fs::path("results"), heads_up("AsKs", "AsQs")), InputError);  // both hold As
}

TEST(TableCache, ReadsAFileOnceAndDoesNotKeepAMissingOne) {
  const test::TempDir dir;
  fs::create_directories(dir.path() / "hands");
  const auto deal = heads_up("AsAc", "KhQh");
  EXPECT_THROW(cached_table_equity(dir.path(), deal), InputError);  // AsAc.txt missing
  fs::copy_file("results/hands/AsAc.txt", dir.path() / "hands" / "AsAc.txt");
  const auto first = cached_table_equity(dir.path(), deal);  // read now that it is there
  ASSERT_TRUE(first);
  EXPECT_EQ(first->players[0].wins, 1'406'263u);
  fs::remove(dir.path() / "hands" / "AsAc.txt");
  expect_same(cached_table_equity(dir.path(), deal), first);  // kept in memory
  EXPECT_THROW(table_equity(dir.path(), deal), InputError);   // the uncached call reads the disk
}

TEST(TableCache, ThreadsShareItSafely) {
  // A specific hand (its file, under the cache's lock) and classes (the whole table, loaded once
  // and then read by every thread at once), asked by threads that start together.
  const std::array deals = {heads_up("AsAc", "random"), heads_up("QQ+,AKs", "22+")};
  std::array<std::optional<RangeEquityResult>, 2> expected;
  for (std::size_t d = 0; d < deals.size(); ++d) expected[d] = table_equity(fs::path("results"), deals[d]);
  std::vector<std::thread> threads;
  std::vector<std::optional<RangeEquityResult>> answers(8);
  for (std::size_t t = 0; t < answers.size(); ++t)
    threads.emplace_back([&, t] { answers[t] = cached_table_equity(fs::path("results"), deals[t % 2]); });
  for (auto& t : threads) t.join();
  for (std::size_t t = 0; t < answers.size(); ++t) expect_same(answers[t], expected[t % 2]);
}
