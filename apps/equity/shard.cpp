#include "shard.hpp"

#include <charconv>
#include <optional>

#include "equity/error.hpp"

namespace equity::cli {
namespace {

std::optional<std::uint64_t> shard_number(std::string_view text) {
  std::uint64_t n = 0;
  const char* end = text.data() + text.size();
  const auto [last, error] = std::from_chars(text.data(), end, n);
  if (text.empty() || error != std::errc() || last != end) return std::nullopt;
  return n;
}

}  // namespace

Shard parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  const auto k = slash == std::string_view::npos ? std::nullopt : shard_number(text.substr(0, slash));
  const auto n = slash == std::string_view::npos ? std::nullopt : shard_number(text.substr(slash + 1));
  if (!k || !n || *n == 0 || *k >= *n)
    throw InputError("--shard: K/N with N at least 1 and K from 0 to N-1 (0/4 is the first of 4), not \"" +
                     std::string(text) + "\"");
  return Shard{*k, *n};
}

}  // namespace equity::cli
