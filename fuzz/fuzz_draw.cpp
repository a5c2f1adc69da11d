// The draw games' players (draw_hand.hpp) and their answers: a player that parses is written back
// and parses again the same; a question of them (the first byte picks the game and the draws to
// come, '|' separates the players and the dead cards) is answered with counts that hold together
// (wins + ties + losses = the showdowns, the pot units add up) or refused with one line.
#include <tbb/global_control.h>

#include <vector>

#include "equity/calculate.hpp"
#include "equity/draw_hand.hpp"
#include "equity/error.hpp"
#include "equity/plan.hpp"
#include "fuzz_support.hpp"

using namespace equity;

namespace {

constexpr Game kDrawGames[] = {Game::draw,   Game::deuce7_single, Game::deuce7_triple, Game::a5_triple,
                               Game::badugi, Game::badeucy,       Game::badacey};

std::vector<std::string> fields(std::string_view text) {
  std::vector<std::string> out;
  for (;;) {
    const auto at = text.find('|');
    out.emplace_back(text.substr(0, at));
    if (at == std::string_view::npos) return out;
    text.remove_prefix(at + 1);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
  if (size < 1 || size > 256) return 0;
  const Game game = kDrawGames[data[0] % 7];
  std::vector<std::string> parts = fields(fuzz::text_of(data + 1, size - 1));
  for (const std::string& text : parts) {  // each as a player: the round trip
    try {
      const DrawHand hand = parse_draw_hand(text, game, "player 1");
      FUZZ_CHECK(parse_draw_hand(to_string(hand), game, "player 1") == hand);
    } catch (const InputError& e) {
      FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
    }
  }
  if (parts.size() < 2) return 0;
  Question q;
  q.game = game;
  q.dead = parts.size() > 2 ? parts.back() : "";
  q.players.assign(parts.begin(), parts.begin() + static_cast<std::ptrdiff_t>(parts.size() > 2 ? parts.size() - 1 : 2));
  q.draws = 1 + (data[0] / 7) % 3;
  q.max_trials = 2000;  // Monte Carlo's budget; exact only when small
  q.seed = 1;
  q.method = Method::monte_carlo;
  if ((data[0] & 0x80) == 0 && q.draws == 1) q.method = Method::automatic, q.max_trials = 0;
  try {
    const Plan plan = equity::plan(q);
    if (plan.method == Method::exact && plan.work.showdowns > 2e6) return 0;  // too slow to fuzz
    const Answer a = calculate(plan);
    const std::uint64_t showdowns = a.method == Method::exact ? a.showdowns() : a.trials;
    std::uint64_t units = 0;
    for (const PlayerAnswer& p : a.players) {
      FUZZ_CHECK(p.wins + p.ties + p.losses == showdowns);
      FUZZ_CHECK(p.pot_units.has_value());
      units += *p.pot_units;
    }
    FUZZ_CHECK(units == showdowns * a.pot_units);
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
  }
  return 0;
}
