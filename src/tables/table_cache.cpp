#include "tables/table_cache.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "equity/error.hpp"
#include "equity/preflop_table.hpp"
#include "equity/table_equity.hpp"

namespace equity {
namespace {

// One table directory's representative files (of one game) read so far. PreflopTable reads them on
// demand and is not thread-safe, so every use holds the mutex (a specific hand's answer takes microseconds).
struct CachedDirectory {
  CachedDirectory(const std::filesystem::path& dir, Game game) : hands(PreflopTable::hand_files(dir, game)) {}
  std::mutex mutex;
  PreflopTable hands;
  // The whole table (preflop-169x169.csv, preflop-81x81.csv), for questions of classes against
  // classes: loaded once, then read by any number of threads at once (class lookups read only its matrices).
  std::mutex full_mutex;
  std::shared_ptr<const PreflopTable> full;
};

CachedDirectory& cached_directory(const std::filesystem::path& dir, Game game) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<CachedDirectory>> directories;
  const std::lock_guard lock(mutex);
  auto& entry = directories[std::string(game_name(game)) + ":" + dir.string()];
  if (!entry) entry = std::make_unique<CachedDirectory>(dir, game);
  return *entry;
}

// The directory's whole table, loaded on first use; null while it cannot be loaded (missing,
// incomplete or bad: the caller then reads the files as table_equity() does, with its messages).
std::shared_ptr<const PreflopTable> full_table(CachedDirectory& cached, const std::filesystem::path& dir, Game game) {
  const std::lock_guard lock(cached.full_mutex);
  if (!cached.full) {
    try {
      if (auto table = PreflopTable::load(dir, game))
        cached.full = std::make_shared<const PreflopTable>(std::move(*table));
    } catch (const InputError&) {
    }
  }
  return cached.full;
}

}  // namespace

std::optional<RangeEquityResult> cached_table_equity(const std::filesystem::path& dir, const RangeDeal& deal) {
  // As table_equity(dir, deal): a specific hand on either side reads only that hand's class file
  // (and a question without the table's shape is nullopt from either).
  const bool specific = deal.ranges.size() == 2 && (deal.ranges[0].specific() || deal.ranges[1].specific());
  if (!specific) {
    if (!table_answers(deal)) return std::nullopt;
    const auto full = full_table(cached_directory(dir, deal.game), dir, deal.game);
    return full ? table_equity(*full, deal) : table_equity(dir, deal);
  }
  CachedDirectory& cached = cached_directory(dir, deal.game);
  const std::lock_guard lock(cached.mutex);
  return table_equity(cached.hands, deal);
}

}  // namespace equity
