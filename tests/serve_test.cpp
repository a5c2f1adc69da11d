// `equity serve`'s API over HTTP (cpp-httplib's client against a server on a free loopback port):
// the CLI's JSON for the same question, the range endpoint, jobs, and hostile input.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <thread>
#include <tuple>

#include "equity/error.hpp"
#include "equity/table_location.hpp"
#include "serve/api.hpp"
#include "serve/server.hpp"
#include "test_support.hpp"

namespace equity::serve {
namespace {

using nlohmann::json;

// A server in a thread of this process, stopped when the object goes.
class TestServer {
 public:
  explicit TestServer(Limits limits = {}, HttpLimits http = {}) {
    ServerOptions options;
    options.port = 0;
    options.web_dir = std::string(EQUITY_SOURCE_DIR) + "/web";
    options.limits = limits;
    options.http = http;
    options.version = "test";
    if (const auto table = find_table()) options.table_dir = *table;
    server_ = std::make_unique<Server>(options);
    port_ = server_->bind();
    thread_ = std::thread([this] { server_->run(); });
  }
  ~TestServer() {
    server_->stop();
    thread_.join();
  }
  httplib::Client client(double read_timeout = 60) const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(std::chrono::duration<double>(read_timeout));
    return c;
  }
  int port() const { return port_; }

 private:
  std::unique_ptr<Server> server_;
  int port_ = 0;
  std::thread thread_;
};

// A long question: Monte Carlo for a second or two (longer under load), unless cancelled sooner.
// (Bounded, so that the tests end even where the library checks the cancellation flag late.)
const std::string kEndless =
    R"({"players": ["random", "random", "random"], "method": "monte-carlo", "trials": 100000000})";

std::string without_seconds(const std::string& body) {
  return std::regex_replace(body, std::regex(R"("seconds":[0-9.e+-]+)"), R"("seconds":0)");
}

int post_status(const TestServer& server, const std::string& path, const std::string& body,
                std::string* answer = nullptr) {
  auto res = server.client().Post(path.c_str(), body, "application/json");
  if (!res) return -1;
  if (answer) *answer = res->body;
  return res->status;
}

json error_of(const std::string& body) { return json::parse(body); }

// The status line's code for a request that announces a body of `length` bytes and sends none: the
// server must refuse it from the headers alone (with a body sent, the server's early close can
// reset the connection before the client reads the answer).
int status_for_announced_body(int port, std::size_t length) {
  httplib::Client probe("127.0.0.1", port);  // only to make sure the server is up
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) return -1;
  const std::string request =
      "POST /api/equity HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      "Content-Length: " +
      std::to_string(length) + "\r\n\r\n";
  if (write(fd, request.data(), request.size()) != static_cast<ssize_t>(request.size())) return -1;
  char buffer[64] = {};
  const ssize_t n = read(fd, buffer, sizeof buffer - 1);
  close(fd);
  return n > 12 ? std::atoi(buffer + 9) : -1;  // "HTTP/1.1 413 ..."
}

TEST(Serve, AnswersExactlyWhatTheCliPrints) {
  const TestServer server;
  const struct {
    std::string cli, body;
  } cases[] = {
      {"AsAc KhQh", R"({"players": ["AsAc", "KhQh"]})"},
      {"'QQ+,AKs' 'JJ,AQs' --board Ks7h2c --per-combo --hits --distribution",
       R"({"players": ["QQ+,AKs", "JJ,AQs"], "board": "Ks7h2c", "per_combo": true, "hits": true, "distribution": true})"},
      {"AhKh QsQd 7c7d --board Ks7h2c --dead 2d --by-category",
       R"({"players": ["AhKh", "QsQd", "7c7d"], "board": "Ks7h2c", "dead": "2d", "by_category": true})"},
      {"random random random --mc --trials 20000 --seed 7",
       R"({"players": ["random", "random", "random"], "method": "monte-carlo", "trials": 20000, "seed": 7})"},
      {"'AA@50,KK' random --per-combo", R"({"players": ["AA@50,KK", "random"], "per_combo": true, "method": "auto"})"},
  };
  for (const auto& c : cases) {
    const auto cli = test::run_equity(c.cli + " --json");
    ASSERT_EQ(cli.exit_code, 0) << c.cli << ": " << cli.err;
    std::string body;
    ASSERT_EQ(post_status(server, "/api/equity", c.body, &body), 200) << body;
    EXPECT_EQ(without_seconds(body), without_seconds(cli.out)) << c.cli;
  }
}

TEST(Serve, TheFirstExampleIsExact) {
  const TestServer server;
  std::string body;
  ASSERT_EQ(post_status(server, "/api/equity", R"({"players": ["AsAc", "KhQh"]})", &body), 200);
  const json j = json::parse(body);
  EXPECT_EQ(j["players"][0]["wins"], 1406263u);
  EXPECT_EQ(j["players"][0]["ties"], 6453u);
  EXPECT_EQ(j["players"][0]["losses"], 299588u);
  EXPECT_EQ(j["showdowns"], 1712304u);
}

// A request's folded chips are the CLI's --folded: in the pots they reached.
TEST(Serve, FoldedChipsAreInThePotsTheyReached) {
  const TestServer server;
  std::string body;
  ASSERT_EQ(
      post_status(server, "/api/equity",
                  R"({"players": ["AsAc", "KhQh"], "board": "Kd7s2c", "stacks": [100, 30], "folded": [60]})", &body),
      200)
      << body;
  const json pot = json::parse(body)["pot"];
  EXPECT_EQ(pot["chips"], 190.0);
  EXPECT_EQ(pot["folded"], json::array({60.0}));
  EXPECT_EQ(pot["layers"][0]["chips"], 90.0);
  EXPECT_EQ(pot["layers"][1]["chips"], 100.0);
}

TEST(Serve, BadFieldsAreNamed) {
  const TestServer server;
  const struct {
    std::string body, field, words;
  } cases[] = {
      {R"({"players": ["AsAc", "KhQz"]})", "players[1]", "Qz"},
      {R"({"players": ["AsAc", "KhQh"], "board": "Ks7h2x"})", "board", "2x"},
      {R"({"players": ["AsAc", "KhQh"], "dead": "As"})", "", "As"},
      {R"({"players": ["AsAc", "KhQh"], "colour": "red"})", "", "unknown field 'colour'"},
      {R"({"players": ["AsAc", 5]})", "players[1]", "a string"},
      {R"({"players": "AsAc KhQh"})", "players", "an array"},
      {R"({"players": ["AsAc", "KhQh"], "seed": -1})", "seed", "whole number"},
      {R"({"players": ["AsAc", "KhQh"], "trials": 1.5})", "trials", "whole number"},
      {R"({"players": ["AsAc", "KhQh"], "stderr": 0})", "stderr", "above 0"},
      {R"({"players": ["AsAc", "KhQh"], "time": 1000})", "time", "budget"},
      {R"({"players": ["AsAc", "KhQh"], "method": "magic"})", "", "magic"},
      {R"({"players": ["AsAc", "KhQh"], "hits": "yes"})", "hits", "true or false"},
      {R"({"players": ["AsAc"]})", "", "at least 2 players"},
      {R"({"players": ["AsAc", "KhQh"], "stacks": [100, 30], "folded": [60, "x"]})", "folded", "folded[1]"},
      {R"({"players": ["AsAc", "KhQh"], "folded": 60})", "folded", "an array"},
      {R"({"board": "Ks7h2c"})", "players", "missing"},
      {R"([1, 2])", "", "JSON object"},
      {R"({"players": ["AsAc", "KhQh"])", "", "malformed JSON"},
      {"\xff\xfe{}", "", "malformed JSON"},
      {"", "", "malformed JSON"},
  };
  for (const auto& c : cases) {
    std::string body;
    EXPECT_EQ(post_status(server, "/api/equity", c.body, &body), 400) << c.body;
    const json j = error_of(body);
    EXPECT_NE(j["error"].get<std::string>().find(c.words), std::string::npos) << body;
    if (!c.field.empty()) {
      EXPECT_EQ(j.value("field", ""), c.field) << body;
    }
  }
}

TEST(Serve, RangesAndOrderings) {
  const TestServer server;
  auto res = server.client().Get("/api/range?expr=QQ%2B%2CAKs&dead=As");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200);
  const json j = json::parse(res->body);
  EXPECT_EQ(j["range"], "QQ+,AKs");
  EXPECT_EQ(j["count"], 18u);  // 22 less the 3 AA and the 1 AKs with the ace of spades
  EXPECT_EQ(j["grid"][0][0]["class"], "AA");
  EXPECT_EQ(j["grid"][0][0]["combos"], 3);
  EXPECT_EQ(j["grid"][0][0]["of"], 3);
  EXPECT_EQ(j["grid"][0][1]["class"], "AKs");
  EXPECT_EQ(j["grid"][0][1]["combos"], 3);
  EXPECT_EQ(j["grid"][1][0]["class"], "AKo");
  EXPECT_EQ(j["grid"][1][0]["combos"], 0);

  res = server.client().Get("/api/range?expr=AKs%3A0.5");
  ASSERT_TRUE(res);
  EXPECT_EQ(json::parse(res->body)["weight"], 2.0);

  res = server.client().Get("/api/range?expr=AKx");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(error_of(res->body)["field"], "expr");
  res = server.client().Get("/api/range");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);

  res = server.client().Get("/api/orderings");
  ASSERT_TRUE(res);
  const json orderings = json::parse(res->body)["orderings"];
  const json order = orderings["equity"];
  ASSERT_EQ(order.size(), 169u);
  EXPECT_EQ(order[0], "AA");
  EXPECT_EQ(order[168], "32o");
  EXPECT_EQ(orderings["vs2"].size(), 169u);
  // Short deck's orderings hold its 81 classes, and say whose they are.
  EXPECT_EQ(orderings["shortdeck-equity"].size(), 81u);
  EXPECT_EQ(orderings["shortdeck-equity"][0], "AA");
  const json games = json::parse(res->body)["games"];
  EXPECT_EQ(games["equity"], "holdem");
  EXPECT_EQ(games["shortdeck-straights-equity"], "shortdeck-straights");
  // A question names its ordering for percentage ranges; an unknown one is a 400 naming the field.
  res = server.client().Post("/api/equity", R"({"players": ["10%", "random"], "order": "vs2"})", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
  EXPECT_EQ(json::parse(res->body)["players"][0]["combos"], 140);  // 134 in the default ordering
  res = server.client().Post("/api/equity", R"({"players": ["10%", "random"], "order": "nope"})", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_NE(res->body.find("order"), std::string::npos) << res->body;
}

// Short deck through the API: the same answer as `equity ... --game shortdeck --json`; a class or a
// card outside its deck, and an unknown game, are 400s naming the field; /api/range gives its 9x9
// grid and 630 random combos; /api/games lists the games for the page.
TEST(Serve, GamesAndShortDeck) {
  const TestServer server;
  const struct {
    std::string cli, body;
  } cases[] = {
      {"AsAc KhQh --game shortdeck", R"({"players": ["AsAc", "KhQh"], "game": "shortdeck"})"},
      {"'QQ+,AKs' 'JJ,AQs' --board Ks7h6c --game shortdeck-straights --by-category",
       R"({"players": ["QQ+,AKs", "JJ,AQs"], "board": "Ks7h6c", "game": "shortdeck-straights", "by_category": true})"},
      {"AsAc random --game holdem", R"({"players": ["AsAc", "random"], "game": "holdem"})"},
      // the page's Omaha details: hands per combo, the distribution and the Omaha draw names
      {"AsKsQhJh 'AA**:$ds' --board 2c7d9h --game omaha --per-combo --distribution --hits",
       R"({"players": ["AsKsQhJh", "AA**:$ds"], "board": "2c7d9h", "game": "omaha", "per_combo": true,
           "distribution": true, "hits": true})"},
  };
  for (const auto& c : cases) {
    const auto cli = test::run_equity(c.cli + " --json");
    ASSERT_EQ(cli.exit_code, 0) << c.cli << ": " << cli.err;
    std::string body;
    ASSERT_EQ(post_status(server, "/api/equity", c.body, &body), 200) << body;
    EXPECT_EQ(without_seconds(body), without_seconds(cli.out)) << c.cli;
  }
  std::string body;
  ASSERT_EQ(post_status(server, "/api/equity", R"({"players": ["AsAc", "KhQh"], "game": "shortdeck"})", &body), 200);
  EXPECT_EQ(json::parse(body)["game"], "shortdeck");
  EXPECT_EQ(json::parse(body)["showdowns"], 201376u);  // C(32, 5) boards
  // Omaha Hi/Lo through the same call: pot units and the low's counts.
  ASSERT_EQ(post_status(server, "/api/equity",
                        R"({"players": ["As2sQhJh", "7c7d8h3h"], "board": "2c3d4hKs", "game": "omaha-hilo"})", &body),
            200);
  EXPECT_EQ(json::parse(body)["game"], "omaha-hilo");
  EXPECT_EQ(json::parse(body)["pot_units"], 5040u);
  EXPECT_EQ(json::parse(body)["players"][1]["lows"], 40u);  // 8-7-3-2-A or better on every river

  const struct {
    std::string body, field, words;
  } bad[] = {
      {R"({"players": ["AsAc", "KhQh"], "game": "courchevel"})", "game",
       "holdem, shortdeck, shortdeck-straights, omaha"},
      {R"({"players": ["AsKsQhJh9c", "KhQh"], "game": "omaha"})", "players[0]", "has 5 cards; an omaha hand has 4"},
      // per-combo Monte Carlo of three players' 18,000 hands: refused at once, with the library's
      // message (the page shows it; the sweep makes two players' AA** against KK** exact, hand by hand)
      {R"({"players": ["AA**", "KK**", "QQ**"], "board": "2c7d9h", "game": "omaha", "per_combo": true})", "",
       "more than the 3,000 it samples"},
      {R"({"players": ["AsAc", "KhQh"], "game": 5})", "game", "a string"},
      {R"({"players": ["AsAc", "22"], "game": "shortdeck"})", "players[1]", "22 is not in the deck"},
      {R"({"players": ["AsAc", "Kh2h"], "game": "shortdeck"})", "players[1]", "2h"},
      {R"({"players": ["AsAc", "KhQh"], "board": "2c3c4c", "game": "shortdeck"})", "board", "2c"},
  };
  for (const auto& c : bad) {
    EXPECT_EQ(post_status(server, "/api/equity", c.body, &body), 400) << c.body;
    const json j = error_of(body);
    EXPECT_NE(j["error"].get<std::string>().find(c.words), std::string::npos) << body;
    EXPECT_EQ(j["error"].get<std::string>().find("--"), std::string::npos) << body;  // no CLI flags on the page
    EXPECT_EQ(j.value("field", ""), c.field) << body;
  }

  auto res = server.client().Get("/api/range?expr=random&game=shortdeck&dead=As");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200) << res->body;
  json r = json::parse(res->body);
  EXPECT_EQ(r["game"], "shortdeck");
  EXPECT_EQ(r["count"], 595u);  // C(35, 2)
  ASSERT_EQ(r["grid"].size(), 9u);
  ASSERT_EQ(r["grid"][8].size(), 9u);
  EXPECT_EQ(r["grid"][8][8]["class"], "66");
  EXPECT_EQ(r["grid"][8][8]["of"], 6);
  EXPECT_EQ(json::parse(server.client().Get("/api/range?expr=random")->body)["grid"].size(), 13u);
  res = server.client().Get("/api/range?expr=22%2B&game=shortdeck");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(error_of(res->body)["field"], "expr");
  res = server.client().Get("/api/range?expr=AA&dead=2c&game=shortdeck");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(error_of(res->body)["field"], "dead");
  res = server.client().Get("/api/range?expr=AA&game=courchevel");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(error_of(res->body)["field"], "game");

  res = server.client().Get("/api/games");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200);
  const json games = json::parse(res->body)["games"];
  ASSERT_EQ(games.size(), 19u);
  EXPECT_EQ(games[0]["making"], "any-five");
  EXPECT_EQ(games[0]["details"], true);
  EXPECT_EQ(games[3]["name"], "omaha");
  EXPECT_EQ(games[3]["hole_cards"], 4);
  EXPECT_EQ(games[3]["making"], "two-plus-three");
  EXPECT_EQ(games[3]["low"], false);
  EXPECT_EQ(games[3]["grid"], 0);
  // how a hand is written: the page and the server read it, never the game's name
  EXPECT_EQ(games[0]["range_grammar"], "classes");
  EXPECT_EQ(games[1]["range_grammar"], "classes");
  EXPECT_EQ(games[3]["range_grammar"], "patterns");
  EXPECT_EQ(games[8]["range_grammar"], "patterns");
  EXPECT_EQ(games[3]["details"], true);  // per-combo hands, distribution and hits: docs/omaha.md
  EXPECT_EQ(games[3]["hits"], true);
  // `equity order` orders the high-only Omaha games' hands, no other game's
  for (const json& g : games)
    EXPECT_EQ(g["orderings"], g["name"] == "omaha" || g["name"] == "omaha5" || g["name"] == "omaha6") << g["name"];
  // the names players use, which every request's "game" takes (issue 37)
  EXPECT_EQ(games[3]["aliases"][0], "plo");
  EXPECT_EQ(games[1]["aliases"][0], "6+");
  EXPECT_EQ(games[6]["aliases"][0], "plo8");
  body.clear();
  ASSERT_EQ(post_status(server, "/api/equity", R"({"players": ["AsKsQhJh", "7c7d8h9h"], "game": "PLO"})", &body), 200)
      << body;
  EXPECT_EQ(json::parse(body)["game"], "omaha");
  EXPECT_EQ(json::parse(server.client().Get("/api/range?expr=AA&game=6%2B")->body)["game"], "shortdeck");
  EXPECT_EQ(games[5]["name"], "omaha6");
  EXPECT_EQ(games[5]["hole_cards"], 6);
  // What the page calls a holding, and two hands of the game to start from (the page's defaults).
  EXPECT_EQ(games[0]["unit"], "combos");
  EXPECT_EQ(games[3]["unit"], "hands");
  EXPECT_EQ(games[0]["example"], json::parse(R"(["AsAc", "KhQh"])"));
  for (const auto& g : games) {
    ASSERT_EQ(g["example"].size(), 2u) << g["name"];
    if (g["board_cards"] == 0) continue;  // stud's examples are hands on a street: answered in Serve.StudGames
    for (const auto& hand : g["example"])
      EXPECT_EQ(hand.get<std::string>().size(), 2 * g["hole_cards"].get<std::size_t>()) << g["name"];
  }
  EXPECT_EQ(games[6]["name"], "omaha-hilo");
  EXPECT_EQ(games[6]["low"], true);
  EXPECT_EQ(games[0]["name"], "holdem");
  EXPECT_EQ(games[0]["deck"].size(), 52u);
  EXPECT_EQ(games[0]["grid"], 13);
  EXPECT_EQ(games[1]["name"], "shortdeck");
  EXPECT_EQ(games[1]["deck"].size(), 36u);
  EXPECT_EQ(games[1]["deck"][0], "As");
  EXPECT_EQ(games[1]["deck"][35], "6d");
  EXPECT_EQ(games[1]["classes"], 81);
  EXPECT_EQ(games[1]["grid"], 9);
  EXPECT_NE(games[1]["summary"].get<std::string>().find("A-6-7-8-9"), std::string::npos);
  EXPECT_EQ(games[2]["name"], "shortdeck-straights");
}

// The stud games through the same API: /api/games publishes their spec, /api/equity answers them
// exactly (the CLI's JSON), and what they cannot ask is refused naming the field.
TEST(Serve, StudGames) {
  const TestServer server;
  auto res = server.client().Get("/api/games");
  ASSERT_TRUE(res);
  const json games = json::parse(res->body)["games"];
  ASSERT_EQ(games.size(), 19u);
  const json& stud = games[9];
  EXPECT_EQ(stud["name"], "stud");
  EXPECT_EQ(stud["board_cards"], 0);
  EXPECT_EQ(stud["hole_cards"], 7);
  EXPECT_EQ(stud["deal_order"], "ddUUUUd");
  EXPECT_EQ(stud["making"], "own-cards");
  EXPECT_EQ(stud["ranking"], "high");
  EXPECT_EQ(stud["ranges"], false);
  EXPECT_EQ(stud["range_grammar"], "cards");
  EXPECT_EQ(stud["per_combo"], true);  // each way of a player's hidden down cards
  EXPECT_EQ(stud["details"], true);
  EXPECT_EQ(stud["hits"], false);
  EXPECT_EQ(stud["grid"], 0);
  EXPECT_EQ(stud["unit"], "cards");
  EXPECT_NE(stud["hand_syntax"].get<std::string>().find("(AsKs)Qd"), std::string::npos);
  EXPECT_EQ(stud["example"], json::parse(R"(["(AsKs)Qd", "(7c7d)8h"])"));
  EXPECT_EQ(games[10]["name"], "stud-hilo");
  EXPECT_EQ(games[10]["low"], true);
  EXPECT_EQ(games[11]["name"], "razz");
  EXPECT_EQ(games[11]["ranking"], "ace-to-five-low");
  EXPECT_EQ(games[11]["low"], false);
  for (const std::size_t i : {0u, 3u}) {  // the board games keep what they offered
    EXPECT_EQ(games[i]["deal_order"], "");
    EXPECT_EQ(games[i]["ranking"], "high");
    EXPECT_EQ(games[i]["ranges"], true);
    EXPECT_EQ(games[i]["details"], true);
  }
  EXPECT_EQ(games[0]["hand_syntax"].get<std::string>().substr(0, 5), "cards");
  for (const auto& g : games) {  // every game's examples are a question it answers
    if (g["board_cards"] != 0) continue;
    const json body = {{"players", g["example"]}, {"game", g["name"]}};
    std::string answer;
    EXPECT_EQ(post_status(server, "/api/equity", body.dump(), &answer), 200) << g["name"] << ": " << answer;
  }

  // Third street, heads-up: counted exactly by the sweep, the CLI's answer to the byte.
  const std::string question = R"({"players": ["(AsKs)Qd", "(7c7d)8h"], "game": "stud"})";
  std::string body;
  ASSERT_EQ(post_status(server, "/api/equity", question, &body), 200) << body;
  const json j = json::parse(body);
  EXPECT_EQ(j["game"], "stud");
  EXPECT_EQ(j["players"][0]["wins"], 7810521826u);
  EXPECT_EQ(j["players"][0]["ties"], 443708u);
  EXPECT_EQ(j["players"][0]["losses"], 10454331516u);
  EXPECT_EQ(j["players"][1]["wins"], 10454331516u);
  EXPECT_EQ(j["showdowns"], 18265297050u);
  const auto cli = test::run_equity("--game stud '(AsKs)Qd' '(7c7d)8h' --json");
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_EQ(without_seconds(body), without_seconds(cli.out));
  // Hi/Lo answers scoops and lows as Omaha Hi/Lo does; razz by its own categories' names.
  ASSERT_EQ(post_status(server, "/api/equity", R"({"players": ["(As2s)3d4c5h6h", "(KcKd)8hKhQsJs"], "game": "stud8"})",
                        &body),
            200)
      << body;
  const json hilo = json::parse(body);
  EXPECT_EQ(hilo["game"], "stud-hilo");
  ASSERT_TRUE(hilo["players"][0].contains("scoops")) << body;
  EXPECT_TRUE(hilo["players"][0].contains("lows")) << body;
  const auto hilo_cli = test::run_equity("--game stud-hilo '(As2s)3d4c5h6h' '(KcKd)8hKhQsJs' --json");
  EXPECT_EQ(without_seconds(body), without_seconds(hilo_cli.out));
  ASSERT_EQ(post_status(server, "/api/equity",
                        R"({"players": ["(As2s)3d", "(Kc7d)8h"], "game": "razz", "by_category": true})", &body),
            200)
      << body;
  const auto razz_cli = test::run_equity("--game razz '(As2s)3d' '(Kc7d)8h' --by-category --json");
  ASSERT_EQ(razz_cli.exit_code, 0) << razz_cli.err;
  EXPECT_EQ(without_seconds(body), without_seconds(razz_cli.out));
  EXPECT_EQ(json::parse(body)["players"][0]["categories"][0]["category"], "no pair");
  // Per-combo details: each way of a player's hidden down cards, as the command line gives them.
  ASSERT_EQ(post_status(server, "/api/equity",
                        R"({"players": ["(??)QdJh2c3d", "(7c7d)8h9hTc3s"], "game": "stud", "per_combo": true,)"
                        R"( "distribution": true})",
                        &body),
            200)
      << body;
  const auto ways_cli =
      test::run_equity("--game stud '(?\?)QdJh2c3d' '(7c7d)8h9hTc3s' --per-combo --distribution --json");
  ASSERT_EQ(ways_cli.exit_code, 0) << ways_cli.err;
  EXPECT_EQ(without_seconds(body), without_seconds(ways_cli.out));
  const json ways = json::parse(body);
  EXPECT_EQ(ways["per_combo_method"], "exact");
  EXPECT_EQ(ways["players"][0]["per_combo"].size(), 861u);                   // C(42, 2)
  EXPECT_EQ(ways["players"][0]["per_combo"][0]["combo"], "(2s2h)QdJh2c3d");  // the two lowest cards left
  EXPECT_TRUE(ways["players"][1].contains("distribution"));

  // Refused, naming the field: a board, ranges, hits, a bad hand.
  const struct {
    std::string body, field, words;
  } refused[] = {
      {R"({"board": "Ks7h2c", "players": ["(AsKs)Qd", "(7c7d)8h"], "game": "stud"})", "board", "stud has no board"},
      {R"({"players": ["(AsKs)Qd", "(7c7d)8h"], "game": "stud-hilo", "hits": true})", "hits", "stud-hilo"},
      {R"({"players": ["(AsKs)Qd", "(7c7d)8z"], "game": "stud"})", "players[1]", "8z"},
  };
  for (const auto& c : refused) {
    EXPECT_EQ(post_status(server, "/api/equity", c.body, &body), 400) << c.body;
    const json e = error_of(body);
    EXPECT_EQ(e.value("field", ""), c.field) << body;
    EXPECT_NE(e["error"].get<std::string>().find(c.words), std::string::npos) << body;
  }
  res = server.client().Get("/api/range?expr=AA&game=razz");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  const json e = error_of(res->body);
  EXPECT_EQ(e.value("field", ""), "game") << res->body;
  EXPECT_NE(e["error"].get<std::string>().find("razz has no ranges"), std::string::npos) << res->body;
}

// Omaha ranges on /api/range: the canonical form and the hands counted, listed only up to
// kRangeListed (PLO6's 20 million are counted, not listed); errors name the field.
TEST(Serve, OmahaRanges) {
  const TestServer server;
  auto get = [&](const std::string& query) {
    auto res = server.client().Get("/api/range?" + query);
    EXPECT_TRUE(res);
    return res ? std::make_pair(res->status, res->body) : std::make_pair(0, std::string());
  };
  auto [status, body] = get("expr=random&game=omaha6");
  ASSERT_EQ(status, 200) << body;
  json r = json::parse(body);
  EXPECT_EQ(r["game"], "omaha6");
  EXPECT_EQ(r["range"], "random");
  EXPECT_EQ(r["count"], 20358520u);  // C(52, 6)
  EXPECT_EQ(r["listed"], false);
  EXPECT_TRUE(r["combos"].empty());
  EXPECT_LT(body.size(), 500u);
  std::tie(status, body) = get("expr=AA%4050&game=omaha-hilo&dead=As");
  ASSERT_EQ(status, 200) << body;
  r = json::parse(body);
  EXPECT_EQ(r["count"], 3 * 1128u + 48u);  // two of the three aces left and two of 48 others, or all three
  EXPECT_DOUBLE_EQ(r["weight"].get<double>(), 0.5 * r["count"].get<double>());
  std::tie(status, body) = get("expr=AsKsQhJh&game=omaha");
  ASSERT_EQ(status, 200) << body;
  r = json::parse(body);
  EXPECT_EQ(r["count"], 1u);
  EXPECT_EQ(r["listed"], true);
  ASSERT_EQ(r["combos"].size(), 1u);
  EXPECT_EQ(r["combos"][0]["weight"], 1.0);
  std::tie(status, body) = get("expr=AAKK&game=omaha");  // 6 x 6 hands, listed
  ASSERT_EQ(status, 200) << body;
  EXPECT_EQ(json::parse(body)["combos"].size(), 36u);
  for (const auto& [query, field, words] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"expr=AsKsQhJhTd&game=omaha", "expr", "range"},
           {"expr=AsAs&game=omaha", "expr", "matches no"},
           {"expr=AA%3A(&game=omaha", "expr", "position"},
           {"expr=AA&game=omaha&dead=Zz", "dead", "dead"},
       }) {
    std::tie(status, body) = get(query);
    EXPECT_EQ(status, 400) << query << ": " << body;
    const json e = error_of(body);
    EXPECT_EQ(e.value("field", ""), field) << body;
    EXPECT_NE(e["error"].get<std::string>().find(words), std::string::npos) << body;
    EXPECT_EQ(e["error"].get<std::string>().find('\n'), std::string::npos) << body;
  }
  // A PLO6 pattern counted over 20 million hands takes seconds: a worker counts it while the
  // reading thread goes on answering.
  std::thread slow([&] {
    auto res = server.client().Get("/api/range?expr=AA%3A%24ds%2CRROO%3A!%24np&game=omaha6");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200);
    EXPECT_EQ(json::parse(res->body)["count"], 3274728u);  // as the CLI counts it
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto before = std::chrono::steady_clock::now();
  EXPECT_EQ(server.client().Get("/api/health")->status, 200);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - before).count(), 1.0);
  slow.join();
}

TEST(Serve, StaticFilesAndUnknownPaths) {
  const TestServer server;
  auto res = server.client().Get("/");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find("id=\"calculate\""), std::string::npos);
  res = server.client().Get("/js/app.js");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  for (const char* path : {"/nope", "/api/nope", "/../CMakeLists.txt", "/%2e%2e/CMakeLists.txt", "/api/jobs/12345"}) {
    res = server.client().Get(path);
    ASSERT_TRUE(res) << path;
    EXPECT_EQ(res->status, 404) << path;
    EXPECT_TRUE(json::parse(res->body).contains("error")) << path;
  }
  res = server.client().Get("/api/health");
  ASSERT_TRUE(res);
  EXPECT_EQ(json::parse(res->body)["status"], "ok");
}

TEST(Serve, JobsReportProgressAndCanBeCancelled) {
  const TestServer server;
  std::string body;
  // A quick question is answered like /api/equity (at once, or after a poll on a loaded machine).
  int status = post_status(server, "/api/jobs", R"({"players": ["AsAc", "KhQh"]})", &body);
  for (int polls = 0; status == 202 && polls < 100; ++polls) {
    auto res = server.client().Get(("/api/jobs/" + json::parse(body)["id"].get<std::string>()).c_str());
    ASSERT_TRUE(res);
    status = res->status;
    body = res->body;
  }
  ASSERT_EQ(status, 200);
  EXPECT_EQ(json::parse(body)["players"][0]["wins"], 1406263u);
  // A long one answers 202 with an id, then its progress, until cancelled.
  ASSERT_EQ(post_status(server, "/api/jobs", kEndless, &body), 202);
  const std::string id = json::parse(body)["id"];
  auto res = server.client().Get(("/api/jobs/" + id).c_str());
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 202);
  EXPECT_EQ(json::parse(res->body)["progress"]["method"], "monte-carlo");
  res = server.client().Delete(("/api/jobs/" + id).c_str());
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(json::parse(res->body)["state"], "cancelled");
  // Polled after, it answers Monte Carlo's estimate so far, marked as cancelled.
  const auto final_answer = [&](const std::string& job) {
    auto r = server.client().Get(("/api/jobs/" + job).c_str());
    for (int polls = 0; r && r->status == 202 && polls < 200; ++polls) {
      EXPECT_EQ(json::parse(r->body)["state"], "cancelling");
      r = server.client().Get(("/api/jobs/" + job).c_str());
    }
    return r;
  };
  res = final_answer(id);
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200) << res->body;
  const json partial = json::parse(res->body);
  EXPECT_EQ(partial["stopped_by"], "cancelled");
  EXPECT_GT(partial["trials"].get<std::uint64_t>(), 0u);
  EXPECT_LT(partial["trials"].get<std::uint64_t>(), 100000000u);
  for (const auto& p : partial["players"]) {
    EXPECT_EQ(p["wins"].get<std::uint64_t>() + p["ties"].get<std::uint64_t>() + p["losses"].get<std::uint64_t>(),
              partial["trials"].get<std::uint64_t>());
    EXPECT_GT(p["stderr"].get<double>(), 0);
  }
  // An exact enumeration cancelled has nothing to keep: 499.
  ASSERT_EQ(post_status(server, "/api/jobs",
                        R"({"players": ["AA", "random", "random"], "board": "Ks7h2c", "method": "exact"})", &body),
            202);
  const std::string exact = json::parse(body)["id"];
  res = server.client().Delete(("/api/jobs/" + exact).c_str());
  ASSERT_TRUE(res);
  res = final_answer(exact);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 499) << res->body;
  EXPECT_EQ(server.client().Get("/api/jobs/no-such-job")->status, 404);
}

// Waits up to 30 s for the server to report no computation running.
bool settles(const TestServer& server) {
  for (int i = 0; i < 600; ++i) {
    auto res = server.client().Get("/api/health");
    if (res && json::parse(res->body)["running"] == 0) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

TEST(Serve, TheTimeBudgetCancelsLongQuestions) {
  Limits limits;
  limits.budget_seconds = 0.3;
  const TestServer server(limits);
  std::string body;
  EXPECT_EQ(post_status(server, "/api/equity", kEndless, &body), 504);
  EXPECT_NE(error_of(body)["error"].get<std::string>().find("budget"), std::string::npos);
  EXPECT_TRUE(settles(server));
}

// Omaha questions on /api/equity are bounded as Hold'em's are: the planner refuses an exact count
// past 64 bits, the time budget stops a long exact enumeration (two random PLO4 hands on a river),
// and the server goes on answering.
TEST(Serve, TheTimeBudgetStopsOmahaToo) {
  Limits limits;
  limits.budget_seconds = 0.3;
  const TestServer server(limits);
  std::string body;
  EXPECT_EQ(post_status(server, "/api/equity",
                        R"({"players": ["random", "random", "random"], "game": "omaha6", "method": "exact"})", &body),
            400)
      << body;
  EXPECT_NE(error_of(body)["error"].get<std::string>().find("Monte Carlo"), std::string::npos) << body;
  // PLO5 Hi/Lo on a river: 1,533,939 hands a side walked pair by pair (PLO4's sweep takes 0.06 s),
  // past the budget.
  EXPECT_EQ(post_status(
                server, "/api/equity",
                R"({"players": ["random", "random"], "board": "2c3d4h5sKd", "game": "omaha5-hilo", "method": "exact"})",
                &body),
            504)
      << body;
  EXPECT_NE(error_of(body)["error"].get<std::string>().find("budget"), std::string::npos) << body;
  EXPECT_TRUE(settles(server));
  EXPECT_EQ(post_status(server, "/api/equity",
                        R"({"players": ["AsKsQhJh", "7c7d8h3h"], "board": "2c3d4h5s", "game": "omaha"})", &body),
            200)
      << body;
}

TEST(Serve, AClientThatDisconnectsCancelsItsWork) {
  const TestServer server;
  auto client = server.client(0.4);  // gives up (and closes the connection) after 0.4 s
  auto res = client.Post("/api/equity", kEndless, "application/json");
  EXPECT_FALSE(res);
  EXPECT_TRUE(settles(server));
}

TEST(Serve, HostileInputLeavesItAnswering) {
  Limits limits;
  limits.running = 2;
  limits.waiting = 2;
  limits.wait_seconds = 0.2;
  limits.budget_seconds = 0.3;
  const TestServer server(limits);
  // Oversized bodies: 413, from the announced length.
  EXPECT_EQ(status_for_announced_body(server.port(), 70 * 1024), 413);
  EXPECT_EQ(status_for_announced_body(server.port(), 64 * 1024 + 1), 413);
  EXPECT_EQ(status_for_announced_body(server.port(), std::size_t{1} << 40), 413);
  // Deep nesting, long strings and many players within 64 KiB: 400.
  EXPECT_EQ(post_status(server, "/api/equity", std::string(30000, '[') + std::string(30000, ']')), 400);
  EXPECT_EQ(post_status(server, "/api/equity", R"({"players": [")" + std::string(60000, 'A') + R"(", "KK"]})"), 400);
  std::string many = R"({"players": [)";
  for (int i = 0; i < 1000; ++i) many += std::string(i ? "," : "") + "\"random\"";
  EXPECT_EQ(post_status(server, "/api/equity", many + "]}"), 400);
  // Garbage on the socket itself.
  {
    httplib::Client c("127.0.0.1", server.port());
    auto res = c.Get("/api/range?expr=%ff%fe%00");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 400);
  }
  // Many long questions at once: at most 2 run, 2 may wait, the rest get 429; none hangs.
  std::atomic<int> busy{0}, timed_out{0}, other{0};
  std::vector<std::thread> clients;
  for (int i = 0; i < 10; ++i)
    clients.emplace_back([&] {
      const int status = post_status(server, "/api/equity", kEndless);
      (status == 429 ? busy : status == 504 ? timed_out : other)++;
      if (status != 429 && status != 504) ADD_FAILURE() << "status " << status;
    });
  for (auto& t : clients) t.join();
  // (How many of each depends on when the threads start: each refused or timed out, none other.)
  EXPECT_GE(busy.load(), 1);
  EXPECT_GE(timed_out.load(), 1);
  EXPECT_EQ(other.load(), 0);
  EXPECT_TRUE(settles(server));
  // And it still answers correctly.
  std::string body;
  ASSERT_EQ(post_status(server, "/api/equity", R"({"players": ["AsAc", "KhQh"]})", &body), 200);
  EXPECT_EQ(json::parse(body)["players"][0]["wins"], 1406263u);
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

const std::string kHoldemCash = std::string(EQUITY_SOURCE_DIR) + "/tests/data/hands/pokerstars/holdem-cash.txt";

// POST /api/hands without the HTTP: the all-ins (the largest first, each the CLI's JSON with its
// hand's index), the totals (the CLI's), the chart in dollars and its SVG.
TEST(ServeApi, HandsOfAFile) {
  const json answer = json::parse(hands_json(read_text(kHoldemCash), ""));
  EXPECT_EQ(answer["all_ins_total"], 2);
  ASSERT_EQ(answer["all_ins"].size(), 2u);
  // By the pot in big blinds, as the command line: $20.30 at $0.05/$0.10 on the flop (203 big
  // blinds), then $69 at $0.50/$1 on the turn (69).
  const json& four_way = answer["all_ins"][1];
  EXPECT_EQ(four_way["id"], "230000000003");
  EXPECT_EQ(four_way["index"], 3);
  EXPECT_EQ(four_way["players"].size(), 4u);
  const json& flop = answer["all_ins"][0];
  EXPECT_EQ(flop["id"], "230000000001");
  EXPECT_EQ(flop["index"], 1);
  EXPECT_EQ(flop["board"], "Kc7h2d");
  EXPECT_EQ(flop["players"][0]["cards"], "AhKd");
  EXPECT_EQ(flop["players"][1]["cards"], "QsQh");
  EXPECT_NEAR(flop["players"][0]["equity"].get<double>(), 301.0 / 330, 1e-12);  // 301 of the 330 turns and rivers
  EXPECT_DOUBLE_EQ(flop["players"][0]["put_in"].get<double>(), 10);
  // The same objects as `equity hands --json` prints, but the index and the file's name.
  const auto cli = test::run_equity("hands '" + kHoldemCash + "' --json");
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  std::istringstream lines(cli.out);
  std::vector<json> printed;
  for (std::string line; std::getline(lines, line);) printed.push_back(json::parse(line));
  ASSERT_EQ(printed.size(), 3u);
  for (const json& all_in : answer["all_ins"]) {
    json mine = all_in;
    mine.erase("index");
    mine.erase("file");
    bool found = false;
    for (json theirs : printed)
      if (theirs.contains("id") && theirs["id"] == mine["id"]) {
        theirs.erase("file");
        EXPECT_EQ(mine, theirs);
        found = true;
      }
    EXPECT_TRUE(found) << mine["id"];
  }
  json totals = answer["totals"], cli_totals = printed.back();
  totals.erase("seconds");
  cli_totals.erase("seconds");
  EXPECT_EQ(totals, cli_totals);
  EXPECT_EQ(totals["counted"], 3);
  EXPECT_EQ(totals["all_ins"], 2);
  ASSERT_EQ(totals["stakes"].size(), 2u);
  EXPECT_NEAR(totals["stakes"][0]["net"].get<double>(), 9.8, 1e-9);
  EXPECT_NEAR(totals["stakes"][0]["luck"].get<double>(), 1.74, 1e-9);
  EXPECT_EQ(totals["skipped"], 0);
  // One currency of cash games: the chart in dollars, a point a hand (and the start).
  const json& chart = answer["chart"];
  EXPECT_EQ(chart["unit"], "$");
  EXPECT_EQ(chart["title"], "Hero");
  ASSERT_EQ(chart["points"].size(), 4u);
  EXPECT_EQ(chart["points"][0], json::array({0, 0.0, 0.0}));
  EXPECT_EQ(chart["points"][3][0], 3);
  EXPECT_NEAR(chart["points"][3][1].get<double>(), 9.8 - 20, 1e-9);
  EXPECT_NEAR(chart["points"][3][2].get<double>(), 8.06 - 20, 1e-9);
  const std::string svg = answer["svg"];
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  // Another hero: his results; a player in none of the hands: nothing counted.
  const json villain = json::parse(hands_json(read_text(kHoldemCash), "Villain"));
  EXPECT_EQ(villain["totals"]["players"], json::array({"Villain"}));
  EXPECT_EQ(villain["all_ins_total"], 1);
  EXPECT_EQ(villain["all_ins"][0]["player"], "Villain");
  const json nobody = json::parse(hands_json(read_text(kHoldemCash), "Nobody"));
  EXPECT_EQ(nobody["totals"]["counted"], 0);
  EXPECT_EQ(nobody["all_ins"].size(), 0u);
  EXPECT_EQ(nobody["chart"]["points"].size(), 1u);
}

TEST(ServeApi, HandsOfManyFilesAndUnreadableOnes) {
  // Files one after another: hands in other units (a tournament's chips) chart in big blinds.
  std::string text;
  for (const char* name : {"holdem-cash.txt", "tournament.txt", "unreadable.txt"})
    text += read_text(std::string(EQUITY_SOURCE_DIR) + "/tests/data/hands/pokerstars/" + name) + "\n";
  const json answer = json::parse(hands_json(text, "Hero"));
  EXPECT_EQ(answer["chart"]["unit"], "bb");
  // Pots compared in big blinds, chips and money alike: $20.30 at $0.05/$0.10 (203) before the
  // tournament's 3,070 chips at 50/100 (30.7).
  EXPECT_EQ(answer["all_ins"][0]["id"], "230000000001");
  // Hands that cannot be read are skipped with their line in the body and why, not refused.
  EXPECT_GE(answer["totals"]["skipped"].get<int>(), 1);
  for (const json& skip : answer["totals"]["skips"]) {
    EXPECT_EQ(skip["file"], "body");
    EXPECT_GT(skip["line"].get<int>(), 0);
    EXPECT_FALSE(skip["reason"].get<std::string>().empty());
  }
  // At most 200 all-ins listed, the largest: the same flop all-in 250 times.
  const std::string one = read_text(kHoldemCash);
  std::string many;
  for (int i = 0; i < 250; ++i) many += one;
  const json big = json::parse(hands_json(many, ""));
  EXPECT_EQ(big["all_ins_total"], 500);
  ASSERT_EQ(big["all_ins"].size(), kHandsListed);
  for (std::size_t i = 0; i < 200; ++i) {
    EXPECT_EQ(big["all_ins"][i]["id"], "230000000001") << i;  // 203 big blinds (250 of them) before 69
    EXPECT_EQ(big["all_ins"][i]["index"], 3 * i + 1) << i;    // of equal pots, the earlier hand first
  }
  EXPECT_LE(big["chart"]["points"].size(), kHandsChartPoints);
  EXPECT_EQ(big["chart"]["points"].back()[0], 750);
}

TEST(ServeApi, HandsRefusesBodiesWithoutAHand) {
  const auto refused = [](const std::string& text) {
    try {
      hands_json(text, "");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(refused("").find("empty"), std::string::npos);
  EXPECT_NE(refused(" \r\n\n").find("empty"), std::string::npos);
  EXPECT_NE(refused("hello\nworld\n").find("no hand history"), std::string::npos);
  std::string garbage(100000, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) garbage[i] = static_cast<char>((i * 7919 + 13) % 256);
  EXPECT_NE(refused(garbage).find("no hand history"), std::string::npos);
  EXPECT_NE(refused(std::string(1 << 20, 'x')).find("no hand history"), std::string::npos);
  // A hand's first line and nothing readable after it: a hand skipped, not an error.
  const json skipped = json::parse(hands_json("PokerStars Hand #1: " + std::string(1 << 20, 'x'), ""));
  EXPECT_EQ(skipped["totals"]["skipped"], 1);
  EXPECT_EQ(skipped["all_ins"].size(), 0u);
  // A cancelled reading stops.
  const std::atomic<bool> cancel{true};
  EXPECT_THROW(hands_json(read_text(kHoldemCash), "", &cancel), Cancelled);
}

int post_hands(const TestServer& server, const std::string& body, std::string* answer = nullptr,
               const std::string& query = "", const std::string& type = "application/octet-stream") {
  auto res = server.client().Post(("/api/hands" + query).c_str(), body, type.c_str());
  if (!res) return -1;
  if (answer) *answer = res->body;
  return res->status;
}

TEST(Serve, HandsOverHttp) {
  const TestServer server;
  std::string body;
  ASSERT_EQ(post_hands(server, read_text(kHoldemCash), &body), 200) << body;
  EXPECT_EQ(json::parse(body)["all_ins_total"], 2);
  ASSERT_EQ(post_hands(server, read_text(kHoldemCash), &body, "?hero=Villain"), 200) << body;
  EXPECT_EQ(json::parse(body)["totals"]["players"], json::array({"Villain"}));
  // Larger than the questions' 64 KiB: up to 32 MiB (2.4 MB here, 1,500 hands).
  std::string many;
  for (int i = 0; i < 500; ++i) many += read_text(kHoldemCash);
  ASSERT_EQ(post_hands(server, many, &body), 200) << body;
  EXPECT_EQ(json::parse(body)["totals"]["counted"], 1500);
  // An empty body, or one without a hand: 400 saying so.
  EXPECT_EQ(post_hands(server, "", &body), 400);
  EXPECT_NE(error_of(body)["error"].get<std::string>().find("empty"), std::string::npos) << body;
  EXPECT_EQ(post_hands(server, std::string(1 << 20, 'x'), &body), 400);
  EXPECT_NE(error_of(body)["error"].get<std::string>().find("no hand history"), std::string::npos) << body;
  // The bytes as they are: JSON or text/plain is refused (text/plain needs no preflight).
  EXPECT_EQ(post_hands(server, read_text(kHoldemCash), &body, "", "text/plain"), 415);
  EXPECT_EQ(post_hands(server, read_text(kHoldemCash), &body, "", "application/json"), 415);
  EXPECT_EQ(server.client().Get("/api/hands")->status, 405);
  // Other routes keep their 64 KiB.
  EXPECT_EQ(status_for_announced_body(server.port(), 70 * 1024), 413);
  // And it still answers.
  ASSERT_EQ(post_status(server, "/api/equity", R"({"players": ["AsAc", "KhQh"]})", &body), 200);
  EXPECT_EQ(json::parse(body)["players"][0]["wins"], 1406263u);
}

// The status of a raw request on a fresh connection (the answer's status line), "" when none.
int raw_status(int port, const std::string& request) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) return close(fd), -1;
  std::size_t sent = 0;
  while (sent < request.size()) {
    const ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;  // the server refused and closed: its answer is waiting
    sent += static_cast<std::size_t>(n);
  }
  char buffer[64] = {};
  const ssize_t n = read(fd, buffer, sizeof buffer - 1);
  close(fd);
  return n > 12 ? std::atoi(buffer + 9) : -1;
}

// The hands' body limit is the route's own, announced or chunked (a smaller one here: 1 MiB).
TEST(Serve, HandsBodiesAreBounded) {
  HttpLimits http;
  http.hands_body = 1 << 20;
  const TestServer server({}, http);
  const std::string head = "POST /api/hands HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server.port()) +
                           "\r\nContent-Type: application/octet-stream\r\n";
  EXPECT_EQ(raw_status(server.port(), head + "Content-Length: " + std::to_string((1 << 20) + 1) + "\r\n\r\n"), 413);
  std::string chunks;
  const std::string chunk = "10000\r\n" + std::string(0x10000, 'x') + "\r\n";  // 64 KiB each
  for (int i = 0; i < 17; ++i) chunks += chunk;
  EXPECT_EQ(raw_status(server.port(), head + "Transfer-Encoding: chunked\r\n\r\n" + chunks + "0\r\n\r\n"), 413);
  std::string body;
  EXPECT_EQ(post_hands(server, std::string((1 << 20) + 1, 'x'), &body), 413);
  EXPECT_NE(body.find("1 MiB"), std::string::npos) << body;
  // Within it: read (a body of no hand: 400), chunked too.
  EXPECT_EQ(raw_status(server.port(), head + "Transfer-Encoding: chunked\r\n\r\n" + chunk + "0\r\n\r\n"), 400);
  EXPECT_EQ(post_hands(server, read_text(kHoldemCash)), 200);
}

// Only so many hand histories' bodies (32 MiB each) are read or held at once: more are a 429 from
// the header, until one is answered or its client goes.
TEST(Serve, HandsBodiesAtOnceAreBounded) {
  HttpLimits http;
  http.hands_bodies = 1;
  const TestServer server({}, http);
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(server.port()));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  const std::string slow = "POST /api/hands HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server.port()) +
                           "\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\nPokerStars";
  ASSERT_EQ(send(fd, slow.data(), slow.size(), MSG_NOSIGNAL), static_cast<ssize_t>(slow.size()));
  std::string body;
  int status = 0;
  for (int i = 0; i < 100 && status != 429; ++i) {  // (once the server has read the slow one's header)
    status = post_hands(server, read_text(kHoldemCash), &body);
    if (status != 429) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(status, 429) << body;
  EXPECT_NE(body.find("too many hand histories"), std::string::npos) << body;
  EXPECT_EQ(post_status(server, "/api/equity", R"({"players": ["AsAc", "KhQh"]})"), 200);  // the others are not
  close(fd);  // the slow client goes: its place is free again
  for (int i = 0; i < 100 && status != 200; ++i) {
    status = post_hands(server, read_text(kHoldemCash), &body);
    if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(status, 200) << body;
  EXPECT_EQ(post_hands(server, read_text(kHoldemCash), &body), 200) << body;  // answered: free again
}

TEST(Serve, HandsAreReadUnderTheTimeBudget) {
  Limits limits;
  limits.budget_seconds = 0.005;
  const TestServer server(limits);
  std::string many;
  // 9.8 MB, 9,000 hands: 20 to 70 ms on two cores, well past 5 ms (0.05 s was within it on a quick machine)
  for (int i = 0; i < 3000; ++i) many += read_text(kHoldemCash);
  std::string body;
  EXPECT_EQ(post_hands(server, many, &body), 504) << body.substr(0, 200);
  EXPECT_NE(error_of(body)["error"].get<std::string>().find("budget"), std::string::npos) << body;
  EXPECT_TRUE(settles(server));
}

TEST(ServeScheduler, AGoneClientIsAnsweredAtOnceAndItsWorkCancelled) {
  Scheduler scheduler(Limits{});
  Question q = parse_equity_request(kEndless, 30);
  const Outcome outcome = scheduler.compute(q, [] { return true; });
  EXPECT_EQ(outcome.status, 499);
}

// A task (reading hand histories) is cancelled as a question is: its client gone, it is answered
// at once and the task sees the flag.
TEST(ServeScheduler, AGoneClientCancelsATask) {
  std::atomic<bool> saw{false};
  {
    Scheduler scheduler(Limits{});
    const Outcome outcome = scheduler.run(
        [&](const std::atomic<bool>& cancel) -> std::string {
          for (int i = 0; i < 10000 && !cancel.load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
          saw = cancel.load();
          throw Cancelled();
        },
        [] { return true; });
    EXPECT_EQ(outcome.status, 499) << outcome.body;
  }  // (the scheduler joins the task's thread)
  EXPECT_TRUE(saw.load());
  // A task's InputError is a 400 with its message.
  Scheduler scheduler(Limits{});
  const Outcome refused =
      scheduler.run([](const std::atomic<bool>&) -> std::string { throw InputError("no hand"); }, {});
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(error_of(refused.body)["error"], "no hand");
}

// A job nobody polls is cancelled with a message that says so (499 "Client Closed Request").
TEST(ServeScheduler, AnIdleJobSaysWhyItWasCancelled) {
  Limits limits;
  limits.job_idle_seconds = 0.3;
  const TestServer server(limits);
  std::string body;
  ASSERT_EQ(post_status(server, "/api/jobs", kEndless, &body), 202);
  const std::string id = json::parse(body)["id"];
  EXPECT_TRUE(std::regex_match(id, std::regex("[0-9a-f]{32}"))) << id;  // 128 random bits
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  auto res = server.client().Get(("/api/jobs/" + id).c_str());
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 499);
  EXPECT_EQ(res->reason, "Client Closed Request");
  EXPECT_NE(error_of(res->body)["error"].get<std::string>().find("nobody asked for the job for 0.3 s"),
            std::string::npos)
      << res->body;
  EXPECT_TRUE(settles(server));
}

// A job is kept `job_keep_seconds` after it ends (not after it starts), then forgotten.
TEST(ServeScheduler, JobsAreKeptAfterTheyEnd) {
  Limits limits;
  limits.job_keep_seconds = 1.0;
  Scheduler scheduler(limits);
  const Question q = parse_equity_request(
      R"({"players": ["random", "random", "random"], "method": "monte-carlo", "time": 1.5, "stderr": 1e-7})", 30);
  Outcome outcome = scheduler.start_job(q, 0);
  ASSERT_EQ(outcome.status, 202);
  const std::string id = json::parse(outcome.body)["id"];
  for (int polls = 0; outcome.status == 202 && polls < 200; ++polls) outcome = scheduler.poll_job(id, 0.1);
  ASSERT_EQ(outcome.status, 200) << outcome.body;
  std::this_thread::sleep_for(std::chrono::milliseconds(400));  // 1.9 s after it started
  EXPECT_EQ(scheduler.poll_job(id, 0).status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  EXPECT_EQ(scheduler.poll_job(id, 0).status, 404);
}

TEST(ServeApi, FieldOfMessages) {
  EXPECT_EQ(field_of("player 2: bad card"), "players[1]");
  EXPECT_EQ(field_of("player 10 range 'x'"), "players[9]");
  EXPECT_EQ(field_of("board: 6 cards"), "board");
  EXPECT_EQ(field_of("dead cards: bad card"), "dead");
  EXPECT_EQ(field_of("players[3]: a string, not 5"), "players[3]");
  EXPECT_EQ(field_of("seed: a whole number"), "seed");
  EXPECT_EQ(field_of("at least 2 players, not 1"), "");
  EXPECT_EQ(field_of("game: 'stud' is not a game: one of holdem, shortdeck"), "game");
}

}  // namespace
}  // namespace equity::serve
