#include "equity/table_cache.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "equity/preflop_table.hpp"
#include "equity/table_equity.hpp"

namespace equity {
namespace {

// One table directory's representative files (of one game) read so far. PreflopTable reads them on demand and
// is not thread-safe, so every use holds the mutex (a specific hand's answer takes microseconds).
struct CachedDirectory {
  CachedDirectory(const std::filesystem::path& dir, Game game) : hands(PreflopTable::hand_files(dir, game)) {}
  std::mutex mutex;
  PreflopTable hands;
};

CachedDirectory& cached_directory(const std::filesystem::path& dir, Game game) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<CachedDirectory>> directories;
  const std::lock_guard lock(mutex);
  auto& entry = directories[std::string(game_name(game)) + ":" + dir.string()];
  if (!entry) entry = std::make_unique<CachedDirectory>(dir, game);
  return *entry;
}

}  // namespace

std::optional<RangeEquityResult> cached_table_equity(const std::filesystem::path& dir, const RangeDeal& deal) {
  // As table_equity(dir, deal): a specific hand on either side reads only that hand's class file
  // (and a question without the table's shape is nullopt from either).
  const bool specific = deal.ranges.size() == 2 && (deal.ranges[0].specific() || deal.ranges[1].specific());
  if (!specific) return table_equity(dir, deal);
  CachedDirectory& cached = cached_directory(dir, deal.game);
  const std::lock_guard lock(cached.mutex);
  return table_equity(cached.hands, deal);
}

}  // namespace equity
